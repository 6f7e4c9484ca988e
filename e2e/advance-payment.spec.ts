// [Ours] An advance from the customer's phone to the owner's press (issue 50), at the project's width
// (390 and 1280 px): the owner's rule asks Rs.1,000 before orders to one area are prepared; a customer
// checking out to that area reads so before placing; on Track Your Order the "Advance due" panel says
// how much, what is left on delivery and until when, and takes the transaction ID; the owner answers
// "not received" with a reason; the customer sends a screenshot instead; the owner opens it and
// verifies in one press; the customer then reads that it was received. The rule is removed at the end: the shop is shared by the specs that follow.
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { advanceNotice, type RiskRule, type RiskRuleList } from "../shared/risk-rules.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { catalogue, sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { bearer, checkoutAs, newCustomer } from "./orders-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

// An area no other spec orders to, so the rule asks nobody else's order for an advance while it is on.
const AREA = "Mithadar";
const ADVANCE = 1000;

test("an advance: told at checkout, a receipt sent from Track Your Order, verified by the owner, received", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const width = testInfo.project.name === "phone" ? 390 : 1280;
  await page.setViewportSize({ width, height: 860 });
  const owner = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const name = `Mithadar advance ${width} ${Date.now()}`;
  const rule = { name, condition: { kind: "areas", areas: [AREA] }, action: { kind: "advance", amount: ADVANCE } };
  try {
    const saved = await request.post("/api/admin/risk-rules", { headers: bearer(owner), data: rule });
    expect(saved.ok(), await saved.text()).toBe(true);
    const ruleId = ((await saved.json()) as RiskRule)._id;
    const on = await request.put(`/api/admin/risk-rules/${ruleId}`, {
      headers: bearer(owner),
      data: { ...rule, enabled: true },
    });
    expect(on.ok(), await on.text()).toBe(true);

    // The customer, to that area: a pair dearer than the advance, told before Place Order.
    const customer = await newCustomer(request, "advance-customer");
    const product = (await catalogue(request)).find(
      (p) => p.discountPrice > ADVANCE * 2 && p.sizes.some((s) => s.stock >= 2),
    );
    const size = product?.sizes.find((s) => s.stock >= 2)?.size;
    const added = await request.post("/api/user/cart/add", {
      headers: bearer(customer),
      data: { productId: product?._id, size, quantity: 1 },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const { shopper, dialog } = await checkoutAs(browser, { ...testInfo.project.use }, width, customer, {
      fullName: "Sana Baloch",
      addressLine: "Flat 4, Building 7, near Mithadar Police Station",
      phoneNumber: "03451234567",
    });
    await dialog.getByRole("combobox", { name: "Area" }).fill(AREA);
    await expect(dialog.getByText(advanceNotice({ kind: "areas", areas: [AREA] }, ADVANCE))).toBeVisible();
    await dialog.getByRole("button", { name: /Place Order/ }).click();
    await expect(shopper).toHaveURL(/\/checkout-success\?order=[0-9a-f-]{36}$/);
    const orderId = new URL(shopper.url()).searchParams.get("order") ?? "";

    // Track Your Order: the panel, then the receipt.
    await shopper.goto("/TrackOrder");
    await waitForHydration(shopper);
    const panel = shopper.getByRole("region", { name: "Advance due" });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("Pay an advance of Rs.1,000 to prepare this order;");
    await expect(panel.getByText(/Send it by .+, or the order is cancelled\./)).toBeVisible();
    // Sent without a choice of how: the field says so, and nothing is sent.
    await panel.getByRole("button", { name: "Send receipt" }).click();
    await expect(panel.getByLabel("How you paid")).toHaveAttribute("aria-invalid", "true");
    await panel.getByLabel("How you paid").selectOption("jazzcash");
    await panel.getByLabel("Transaction ID").fill("12");
    await panel.getByRole("button", { name: "Send receipt" }).click();
    await expect(panel.getByLabel("Transaction ID")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(shopper);
    expect(await sidewaysOverflow(shopper)).toBe(0);
    await panel.scrollIntoViewIfNeeded();
    await shoot(shopper, `advance-due-${width}`, { fullPage: false });
    // By keyboard: the ID typed, Enter sends the form.
    await panel.getByLabel("Transaction ID").fill("JC2611280042");
    await panel.getByLabel("Transaction ID").press("Enter");
    const sent = shopper.getByRole("region", { name: "Advance: receipt sent" });
    await expect(sent.getByText("Receipt sent: we will check it and confirm your order.")).toBeVisible();
    await expect(sent).toContainText("JazzCash, JC2611280042");
    await shoot(shopper, `advance-sent-${width}`, { fullPage: false });

    // The owner: the receipt on the order page, verified in one press.
    await startSignedIn(page, owner);
    await page.goto("/admin/orders?view=awaiting");
    await waitForHydration(page);
    await expect(page.getByRole("link", { name: "Receipt to check: advance Rs.1,000" }).first()).toBeVisible();
    await page.goto(`/admin/orders/${orderId}`);
    await waitForHydration(page);
    const advance = page.getByRole("region", { name: "Advance Rs.1,000" });
    await expect(advance.getByText("Receipt to check")).toBeVisible();
    await expect(advance.getByText("JC2611280042")).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await sidewaysOverflow(page)).toBe(0);
    await advance.scrollIntoViewIfNeeded();
    await shoot(page, `advance-owner-${width}`, { fullPage: false });
    // Not received: the reason asked, the customer's form back with a fresh window.
    await advance.getByRole("button", { name: "Not received" }).click();
    await advance.getByLabel("Why (the customer reads this)").fill("No JazzCash transfer of Rs.1,000 reached us.");
    await advance.getByRole("button", { name: 'Send "not received"' }).click();
    await expect(page.getByText(/^Receipt not accepted: the customer has been e-mailed/)).toBeVisible();
    await expect(advance.getByText("Due", { exact: true })).toBeVisible();

    // The customer tries again with a screenshot alone, shrunk on the phone and sent as the body.
    await shopper.reload();
    await waitForHydration(shopper);
    const again = shopper.getByRole("region", { name: "Advance due" });
    await expect(again.getByRole("alert")).toContainText(
      "We could not find the payment of your last receipt (JazzCash, JC2611280042",
    );
    await expect(again.getByRole("alert")).toContainText("“No JazzCash transfer of Rs.1,000 reached us.”");
    await again.scrollIntoViewIfNeeded();
    await shoot(shopper, `advance-rejected-${width}`, { fullPage: false });
    await again.getByLabel("How you paid").selectOption("easypaisa");
    const screenshot = await sharp({
      create: { width: 720, height: 1280, channels: 3, background: { r: 20, g: 160, b: 90 } },
    })
      .png()
      .toBuffer();
    await again.getByLabel(/Receipt photo or screenshot/).setInputFiles({
      name: "easypaisa-receipt.png",
      mimeType: "image/png",
      buffer: screenshot,
    });
    await again.getByRole("button", { name: "Send receipt" }).click();
    await expect(shopper.getByRole("region", { name: "Advance: receipt sent" })).toContainText("Easypaisa, sent");

    // The owner opens the photo, private, and verifies in one press.
    await page.reload();
    await waitForHydration(page);
    await expect(advance.getByText("Receipt to check")).toBeVisible();
    const thumbnail = advance.getByRole("button", { name: /^Open Receipt, Easypaisa, .+ larger$/ });
    await expect(thumbnail).toBeVisible();
    await advance.scrollIntoViewIfNeeded();
    await shoot(page, `advance-owner-photo-${width}`, { fullPage: false });
    await thumbnail.click();
    await expect(page.getByRole("dialog").getByRole("img")).toBeVisible();
    await page.keyboard.press("Escape");
    await advance.getByRole("button", { name: "Verify advance" }).click();
    await expect(
      page.getByText("Advance verified: the order is confirmed and the customer has been e-mailed."),
    ).toBeVisible();
    await expect(advance.getByText("Paid", { exact: true })).toBeVisible();
    await shoot(page, `advance-owner-paid-${width}`, { fullPage: false });

    // The customer reads it.
    await shopper.reload();
    await waitForHydration(shopper);
    await expect(shopper.getByText("Advance of Rs.1,000 received.")).toBeVisible();
    await shopper.context().close();
  } finally {
    const listed = await request.get("/api/admin/risk-rules", { headers: bearer(owner) });
    const rules = ((await listed.json()) as RiskRuleList).rules.filter((r: RiskRule) => r.name === name);
    for (const r of rules) await request.delete(`/api/admin/risk-rules/${r._id}`, { headers: bearer(owner) });
  }
});
