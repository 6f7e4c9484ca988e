// Takings as the bank sees them and the cash still with each courier, through the admin API
// (issue 48): collected, less each kind of deduction, equals what reached the shop, today, over the
// last 7 Karachi days and by courier; the rider's hand-over has no deductions, a report from before
// migration 0029 knows only its charges (delivery charges here). Then each courier's unpaid cash by
// how late its payout is, the courier to call first first, and the same buckets read on given days
// across the end of November. Parcels go through the real order workflow, and their couriers'
// payment reports through the real payment import (POST /api/admin/couriers/:id/imports).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCashSummary } from "#server/couriers/cash.ts";
import type { AdminDashboard } from "#shared/admin.ts";
import type { PayoutAmounts } from "#shared/courier-terms.ts";
import { DEDUCTIONS, type Takings } from "#shared/takings.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { type Deliveries, deliveries } from "./support/deliveries.ts";
import { products, setStock, type TestProduct } from "./support/shoppers.ts";

let t: TestApp;
let parcels: Deliveries;
let dashboard: () => Promise<AdminDashboard>;
beforeAll(async () => {
  t = await createTestApp({ env: { MAX_OPEN_ORDERS: "100" } });
  const admin = await makeAdmin(t);
  const [product] = (await products(t, 1)) as [TestProduct];
  await setStock(t, product.id, product.sizes[0] as number, 500);
  parcels = await deliveries(t, admin, product);
  dashboard = async () => {
    const res = await call(t, admin, "GET", "/api/admin/dashboard");
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminDashboard>();
  };
  const handed = (orderId: string, amount: number) =>
    call(t, admin, "POST", `/api/admin/orders/${orderId}/cash`, { amount });
  handOver = async (orderId, amount) => expect((await handed(orderId, amount)).statusCode).toBe(200);
});
afterAll(() => t?.close());
let handOver: (orderId: string, amount: number) => Promise<void>;

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
/** A parcel the payment import settled, paid on a day before today. */
const settledOn = (orderId: string, at: string) =>
  t.database.db.execute(sql`update parcels set settled_at = ${at}::timestamptz where order_id = ${orderId}`);

/** The takings of these parcels, summed by hand; `unexplained` is what the net lacks beyond the deductions. */
function sumOf(amounts: PayoutAmounts[]): Takings {
  const total = (key: keyof PayoutAmounts) => amounts.reduce((sum, a) => sum + a[key], 0);
  const deductions = DEDUCTIONS.reduce((sum, kind) => sum + total(kind), 0);
  return {
    parcels: amounts.length,
    collected: total("collected"),
    deliveryCharge: total("deliveryCharge"),
    codFee: total("codFee"),
    salesTax: total("salesTax"),
    withholdingTax: total("withholdingTax"),
    returnCharge: total("returnCharge"),
    unexplained: total("collected") - deductions - total("net"),
    net: total("net"),
  };
}
const handed = (collected: number): PayoutAmounts => ({
  collected,
  deliveryCharge: 0,
  codFee: 0,
  salesTax: 0,
  withholdingTax: 0,
  returnCharge: 0,
  net: collected,
});

