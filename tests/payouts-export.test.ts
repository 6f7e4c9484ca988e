// The accountant's payouts export (issue 48) through the admin API: one row per parcel settled in
// the period's Karachi days (by a payment report or by hand), with what the courier's current terms
// say it should have paid (worked by hand below from migration 0029's seeded terms), the report's
// deductions, the difference and the short payment's status; a refused parcel owes its charges; the
// own rider has no expectation; amounts bare so a spreadsheet sums them; formulas defused; a bad
// period is a 400 that says what is wrong. The payment import that fills the deductions is built
// beside this, so the tests write a report's settlement straight into parcels.
import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Order, orderNumber } from "#shared/orders.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { type Deliveries, deliveries, type Parcel } from "./support/deliveries.ts";
import { makeShopper, products, type Shopper, setStock, type TestProduct } from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper;
let product: TestProduct;
let parcels: Deliveries;
beforeAll(async () => {
  t = await createTestApp({ env: { MAX_OPEN_ORDERS: "100" } });
  admin = await makeAdmin(t);
  [product] = (await products(t, 1)) as [TestProduct];
  await setStock(t, product.id, product.sizes[0] as number, 500);
  parcels = await deliveries(t, admin, product);
});
afterAll(() => t?.close());

const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Karachi" }).format(new Date());
const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function ok(answer: Promise<{ statusCode: number; body: string }>) {
  const res = await answer;
  expect(res.statusCode, res.body).toBe(200);
}

/** A confirmed order dispatched with `via` (a tracking number for a company), of its own customer. */
async function dispatched(via: string): Promise<Parcel> {
  const { order, trackingNumber } = await parcels.dispatched(via);
  return { ...order, trackingNumber };
}

const deliver = (o: Order) => ok(call(t, admin, "POST", `/api/admin/orders/${o._id}/status`, { status: "delivered" }));

/** What a courier's payment report states for a parcel (the import's job, written here directly). */
async function settleByReport(
  o: Order,
  report: {
    cod: number;
    collected: number;
    delivery: number;
    codFee?: number;
    tax: number;
    withholding?: number;
    returned?: number;
    net: number;
    reference: string;
    at?: string;
  },
) {
  const charges =
    report.delivery + (report.codFee ?? 0) + report.tax + (report.withholding ?? 0) + (report.returned ?? 0);
  await t.database.db.execute(
    sql`update parcels set cod_amount = ${report.cod}, collected_amount = ${report.collected}, charges = ${charges},
          delivery_charge = ${report.delivery}, cod_fee = ${report.codFee ?? 0}, sales_tax = ${report.tax},
          withholding_tax = ${report.withholding ?? 0}, return_charge = ${report.returned ?? 0},
          net_paid = ${report.net}, payout_reference = ${report.reference}, payout_date = ${day(0)}::date,
          settled_at = coalesce(${report.at ?? null}::timestamptz, now()), settled_via = 'report'
        where order_id = ${o._id}`,
  );
}

async function shortPayment(o: Order, courierId: string, expected: number, paid: number, status: string) {
  await t.database.db.execute(
    sql`insert into short_payments (order_id, courier_id, expected_net, paid_net, difference, expected, paid, status)
        values (${o._id}, ${courierId}, ${expected}, ${paid}, ${paid - expected}, '{}'::jsonb, '{}'::jsonb, ${status})`,
  );
}

const get = (url: string, who: { headers: Record<string, string> } = admin) => call(t, who, "GET", url);
const parse = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;

