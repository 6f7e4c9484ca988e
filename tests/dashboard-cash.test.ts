// The dashboard's money through the admin API (issue 32, part 4): takings are cash that reached the
// shop (the own rider's handed over, or a courier's payment report less its charges: issue 48,
// tests/takings.test.ts), by Karachi day; the cash a courier or the rider still holds for delivered
// parcels, by courier (how late: tests/cash-aging.test.ts); what parcels on the road should
// bring; and nothing for a cancelled or refused parcel. Waiting counts: confirmed orders to dispatch
// and parcels on the road. A report's settlement is written straight into parcels (the payment import
// is built beside this), and so are the settlement times of the Karachi-midnight checks.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminDashboard } from "#shared/admin.ts";
import type { CourierCash } from "#shared/couriers.ts";
import type { Order } from "#shared/orders.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { type Deliveries, deliveries } from "./support/deliveries.ts";
import type { TestProduct } from "./support/shoppers.ts";
import { products, type Shopper, setStock } from "./support/shoppers.ts";

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

const dashboard = async () => {
  const res = await call(t, admin, "GET", "/api/admin/dashboard");
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminDashboard>();
};

/** A confirmed order of `pairs` pairs, from a customer of its own. */
const confirmed = (pairs = 1): Promise<Order> => parcels.confirmed(pairs);
const dispatch = (o: Order, via: string) => parcels.dispatch(o, via);

async function ok(answer: Promise<{ statusCode: number; body: string }>) {
  const res = await answer;
  expect(res.statusCode, res.body).toBe(200);
}

const move = (o: Order, status: string) => ok(call(t, admin, "POST", `/api/admin/orders/${o._id}/status`, { status }));
const handOver = (o: Order, amount = o.totalAmount) =>
  call(t, admin, "POST", `/api/admin/orders/${o._id}/cash`, { amount });

const nothingTaken = {
  parcels: 0,
  collected: 0,
  deliveryCharge: 0,
  codFee: 0,
  salesTax: 0,
  withholdingTax: 0,
  returnCharge: 0,
  unexplained: 0,
  net: 0,
};
const noCash = {
  collectedToday: 0,
  collectedWeek: 0,
  takings: { today: nothingTaken, week: nothingTaken, byCourier: [] },
  withCouriers: [],
  onTheRoad: { parcels: 0, amount: 0 },
  shortPayments: { count: 0, short: 0, over: 0 },
  allIn: true,
};

/** One delivered parcel's cash with its courier: due (days late) or, without a number, not yet due. */
function held(courierId: string, name: string, amount: number, daysLate: number | null): CourierCash {
  const none = { parcels: 0, amount: 0 };
  const bucket = daysLate === null ? "notDue" : "late0to7";
  return {
    courierId,
    courier: name,
    parcels: 1,
    amount,
    aging: { notDue: none, late0to7: none, late8to14: none, late15plus: none, [bucket]: { parcels: 1, amount } },
    oldestDaysLate: daysLate,
  };
}

