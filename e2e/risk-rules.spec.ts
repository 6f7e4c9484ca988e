// [Ours] The owner's rules in a real browser (issue 50), at the project's width (phone and desktop):
// the owner adds a cap on one area, reads what it would have caught before turning it on, turns it
// on, and a customer checking out to that area reads the cap above the Place order button, before
// placing anything. Then a COD fee on another area (issue 50), turned on while a customer's checkout
// is open: the press is refused with the new total and the next places it; the checkout's totals
// show the fee inside the total, and an advance (on for a moment) with what is left to pay on
// delivery; the success page and Track Your Order show the same total and fee. The rules are removed at the end: the
// shop is shared by the specs that follow.
import { type APIRequestContext, expect, type Locator, test } from "@playwright/test";
import { DELIVERY_CHARGE } from "../shared/cart.ts";
import { formatRs } from "../shared/money.ts";
import { ORDER_CHARGE_TEXTS } from "../shared/order-charges.ts";
import { moneyLineText, ORDER_MONEY_LABELS } from "../shared/order-money.ts";
import {
  ACTION_CHOICES,
  ADVANCE_HOW,
  advanceNotice,
  codFeeAddedMessage,
  codFeeNotice,
  RISK_RULE_MESSAGES,
  type RiskRule,
  type RiskRuleList,
  type RuleCondition,
} from "../shared/risk-rules.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { type Account, catalogue, sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { bearer, checkoutAs, newCustomer } from "./orders-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

// An area no other spec orders to, so the rule stops nobody else's order while it is on.
const AREA = "Kharadar";
const CAP = 1000;

