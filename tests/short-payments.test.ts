// Short payments through the admin API (issue 48): the parcels a courier's payment report paid less
// (or more) for than its terms say, listed with both sides' evidence, the owner's decisions with a
// note, and the dashboard that is not green while one is open or disputed. The payment import that
// finds them is being written beside this: its rows are written here as it would write them
// (tests/support/payment-report.ts), on parcels delivered through the real order workflow.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { AdminDashboard } from "#shared/admin.ts";
import { orderNumber } from "#shared/orders.ts";
import { SHORT_PAYMENT_NOTE_MAX, type ShortPayment, type ShortPaymentList } from "#shared/short-payments.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { type Deliveries, deliveries } from "./support/deliveries.ts";
import { settleFromReport } from "./support/payment-report.ts";
import { makeShopper, products, type Shopper, setStock, type TestProduct } from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper & { username: string };
let parcels: Deliveries;
beforeAll(async () => {
  t = await createTestApp({ env: { MAX_OPEN_ORDERS: "100" } });
  admin = await makeAdmin(t);
  const [product] = (await products(t, 1)) as [TestProduct];
  await setStock(t, product.id, product.sizes[0] as number, 500);
  parcels = await deliveries(t, admin, product);
});
afterAll(() => t?.close());

const list = async (query = "") => {
  const res = await call(t, admin, "GET", `/api/admin/short-payments${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ShortPaymentList>();
};
const decide = (id: string, body: unknown) => call(t, admin, "PUT", `/api/admin/short-payments/${id}`, body);
const cash = async () => {
  const res = await call(t, admin, "GET", "/api/admin/dashboard");
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminDashboard>().cash;
};

describe("short payments", () => {
  it("lists none while every payment matched its courier's terms; the dashboard is green", async () => {
    const matched = await parcels.delivered("TCS");
    const { shortPaymentId } = await settleFromReport(t.database.db, matched._id);
    expect(shortPaymentId).toBeNull();
    expect(await list()).toEqual({
      view: "unsettled",
      shortPayments: [],
      page: 1,
      hasMore: false,
      total: 0,
      unsettled: { count: 0, short: 0, over: 0 },
    });
    const c = await cash();
    expect(c.withCouriers).toEqual([]);
    expect(c.shortPayments).toEqual({ count: 0, short: 0, over: 0 });
    expect(c.allIn).toBe(true);
  });

  let tcs: ShortPayment;
  let leopards: ShortPayment;
  let postEx: ShortPayment;
  it("lists the unsettled ones newest first, each with its evidence side by side", async () => {
    // TCS charged Rs.500 more delivery than its terms (line 4 of its report of 3 December).
    const tcsOrder = await parcels.delivered("TCS", { pairs: 2 });
    const tcsPaid = await settleFromReport(t.database.db, tcsOrder._id, {
      paid: { deliveryCharge: 750 },
      at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
      fileName: "tcs-payments-3-dec.csv",
      line: 4,
      payoutReference: "TCS-PO-88121",
      payoutDate: "2026-12-03",
    });
    // Leopards took 5% withholding instead of 2%.
    const leopardsOrder = await parcels.delivered("Leopards");
    const leopardsPaid = await settleFromReport(t.database.db, leopardsOrder._id, {
      paid: { withholdingTax: Math.round(leopardsOrder.totalAmount * 0.05) },
      at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    });
    // PostEx paid Rs.20 too much (no COD fee taken).
    const postExOrder = await parcels.delivered("PostEx");
    const postExPaid = await settleFromReport(t.database.db, postExOrder._id, {
      paid: { codFee: 0, salesTax: 27 },
      at: new Date(Date.now() - 3_600_000).toISOString(),
    });

    const unsettled = await list();
    expect(unsettled.shortPayments.map((s) => s.orderId)).toEqual([postExOrder._id, leopardsOrder._id, tcsOrder._id]);
    expect(unsettled.total).toBe(3);
    [postEx, leopards, tcs] = unsettled.shortPayments as [ShortPayment, ShortPayment, ShortPayment];
    const [tcsParcel] = await selectRowsAsserted<{ tracking_number: string }>(
      t.database.db,
      sql`select tracking_number from parcels where order_id = ${tcsOrder._id}`,
    );
    expect(tcs).toMatchObject({
      orderId: tcsOrder._id,
      courierId: parcels.courier("TCS"),
      courier: "TCS",
      trackingNumber: tcsParcel?.tracking_number,
      codAmount: tcsOrder.totalAmount,
      expected: tcsPaid.expected,
      paid: tcsPaid.paid,
      expectedNet: tcsPaid.expected.net,
      paidNet: tcsPaid.expected.net - 500,
      difference: -500,
      report: {
        fileName: "tcs-payments-3-dec.csv",
        line: 4,
        payoutReference: "TCS-PO-88121",
        payoutDate: "2026-12-03",
      },
      status: "open",
      note: null,
      decidedAt: null,
      decidedBy: null,
    });
    expect([tcs.expected.deliveryCharge, tcs.paid.deliveryCharge]).toEqual([250, 750]);
    expect(Date.parse(tcs.foundAt)).toBeLessThan(Date.parse(leopards.foundAt));
    expect(tcs.report.importedAt).not.toBeNull();
    expect(orderNumber(tcs.orderId)).toMatch(/^#[0-9A-F]{8}$/);
    expect(leopards.difference).toBe(leopardsPaid.paid.net - leopardsPaid.expected.net);
    expect(leopards.difference).toBeLessThan(0);
    expect(postEx.difference).toBe(postExPaid.paid.net - postExPaid.expected.net);
    expect(postEx.difference).toBeGreaterThan(0);

    const short = -tcs.difference - leopards.difference;
    expect(unsettled.unsettled).toEqual({ count: 3, short, over: postEx.difference });
    const c = await cash();
    expect(c.shortPayments).toEqual({ count: 3, short, over: postEx.difference });
    // Every delivered parcel is paid for, but not as its terms say: not green.
    expect(c.withCouriers).toEqual([]);
    expect(c.allIn).toBe(false);
    expect((await list("?view=settled")).shortPayments).toEqual([]);
  });

  it("refuses a bad decision with the field named, an unknown id with 404, and changes nothing", async () => {
    const refusals: [unknown, string][] = [
      [{ status: "open" }, "status"],
      [{ status: "paid" }, "status"],
      [{}, "status"],
      [{ status: "disputed", note: "x".repeat(SHORT_PAYMENT_NOTE_MAX + 1) }, "note"],
      [{ status: "disputed", note: 42 }, "note"],
      [{ status: "disputed", amount: 500 }, "amount"],
    ];
    for (const [body, field] of refusals) {
      const res = await decide(tcs._id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json<{ fields: Record<string, string> }>().fields)).toEqual([field]);
    }
    const long = await decide(tcs._id, { status: "disputed", note: "x".repeat(SHORT_PAYMENT_NOTE_MAX + 1) });
    expect(long.json<{ message: string }>().message).toBe("The note can be at most 1000 characters long.");
    expect((await decide(tcs._id, [])).statusCode).toBe(400);
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const res = await decide(id, { status: "recovered" });
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toBe("No short payment has that id.");
    }
    expect((await list()).shortPayments.map((s) => s.status)).toEqual(["open", "open", "open"]);
  });

  it("is the owner's only: 401 without a session, 403 for a customer", async () => {
    const customer = await makeShopper(t);
    expect((await call(t, customer, "GET", "/api/admin/short-payments")).statusCode).toBe(403);
    const put = await call(t, customer, "PUT", `/api/admin/short-payments/${tcs._id}`, { status: "accepted" });
    expect(put.statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/short-payments" })).statusCode).toBe(401);
    expect((await list()).shortPayments.every((s) => s.status === "open")).toBe(true);
  });

  it("keeps a disputed one on the list with its note, and the dashboard not green", async () => {
    const res = await decide(tcs._id, { status: "disputed", note: "  Called TCS: the parcel weighed 450 g.  " });
    expect(res.statusCode, res.body).toBe(200);
    const disputed = res.json<ShortPayment>();
    expect(disputed).toMatchObject({
      _id: tcs._id,
      status: "disputed",
      note: "Called TCS: the parcel weighed 450 g.",
      decidedBy: { username: admin.username },
      expected: tcs.expected,
      paid: tcs.paid,
    });
    expect(Date.now() - Date.parse(disputed.decidedAt ?? "")).toBeLessThan(60_000);
    // Disputed again: the note says how the chase goes.
    const again = await decide(tcs._id, { status: "disputed", note: "TCS promised it in Thursday's payout." });
    expect(again.json<ShortPayment>().note).toBe("TCS promised it in Thursday's payout.");
    const unsettled = await list();
    expect(unsettled.shortPayments.map((s) => [s.courier, s.status])).toEqual([
      ["PostEx", "open"],
      ["Leopards", "open"],
      ["TCS", "disputed"],
    ]);
    expect(unsettled.unsettled.count).toBe(3);
    const c = await cash();
    expect(c.shortPayments.count).toBe(3);
    expect(c.allIn).toBe(false);
  });

  it("settles it as recovered (the note kept), and reopens a settled one only as disputed", async () => {
    const recovered = await decide(tcs._id, { status: "recovered" });
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(recovered.json<ShortPayment>()).toMatchObject({
      status: "recovered",
      note: "TCS promised it in Thursday's payout.",
    });
    expect((await list()).shortPayments.map((s) => s.courier)).toEqual(["PostEx", "Leopards"]);
    expect((await list("?view=settled")).shortPayments.map((s) => [s.courier, s.status])).toEqual([
      ["TCS", "recovered"],
    ]);
    expect((await cash()).shortPayments).toEqual({ count: 2, short: -leopards.difference, over: postEx.difference });

    for (const status of ["accepted", "recovered"]) {
      const refused = await decide(tcs._id, { status });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(
        "This short payment is already settled as recovered. To change it, reopen it as disputed first.",
      );
    }
    // Reopened: disputed again, its note cleared by an empty one; then recovered again.
    const reopened = await decide(tcs._id, { status: "disputed", note: "" });
    expect(reopened.json<ShortPayment>()).toMatchObject({ status: "disputed", note: null });
    expect((await list()).total).toBe(3);
    expect((await decide(tcs._id, { status: "recovered", note: "Paid in PO-88410." })).statusCode).toBe(200);
  });

  it("turns the dashboard green once the last one is settled", async () => {
    expect((await decide(leopards._id, { status: "accepted", note: "5% is right for a filer." })).statusCode).toBe(200);
    expect((await cash()).allIn).toBe(false);
    expect((await decide(postEx._id, { status: "accepted" })).statusCode).toBe(200);
    expect(await list()).toMatchObject({ shortPayments: [], total: 0, unsettled: { count: 0, short: 0, over: 0 } });
    const settled = await list("?view=settled");
    expect(settled.shortPayments.map((s) => [s.courier, s.status, s.note])).toEqual([
      ["PostEx", "accepted", null],
      ["Leopards", "accepted", "5% is right for a filer."],
      ["TCS", "recovered", "Paid in PO-88410."],
    ]);
    const c = await cash();
    expect(c.shortPayments).toEqual({ count: 0, short: 0, over: 0 });
    expect(c.allIn).toBe(true);
  });

  it("reads the view and page from the address, and refuses ones it does not know", async () => {
    expect((await list("?view=settled&page=2")).shortPayments).toEqual([]);
    for (const query of ["?view=all", "?page=0", "?page=x"]) {
      const res = await call(t, admin, "GET", `/api/admin/short-payments${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});
