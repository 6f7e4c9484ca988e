import { expect, test } from "@playwright/test";
import { allProducts, waitForHydration } from "./support.ts";

test("the home page hydrates under the Content-Security-Policy", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy|Refused to/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  const response = await page.goto("/");
  expect(response?.headers()["content-security-policy"]).toMatch(/'nonce-/);
  await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
  expect(violations).toEqual([]);
});

test("the size chart dialog opens with no console error", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const products = await allProducts(page);
  await page.goto(`/products/${products[0]?._id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Size chart" }).click();
  await expect(page.getByRole("dialog", { name: "Size Guide" })).toBeVisible();
  // The scroll lock's own <style> took effect: the page behind the dialog cannot scroll.
  await expect(page.locator("body")).toHaveCSS("overflow", "hidden");
  expect(errors).toEqual([]);
});
