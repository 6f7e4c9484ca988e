// [Ours] The owner's payment accounts in a real browser (issue 50), at phone and desktop width: a
// mistyped IBAN is refused at its field, the corrected one and a JazzCash number are added, the
// wallet is moved above the bank by keyboard, the customer's read shows that order, and both are
// removed through the screen. The accounts are removed at the end too: the shop is shared by the
// specs that follow.
import { expect, test } from "@playwright/test";
import type { PaymentAccountList, PublicPaymentAccountList } from "../shared/payment-accounts.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { bearer } from "./orders-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

// Valid check digits, a number per width, so neither run's account is the other's duplicate.
const IBAN = { 390: "PK93 MEZN 0000 0000 0000 0390", 1280: "PK22 MEZN 0000 0000 0000 1280" } as const;
const WALLET = { 390: "0312 0000390", 1280: "0312 0001280" } as const;

test("the owner adds a bank account and a JazzCash number, orders them and removes them", async ({
  page,
  request,
}, testInfo) => {
  const width = testInfo.project.name === "phone" ? 390 : 1280;
  await page.setViewportSize({ width, height: 860 });
  const owner = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const iban = IBAN[width];
  const wallet = WALLET[width];
  try {
    await startSignedIn(page, owner);
    await page.goto("/admin/payment-accounts");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Payment accounts" })).toBeVisible();
    await expect(page.getByText("Customers asked for an advance send it to these accounts.")).toBeVisible();

    const form = page.getByRole("form", { name: "Add a payment account" });
    await form.getByLabel("Kind").selectOption("bank");
    await form.getByLabel("Bank").fill("Meezan Bank");
    await form.getByLabel("Account title").fill(`Karachi Shoes ${width}`);
    // One digit mistyped: refused at the field, before anything is sent.
    await form.getByLabel("IBAN").fill(iban.replace(/\d$/, (d) => String((Number(d) + 1) % 10)));
    await form.getByRole("button", { name: "Add the account" }).click();
    await expect(form.getByText(/check digits do not match/)).toBeVisible();
    await expect(form.getByLabel("IBAN")).toHaveAttribute("aria-invalid", "true");
    await form.getByLabel("IBAN").fill(iban.toLowerCase());
    await form.getByRole("button", { name: "Add the account" }).click();
    await expect(page.getByText(`Added Meezan Bank ${iban}.`)).toBeVisible();

    await form.getByLabel("Kind").selectOption("jazzcash");
    await form.getByLabel("Account title").fill(`Karachi Shoes ${width}`);
    await form.getByLabel("JazzCash number").fill(wallet.replace(/^0/, "+92 "));
    await form.getByRole("button", { name: "Add the account" }).click();
    await expect(page.getByText(`Added JazzCash ${wallet}.`)).toBeVisible();

    const list = page.getByRole("list", { name: "Payment accounts" });
    await expect(list.getByText(iban)).toBeVisible();
    // By keyboard: the wallet moves above the bank, and focus stays on its own buttons.
    const moveUp = list.getByRole("button", { name: `Move JazzCash ${wallet} up` });
    await moveUp.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(`Moved JazzCash ${wallet} up.`)).toBeVisible();
    const shown = async () =>
      ((await (await request.get("/api/payment-accounts")).json()) as PublicPaymentAccountList).accounts.map(
        (account) => account.accountNumber,
      );
    const numbers = await shown();
    expect(numbers.indexOf(wallet.replace(" ", ""))).toBe(numbers.indexOf(iban.replaceAll(" ", "")) - 1);
    // Move up when it can go further, else (now first) Move down: either way the same account's.
    await expect(page.locator(":focus")).toHaveAttribute(
      "aria-label",
      `Move JazzCash ${wallet} ${numbers[0] === wallet.replace(" ", "") ? "down" : "up"}`,
    );

    // Edited in its place: the title changes, the number and the order stay.
    await list.getByRole("button", { name: `Edit JazzCash ${wallet}` }).click();
    const editForm = page.getByRole("form", { name: `Edit JazzCash ${wallet}` });
    await expect(editForm.getByLabel("Kind")).toBeFocused();
    await editForm.getByLabel("Account title").fill(`Karachi Shoe Shop ${width}`);
    await expectNoAxeViolations(page);
    expect(await sidewaysOverflow(page)).toBe(0);
    await shoot(page, `payment-accounts-edit-${width}`);
    await editForm.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(`Saved JazzCash ${wallet}.`)).toBeVisible();
    await expect(list.getByRole("button", { name: `Edit JazzCash ${wallet}` })).toBeFocused();
    await expect(list.getByText(`Karachi Shoe Shop ${width}`)).toBeVisible();
    expect(await shown()).toEqual(numbers);

    await expectNoAxeViolations(page);
    expect(await sidewaysOverflow(page)).toBe(0);
    await shoot(page, `payment-accounts-${width}`);

    page.on("dialog", (dialog) => void dialog.accept());
    for (const name of [`Meezan Bank ${iban}`, `JazzCash ${wallet}`]) {
      await list.getByRole("button", { name: `Remove ${name}` }).click();
      await expect(page.getByText(`Removed ${name}.`)).toBeVisible();
    }
    expect(await shown()).not.toContain(wallet.replace(" ", ""));
    expect(await shown()).not.toContain(iban.replaceAll(" ", ""));
  } finally {
    const listed = await request.get("/api/admin/payment-accounts", { headers: bearer(owner) });
    const ours = [iban.replaceAll(" ", ""), wallet.replace(" ", "")];
    for (const account of ((await listed.json()) as PaymentAccountList).accounts) {
      if (ours.includes(account.accountNumber)) {
        await request.delete(`/api/admin/payment-accounts/${account._id}`, { headers: bearer(owner) });
      }
    }
  }
});
