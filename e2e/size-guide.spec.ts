import { expect, type Page, test } from "@playwright/test";
import { allProducts, waitForHydration } from "./support.ts";

/** Sideways overflow of the page and of every size chart table's box, in px. */
async function overflow(page: Page) {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    tables: [...document.querySelectorAll("table")].map((table) => table.scrollWidth - table.clientWidth),
  }));
}

for (const width of [320, 375]) {
  test(`the size charts are tables that fit a ${width} px phone, on /size-guide and in the dialog`, async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "a phone's width, set below");
    await page.setViewportSize({ width, height: 740 });
    await page.goto("/size-guide");
    await waitForHydration(page);
    for (const name of ["Men's size chart", "Women's size chart"]) {
      await expect(page.getByRole("table", { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("columnheader", { name: "Foot length" }).first()).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "46", exact: true })).toBeVisible();
    expect(await overflow(page)).toEqual({ page: 0, tables: [0, 0] });

    const [product] = await allProducts(page);
    await page.goto(`/products/${product?._id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Size chart" }).click();
    const dialog = page.getByRole("dialog", { name: "Size Guide" });
    await expect(dialog.getByRole("table", { name: "Women's size chart", exact: true })).toBeVisible();
    expect(await overflow(page)).toEqual({ page: 0, tables: [0, 0] });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Size chart" })).toBeFocused();
  });
}