describe("the dashboard's money", () => {
  it("is all zero before any parcel", async () => {
    const d = await dashboard();
    expect(d.cash).toEqual(noCash);
    expect([d.today.revenue, d.week.revenue]).toEqual([0, 0]);
  });

  let riderDelivered: Order;
  let tcsDelivered: Order;
  let leopardsOnTheWay: Order;
  it("counts each parcel once: taken, still with its courier, on the road, or nowhere", async () => {
    // Waiting to go out: confirmed, not dispatched; no cash anywhere yet.
    const waiting = await confirmed();
    expect((await dashboard()).cash).toEqual(noCash);

    riderDelivered = await confirmed(2);
    await dispatch(riderDelivered, "Own rider");
    await move(riderDelivered, "delivered");
    tcsDelivered = await confirmed(3);
    await dispatch(tcsDelivered, "TCS");
    await move(tcsDelivered, "delivered");
    leopardsOnTheWay = await confirmed(1);
    await dispatch(leopardsOnTheWay, "Leopards");
    // Dispatched, then cancelled; dispatched, then refused at the door: neither brings cash.
    const cancelled = await confirmed();
    await dispatch(cancelled, "TCS");
    await move(cancelled, "cancelled");
    const refused = await confirmed();
    await dispatch(refused, "Leopards");
    await ok(call(t, admin, "POST", `/api/admin/orders/${refused._id}/return`, { as: "refused" }));

    const before = await dashboard();
    // The rider has not handed the cash over yet: it is with the rider, like TCS's with TCS. The
    // rider owes it from the delivery (0 days late, first); TCS pays next Thursday (not yet due).
    expect(before.cash).toEqual({
      ...noCash,
      withCouriers: [
        held(parcels.courier("Own rider"), "Own rider", riderDelivered.totalAmount, 0),
        held(parcels.courier("TCS"), "TCS", tcsDelivered.totalAmount, null),
      ],
      onTheRoad: { parcels: 1, amount: leopardsOnTheWay.totalAmount },
      allIn: false,
    });
    expect(before.byStatus).toMatchObject({ confirm: 1, dispatched: 1, delivered: 2, cancelled: 2 });
    expect(before.waiting.confirm).toBe(1);
    expect([before.today.revenue, before.week.revenue]).toEqual([0, 0]);

    // The rider hands it over: taken today and this week, no longer with the rider.
    expect((await handOver(riderDelivered)).statusCode).toBe(200);
    const after = await dashboard();
    expect(after.cash.collectedToday).toBe(riderDelivered.totalAmount);
    expect(after.cash.collectedWeek).toBe(riderDelivered.totalAmount);
    expect([after.today.revenue, after.week.revenue]).toEqual([riderDelivered.totalAmount, riderDelivered.totalAmount]);
    expect(after.cash.withCouriers).toEqual([held(parcels.courier("TCS"), "TCS", tcsDelivered.totalAmount, null)]);
    expect(after.cash.onTheRoad).toEqual(before.cash.onTheRoad);
    // Handed over a waiting order's "cash": refused, nothing changes.
    expect((await handOver(waiting)).statusCode).toBe(409);
    expect((await dashboard()).cash).toEqual(after.cash);
  });

  it("moves a parcel's cash along as it is delivered and as the courier's report settles it", async () => {
    const start = await dashboard();
    await move(leopardsOnTheWay, "delivered");
    const delivered = await dashboard();
    expect(delivered.cash.onTheRoad).toEqual({ parcels: 0, amount: 0 });
    expect(delivered.cash.withCouriers).toContainEqual(
      held(parcels.courier("Leopards"), "Leopards", leopardsOnTheWay.totalAmount, null),
    );
    // TCS's payment report (one from before the reports were itemised) pays for its parcel, less
    // its charges: the cash collected came in, and the takings are what reached the shop.
    await t.database.db.execute(
      sql`update parcels set settled_at = now(), settled_via = 'report', collected_amount = ${tcsDelivered.totalAmount},
            charges = 180 where order_id = ${tcsDelivered._id}`,
    );
    const settled = await dashboard();
    expect(settled.cash.collectedToday - start.cash.collectedToday).toBe(tcsDelivered.totalAmount);
    expect(settled.today.revenue - start.today.revenue).toBe(tcsDelivered.totalAmount - 180);
    expect(settled.today.revenue).toBe(settled.cash.takings.today.net);
    expect(settled.cash.withCouriers.map((c) => c.courier)).toEqual(["Leopards"]);
  });

  it("counts takings by the Karachi day the cash came in: today from midnight, the week as 7 days", async () => {
    const base = await dashboard();
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Karachi" }).format(new Date());
    const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    // Karachi is UTC+5 all year. Midnight today; a second before; the first second of 6 days ago
    // (the week's first day); a second before that.
    const at = [
      `${today}T00:00:00+05:00`,
      `${day(-1)}T23:59:59+05:00`,
      `${day(-6)}T00:00:00+05:00`,
      `${day(-7)}T23:59:59+05:00`,
    ];
    const amounts = [1000, 200, 30, 4];
    for (const [i, when] of at.entries()) {
      const o = await confirmed();
      await dispatch(o, "Own rider");
      await move(o, "delivered");
      expect((await handOver(o, amounts[i])).statusCode).toBe(200);
      await t.database.db.execute(sql`update parcels set settled_at = ${when}::timestamptz where order_id = ${o._id}`);
    }
    const d = await dashboard();
    expect(d.cash.collectedToday - base.cash.collectedToday).toBe(1000);
    expect(d.cash.collectedWeek - base.cash.collectedWeek).toBe(1230);
    // Handed over by the rider: no deductions, so the takings grow by as much.
    expect(d.today.revenue - base.today.revenue).toBe(1000);
    expect(d.week.revenue - base.week.revenue).toBe(1230);
    expect([d.today.revenue, d.week.revenue]).toEqual([d.cash.takings.today.net, d.cash.takings.week.net]);
  });
});
