// [Ours] The owner's scheduled sales in a real browser (issue 51), at the project's width (phone and
// desktop): the owner schedules 20% off one product from this Karachi minute to tomorrow, sees it
// On, and its product page shows the sale price (computed here with salePrice from the price the
// catalogue answers now, since other specs change prices); a second sale of the same product at the
// same time is refused beside the products; End now puts the old price back on the product page; a
// sale for next week is edited and removed. Each width takes its own product from the end of the
// catalogue, which no other spec picks, and whatever the test got to is ended or removed at the end:
// the shop is shared by the specs that follow.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { karachiWallTime, wallTimeWords } from "../app/lib/dates.ts";
import type { Product } from "../shared/catalog.ts";
import { formatRs } from "../shared/money.ts";
import { SALE_MESSAGES, type ScheduledSale, salePrice } from "../shared/scheduled-sales.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { type Account, catalogue, sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { bearer } from "./orders-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

const DAY = 24 * 60 * 60 * 1000;

test("the owner puts one product on sale now, ends it, and schedules, edits and removes one for next week", async ({
  page,
  request,
}, testInfo) => {
  const width = testInfo.project.name === "phone" ? 390 : 1280;
  await page.setViewportSize({ width, height: 860 });
  const owner = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const now = `E2E sale now ${width}`;
  const clash = `E2E sale clash ${width}`;
  const later = `E2E sale next week ${width}`;
  const names = [now, clash, later, `${later} (edited)`];
  await endOrRemoveSales(request, owner, names);
  // The last products of the catalogue: the other specs take the first that fits.
  const products = await catalogue(request);
  const product = products.at(width === 390 ? -1 : -2);
  if (!product) throw new Error("the catalogue has fewer than two products");
  const priceOfTheDay = product.discountPrice;
  const onSale = salePrice({ pricing: "percent", percent: 20 }, priceOfTheDay);
  expect(onSale).toBeLessThan(priceOfTheDay);

  try {
    await startSignedIn(page, owner);
    await page.goto("/admin/sales");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Scheduled sales" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Scheduled sales" })).toHaveAttribute("aria-current", "page");
    await shoot(page, `sales-start-${width}`);

    // 20% off the one product, from this minute to tomorrow.
    const form = page.getByRole("form", { name: "Schedule a sale" });
    await form.getByLabel("Name", { exact: true }).fill(now);
    await chooseProduct(page, form.getByLabel("Find products"), product);
    await form.getByLabel("Percent off (1 to 90)").fill("20");
    const before = karachiWallTime();
    await form.getByRole("button", { name: "Start now" }).click();
    const startsAt = await form.getByLabel("Starts (Karachi time)").inputValue();
    expect([before, karachiWallTime()]).toContain(startsAt);
    const endsAt = karachiWallTime(new Date(Date.now() + DAY));
    await form.getByLabel("Ends (Karachi time)").fill(endsAt);
    await expect(form.getByTestId("sale-preview")).toHaveText(
      `20% off 1 product, from ${wallTimeWords(startsAt)} to ${wallTimeWords(endsAt)} (Karachi time).`,
    );
    await expectNoAxeViolations(page);
    expect(await sidewaysOverflow(page)).toBe(0);
    await shoot(page, `sales-form-${width}`);
    const save = form.getByRole("button", { name: "Schedule the sale" });
    await save.click();
    await expect(page.getByText(`"${now}" is on: its prices have changed.`)).toBeVisible();
    const nowRow = saleRow(page, now);
    await expect(nowRow.getByText("On", { exact: true })).toBeVisible();
    await expect(nowRow.getByText("20% off 1 product")).toBeVisible();

    // The same product in another sale at the same time: refused, said beside the products.
    await form.getByLabel("Name", { exact: true }).fill(clash);
    await chooseProduct(page, form.getByLabel("Find products"), product);
    await form.getByLabel("Percent off (1 to 90)").fill("10");
    await form.getByRole("button", { name: "Start now" }).click();
    await form.getByLabel("Ends (Karachi time)").fill(endsAt);
    await save.click();
    const findProducts = form.getByLabel("Find products");
    await expect(findProducts).toHaveAccessibleDescription(SALE_MESSAGES.overlap(now));
    expect(await sidewaysOverflow(page)).toBe(0);
    await shoot(page, `sales-on-${width}`);

    // The product's page: the sale price.
    const shop = await page.context().newPage();
    await shop.goto(`/products/${product._id}`);
    const price = shop.getByRole("main").locator("p", { hasText: "Price:" }).first();
    await expect(price).toContainText(formatRs(onSale));
    await shoot(shop, `sales-product-on-${width}`, { fullPage: false });

    // Its end moved a day later, from the keyboard: the field takes the focus, Enter saves.
    const laterEnd = karachiWallTime(new Date(Date.now() + 2 * DAY));
    await nowRow.getByRole("button", { name: `Change the end of ${now}` }).click();
    const newEnd = nowRow.getByLabel("New end (Karachi time)");
    await expect(newEnd).toBeFocused();
    await newEnd.fill(laterEnd);
    await newEnd.press("Enter");
    await expect(page.getByText(`"${now}" now ends ${wallTimeWords(laterEnd)} (Karachi time).`)).toBeVisible();
    await expect(
      nowRow.getByText(`${wallTimeWords(startsAt)} to ${wallTimeWords(laterEnd)} (Karachi time)`),
    ).toBeVisible();
    await expect(nowRow.getByRole("button", { name: `Change the end of ${now}` })).toBeFocused();

    // End now: the price of the day is back.
    page.once("dialog", (dialog) => void dialog.accept());
    await nowRow.getByRole("button", { name: `End ${now} now` }).click();
    await expect(page.getByText(`"${now}" has ended: its prices are back.`)).toBeVisible();
    await expect(nowRow.getByText("Ended", { exact: true })).toBeVisible();
    await shop.goto(`/products/${product._id}`);
    await expect(price).toContainText(formatRs(priceOfTheDay));
    await expect(price).not.toContainText(formatRs(onSale));
    await shop.close();

    // Next week: the clash's draft, moved on a week, is scheduled; then edited and removed.
    const weekStart = karachiWallTime(new Date(Date.now() + 7 * DAY));
    const weekEnd = karachiWallTime(new Date(Date.now() + 8 * DAY));
    await form.getByLabel("Name", { exact: true }).fill(later);
    await form.getByLabel("Starts (Karachi time)").fill(weekStart);
    await form.getByLabel("Ends (Karachi time)").fill(weekEnd);
    await expect(findProducts).not.toHaveAttribute("aria-invalid", "true");
    await save.click();
    await expect(page.getByText(`Scheduled "${later}".`)).toBeVisible();
    const laterRow = saleRow(page, later);
    await expect(laterRow.getByText("Scheduled", { exact: true })).toBeVisible();
    await expect(laterRow.getByText("10% off 1 product")).toBeVisible();
    await expect(laterRow.getByRole("button", { name: `End ${later} now` })).toHaveCount(0);

    await laterRow.getByRole("button", { name: `Edit ${later}` }).click();
    const edit = page.getByRole("form", { name: `Edit ${later}` });
    await expect(edit.getByLabel("Name", { exact: true })).toBeFocused();
    await expect(edit.getByText("1 product chosen")).toBeVisible();
    await expect(edit.getByRole("button", { name: `Remove ${product.name}` })).toBeVisible();
    await edit.getByLabel("Name", { exact: true }).fill(`${later} (edited)`);
    await edit.getByLabel("New price", { exact: true }).check();
    const newPrice = priceOfTheDay - 1;
    await edit.getByLabel("New price (Rs.)").fill(String(newPrice));
    await expect(edit.getByTestId("sale-preview")).toHaveText(
      `1 product at ${formatRs(newPrice)} each, from ${wallTimeWords(weekStart)} to ${wallTimeWords(weekEnd)} (Karachi time).`,
    );
    expect(await sidewaysOverflow(page)).toBe(0);
    await shoot(page, `sales-edit-${width}`);
    await edit.getByRole("button", { name: "Save the sale" }).click();
    await expect(page.getByText(`Saved "${later} (edited)".`)).toBeVisible();
    const editedRow = saleRow(page, `${later} (edited)`);
    await expect(editedRow.getByText(`1 product at ${formatRs(newPrice)} each`)).toBeVisible();
    await expect(editedRow.getByRole("button", { name: `Edit ${later} (edited)` })).toBeFocused();

    page.once("dialog", (dialog) => void dialog.accept());
    await editedRow.getByRole("button", { name: `Remove ${later} (edited)` }).click();
    await expect(page.getByText(`Removed "${later} (edited)".`)).toBeVisible();
    await expect(editedRow).toHaveCount(0);
    // A whole category, in the preview (not saved).
    await form.getByRole("radio", { name: "Category" }).check();
    await form.getByRole("combobox", { name: "Category" }).selectOption("men-formal-shoes");
    await form.getByLabel("Percent off (1 to 90)").fill("15");
    await expect(form.getByTestId("sale-preview")).toHaveText(
      "15% off every product in Men · Formal Shoes: choose when it starts and ends.",
    );
    await expectNoAxeViolations(page);
    expect(await sidewaysOverflow(page)).toBe(0);
    await shoot(page, `sales-list-${width}`);
  } finally {
    await endOrRemoveSales(request, owner, names);
  }
});

