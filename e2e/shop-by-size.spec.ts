// Shop by size knows the gender (issue 14), as a shopper meets it in the browser.
import { expect, type Page, test } from "@playwright/test";
import type { Product } from "../shared/catalog.ts";
import { expectNoAxeViolations, waitForHydration } from "./support.ts";

async function inSize(page: Page, size: number, gender: "men" | "women"): Promise<Product[]> {
  const res = await page.request.get(`/api/products/size?size=${size}&gender=${gender}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Product[];
}

/** Ids of the products the page's cards link to (each link carries the list's size: `?size=42`). */
async function shownIds(page: Page): Promise<string[]> {
  const hrefs = await page
    .getByRole("main")
    .locator('article a[href^="/products/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((href) => href.replace("/products/", "").replace(/\?size=\d+$/, "")).sort();
}

/** The list's count ('31 shoes'). */
async function listTotal(page: Page): Promise<number> {
  const text = await page
    .getByRole("main")
    .getByText(/^\d+ shoes?$/)
    .textContent();
  return Number(text?.replace(/\D/g, ""));
}

const sizeChoice = (page: Page) => page.getByRole("navigation", { name: "Shoes in size 42 for" });

test("from /men a size leads to men's shoes in that size, and sizes men have none of are not offered", async ({
  page,
}) => {
  await page.goto("/men");
  await waitForHydration(page);
  const block = page.getByRole("region", { name: "Shop by Size" });
  // The demo catalogue's men's range starts at 39: 37 and 38 would lead to women's shoes only.
  await expect(block.getByRole("link", { name: "Men's shoes in size 37" })).toHaveCount(0);
  await expect(block.getByText("no men's shoes in stock in this size")).toHaveCount(2);
  await expectNoAxeViolations(page);

  await block.getByRole("link", { name: "Men's shoes in size 42" }).click();
  await expect(page).toHaveURL(/\/buy\/42\?gender=men$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Men's Shoes in Size 42");
  const men = (await inSize(page, 42, "men")).map((p) => p._id).sort();
  expect(men.length).toBeGreaterThan(0);
  expect(await shownIds(page)).toEqual(men);
  await expectNoAxeViolations(page);
});

test("on /buy/42 the Men and Women links narrow the list and the address carries the choice", async ({ page }) => {
  await page.goto("/buy/42");
  await waitForHydration(page);
  const choice = sizeChoice(page);
  await expect(choice.getByRole("link", { name: "All", exact: true })).toHaveAttribute("aria-current", "page");
  const all = await shownIds(page);
  const allTotal = await listTotal(page);

  await choice.getByRole("link", { name: "Women", exact: true }).click();
  await expect(page).toHaveURL(/\/buy\/42\?gender=women$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Women's Shoes in Size 42");
  await expect(choice.getByRole("link", { name: "Women", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(choice.getByRole("link", { name: "All", exact: true })).not.toHaveAttribute("aria-current");
  const women = (await inSize(page, 42, "women")).map((p) => p._id).sort();
  await expect.poll(() => shownIds(page)).toEqual(women);
  const womenTotal = await listTotal(page);

  await choice.getByRole("link", { name: "Men", exact: true }).click();
  await expect(page).toHaveURL(/\/buy\/42\?gender=men$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Men's Shoes in Size 42");
  const men = (await inSize(page, 42, "men")).map((p) => p._id).sort();
  await expect.poll(() => shownIds(page)).toEqual(men);
  // All holds both genders' shoes: its count is theirs together (its first page of 24 may be one
  // gender's only), and each card shown is one of theirs.
  const menTotal = await listTotal(page);
  expect(menTotal).toBeGreaterThan(0);
  expect(womenTotal).toBeGreaterThan(0);
  expect(allTotal).toBe(menTotal + womenTotal);
  for (const id of all) expect([...men, ...women]).toContain(id);

  // The narrowed address, opened afresh (shared), shows the same.
  await page.goto("/buy/42?gender=women");
  await expect(sizeChoice(page).getByRole("link", { name: "Women", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  expect(await shownIds(page)).toEqual(women);
});

test("a card on /buy tells the stock of that size", async ({ page }) => {
  const women = await inSize(page, 42, "women");
  const stockOf = (p: Product) => p.sizes.find((s) => s.size === 42)?.stock ?? 0;
  const product = women.find((p) => stockOf(p) !== p.stock) ?? women[0];
  expect(product).toBeDefined();
  if (!product) return;
  await page.goto("/buy/42?gender=women");
  const card = page.locator("article", { has: page.locator(`a[href="/products/${product._id}?size=42"]`) });
  const stock = stockOf(product);
  await expect(card).toContainText(stock <= 3 ? `Only ${stock} left in size 42` : "In stock in size 42");
});

for (const width of [320, 375]) {
  test(`/men's size block and /buy/42 do not scroll sideways at ${width} px`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "a width of its own: one project is enough");
    await page.setViewportSize({ width, height: 800 });
    for (const path of ["/men", "/buy/42", "/buy/42?gender=women"]) {
      await page.goto(path);
      await waitForHydration(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBe(0);
    }
  });
}
