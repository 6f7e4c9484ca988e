// The owner checks a courier's terms against the contract and corrects them by keyboard (issue 48),
// at 375 and 1280 px: the seeded typical rates carry a note to check them; Edit terms opens the form
// on its first field; a refused field is shown at the field (the browser's check, then the API's),
// Saving… while it saves; the example says what a Rs.3,000 parcel should pay on the terms typed;
// saved, the terms read back in the owner's words, the note is gone and the focus is back on Edit
// terms. Then the payouts CSV for the accountant. Nothing scrolls sideways; no axe violation.
//
// Both projects run against one shop, and saved terms are no longer the defaults: the phone edits
// TCS, the desktop Leopards (both seeded by weight), so each sees a note go.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account.ts";
import { sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

/** The courier's row alone (its form open), to look at beside the whole page (SHOTS=1, as `shoot`). */
async function shootRow(row: Locator, name: string) {
  if (process.env.SHOTS) await row.screenshot({ path: `.tmp/shots/${name}.png` });
}

/** Selects what the field holds and types over it, as a person does with the keyboard. */
async function typeOver(page: Page, field: Locator, text: string) {
  await expect(field).toBeFocused();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

test("the owner corrects a courier's typical terms by keyboard and reads them back", async ({ page }, testInfo) => {
  const phone = testInfo.project.name === "phone";
  const width = phone ? 375 : 1280;
  const name = phone ? "TCS" : "Leopards";
  await page.setViewportSize({ width, height: 860 });
  await startSignedIn(page, await signIn(page.request, E2E_ADMIN.email, E2E_ADMIN.password));
  await page.goto("/admin/couriers");
  await waitForHydration(page);

  const row = page.getByRole("listitem", { name, exact: true });
  const note = row.getByText(`Typical rates, not your contract: check them against your agreement with ${name}.`);
  await expect(note).toBeVisible();
  await expect(row.getByRole("list", { name: `What ${name} charges` })).toContainText("sales tax 15% on charges");

  const edit = row.getByRole("button", { name: `Edit terms of ${name}` });
  await edit.focus();
  await page.keyboard.press("Enter");
  await expect(edit).toHaveAttribute("aria-expanded", "true");
  const form = row.getByRole("form", { name: `Terms of ${name}` });
  await expect(form.getByLabel("Delivery is charged")).toBeFocused();
  await expect(form.getByLabel("Delivery is charged")).toHaveValue("weight");
  await expect(sidewaysOverflow(page)).resolves.toBe(0);
  if (phone) {
    // The narrowest phone the shop holds at, too.
    await page.setViewportSize({ width: 320, height: 860 });
    await expect(sidewaysOverflow(page)).resolves.toBe(0);
    await page.setViewportSize({ width, height: 860 });
  }
  await expectNoAxeViolations(page);
  await shoot(page, `courier-terms-open-${width}`);
  await shootRow(row, `courier-terms-open-row-${width}`);

  // Field by field with Tab: the first 500 g, each further 500 g, the COD fee mistyped as 120%.
  await page.keyboard.press("Tab");
  await typeOver(page, form.getByLabel("First 500 g (Rs.)"), "230");
  await page.keyboard.press("Tab");
  await typeOver(page, form.getByLabel("Each further 500 g (Rs.)"), "90");
  await page.keyboard.press("Tab");
  const codFee = form.getByLabel("COD fee (% of the cash)");
  await typeOver(page, codFee, "120");
  await expect(form.getByText("Fill in every field to see what a parcel should pay on these terms.")).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(codFee).toHaveAttribute("aria-invalid", "true");
  await expect(codFee).toBeFocused();
  await expect(form.getByText("The COD fee must be a percentage from 0 to 100.")).toBeVisible();
  await typeOver(page, codFee, "1.5");
  await page.keyboard.press("Tab");
  await typeOver(page, form.getByLabel("COD fee at least (Rs.)"), "25");
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Sales tax on its charges (%)")).toHaveValue("15");
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Withholding tax on the cash (%)")).toHaveValue("2");
  await page.keyboard.press("Tab");
  await typeOver(page, form.getByLabel("Return charge for a refused parcel (Rs.)"), "140");
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("It pays")).toBeFocused();
  await page.keyboard.press("Tab");
  const payDay = form.getByLabel("Pay day");
  await expect(payDay).toBeFocused();
  await payDay.press("End"); // Saturday

  // Rs.230; 1.5% of 3,000 is 45 (over the Rs.25 minimum); 15% of 275 = 41.25 -> 41; 2% of 3,000 = 60.
  // Refused: 230 + 140 and 15% of 370 = 55.5 -> 56: Rs.426.
  await expect(form.getByText(/^A delivered Rs\.3,000 parcel/)).toHaveText(
    "A delivered Rs.3,000 parcel of up to 500 g should pay Rs.2,624: Rs.230 delivery, Rs.45 COD fee, Rs.41 sales " +
      "tax and Rs.60 withholding taken off. Refused at the door, it costs the shop Rs.426.",
  );

  // The API refuses a field (held back a moment, so Saving… shows): its message is shown at the field.
  let held = true;
  await page.route("**/api/admin/couriers/*/terms", async (route) => {
    if (!held) return route.fallback();
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.fulfill({
      status: 400,
      json: {
        message: "The return charge can be at most Rs.100000.",
        fields: { returnCharge: "The return charge can be at most Rs.100000." },
      },
    });
  });
  await page.keyboard.press("Tab");
  await expect(form.getByRole("button", { name: "Save terms" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(form.getByRole("button", { name: "Saving…" })).toBeDisabled();
  const returnCharge = form.getByLabel("Return charge for a refused parcel (Rs.)");
  await expect(returnCharge).toHaveAttribute("aria-invalid", "true");
  await expect(returnCharge).toBeFocused();
  await expect(returnCharge).toHaveAccessibleDescription("The return charge can be at most Rs.100000.");
  await expect(sidewaysOverflow(page)).resolves.toBe(0);
  held = false;

  // Saved for real: the form closes onto Edit terms, the terms read back, the note has gone.
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Saved the terms of ${name}.`)).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(edit).toBeFocused();
  await expect(edit).toHaveAttribute("aria-expanded", "false");
  const terms = row.getByRole("list", { name: `What ${name} charges` });
  for (const phrase of [
    "Delivery Rs.230 for the first 500 g, Rs.90 each 500 g after",
    "COD fee 1.5% (at least Rs.25)",
    "sales tax 15% on charges",
    "withholding 2% of the cash",
    "return Rs.140",
    "pays weekly on Saturday",
  ]) {
    await expect(terms.getByRole("listitem").filter({ hasText: phrase })).toHaveCount(1);
  }
  await expect(note).toHaveCount(0);

  // They are the shop's now: read again from the server, and the form opens with them; Escape closes it.
  await page.reload();
  await waitForHydration(page);
  await expect(terms).toContainText("COD fee 1.5% (at least Rs.25)");
  await expect(note).toHaveCount(0);
  await edit.focus();
  await page.keyboard.press("Enter");
  await expect(form.getByLabel("COD fee (% of the cash)")).toHaveValue("1.5");
  await expect(form.getByLabel("Pay day")).toHaveValue("6");
  await page.keyboard.press("Escape");
  await expect(form).toHaveCount(0);
  await expect(edit).toBeFocused();
});

test("the payouts CSV downloads for last month, and a period that ends before it starts is refused", async ({
  page,
}, testInfo) => {
  const width = testInfo.project.name === "phone" ? 375 : 1280;
  await page.setViewportSize({ width, height: 860 });
  await startSignedIn(page, await signIn(page.request, E2E_ADMIN.email, E2E_ADMIN.password));
  await page.goto("/admin/couriers");
  await waitForHydration(page);

  const payouts = page.getByRole("region", { name: "Payouts for your accountant" });
  await payouts.getByLabel("Period").selectOption("last-month");
  const download = page.waitForEvent("download");
  await payouts.getByRole("button", { name: "Download payouts (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^payouts-\d{4}-\d{2}-01-to-\d{4}-\d{2}-(28|29|30|31)\.csv$/);
  const { readFile } = await import("node:fs/promises");
  const text = await readFile((await file.path()) as string, "utf8");
  expect(text.replace(/^\uFEFF/, "").split("\r\n")[0]).toMatch(/^"Settled \(Karachi date\)","Courier",/);

  await payouts.getByLabel("Period").selectOption("dates");
  await payouts.getByLabel("From").fill("2026-11-30");
  await payouts.getByLabel("To").fill("2026-11-01");
  await payouts.getByRole("button", { name: "Download payouts (CSV)" }).click();
  await expect(payouts.getByRole("alert")).toHaveText(
    "The period ends before it starts: choose a last day on or after the first.",
  );
  await expect(sidewaysOverflow(page)).resolves.toBe(0);
  await expectNoAxeViolations(page);
  await payouts.scrollIntoViewIfNeeded();
  await shoot(page, `courier-payouts-${width}`, { fullPage: false });
});