describe("takings as the bank sees them", () => {
  it("is collected, less each kind of deduction, today, this week and by courier", async () => {
    // The rider hands over Rs.4,000 of a parcel: nothing deducted.
    const rider = await parcels.delivered("Own rider");
    await handOver(rider._id, 4000);
    // TCS's report from before migration 0029: only its charges known, Rs.300, counted as delivery.
    const tcsOld = await parcels.delivered("TCS");
    await t.database.db.execute(
      sql`update parcels set settled_at = now(), settled_via = 'report', collected_amount = ${tcsOld.totalAmount},
            charges = 300 where order_id = ${tcsOld._id}`,
    );
    const tcsOldAmounts = { ...handed(tcsOld.totalAmount), deliveryCharge: 300, net: tcsOld.totalAmount - 300 };
    // Worked by hand from the seeded terms (migration 0029; tests/courier-terms.test.ts) for the first
    // demo product, Rs.7,190 a pair after its discount.
    // Leopards pays as its terms say, each deduction itemised: Rs.200 delivery, COD fee 1% = 71.9 -> 72,
    // tax 15% of 272 = 40.8 -> 41, withholding 2% of 7,190 = 143.8 -> 144: net 7,190 - 457 = 6,733.
    const leopards = await parcels.delivered("Leopards");
    expect(leopards.totalAmount).toBe(7190);
    const leopardsPaid = {
      collected: 7190,
      deliveryCharge: 200,
      codFee: 72,
      salesTax: 41,
      withholdingTax: 144,
      returnCharge: 0,
      net: 6733,
    };
    const leopardsReport = await parcels.paymentReport("Leopards", [{ parcel: leopards, paid: leopardsPaid }]);
    expect(leopardsReport.lines.map((l) => l.outcome)).toEqual(["paid"]);
    // PostEx brings a refused parcel back: nothing collected, its delivery (180), return charge (100)
    // and their tax (15% of 280 = 42) owed.
    const refused = await parcels.refused("PostEx");
    const refusedPaid = {
      collected: 0,
      deliveryCharge: 180,
      codFee: 0,
      salesTax: 42,
      withholdingTax: 0,
      returnCharge: 100,
      net: -322,
    };
    const refusedReport = await parcels.paymentReport("PostEx", [{ parcel: refused, paid: refusedPaid }]);
    expect(refusedReport.lines.map((l) => l.outcome)).toEqual(["returnCharge"]);
    // Trax's report says a net Rs.50 below its own deductions' arithmetic: the Rs.50 is named apart.
    // Its terms: Rs.170 delivery, COD fee 2.5% = 179.75 -> 180, tax 15% of 350 = 52.5 -> 53 (half up),
    // withholding 144: net 7,190 - 547 = 6,643; the report says 6,593.
    const trax = await parcels.delivered("Trax");
    const traxPaid = { ...leopardsPaid, deliveryCharge: 170, codFee: 180, salesTax: 53, net: 6593 };
    const traxReport = await parcels.paymentReport("Trax", [{ parcel: trax, paid: traxPaid }]);
    expect(traxReport.lines[0]?.message).toContain("Rs.50 short");
    // Three days ago: TCS charged Rs.500 too much delivery (this week, not today). Two pairs,
    // Rs.14,380: Rs.750 delivery instead of 250, tax 15% of 250 = 37.5 -> 38, withholding 2% = 287.6
    // -> 288, no COD fee: net 14,380 - 1,076 = 13,304 (the terms' 13,804 less 500).
    const tcsShort = await parcels.delivered("TCS", { pairs: 2 });
    const tcsShortPaid = {
      collected: 14380,
      deliveryCharge: 750,
      codFee: 0,
      salesTax: 38,
      withholdingTax: 288,
      returnCharge: 0,
      net: 13304,
    };
    const tcsReport = await parcels.paymentReport("TCS", [{ parcel: tcsShort, paid: tcsShortPaid }]);
    expect(tcsReport.lines[0]?.message).toContain("Rs.500 short");
    await settledOn(tcsShort._id, ago(3));
    // Eight days ago: outside the week. Call Courier's terms: Rs.180 delivery, COD fee 1% = 71.9 ->
    // 72, tax 15% of 252 = 37.8 -> 38, withholding 144: net 6,756.
    const old = await parcels.delivered("Call Courier");
    const oldPaid = { ...leopardsPaid, deliveryCharge: 180, codFee: 72, salesTax: 38, net: 6756 };
    const oldReport = await parcels.paymentReport("Call Courier", [{ parcel: old, paid: oldPaid }]);
    expect(oldReport.lines.map((l) => l.outcome)).toEqual(["paid"]);
    await settledOn(old._id, ago(8));

    const d = await dashboard();
    const todays = [handed(4000), tcsOldAmounts, leopardsPaid, refusedPaid, traxPaid];
    expect(d.cash.takings.today).toEqual(sumOf(todays));
    expect(d.cash.takings.today.unexplained).toBe(50);
    expect(d.cash.takings.week).toEqual(sumOf([...todays, tcsShortPaid]));
    for (const takings of [d.cash.takings.today, d.cash.takings.week, ...d.cash.takings.byCourier]) {
      const deductions = DEDUCTIONS.reduce((sum, kind) => sum + takings[kind], 0);
      expect(takings.collected - deductions - takings.unexplained).toBe(takings.net);
    }
    const byCourier = Object.fromEntries(
      d.cash.takings.byCourier.map(({ courier, courierId, ...rest }) => [courier, rest]),
    );
    expect(byCourier).toEqual({
      "Own rider": sumOf([handed(4000)]),
      TCS: sumOf([tcsOldAmounts, tcsShortPaid]),
      Leopards: sumOf([leopardsPaid]),
      PostEx: sumOf([refusedPaid]),
      Trax: sumOf([traxPaid]),
    });
    const collectedOrder = d.cash.takings.byCourier.map((c) => c.collected);
    expect(collectedOrder).toEqual([...collectedOrder].sort((a, b) => b - a));
    // The takings figures and the chart's last day are what reached the shop; collected stays beside them.
    expect([d.today.revenue, d.week.revenue]).toEqual([d.cash.takings.today.net, d.cash.takings.week.net]);
    expect(d.sales.days.at(-1)?.takings).toBe(d.cash.takings.today.net);
    expect([d.cash.collectedToday, d.cash.collectedWeek]).toEqual([
      d.cash.takings.today.collected,
      d.cash.takings.week.collected,
    ]);
    expect(d.cash.takings.today.net).toBeLessThan(d.cash.takings.today.collected);
  });
});

