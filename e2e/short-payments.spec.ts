// Short payments in a real browser at 375 px (phone project) and 1280 px (desktop), issue 48: two
// couriers' payment reports paid less than their terms say; the dashboard warns of it instead of
// going green, and leads to the list; there the owner reads each one's evidence line by line, marks
// one recovered with a note and the other accepted, by keyboard; the dashboard's warning goes. The
// couriers' payment reports are CSV files imported as the owner imports them (POST
// /api/admin/couriers/:id/imports with the admin's token), and the import finds the short payments.
// Nothing scrolls sideways; the screens pass axe.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { AdminDashboard } from "../shared/admin.ts";
import type { ImportResult } from "../shared/courier-imports.ts";
import { expectedPayout, type PayoutAmounts } from "../shared/courier-terms.ts";
import type { Courier } from "../shared/couriers.ts";
import { formatRs } from "../shared/money.ts";
import { type Order, orderNumber } from "../shared/orders.ts";
import { unsettledText } from "../shared/short-payments.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { type Account, catalogue, sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

type Parcel = Order & { courier: Courier; trackingNumber: string };
interface Reported {
  expected: PayoutAmounts;
  paid: PayoutAmounts;
  result: ImportResult;
}

/**
 * Two delivered parcels, TCS's paid Rs.500 short (delivery overcharged), Leopards' short by
 * withholding at 5%; and one with PostEx whose cash is still to come, paid in full when asked.
 */