function saleRow(page: Page, name: string) {
  return page
    .getByRole("list", { name: "Sales" })
    .getByRole("listitem")
    .filter({ has: page.getByText(name, { exact: true }) });
}

/**
 * Finds the product by its name in the picker and ticks it. The picker's list is drawn again as the
 * typed name narrows it; a tick that landed on the row it replaced is lost (seen once in a clean-clone
 * run on a loaded machine), so the tick is tried again until it holds.
 */
async function chooseProduct(page: Page, filter: ReturnType<Page["getByLabel"]>, product: Product) {
  await filter.fill(product.name);
  const box = page.getByRole("checkbox", { name: product.name });
  await expect(async () => {
    await box.check({ timeout: 2_000 });
    await expect(box).toBeChecked({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

/** The owner's sales of these names: an on one ended, a scheduled one removed. */
async function endOrRemoveSales(request: APIRequestContext, owner: Account, names: string[]) {
  const listed = await request.get("/api/admin/sales", { headers: bearer(owner) });
  const { sales } = (await listed.json()) as { sales: ScheduledSale[] };
  for (const sale of sales.filter((each) => names.includes(each.name))) {
    if (sale.state === "on") {
      await request.post(`/api/admin/sales/${sale._id}/end`, { headers: bearer(owner), data: { endsAt: "now" } });
    } else if (sale.state === "scheduled") {
      await request.delete(`/api/admin/sales/${sale._id}`, { headers: bearer(owner) });
    }
  }
}