describe("the cash still with each courier, and how long", () => {
  const none = { parcels: 0, amount: 0 };
  it("buckets each courier's unpaid parcels by days past the payout due, the courier to call first first", async () => {
    // Whatever today's weekday: a weekly payout is due 1 to 7 days after the delivery.
    const tcs = await parcels.delivered("TCS", { pairs: 2, at: ago(30) }); // due 23-29 days ago
    const leopards = await parcels.delivered("Leopards", { at: ago(40) }); // due 33-39 days ago
    const postExLate = await parcels.delivered("PostEx", { at: ago(10) }); // within 24 h: due 9 days ago
    const postExNew = await parcels.delivered("PostEx", { at: new Date(Date.now() - 2 * 3_600_000).toISOString() });
    const rider = await parcels.delivered("Own rider", { at: ago(3) }); // no terms: due at the delivery

    const { withCouriers } = (await dashboard()).cash;
    expect(withCouriers.map((c) => c.courier)).toEqual(["TCS", "Leopards", "PostEx", "Own rider"]);
    const [tcsCash, leopardsCash, postExCash, riderCash] = withCouriers;
    expect(tcsCash?.aging).toEqual({
      notDue: none,
      late0to7: none,
      late8to14: none,
      late15plus: { parcels: 1, amount: tcs.totalAmount },
    });
    expect(tcsCash?.oldestDaysLate).toBeGreaterThanOrEqual(23);
    expect(tcsCash?.oldestDaysLate).toBeLessThanOrEqual(29);
    expect(leopardsCash?.aging.late15plus).toEqual({ parcels: 1, amount: leopards.totalAmount });
    expect(postExCash).toMatchObject({
      parcels: 2,
      amount: postExLate.totalAmount + postExNew.totalAmount,
      aging: {
        notDue: { parcels: 1, amount: postExNew.totalAmount },
        late0to7: none,
        late8to14: { parcels: 1, amount: postExLate.totalAmount },
        late15plus: none,
      },
      oldestDaysLate: 9,
    });
    expect(riderCash).toMatchObject({
      aging: { late0to7: { parcels: 1, amount: rider.totalAmount } },
      oldestDaysLate: 3,
    });
    expect((await dashboard()).cash.allIn).toBe(false);
  });

  it("reads the buckets on given days across the end of November, on this database", async () => {
    // Only these two parcels unpaid: the ones before are paid.
    await t.database.db.execute(
      sql`update parcels set settled_at = now(), settled_via = 'report', collected_amount = cod_amount, charges = 0
          where settled_at is null`,
    );
    // Delivered on Monday 30 November 2026 at 2 pm in Karachi; TCS pays on Thursdays, PostEx within
    // 24 hours (due 1 December, 2 pm).
    const delivered = "2026-11-30T14:00:00+05:00";
    const tcs = await parcels.delivered("TCS", { at: delivered });
    const postEx = await parcels.delivered("PostEx", { at: delivered });
    const on = async (day: string) => {
      const summary = await loadCashSummary(t.database.db, Date.parse(`${day}T10:00:00+05:00`));
      const of = (name: string, amount: number) => {
        const courier = summary.withCouriers.find((c) => c.courier === name);
        expect(courier?.amount).toBe(amount);
        const [bucket] = Object.entries(courier?.aging ?? {}).filter(([, b]) => b.parcels === 1);
        return [bucket?.[0], courier?.oldestDaysLate];
      };
      return { tcs: of("TCS", tcs.totalAmount), postEx: of("PostEx", postEx.totalAmount) };
    };
    // At 10 am: TCS's Thursday is 3 December; PostEx is due at 2 pm on the 1st.
    expect(await on("2026-12-01")).toEqual({ tcs: ["notDue", null], postEx: ["notDue", null] });
    expect(await on("2026-12-08")).toEqual({ tcs: ["late0to7", 5], postEx: ["late0to7", 7] });
    expect(await on("2026-12-16")).toEqual({ tcs: ["late8to14", 13], postEx: ["late15plus", 15] });
    expect(await on("2026-12-20")).toEqual({ tcs: ["late15plus", 17], postEx: ["late15plus", 19] });
  });
});
