// 'Filter & sort all women's shoes' on the overview opens the list with its filters in hand (issue 29):
// the sheet open on a phone, the sidebar's first control focused on a laptop; the address
// (`#filters`) does the same from a full page load.
import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { waitForHydration } from "./support.ts";

const isPhone = (info: TestInfo) => info.project.name === "phone";

async function expectFiltersInHand(page: Page, info: TestInfo): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All women's shoes");
  if (isPhone(info)) {
    const sheet = page.getByRole("dialog", { name: "Filter & sort" });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole("combobox", { name: "Sort by" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
  } else {
    const sidebar = page.getByRole("complementary", { name: "Filters" });
    await expect(sidebar).toBeVisible();
    await expect(sidebar.locator(":focus")).toHaveCount(1);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  }
}

test("the overview's Filter & sort link opens the list with the filters open", async ({ page }, info) => {
  await page.goto("/women");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Filter & sort all women's shoes" }).click();
  await expect(page).toHaveURL(/\/women\?page=1#filters$/);
  await expectFiltersInHand(page, info);
});

test("the address with #filters opens them from a full page load", async ({ page }, info) => {
  await page.goto("/women?page=1#filters");
  await waitForHydration(page);
  await expectFiltersInHand(page, info);
});
