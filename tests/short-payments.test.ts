// Short payments through the admin API (issue 48): the parcels a courier's payment report paid less
// (or more) for than its terms say, listed with both sides' evidence, the owner's decisions with a
// note, and the dashboard that is not green while one is open or disputed. Parcels go through the
// real order workflow, and the couriers' payment reports through the real payment import
// (POST /api/admin/couriers/:id/imports), which finds the short payments.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { AdminDashboard } from "#shared/admin.ts";
import { orderNumber } from "#shared/orders.ts";
import { SHORT_PAYMENT_NOTE_MAX, type ShortPayment, type ShortPaymentList } from "#shared/short-payments.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { type Deliveries, deliveries } from "./support/deliveries.ts";
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

// Worked by hand from the seeded terms (migration 0029; tests/courier-terms.test.ts) for the first demo
// product, Rs.7,190 a pair after its discount. TCS, one pair: Rs.250 delivery (the first 500 g), no
// COD fee, tax 15% of 250 = 37.5 -> 38, withholding 2% of 7,190 = 143.8 -> 144: net 7,190 - 432 = 6,758.
const TCS_PAID = {
  collected: 7190,
  deliveryCharge: 250,
  codFee: 0,
  salesTax: 38,
  withholdingTax: 144,
  returnCharge: 0,
  net: 6758,
};

describe("short payments", () => {
  it("lists none while every payment matched its courier's terms; the dashboard is green", async () => {
    const matched = await parcels.delivered("TCS");
    expect(matched.totalAmount).toBe(7190);
    const report = await parcels.paymentReport("TCS", [{ parcel: matched, paid: TCS_PAID }]);
    expect(report.lines.map((l) => l.outcome)).toEqual(["paid"]);
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
    // TCS's report of 3 December: two parcels paid as its terms say, then, on line 4, two pairs
    // (Rs.14,380) charged Rs.750 of delivery instead of Rs.250. Its terms: 250 delivery, tax 38,
    // withholding 2% of 14,380 = 287.6 -> 288: net 14,380 - 576 = 13,804; the report's 13,304 is Rs.500 short.
    const payout = { payoutReference: "TCS-PO-88121", payoutDate: "2026-12-03" };
    const [first, second] = [await parcels.delivered("TCS"), await parcels.delivered("TCS")];
    const tcsOrder = await parcels.delivered("TCS", { pairs: 2 });
    const tcsExpected = { ...TCS_PAID, collected: 14380, withholdingTax: 288, net: 13804 };
    const tcsPaid = { ...tcsExpected, deliveryCharge: 750, net: 13304 };
    const tcsReport = await parcels.paymentReport(
      "TCS",
      [
        { parcel: first, paid: TCS_PAID, ...payout },
        { parcel: second, paid: TCS_PAID, ...payout },
        { parcel: tcsOrder, paid: tcsPaid, ...payout },
      ],
      "tcs-payments-3-dec.csv",
    );
    expect(tcsReport.lines.map((l) => [l.line, l.outcome])).toEqual([
      [2, "paid"],
      [3, "paid"],
      [4, "short"],
    ]);
    expect(tcsReport.lines[2]?.message).toContain("Rs.500 short");
    // Leopards took 5% withholding instead of 2%. Its terms for Rs.7,190: 200 delivery, COD fee 1% =
    // 71.9 -> 72, tax 15% of 272 = 40.8 -> 41, withholding 144: net 6,733. At 5%, 359.5 -> 360: net
    // 6,517, Rs.216 short.
    const leopardsOrder = await parcels.delivered("Leopards");
    const leopardsExpected = { ...TCS_PAID, deliveryCharge: 200, codFee: 72, salesTax: 41, net: 6733 };
    const leopardsPaid = { ...leopardsExpected, withholdingTax: 360, net: 6517 };
    await parcels.paymentReport("Leopards", [{ parcel: leopardsOrder, paid: leopardsPaid }]);
    // PostEx paid too much: no COD fee taken (its terms: 180 delivery, 4% of 7,190 = 287.6 -> 288,
    // tax 15% of 468 = 70.2 -> 70, withholding 144: net 6,508). Its report: tax 15% of 180 = 27 only,
    // net 7,190 - 351 = 6,839, Rs.331 over.
    const postExOrder = await parcels.delivered("PostEx");
    const postExPaid = { ...TCS_PAID, deliveryCharge: 180, codFee: 0, salesTax: 27, net: 6839 };
    await parcels.paymentReport("PostEx", [{ parcel: postExOrder, paid: postExPaid }]);

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
      codAmount: 14380,
      expected: tcsExpected,
      paid: tcsPaid,
      expectedNet: 13804,
      paidNet: 13304,
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
    expect(leopards).toMatchObject({ expected: leopardsExpected, paid: leopardsPaid, difference: -216 });
    expect(postEx).toMatchObject({ paid: postExPaid, difference: 331 });
    expect(postEx.expected).toMatchObject({ codFee: 288, salesTax: 70, net: 6508 });

    // Rs.500 + Rs.216 short, Rs.331 over.
    expect(unsettled.unsettled).toEqual({ count: 3, short: 716, over: 331 });
    const c = await cash();
    expect(c.shortPayments).toEqual({ count: 3, short: 716, over: 331 });
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