/** The export's rows as objects keyed by the header, each the order's row. */
async function exported(from: string, to: string) {
  const res = await get(`/api/admin/exports/payouts.csv?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...rows] = parse(res.body) as [string[], ...string[][]];
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])));
}
const rowOf = (rows: Record<string, string | undefined>[], o: Order) =>
  rows.find((r) => r["Order number"] === orderNumber(o._id));

let exact: Parcel;
let short: Parcel;
let refused: Parcel;
let byHand: Parcel;
let unsettled: Parcel;

describe("the payouts export", () => {
  beforeAll(async () => {
    // TCS delivers Rs.3,000 (by weight, first 500 g): Rs.250, tax 15% of 250 = 37.5 -> 38, withholding
    // 2% of 3,000 = 60: it should pay 3,000 - 348 = 2,652, and does.
    exact = await dispatched("TCS");
    await deliver(exact);
    await settleByReport(exact, {
      cod: 3000,
      collected: 3000,
      delivery: 250,
      tax: 38,
      withholding: 60,
      net: 2652,
      reference: "TCS-PAY-0412",
    });
    // Another Rs.3,000 that TCS paid Rs.2,500 for: Rs.152 short, and the owner is chasing it.
    short = await dispatched("TCS");
    await deliver(short);
    await settleByReport(short, {
      cod: 3000,
      collected: 3000,
      delivery: 400,
      tax: 40,
      withholding: 60,
      net: 2500,
      reference: '=HYPERLINK("http://evil.example","x")',
    });
    await shortPayment(short, parcels.courier("TCS"), 2652, 2500, "disputed");
    // Refused at the door with Leopards: nothing collected; its Rs.200 delivery and Rs.120 return
    // with 15% tax on 320 = 48 are owed: -368. The report took -400: Rs.32 more than the terms.
    refused = await dispatched("Leopards");
    await ok(call(t, admin, "POST", `/api/admin/orders/${refused._id}/return`, { as: "refused" }));
    await settleByReport(refused, {
      cod: 3000,
      collected: 0,
      delivery: 200,
      tax: 80,
      returned: 120,
      net: -400,
      reference: "LEO-77",
    });
    await shortPayment(refused, parcels.courier("Leopards"), -368, -400, "open");
    // The own rider hands the cash over: settled by hand, no terms, no expectation.
    byHand = await dispatched("Own rider");
    await deliver(byHand);
    await ok(call(t, admin, "POST", `/api/admin/orders/${byHand._id}/cash`, { amount: byHand.totalAmount }));
    // Delivered, its cash still with TCS: not a payout yet.
    unsettled = await dispatched("TCS");
    await deliver(unsettled);
  });

  it("downloads as a CSV named for its period that Excel opens right", async () => {
    const res = await get(`/api/admin/exports/payouts.csv?from=${day(-30)}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="payouts-${day(-30)}-to-${today}.csv"`);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.body.replace(/\r\n/g, "")).not.toContain("\n");
    expect(parse(res.body)[0]).toEqual([
      "Settled (Karachi date)",
      "Courier",
      "Tracking number",
      "Order number",
      "Outcome",
      "COD amount (Rs.)",
      "Expected net (Rs.)",
      "Collected (Rs.)",
      "Delivery charge (Rs.)",
      "COD fee (Rs.)",
      "Sales tax (Rs.)",
      "Withholding tax (Rs.)",
      "Return charge (Rs.)",
      "Net paid (Rs.)",
      "Difference (Rs.)",
      "Payout reference",
      "Payout date",
      "Short payment",
    ]);
    // Amounts are bare numbers: the exact TCS row's line ends in them, not in "Rs.2,652".
    expect(res.body).toContain(`"${orderNumber(exact._id)}","delivered",3000,2652,3000,250,0,38,60,0,2652,0,`);
  });

  it("has a row for each parcel settled in the period, and none for cash still out", async () => {
    const rows = await exported(day(-30), today);
    expect(rows.map((r) => r["Order number"]).sort()).toEqual(
      [exact, short, refused, byHand].map((o) => orderNumber(o._id)).sort(),
    );
    expect(rowOf(rows, unsettled)).toBeUndefined();
    expect(rowOf(rows, exact)).toEqual({
      "Settled (Karachi date)": today,
      Courier: "TCS",
      "Tracking number": exact.trackingNumber,
      "Order number": orderNumber(exact._id),
      Outcome: "delivered",
      "COD amount (Rs.)": "3000",
      "Expected net (Rs.)": "2652",
      "Collected (Rs.)": "3000",
      "Delivery charge (Rs.)": "250",
      "COD fee (Rs.)": "0",
      "Sales tax (Rs.)": "38",
      "Withholding tax (Rs.)": "60",
      "Return charge (Rs.)": "0",
      "Net paid (Rs.)": "2652",
      "Difference (Rs.)": "0",
      "Payout reference": "TCS-PAY-0412",
      "Payout date": today,
      "Short payment": "",
    });
  });

  it("a short payment: its difference and the owner's status for it; a formula in the report defused", async () => {
    const row = rowOf(await exported(day(-30), today), short);
    expect(row).toMatchObject({
      "Expected net (Rs.)": "2652",
      "Net paid (Rs.)": "2500",
      "Difference (Rs.)": "-152",
      "Short payment": "disputed",
      "Payout reference": '\'=HYPERLINK("http://evil.example","x")',
    });
  });

  it("a refused parcel: nothing collected, its charges owed, judged by the refusal's terms", async () => {
    const row = rowOf(await exported(day(-30), today), refused);
    expect(row).toMatchObject({
      Courier: "Leopards",
      Outcome: "refused at the door",
      "COD amount (Rs.)": "3000",
      "Expected net (Rs.)": "-368",
      "Collected (Rs.)": "0",
      "Delivery charge (Rs.)": "200",
      "Sales tax (Rs.)": "80",
      "Return charge (Rs.)": "120",
      "Net paid (Rs.)": "-400",
      "Difference (Rs.)": "-32",
      "Short payment": "open",
    });
  });

  it("the own rider's cash handed over: no expectation, no deductions, no difference", async () => {
    const row = rowOf(await exported(day(-30), today), byHand);
    expect(row).toMatchObject({
      Courier: "Own rider",
      "Tracking number": "",
      Outcome: "delivered",
      "COD amount (Rs.)": String(byHand.totalAmount),
      "Expected net (Rs.)": "",
      "Collected (Rs.)": String(byHand.totalAmount),
      "Net paid (Rs.)": "",
      "Difference (Rs.)": "",
      "Short payment": "",
    });
  });

  it("reads the courier's current terms: the owner's own, once saved", async () => {
    // Flat Rs.200, 1% COD fee (30), tax 15% of 230 = 34.5 -> 35, 2% withholding 60: 3,000 - 325 = 2,675.
    const saved = await call(t, admin, "PUT", `/api/admin/couriers/${parcels.courier("TCS")}/terms`, {
      deliveryBy: "flat",
      deliveryCharge: 200,
      codFeePercent: 1,
      salesTaxPercent: 15,
      withholdingPercent: 2,
      returnCharge: 150,
      payoutCycle: "weekly",
      payoutWeekday: 4,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = rowOf(await exported(day(-30), today), exact);
    expect(row).toMatchObject({ "Expected net (Rs.)": "2675", "Net paid (Rs.)": "2652", "Difference (Rs.)": "-23" });
  });

  it("counts Karachi days: from the first midnight of the period to the last day's end", async () => {
    // Delivered Rs.1,000 with TCS, settled at Karachi midnight 20 days ago, and one a second before it.
    const onTheDay = await dispatched("TCS");
    await deliver(onTheDay);
    await settleByReport(onTheDay, {
      ...{ cod: 1000, collected: 1000, delivery: 200, tax: 32, withholding: 20, net: 748 },
      reference: "DAY",
      at: `${day(-20)}T00:00:00+05:00`,
    });
    const dayBefore = await dispatched("TCS");
    await deliver(dayBefore);
    await settleByReport(dayBefore, {
      ...{ cod: 1000, collected: 1000, delivery: 200, tax: 32, withholding: 20, net: 748 },
      reference: "BEFORE",
      at: `${day(-21)}T23:59:59+05:00`,
    });
    const theDay = await exported(day(-20), day(-20));
    expect(theDay.map((r) => r["Order number"])).toEqual([orderNumber(onTheDay._id)]);
    expect(theDay[0]?.["Settled (Karachi date)"]).toBe(day(-20));
    const before = await exported(day(-21), day(-21));
    expect(before.map((r) => r["Order number"])).toEqual([orderNumber(dayBefore._id)]);
    // The month so far leaves both out; a period reaching back takes them in, oldest first.
    expect(rowOf(await exported(day(-19), today), onTheDay)).toBeUndefined();
    const wide = await exported(day(-25), today);
    expect(wide.slice(0, 2).map((r) => r["Order number"])).toEqual([
      orderNumber(dayBefore._id),
      orderNumber(onTheDay._id),
    ]);
    expect(await exported("2020-01-01", "2020-12-31")).toEqual([]);
  });
});

describe("a bad period", () => {
  it.each([
    ["no period at all", "", /first day \(from\)/],
    ["no last day", `?from=${today}`, /last day \(to\)/],
    ["an empty first day", `?from=&to=${today}`, /Choose the period's first day/],
    ["a day that is no date", `?from=yesterday&to=${today}`, /first day \(from\) must be a date like 2026-11-01/],
    ["the 30th of February", "?from=2026-02-01&to=2026-02-30", /last day \(to\) must be a date/],
    ["a day in another form", "?from=01/11/2026&to=2026-11-30", /first day \(from\) must be a date/],
    ["a period that ends before it starts", "?from=2026-11-30&to=2026-11-01", /ends before it starts/],
    ["367 days", "?from=2025-01-01&to=2026-01-02", /at most 366 days/],
  ])("%s: 400 that says so", async (_what, query, message) => {
    const res = await get(`/api/admin/exports/payouts.csv${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(message);
  });

  it("a leap year of 366 days is a period", async () => {
    expect((await get("/api/admin/exports/payouts.csv?from=2024-01-01&to=2024-12-31")).statusCode).toBe(200);
  });

  it("is for the admin only", async () => {
    const url = `/api/admin/exports/payouts.csv?from=${today}&to=${today}`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await get(url, await makeShopper(t))).statusCode).toBe(403);
  });
});
