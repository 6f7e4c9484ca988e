// Size advice (issue 33, part 3) as a shopper and the owner meet it: Find my size in the size chart
// dialog turns a foot length into the chart's size and keeps it as 'my size'; the product page says
// the style's fit and suggests the size to pick from it (a sold-out one said so), without moving
// what is on screen when the suggestion arrives; the size guide answers even before its scripts ran;
// the owner sets a product's fit in the product form.
import { expect, type Page, test } from "@playwright/test";
import type { Product } from "../shared/catalog.ts";
import { categoryBySlug } from "../shared/categories.ts";
import { FIT_NOTE_SENTENCES, suggestionSentence, suggestSize } from "../shared/fit-note.ts";
import { FOOT_LENGTH_MESSAGES } from "../shared/size-finder.ts";
import { SIZES } from "../shared/sizes.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { sidewaysOverflow } from "./layout-support.ts";
import { allProducts, expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";
import { openUnhydrated } from "./unhydrated.ts";

const mySizeStored = (page: Page) => page.evaluate(() => window.localStorage.getItem("mySize"));
const suggestionLine = (page: Page) => page.getByText(/^Your size is \d+:|^Set 'my size' below/);

/** A men's style that runs small and has the size above `mySize` in stock (the demo catalogue has some). */
async function runsSmallFor(page: Page, mySize: number): Promise<Product> {
  const product = (await allProducts(page)).find(
    (p) =>
      p.fitNote === "runs-small" &&
      categoryBySlug(p.category).gender === "men" &&
      suggestSize("runs-small", mySize, p.sizes).inStock,
  );
  if (!product) throw new Error(`no men's style that runs small with ${mySize + 1} in stock`);
  return product;
}

test("Find my size in the size chart keeps 42 as my size, and a style that runs small suggests 43", async ({
  page,
}, testInfo) => {
  const shot = (name: string, fullPage = true) =>
    shoot(page, `size-advice-${name}-${testInfo.project.name}`, { fullPage });
  const product = await runsSmallFor(page, 42);
  await page.goto(`/products/${product._id}`);
  await waitForHydration(page);
  await expect(page.getByText(FIT_NOTE_SENTENCES["runs-small"])).toBeVisible();
  await expect(suggestionLine(page)).toHaveText(
    "Set 'my size' below, or find it in the size chart, and we will suggest one.",
  );

  await page.getByRole("button", { name: "Size chart" }).click();
  const dialog = page.getByRole("dialog", { name: "Size Guide" });
  const finder = dialog.getByRole("region", { name: "Find my size" });
  await expect(finder.getByRole("radio", { name: "Men", exact: true })).toBeChecked();
  await expect(finder.getByText("In the evening, when feet are at their largest.")).toBeVisible();
  const foot = finder.getByLabel("Foot length in cm");

  // Millimetres without the unit are not guessed: the field says what to write.
  await foot.fill("265");
  await finder.getByRole("button", { name: "Find my size" }).click();
  await expect(finder.getByText(FOOT_LENGTH_MESSAGES.millimetres)).toBeVisible();
  await expect(foot).toHaveAttribute("aria-invalid", "true");
  await expect(foot).toBeFocused();

  // A comma for the decimal point, as many phones' keypads offer; between 41 (26.2) and 42 (26.8): 42.
  await foot.fill("26,5");
  await foot.press("Enter");
  await expect(finder.getByText("EU 42", { exact: true })).toBeVisible();
  await expect(finder.getByText("For a foot of 26.5 cm, our men's size is")).toBeVisible();
  await expect(foot).not.toHaveAttribute("aria-invalid");
  // Women's sizes for the same foot, from the women's chart.
  await finder.getByRole("radio", { name: "Women" }).check();
  await expect(finder.getByText("EU 42", { exact: true })).toBeVisible();
  await foot.fill("27.5");
  await foot.press("Enter");
  await expect(
    finder.getByText(
      "A foot of 27.5 cm is longer than our largest women's size, EU 42, which fits feet up to 26.8 cm. In our men's sizes it is EU 43.",
    ),
  ).toBeVisible();
  await finder.getByRole("radio", { name: "Men", exact: true }).check();
  await expect(finder.getByText("EU 43", { exact: true })).toBeVisible();
  await foot.fill("26.5");
  await foot.press("Enter");
  await expect(sidewaysOverflow(page)).resolves.toBe(0);
  await expectNoAxeViolations(page);
  await shot("dialog", false);

  await finder.getByRole("button", { name: "Keep 42 as my size" }).click();
  await expect(finder.getByText("42 is kept as your size.")).toBeVisible();
  expect(await mySizeStored(page)).toBe("42");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // The page behind heard it: one size up, and that size chosen.
  await expect(suggestionLine(page)).toHaveText("Your size is 42: pick 43 in this style.");
  await expect(page.getByRole("button", { name: "Size 43", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("My size:")).toContainText("42");
  await expect(sidewaysOverflow(page)).resolves.toBe(0);
  await expectNoAxeViolations(page);
  await shot("product");

  // Back later (a new page view): the suggestion comes from the kept size.
  await page.reload();
  await waitForHydration(page);
  await expect(suggestionLine(page)).toHaveText("Your size is 42: pick 43 in this style.");
});

test("a suggested size that is sold out is said, and the suggestion arrives without moving the page", async ({
  page,
}) => {
  // A style with a fit and a shopper's size whose suggestion is offered but sold out.
  const found = (await allProducts(page))
    .flatMap(({ fitNote: fit, ...p }) => (fit && p.stock > 0 ? SIZES.map((mySize) => ({ p, fit, mySize })) : []))
    .find(({ p, fit, mySize }) => {
      const suggestion = suggestSize(fit, mySize, p.sizes);
      return suggestion.offered && !suggestion.inStock;
    });
  if (!found) throw new Error("no style with a fit whose suggested size is sold out");
  const { p: product, fit, mySize } = found;
  const sentence = suggestionSentence(mySize, suggestSize(fit, mySize, product.sizes));
  expect(sentence).toContain("is sold out just now.");
  await page.addInitScript((size) => window.localStorage.setItem("mySize", JSON.stringify(size)), mySize);

  // As a slow phone shows it: the server's HTML says the fit, and keeps the suggestion's line.
  const sizes = page.getByRole("group", { name: "Size (EU)" });
  const release = await openUnhydrated(page, `/products/${product._id}`, sizes);
  await expect(page.getByText(FIT_NOTE_SENTENCES[fit])).toBeVisible();
  await expect(page.getByText(sentence)).toHaveCount(0);
  const addToCart = page.getByRole("button", { name: /^(Add to Cart|Choose a size)$/ });
  await expect(addToCart).toHaveText("Add to Cart");
  const before = { sizes: await sizes.boundingBox(), add: await addToCart.boundingBox() };
  await release();
  await waitForHydration(page);
  await expect(suggestionLine(page)).toHaveText(sentence);
  // The size to pick is sold out: no other size is chosen for the shopper (issue 46).
  await expect(addToCart).toHaveText("Choose a size");
  await expect(sizes.getByRole("button", { pressed: true })).toHaveCount(0);
  expect({ sizes: await sizes.boundingBox(), add: await addToCart.boundingBox() }).toEqual(before);
  await expect(sidewaysOverflow(page)).resolves.toBe(0);
  await expectNoAxeViolations(page);
});

test("the size guide answers Find my size sent before its scripts ran, and keeps the size once they run", async ({
  page,
}, testInfo) => {
  const finder = page.getByRole("region", { name: "Find my size" });
  const release = await openUnhydrated(page, "/size-guide", finder.getByLabel("Foot length in cm"));
  await finder.getByRole("radio", { name: "Women" }).check();
  await finder.getByLabel("Foot length in cm").fill("24.5");
  await finder.getByRole("button", { name: "Find my size" }).click();
  // The browser sent the form to the size guide, whose HTML answers it.
  await expect(page).toHaveURL(/\/size-guide\?for=women&foot=24\.5$/);
  await release();
  await waitForHydration(page);
  await expect(finder.getByText("For a foot of 24.5 cm, our women's size is")).toBeVisible();
  await expect(finder.getByText("EU 39", { exact: true })).toBeVisible();
  await finder.getByRole("button", { name: "Keep 39 as my size" }).click();
  await expect(finder.getByText("39 is kept as your size.")).toBeVisible();
  expect(await mySizeStored(page)).toBe("39");

  // A foot shorter than the smallest size is said plainly.
  await finder.getByLabel("Foot length in cm").fill("22");
  await finder.getByRole("button", { name: "Find my size" }).click();
  await expect(
    finder.getByText(
      "A foot of 22 cm is shorter than our smallest women's size, EU 37, which fits feet up to 23.5 cm.",
    ),
  ).toBeVisible();
  await expect(sidewaysOverflow(page)).resolves.toBe(0);
  await expectNoAxeViolations(page);
  await shoot(page, `size-advice-guide-${testInfo.project.name}`);
});

test("the owner sets a style's fit in the product form and the product page says it", async ({ page }, testInfo) => {
  const product = (await allProducts(page)).find((p) => p.fitNote === null && p.stock > 0);
  if (!product) throw new Error("no product without a fit note");
  const login = await page.request.post("/api/user/login", { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  const session = (await login.json()) as { token: string; user: unknown };
  await page.addInitScript((s) => {
    window.localStorage.setItem("token", JSON.stringify(s.token));
    window.localStorage.setItem("user", JSON.stringify(s.user));
  }, session);

  await page.goto(`/admin/products/${product._id}`);
  await waitForHydration(page);
  const fit = page.getByLabel("Fit", { exact: true });
  await expect(fit).toHaveValue("");
  await fit.selectOption({ label: "Runs large" });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Changes saved.")).toBeVisible();
  await expect(sidewaysOverflow(page)).resolves.toBe(0);
  await expectNoAxeViolations(page);
  await shoot(page, `size-advice-owner-${testInfo.project.name}`);

  await page.goto(`/products/${product._id}`);
  await expect(page.getByText(FIT_NOTE_SENTENCES["runs-large"])).toBeVisible();

  // Not said again: the product page says nothing of fit.
  await page.goto(`/admin/products/${product._id}`);
  await waitForHydration(page);
  await expect(page.getByLabel("Fit", { exact: true })).toHaveValue("runs-large");
  await page.getByLabel("Fit", { exact: true }).selectOption({ label: "Not said" });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Changes saved.")).toBeVisible();
  await page.goto(`/products/${product._id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
  await expect(page.getByText(FIT_NOTE_SENTENCES["runs-large"])).toHaveCount(0);
});
