// [Ours] An advance paid on JazzCash's page (issue 50, docs/decisions/039-jazzcash-hosted-checkout.md),
// at the project's width (390 and 1280 px): an order the owner's rule asks Rs.1,000 of shows "Pay
// Rs.1,000 with JazzCash" on Track Your Order; the press takes the customer to JazzCash's page (the
// e2e server's stand-in, tests/support/jazzcash-stand-in.ts, whose buttons post JazzCash's signed
// answer back); cancelled there, the customer is back with the order still waiting and can try again;
// paid, the order is confirmed and the panel says the advance was received. The rule is removed at
// the end: the shop is shared by the specs that follow.
import { expect, test } from "@playwright/test";
import { CONFIRMATION_MESSAGES } from "../shared/confirmation.ts";
import { HOSTED_PAYMENT_WORDS } from "../shared/hosted-payments.ts";
import type { Order } from "../shared/orders.ts";
import type { RiskRule } from "../shared/risk-rules.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { catalogue, sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { bearer, newCustomer } from "./orders-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

// An area no other spec orders to, so the rule asks nobody else's order for an advance while it is on.
const AREA = "Keamari";
const ADVANCE = 1000;

test("an advance paid on JazzCash's page: cancelled there and tried again, then paid and the order goes on", async ({
  page,
  request,
}, testInfo) => {
  const width = testInfo.project.name === "phone" ? 390 : 1280;
  await page.setViewportSize({ width, height: 860 });
  const owner = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const rule = {
    name: `Keamari pays first ${width} ${Date.now()}`,
    condition: { kind: "areas", areas: [AREA] },
    action: { kind: "advance", amount: ADVANCE },
    enabled: true,
  };
  const saved = await request.post("/api/admin/risk-rules", { headers: bearer(owner), data: rule });
  expect(saved.ok(), await saved.text()).toBe(true);
  const ruleId = ((await saved.json()) as RiskRule)._id;
  try {
    const customer = await newCustomer(request, "advance-online");
    const product = (await catalogue(request)).find(
      (p) => p.discountPrice > ADVANCE * 2 && p.sizes.some((s) => s.stock >= 1),
    );
    const size = product?.sizes.find((s) => s.stock >= 1)?.size;
    const placed = await request.post("/api/orders/new-order", {
      headers: bearer(customer),
      data: {
        userId: customer.user._id,
        items: [{ productId: product?._id, size, quantity: 1 }],
        shippingAddress: {
          fullName: "Imran Qureshi",
          addressLine: "House 9, Street 3, near Keamari Boat Basin",
          phoneNumber: "03331234567",
          email: customer.user.email,
          city: "Karachi",
          area: AREA,
        },
        totalAmount: product?.discountPrice,
      },
    });
    expect(placed.ok(), await placed.text()).toBe(true);
    const order = (await placed.json()) as Order;
    expect(order.advance?.amount).toBe(ADVANCE);

    await startSignedIn(page, customer);
    await page.goto("/TrackOrder");
    await waitForHydration(page);
    const panel = page.getByRole("region", { name: "Advance due" });
    const pay = panel.getByRole("button", { name: HOSTED_PAYMENT_WORDS.payButton(ADVANCE) });
    await expect(pay).toBeVisible();
    // No Confirm button beside an unpaid advance: the advance is the confirmation.
    await expect(page.getByRole("button", { name: CONFIRMATION_MESSAGES.confirmButton })).toHaveCount(0);
    await expectNoAxeViolations(page);
    expect(await sidewaysOverflow(page)).toBe(0);
    await panel.scrollIntoViewIfNeeded();
    await shoot(page, `advance-online-${width}`, { fullPage: false });

    // On JazzCash's page, cancelled: back on Track Your Order, still waiting, with a way to try again.
    await pay.click();
    await expect(page.getByRole("heading", { name: "Pay with JazzCash (stand-in)" })).toBeVisible();
    await expect(page.getByText("Rs.1000")).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/TrackOrder\?advance=failed/);
    await waitForHydration(page);
    await expect(page.getByRole("status").filter({ hasText: HOSTED_PAYMENT_WORDS.failed })).toBeVisible();
    await expect(panel.getByRole("button", { name: HOSTED_PAYMENT_WORDS.payButton(ADVANCE) })).toBeVisible();

    // Tried again, paid: the order goes on, and the panel says the advance arrived.
    await panel.getByRole("button", { name: HOSTED_PAYMENT_WORDS.payButton(ADVANCE) }).click();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(/\/TrackOrder\?advance=paid/);
    await waitForHydration(page);
    await expect(page.getByRole("status").filter({ hasText: HOSTED_PAYMENT_WORDS.paid })).toBeVisible();
    await expect(page.getByText("Advance of Rs.1,000 received.")).toBeVisible();
    await shoot(page, `advance-online-paid-${width}`, { fullPage: false });
    const tracked = await request.get("/api/orders/track", { headers: bearer(customer) });
    const now = ((await tracked.json()) as Order[]).find((o) => o._id === order._id);
    expect(now?.status).toBe("confirm");
    expect(now?.advance?.paidAt).not.toBeNull();
    expect(now?.dueOnDelivery).toBe(order.totalAmount - ADVANCE);
  } finally {
    await request.delete(`/api/admin/risk-rules/${ruleId}`, { headers: bearer(owner) });
  }
});