test("the owner adds a cap with its preview, turns it on, and the checkout tells the customer before placing", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const width = testInfo.project.name === "phone" ? 390 : 1280;
  await page.setViewportSize({ width, height: 860 });
  const owner = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const name = `Kharadar cap ${width}`;
  try {
    await startSignedIn(page, owner);
    await page.goto("/admin/risk-rules");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Risk rules" })).toBeVisible();
    const form = page.getByRole("form", { name: "Add a rule" });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("When").selectOption("areas");
    await form.getByLabel("Areas, separated by commas").fill(AREA);
    await form.getByLabel("Then").selectOption("cap");
    await form.getByLabel("At most (Rs.)").fill(String(CAP));
    // The draft's counts, before it is saved or turned on.
    await expect(
      form.getByText(/^Would have caught \d+ of the last 90 days' orders, \d+ of them refused or returned\.$/),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await sidewaysOverflow(page)).toBe(0);
    await shoot(page, `risk-rules-draft-${width}`);
    await form.getByRole("button", { name: "Add the rule" }).click();
    await expect(page.getByText(`Saved "${name}".`)).toBeVisible();

    const row = page.getByRole("list", { name: "Rules" }).getByRole("listitem").filter({ hasText: name });
    await expect(row.getByText("Off", { exact: true })).toBeVisible();
    await expect(row.getByText(`Delivery to ${AREA}: Refuse above Rs.1,000 at checkout.`)).toBeVisible();
    await row.getByRole("button", { name: "Turn on" }).click();
    await expect(row.getByText("On", { exact: true })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    await shoot(page, `risk-rules-list-${width}`);

    // The customer, to that area: told at checkout, before pressing Place order.
    const customer = await newCustomer(request, "rules-customer");
    const product = (await catalogue(request)).find((p) => p.discountPrice > CAP && p.sizes.some((s) => s.stock >= 2));
    const size = product?.sizes.find((s) => s.stock >= 2)?.size;
    const added = await request.post("/api/user/cart/add", {
      headers: bearer(customer),
      data: { productId: product?._id, size, quantity: 1 },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const { shopper, dialog } = await checkoutAs(browser, { ...testInfo.project.use }, width, customer, {
      fullName: "Bilal Ahmed",
      addressLine: "House 3, Street 9, near Kharadar Police Station",
      phoneNumber: "03351234567",
    });
    await dialog.getByRole("combobox", { name: "Area" }).fill(AREA);
    const notice = dialog.getByText("Orders to this area can be at most Rs.1,000 on cash on delivery.");
    await expect(notice).toBeVisible();
    // Above the button that would place it.
    const button = dialog.getByRole("button", { name: /Place Order/ });
    const [noticeBox, buttonBox] = [await notice.boundingBox(), await button.boundingBox()];
    expect(noticeBox && buttonBox && noticeBox.y < buttonBox.y).toBe(true);
    await button.scrollIntoViewIfNeeded();
    expect(await sidewaysOverflow(shopper)).toBe(0);
    await shoot(shopper, `risk-rules-checkout-${width}`, { fullPage: false });
    await shopper.context().close();
  } finally {
    await removeRules(request, owner, [name]);
  }
});

/** The owner's rules of these names, removed (each test's own, whatever it got to). */
async function removeRules(request: APIRequestContext, owner: Account, names: string[]) {
  const listed = await request.get("/api/admin/risk-rules", { headers: bearer(owner) });
  const rules = ((await listed.json()) as RiskRuleList).rules.filter((rule: RiskRule) => names.includes(rule.name));
  for (const rule of rules) await request.delete(`/api/admin/risk-rules/${rule._id}`, { headers: bearer(owner) });
}

/** A row of a totals list (ChargeRows): its label and its amount. */
const totalsRow = (scope: Locator, label: string) =>
  scope.locator("dl > div").filter({ has: scope.page().getByText(label, { exact: true }) });

// Another area no spec orders to: the cap above is on Kharadar.
const FEE_AREA = "Mithadar";
const FEE = 150;
const ADVANCE = 500;

test("a COD fee rule turned on during a checkout: refused with the new total, then placed with it, an advance too", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const width = testInfo.project.name === "phone" ? 390 : 1280;
  await page.setViewportSize({ width, height: 860 });
  const owner = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const feeName = `${FEE_AREA} COD fee ${width}`;
  const advanceName = `${FEE_AREA} advance ${width}`;
  try {
    await startSignedIn(page, owner);
    await page.goto("/admin/risk-rules");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Add a rule" });
    await form.getByLabel("Name").fill(feeName);
    await form.getByLabel("When").selectOption("areas");
    await form.getByLabel("Areas, separated by commas").fill(FEE_AREA);
    await form.getByLabel("Then").selectOption("codFee");
    const amount = form.getByLabel(ACTION_CHOICES.codFee.amountLabel ?? "");
    // Bad input is said by the field, in the API's words.
    await amount.fill("1.5");
    await form.getByRole("button", { name: "Add the rule" }).click();
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(amount).toHaveAccessibleDescription(RISK_RULE_MESSAGES.amount);
    await amount.fill(String(FEE));
    await expect(form.getByText(/^Would have caught \d+ of the last 90 days' orders/)).toBeVisible();
    await form.getByRole("button", { name: "Add the rule" }).click();
    await expect(page.getByText(`Saved "${feeName}".`)).toBeVisible();
    const row = page.getByRole("list", { name: "Rules" }).getByRole("listitem").filter({ hasText: feeName });
    // Added off.
    await expect(row.getByText("Off", { exact: true })).toBeVisible();
    await expect(
      row.getByText(`Delivery to ${FEE_AREA}: Add a cash-on-delivery fee of ${formatRs(FEE)}.`),
    ).toBeVisible();
    // Every choice read whole in the select (a select does not wrap): its text, in the select's own
    // font, fits inside the box less its padding and arrow.
    const room = await form.getByLabel("Then").evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement("canvas").getContext("2d");
      if (!context) return -1;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const widest = Math.max(...[...select.options].map((option) => context.measureText(option.text).width));
      const ARROW = 24;
      return select.clientWidth - Number.parseFloat(style.paddingLeft) - ARROW - widest;
    });
    expect(room).toBeGreaterThanOrEqual(0);
    if (process.env.SHOTS) await form.screenshot({ path: `.tmp/shots/risk-rules-form-${width}.png` });
    expect(await sidewaysOverflow(page)).toBe(0);
    await shoot(page, `risk-rules-fee-${width}`);

    // The customer, to that area, while the rule is still off: no fee.
    const customer = await newCustomer(request, "fee-customer");
    const product = (await catalogue(request)).find(
      (p) => p.discountPrice > ADVANCE && p.sizes.some((s) => s.stock >= 2),
    );
    const size = product?.sizes.find((s) => s.stock >= 2)?.size;
    if (!product || size === undefined) throw new Error("no demo product above the advance with 2 pairs in one size");
    const added = await request.post("/api/user/cart/add", {
      headers: bearer(customer),
      data: { productId: product._id, size, quantity: 1 },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const itemsTotal = product.discountPrice + DELIVERY_CHARGE;
    const total = itemsTotal + FEE;
    const { shopper, dialog } = await checkoutAs(browser, { ...testInfo.project.use }, width, customer, {
      fullName: "Bilal Ahmed",
      addressLine: "House 5, Street 2, near Mithadar Police Station",
      phoneNumber: "03351234568",
    });
    const area = dialog.getByRole("combobox", { name: "Area" });
    const checked = shopper.waitForResponse((r) => r.url().endsWith("/api/orders/check"));
    await area.fill(FEE_AREA);
    expect((await checked).ok()).toBe(true);
    await expect(totalsRow(dialog, ORDER_CHARGE_TEXTS.codFee)).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: `Place Order (${formatRs(itemsTotal)})` })).toBeVisible();

    // The owner turns it on meanwhile: the press is refused with the new total, which the next press places.
    await row.getByRole("button", { name: "Turn on" }).click();
    await expect(row.getByText("On", { exact: true })).toBeVisible();
    await dialog.getByRole("button", { name: /Place Order/ }).click();
    await expect(dialog.getByRole("alert")).toHaveText(codFeeAddedMessage(FEE, total));
    const areaRule: RuleCondition = { kind: "areas", areas: [FEE_AREA] };
    await expect(dialog.getByText(codFeeNotice(areaRule, FEE))).toBeVisible();
    await expect(totalsRow(dialog, ORDER_CHARGE_TEXTS.codFee)).toContainText(formatRs(FEE));
    await expect(totalsRow(dialog, ORDER_CHARGE_TEXTS.total)).toContainText(formatRs(total));
    const button = dialog.getByRole("button", { name: `Place Order (${formatRs(total)})` });
    await expect(button).toBeVisible();

    // An advance turned on meanwhile: read again when the address changes.
    const advanced = await request.post("/api/admin/risk-rules", {
      headers: bearer(owner),
      data: { name: advanceName, condition: areaRule, action: { kind: "advance", amount: ADVANCE }, enabled: true },
    });
    expect(advanced.status(), await advanced.text()).toBe(201);
    await area.fill("");
    await area.fill(FEE_AREA);
    await expect(dialog.getByText(advanceNotice(areaRule, ADVANCE))).toBeVisible();
    await expect(dialog.getByText(ADVANCE_HOW)).toBeVisible();
    await expect(totalsRow(dialog, ORDER_CHARGE_TEXTS.advance)).toContainText(formatRs(ADVANCE));
    await expect(totalsRow(dialog, ORDER_CHARGE_TEXTS.dueOnDelivery)).toContainText(formatRs(total - ADVANCE));
    await button.scrollIntoViewIfNeeded();
    expect(await sidewaysOverflow(shopper)).toBe(0);
    await shoot(shopper, `risk-rules-fee-checkout-${width}`, { fullPage: false });

    // The advance removed again: its rows go when the address is read again.
    await removeRules(request, owner, [advanceName]);
    await area.fill("");
    await area.fill(FEE_AREA);
    await expect(totalsRow(dialog, ORDER_CHARGE_TEXTS.advance)).toHaveCount(0);
    await expect(totalsRow(dialog, ORDER_CHARGE_TEXTS.total)).toContainText(formatRs(total));

    // Placed at that total; the success page and Track Your Order read it, and the fee, from the order.
    await button.click();
    await shopper.waitForURL(/\/checkout-success\?order=/);
    const feeLine = moneyLineText({ label: ORDER_MONEY_LABELS.codFee, amount: FEE });
    const details = shopper.getByRole("region", { name: "Order details" });
    await expect(details.getByText(formatRs(total), { exact: true })).toBeVisible();
    await expect(details.getByText(feeLine, { exact: true })).toBeVisible();
    expect(await sidewaysOverflow(shopper)).toBe(0);
    await shoot(shopper, `risk-rules-fee-success-${width}`);
    if (process.env.SHOTS) await details.screenshot({ path: `.tmp/shots/risk-rules-fee-order-${width}.png` });
    await shopper.goto("/TrackOrder");
    await expect(shopper.getByRole("main").getByText(feeLine, { exact: true }).first()).toBeVisible();
    expect(await sidewaysOverflow(shopper)).toBe(0);
    await shopper.context().close();
  } finally {
    await removeRules(request, owner, [feeName, advanceName]);
  }
});
