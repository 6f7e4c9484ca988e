// The product cards, the footer's links and the home page's blocks are plain links that cost the
// page nothing to hydrate (issue 54, docs/decisions/050-fewer-files-lighter-links.md). Once the page
// has hydrated, one listener on the document makes their clicks the router's navigations, as React
// Router's <Link> did: the page does not load again, and a card's navigation carries its state. A
// click with a modifier key is the browser's, and so is every click without scripts.
import { expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support.ts";

/** A mark on the window that a full page load would wipe. */
async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
}
const stayed = (page: Page) => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);

test("a product card opens its product without loading the page again", async ({ page }) => {
  await page.goto("/men");
  await waitForHydration(page);
  await markWindow(page);
  const card = page.locator("main article a[data-light-link]").first();
  const name = (await card.textContent())?.trim() ?? "";
  const href = (await card.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/products\//);
  await card.click();
  await expect(page).toHaveURL(href);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  expect(await stayed(page)).toBe(true);
  // The card's state came along: the product page reads it (app/routes/product.tsx).
  expect(await page.evaluate(() => (history.state as { usr?: { fromCard?: boolean } } | null)?.usr?.fromCard)).toBe(
    true,
  );
});

test("a footer link navigates in the app, and Back returns to the page before", async ({ page }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  await markWindow(page);
  const link = page.locator("footer a[data-light-link]").first();
  const href = (await link.getAttribute("href")) ?? "";
  await link.click();
  await expect(page).toHaveURL(href);
  expect(await stayed(page)).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL("/contact");
  expect(await stayed(page)).toBe(true);
});

test("the phone menu's links navigate in the app, close the menu and mark the open page", async ({ page }) => {
  await page.goto("/men");
  await waitForHydration(page);
  await markWindow(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await menu.getByRole("button", { name: "Women" }).click();
  const category = menu.locator("#mobile-women a").first();
  const href = (await category.getAttribute("href")) ?? "";
  const name = (await category.textContent())?.trim() ?? "";
  await category.click();
  await expect(page).toHaveURL(href);
  await expect(menu).toBeHidden();
  expect(await stayed(page)).toBe(true);
  // The open page is marked where <NavLink> marked it: the category in the menu, Women in the header.
  await page.getByRole("button", { name: "Open menu" }).click();
  await menu.getByRole("button", { name: "Women" }).click();
  await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
  await expect(menu.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute("aria-current");
  await expect(page.locator('nav[aria-label="Main"] a.nav-link', { hasText: /^Women$/ })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.locator('nav[aria-label="Main"] a.nav-link', { hasText: /^Men$/ })).not.toHaveAttribute(
    "aria-current",
  );
});

test("a click with a modifier key is left to the browser", async ({ page, context }) => {
  await page.goto("/men");
  await waitForHydration(page);
  const card = page.locator("main article a[data-light-link]").first();
  const opened = context.waitForEvent("page");
  await card.click({ modifiers: ["ControlOrMeta"] });
  const tab = await opened;
  await tab.waitForURL(`**${await card.getAttribute("href")}`);
  await expect(page).toHaveURL("/men");
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });
  test("a product card is a link that loads its product", async ({ page }) => {
    await page.goto("/men");
    const card = page.locator("main article a[data-light-link]").first();
    const href = (await card.getAttribute("href")) ?? "";
    await card.click();
    await expect(page).toHaveURL(href);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