async function setUp(request: APIRequestContext) {
  const admin = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const headers = { Authorization: `Bearer ${admin.token}` };
  const { couriers } = (await (await request.get("/api/admin/couriers", { headers })).json()) as {
    couriers: Courier[];
  };
  const product = (await catalogue(request)).find((p) => p.sizes.some((s) => s.stock >= 5));
  const size = product?.sizes.find((s) => s.stock >= 5)?.size;
  if (!product || size === undefined) throw new Error("no demo product in stock");
  const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const email = `short-${stamp}@example.pk`;
  const password = "Short-Karachi-2024!";
  expect((await request.post("/api/user/signup", { data: { email, password, username: `short${stamp}` } })).ok()).toBe(
    true,
  );
  const customer = await signIn(request, email, password);
  const post = async (path: string, data: unknown) => {
    const res = await request.post(path, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  };
  const delivered = async (name: string): Promise<Parcel> => {
    const courier = couriers.find((c) => c.name === name);
    if (!courier) throw new Error(`no courier ${name}`);
    const trackingNumber = `KHI${Math.floor(Math.random() * 1e9)}`;
    const res = await request.post("/api/orders/new-order", {
      headers: { Authorization: `Bearer ${customer.token}` },
      data: {
        userId: customer.user._id,
        items: [{ productId: product._id, size, quantity: 1 }],
        shippingAddress: {
          fullName: "Sana Qureshi",
          addressLine: "Flat 4, Rufi Heights, near Aladin Park",
          phoneNumber: `0333${String(Date.now()).slice(-7)}`,
          email,
          city: "Karachi",
          area: "Gulshan-e-Iqbal Block 13-D",
        },
        totalAmount: product.discountPrice,
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const order = (await res.json()) as Order;
    await post(`/api/admin/orders/${order._id}/status`, { status: "confirm" });
    await post(`/api/admin/orders/${order._id}/dispatch`, { courierId: courier._id, trackingNumber });
    await post(`/api/admin/orders/${order._id}/status`, { status: "delivered" });
    return { ...order, courier, trackingNumber };
  };
  /**
   * The courier's payment report of one parcel, as a CSV file with the columns its portal prints,
   * imported and applied: what its terms say the parcel pays, with `change` made by the courier.
   */
  const report = async (
    parcel: Parcel,
    change: (expected: PayoutAmounts) => Partial<PayoutAmounts>,
    file: { fileName?: string; payoutReference?: string; payoutDate?: string } = {},
  ): Promise<Reported> => {
    const { terms } = parcel.courier;
    if (!terms) throw new Error(`${parcel.courier.name} has no terms`);
    const expected = expectedPayout(terms, { codAmount: parcel.totalAmount, weightGrams: null, outcome: "delivered" });
    const amounts = { ...expected, ...change(expected) };
    const deductions =
      amounts.deliveryCharge + amounts.codFee + amounts.salesTax + amounts.withholdingTax + amounts.returnCharge;
    const paid = { ...amounts, net: amounts.collected - deductions };
    const csv = [
      "CN Number,Amount Collected,Delivery Charges,COD Charges,GST,Income Tax,Return Charges,Net Payable,Cheque No,Payment Date",
      [
        parcel.trackingNumber,
        paid.collected,
        paid.deliveryCharge,
        paid.codFee,
        paid.salesTax,
        paid.withholdingTax,
        paid.returnCharge,
        paid.net,
        file.payoutReference ?? "",
        file.payoutDate ?? "",
      ].join(","),
    ].join("\r\n");
    const res = await request.post(`/api/admin/couriers/${parcel.courier._id}/imports`, {
      headers,
      data: { kind: "payment", csv, apply: true, ...(file.fileName ? { fileName: file.fileName } : {}) },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const result = (await res.json()) as ImportResult;
    expect(result.applied).toBe(true);
    return { expected, paid, result };
  };

  const tcs = await delivered("TCS");
  // Rs.500 more delivery than TCS's terms say, whatever they say now (e2e/courier-terms.spec.ts edits
  // TCS's seeded terms in the same shop, in whichever order the two specs run).
  const tcsReport = await report(tcs, (expected) => ({ deliveryCharge: expected.deliveryCharge + 500 }), {
    fileName: "tcs-payments-3-dec.csv",
    payoutReference: "TCS-PO-88121",
    payoutDate: "2026-12-03",
  });
  const leopards = await delivered("Leopards");
  const leopardsReport = await report(leopards, () => ({ withholdingTax: Math.round(leopards.totalAmount * 0.05) }), {
    fileName: "leopards-remittance.csv",
  });
  // The report took Rs.500 more delivery than TCS's terms charge (the first 500 g).
  expect(tcsReport.paid.deliveryCharge - tcsReport.expected.deliveryCharge).toBe(500);
  expect(tcsReport.paid.net - tcsReport.expected.net).toBe(-500);
  expect(tcsReport.result.lines.map((l) => l.outcome)).toEqual(["short"]);
  expect(leopardsReport.paid.net).toBeLessThan(leopardsReport.expected.net);
  expect(leopardsReport.result.lines.map((l) => l.outcome)).toEqual(["short"]);
  // And one PostEx parcel delivered, its cash not paid yet (due within 24 hours).
  const postEx = await delivered("PostEx");
  return { admin, tcs, tcsReport, leopards, leopardsReport, paidInFull: () => report(postEx, () => ({})) };
}

async function open(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 860 });
  await page.goto(path);
  await waitForHydration(page);
}

async function dashboardFigures(request: APIRequestContext, admin: Account): Promise<AdminDashboard> {
  const res = await request.get("/api/admin/dashboard", { headers: { Authorization: `Bearer ${admin.token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as AdminDashboard;
}

async function tidy(page: Page, name: string) {
  await shoot(page, name);
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoAxeViolations(page);
}

test("the owner sees the short payments on the dashboard, settles them by keyboard, and the warning goes", async ({
  page,
  request,
}, info) => {
  const width = info.project.name === "phone" ? 375 : 1280;
  const { admin, tcs, tcsReport, leopards, paidInFull } = await setUp(request);
  await startSignedIn(page, admin);

  // The dashboard is not green: it names the short payments and leads to them.
  await open(page, "/admin", width);
  const figures = await dashboardFigures(request, admin);
  expect(figures.cash.allIn).toBe(false);
  const warning = page.getByTestId("short-payments-warning");
  await expect(warning).toContainText(unsettledText(figures.cash.shortPayments));
  await expect(warning).toContainText(/2 short payments, Rs\.[\d,]+ short/);
  await expect(page.getByText("Every delivered parcel's cash is in.")).toHaveCount(0);
  // PostEx's cash is with PostEx, not yet due.
  await expect(page.getByRole("list", { name: "PostEx's cash by how late" })).toContainText("not yet due");
  await expect(page.getByRole("heading", { name: "Takings as the bank sees them" })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Today/ })).toContainText(
    `Net received${formatRs(figures.cash.takings.today.net)}`,
  );
  await tidy(page, `short-payments-dashboard-${width}`);

  await warning.getByRole("link", { name: "See the short payments" }).click();
  await expect(page).toHaveURL(/\/admin\/short-payments$/);
  await expect(page.getByRole("heading", { name: "Short payments", level: 2 })).toBeVisible();
  const tcsCard = page.getByRole("article", { name: new RegExp(`${orderNumber(tcs._id)} · TCS`) });
  const leopardsCard = page.getByRole("article", { name: new RegExp(`${orderNumber(leopards._id)} · Leopards`) });
  await expect(tcsCard).toContainText("Rs.500 short");
  // Where the report said it: the file, its line (the header is line 1), the payout.
  await expect(tcsCard).toContainText("tcs-payments-3-dec.csv, line 2; payout TCS-PO-88121 of 3 Dec 2026");
  // The evidence line by line: what TCS's terms say of delivery, and the Rs.500 more its report took.
  const delivery = tcsCard.getByRole("row", { name: /^Delivery charge/ });
  await expect(delivery.getByRole("cell").nth(0)).toHaveText(`−${formatRs(tcsReport.expected.deliveryCharge)}`);
  await expect(delivery.getByRole("cell").nth(1)).toContainText(`−${formatRs(tcsReport.paid.deliveryCharge)}`);
  const net = tcsCard.getByRole("row", { name: /^Net to the shop/ });
  await expect(net.getByRole("cell").nth(1)).toContainText(formatRs(tcsReport.paid.net));
  await expect(leopardsCard).toContainText("leopards-remittance.csv, line 2");
  await expect(page.getByText("Rs.-")).toHaveCount(0);
  await tidy(page, `short-payments-list-${width}`);

  // By keyboard: from TCS's order link to its note, the note typed, on to 'Mark recovered'.
  await tcsCard.getByRole("link", { name: orderNumber(tcs._id) }).focus();
  await page.keyboard.press("Tab");
  await expect(tcsCard.getByLabel("Note")).toBeFocused();
  await page.keyboard.type("TCS paid the Rs.500 back in PO-88410.");
  await page.keyboard.press("Tab");
  await expect(tcsCard.getByRole("button", { name: "Mark disputed" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(tcsCard.getByRole("button", { name: "Mark recovered" })).toBeFocused();
  await page.keyboard.press("Enter");
  const notice = page.getByRole("status").filter({ hasText: "marked recovered" });
  await expect(notice).toHaveText(`${orderNumber(tcs._id)} marked recovered: the Rs.500 came from TCS.`);
  await expect(tcsCard).toHaveCount(0);
  // The warning is still there while Leopards' is open.
  expect((await dashboardFigures(request, admin)).cash.shortPayments.count).toBe(1);

  // Leopards' deduction was right (5% for a non-filer): accepted, by keyboard too.
  await leopardsCard.getByRole("link", { name: orderNumber(leopards._id) }).focus();
  await page.keyboard.press("Tab");
  await page.keyboard.type("5% is right: our NTN was not on Leopards' file.");
  for (const button of ["Mark disputed", "Mark recovered", "Mark accepted"]) {
    await page.keyboard.press("Tab");
    await expect(leopardsCard.getByRole("button", { name: button })).toBeFocused();
  }
  await page.keyboard.press("Space");
  await expect(page.getByRole("status").filter({ hasText: "marked accepted" })).toBeVisible();
  await expect(page.getByText("No short payments: every payment matched its courier's terms.")).toBeVisible();

  // Settled: both, with their notes; the TCS one can only be reopened as disputed.
  await page.getByRole("link", { name: "Settled", exact: true }).click();
  const settledTcs = page.getByRole("article", { name: new RegExp(orderNumber(tcs._id)) });
  await expect(settledTcs).toContainText("Recovered");
  await expect(settledTcs).toContainText("TCS paid the Rs.500 back in PO-88410.");
  await expect(settledTcs.getByRole("button")).toHaveText(["Reopen as disputed"]);
  await expect(page.getByRole("article", { name: new RegExp(orderNumber(leopards._id)) })).toContainText(
    "5% is right: our NTN was not on Leopards' file.",
  );
  await tidy(page, `short-payments-settled-${width}`);

  // PostEx pays its parcel in full meanwhile (no short payment). Back on the dashboard: no warning.
  expect((await paidInFull()).result.lines.map((l) => l.outcome)).toEqual(["paid"]);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Cash still to come" })).toBeVisible();
  await expect(page.getByTestId("short-payments-warning")).toHaveCount(0);
  const after = await dashboardFigures(request, admin);
  expect(after.cash.shortPayments).toEqual({ count: 0, short: 0, over: 0 });
  await expect(page.getByText("Every delivered parcel's cash is in.")).toHaveCount(after.cash.allIn ? 1 : 0);
  await tidy(page, `short-payments-dashboard-after-${width}`);
});
