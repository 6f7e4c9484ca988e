// The delivery report through the admin API (issue 32, part 5): orders placed and moved the way the
// owner moves them (confirm, dispatch with a courier, delivered, refused or returned, lost,
// cancelled), then the exact counts, rates and refusal costs of the last 30 and 90 days, in all, by
// courier, by area, by week (weeks without orders included) and by the owner's risk rule the orders
// matched, and the customers who refused most, whose refusals show on their orders too. Anything but days=30 or 90 is a 400 with a clear message.
// The couriers' charges are written straight into parcels (the payment import sets them in the shop),
// and a few orders are moved back in time with an UPDATE: nothing in the API places an order last month.
// The rules an order matched are written straight into orders.risk_rules too, after its steps (the
// owner's confirm waits for the customer on a confirmFirst one), as placing it would have.
import { randomInt, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminOrderList } from "#shared/admin.ts";
import type { Courier } from "#shared/couriers.ts";
import type { DeliveryReport, DeliveryRow } from "#shared/delivery-report.ts";
import type { Order } from "#shared/orders.ts";
import type { MatchedRule } from "#shared/risk-rules.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import {
  ADDRESS,
  makeShopper,
  orderBody,
  placeOrder,
  products,
  type Shopper,
  setStock,
  type TestProduct,
} from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper;
let product: TestProduct;
let courierIds: Record<"TCS" | "Leopards" | "Own rider", string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
  [product] = (await products(t, 1)) as [TestProduct];
  await setStock(t, product.id, product.sizes[0] as number, 500);
  const { couriers } = (await call(t, admin, "GET", "/api/admin/couriers")).json<{ couriers: Courier[] }>();
  const idOf = (name: string) => {
    const courier = couriers.find((c) => c.name === name);
    if (!courier) throw new Error(`no courier ${name}`);
    return courier._id;
  };
  courierIds = { TCS: idOf("TCS"), Leopards: idOf("Leopards"), "Own rider": idOf("Own rider") };
});
afterAll(() => t?.close());

type Step =
  | "confirm"
  | "delivered"
  | "cancelled"
  | "lost"
  | { dispatch: keyof typeof courierIds }
  | { comesBack: "refused" | "returned"; charges?: number };

/** Each customer's own phone number, so their history (by account or phone) is theirs alone. */
const phones = new Map<string, string>();
const phoneOf = (shopper: Shopper) => {
  if (!phones.has(shopper.id)) phones.set(shopper.id, `03${randomInt(100_000_000, 999_999_999)}`);
  return phones.get(shopper.id) as string;
};

/** Places an order of one pair (Rs. the product's price) and takes it through the owner's steps. */
async function order(shopper: Shopper, area: string | null, ...steps: Step[]): Promise<Order> {
  const res = await placeOrder(
    t,
    shopper,
    orderBody(shopper, [{ product, size: product.sizes[0] as number, quantity: 1 }], {
      shippingAddress: { ...ADDRESS, email: shopper.email, phoneNumber: phoneOf(shopper), ...(area ? { area } : {}) },
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const placed = res.json<Order>();
  for (const step of steps) {
    const answer =
      typeof step === "string"
        ? await call(t, admin, "POST", `/api/admin/orders/${placed._id}/status`, { status: step })
        : "dispatch" in step
          ? await call(t, admin, "POST", `/api/admin/orders/${placed._id}/dispatch`, {
              courierId: courierIds[step.dispatch],
              ...(step.dispatch === "Own rider" ? {} : { trackingNumber: `KHI${randomInt(1e8, 1e9)}` }),
            })
          : await call(t, admin, "POST", `/api/admin/orders/${placed._id}/return`, { as: step.comesBack });
    expect(answer.statusCode, answer.body).toBe(200);
    if (typeof step === "object" && "comesBack" in step && step.charges !== undefined) {
      await t.database.db.execute(sql`update parcels set charges = ${step.charges} where order_id = ${placed._id}`);
    }
  }
  return placed;
}

/** Moves an order's placing back to `at` (the report counts orders by the day they were placed). */
const placedAt = (id: string, at: string) =>
  t.database.db.execute(sql`update orders set created_at = ${at}::timestamptz where id = ${id}`);

async function report(days?: string): Promise<DeliveryReport> {
  const res = await call(t, admin, "GET", `/api/admin/reports/delivery${days === undefined ? "" : `?days=${days}`}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DeliveryReport>();
}

/** Today in Karachi, YYYY-MM-DD, by the test's own clock. */
const karachiDay = (ms = Date.now()) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Karachi" }).format(new Date(ms));
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

const counts = (row: DeliveryRow) => ({
  orders: row.orders,
  delivered: row.delivered,
  refused: row.refused,
  cancelled: row.cancelled,
  lostDamaged: row.lostDamaged,
  open: row.open,
  refusalCost: row.refusalCost,
  refusedWithoutCharges: row.refusedWithoutCharges,
});
const zero = { orders: 0, delivered: 0, refused: 0, cancelled: 0, lostDamaged: 0, open: 0 };
const noRates = { delivered: 0, refused: 0, cancelled: 0, lostDamaged: 0, open: 0 };

function expectWholeWeeks(r: DeliveryReport) {
  // Every Monday from the period's first week to this week, once, in order, cut at the period's ends.
  const expected: string[] = [];
  for (let monday = mondayOf(r.from); monday <= r.to; monday = addDays(monday, 7)) expected.push(monday);
  expect(r.weeks.map((w) => w.week)).toEqual(expected);
  expect(r.weeks[0]?.from).toBe(r.from);
  expect(r.weeks.at(-1)?.to).toBe(r.to);
  for (const w of r.weeks.slice(1)) expect(w.from).toBe(w.week);
  for (const w of r.weeks.slice(0, -1)) expect(w.to).toBe(addDays(w.week, 6));
  expect(r.weeks.reduce((n, w) => n + w.orders, 0)).toBe(r.totals.orders);
}

describe("the delivery report", () => {
  it("is empty before any order, with every week of the period and nothing to divide by", async () => {
    for (const days of ["30", "90"] as const) {
      const r = await report(days);
      expect(r.days).toBe(Number(days));
      expect(r.to).toBe(karachiDay());
      expect(r.from).toBe(addDays(karachiDay(), -(Number(days) - 1)));
      expect(r.totals).toEqual({
        ...zero,
        rates: noRates,
        dispatched: 0,
        refusedOfDispatched: 0,
        refusalRate: 0,
        refusalCost: 0,
        refusedWithoutCharges: 0,
        attempted: 0,
        firstAttempt: 0,
        firstAttemptRate: 0,
        rescued: 0,
      });
      expect([r.couriers, r.areas, r.rules, r.refusers, r.otherAreas]).toEqual([[], [], [], [], null]);
      expectWholeWeeks(r);
      expect(r.weeks.every((w) => w.orders === 0 && w.rates.refused === 0)).toBe(true);
    }
    // No days at all: the last 30.
    expect((await report()).days).toBe(30);
  });

  let ayesha: Shopper;
  let bilal: Shopper;
  let sana: Shopper;
  let danish: Shopper;
  it("counts each outcome, its rate and the refusals' charges, in all, by courier, area and week", async () => {
    [ayesha, bilal, sana, danish] = [
      await makeShopper(t),
      await makeShopper(t),
      await makeShopper(t),
      await makeShopper(t),
    ];
    // Nine orders this week.
    await order(ayesha, "Saddar", "confirm", { dispatch: "TCS" }, "delivered");
    await order(ayesha, "Saddar", "confirm", { dispatch: "TCS" }, { comesBack: "refused", charges: 250 });
    await order(
      ayesha,
      "Clifton Block 5",
      "confirm",
      { dispatch: "Leopards" },
      { comesBack: "returned", charges: 300 },
    );
    // Refused, and no payment report has given its charges yet.
    await order(bilal, "Clifton Block 5", "confirm", { dispatch: "Leopards" }, { comesBack: "refused" });
    await order(bilal, null, "cancelled");
    await order(sana, "Saddar", "confirm", { dispatch: "TCS" }, "lost");
    // Refused before it was ever dispatched: no parcel, no charges to wait for.
    await order(sana, "Saddar", "confirm", { comesBack: "refused" });
    await order(sana, null, "confirm", { dispatch: "Own rider" });
    await order(sana, "Saddar");
    // Refused 40 days ago: in the 90 days, not the 30; and one from 100 days ago, in neither.
    const old = await order(danish, "Saddar", "confirm", { dispatch: "TCS" }, { comesBack: "refused", charges: 400 });
    const fortyDaysAgo = Date.now() - 40 * 86_400_000;
    await placedAt(old._id, new Date(fortyDaysAgo).toISOString());
    const older = await order(
      danish,
      "Clifton Block 5",
      "confirm",
      { dispatch: "TCS" },
      { comesBack: "refused", charges: 999 },
    );
    await placedAt(older._id, new Date(Date.now() - 100 * 86_400_000).toISOString());

    const r = await report("30");
    expect(counts(r.totals)).toEqual({
      orders: 9,
      delivered: 1,
      refused: 4,
      cancelled: 1,
      lostDamaged: 1,
      open: 2,
      refusalCost: 550,
      refusedWithoutCharges: 1,
    });
    expect(r.totals.rates).toEqual({ delivered: 11.1, refused: 44.4, cancelled: 11.1, lostDamaged: 11.1, open: 22.2 });
    // The refusal rate is of the parcels sent out: six went out (TCS delivered, refused and lost;
    // Leopards returned and refused; the own rider's), three of them came back: 50%, where the
    // share of the nine orders placed reads 44.4%.
    expect([r.totals.dispatched, r.totals.refusedOfDispatched, r.totals.refusalRate]).toEqual([6, 3, 50]);

    expect(r.couriers.map((c) => [c.courier, c.courierId, counts(c)])).toEqual([
      [
        "TCS",
        courierIds.TCS,
        { ...zero, orders: 3, delivered: 1, refused: 1, lostDamaged: 1, refusalCost: 250, refusedWithoutCharges: 0 },
      ],
      ["Leopards", courierIds.Leopards, { ...zero, orders: 2, refused: 2, refusalCost: 300, refusedWithoutCharges: 1 }],
      ["Own rider", courierIds["Own rider"], { ...zero, orders: 1, open: 1, refusalCost: 0, refusedWithoutCharges: 0 }],
      // Never dispatched comes last, however many orders it holds.
      [
        "Not dispatched",
        null,
        { ...zero, orders: 3, refused: 1, cancelled: 1, open: 1, refusalCost: 0, refusedWithoutCharges: 0 },
      ],
    ]);
    expect(r.couriers[0]?.rates).toEqual({ delivered: 33.3, refused: 33.3, cancelled: 0, lostDamaged: 33.3, open: 0 });
    expect(r.couriers[1]?.rates.refused).toBe(100);

    expect(r.areas.map((a) => [a.area, counts(a)])).toEqual([
      [
        "Saddar",
        {
          ...zero,
          orders: 5,
          delivered: 1,
          refused: 2,
          lostDamaged: 1,
          open: 1,
          refusalCost: 250,
          refusedWithoutCharges: 0,
        },
      ],
      ["Clifton Block 5", { ...zero, orders: 2, refused: 2, refusalCost: 300, refusedWithoutCharges: 1 }],
      // No area given, named by the screen, after the areas with as many orders.
      [null, { ...zero, orders: 2, cancelled: 1, open: 1, refusalCost: 0, refusedWithoutCharges: 0 }],
    ]);
    expect(r.areas[0]?.rates).toEqual({ delivered: 20, refused: 40, cancelled: 0, lostDamaged: 20, open: 20 });
    expect(r.otherAreas).toBeNull();

    expectWholeWeeks(r);
    const thisWeek = r.weeks.at(-1);
    expect(thisWeek?.week).toBe(mondayOf(karachiDay()));
    expect(thisWeek && counts(thisWeek)).toEqual(counts(r.totals));
    expect(r.weeks.slice(0, -1).every((w) => w.orders === 0)).toBe(true);

    // Most refusals first; on a tie, the dearer, then the one with fewer orders.
    expect(r.refusers.map((c) => [c.email, c.orders, c.refusals, c.refusalCost])).toEqual([
      [ayesha.email, 3, 2, 550],
      [bilal.email, 2, 1, 0],
      [sana.email, 4, 1, 0],
    ]);
    expect(r.refusers[0]?.username).toMatch(/^shopper_/);
    expect(r.refusers[0]?.userId).toBe(ayesha.id);

    const q = await report("90");
    expect(counts(q.totals)).toEqual({
      orders: 10,
      delivered: 1,
      refused: 5,
      cancelled: 1,
      lostDamaged: 1,
      open: 2,
      refusalCost: 950,
      refusedWithoutCharges: 1,
    });
    expect(q.totals.rates).toEqual({ delivered: 10, refused: 50, cancelled: 10, lostDamaged: 10, open: 20 });
    expect(q.couriers.find((c) => c.courier === "TCS")).toMatchObject({ orders: 4, refused: 2, refusalCost: 650 });
    expect(q.areas[0]).toMatchObject({ area: "Saddar", orders: 6, refused: 3, refusalCost: 650 });
    expectWholeWeeks(q);
    const oldWeek = q.weeks.find((w) => w.week === mondayOf(karachiDay(fortyDaysAgo)));
    expect(oldWeek && counts(oldWeek)).toEqual({
      ...zero,
      orders: 1,
      refused: 1,
      refusalCost: 400,
      refusedWithoutCharges: 0,
    });
    expect(oldWeek?.rates.refused).toBe(100);
    // The weeks between the old order and this week's are there, with nothing in them.
    expect(q.weeks.filter((w) => w.orders > 0).map((w) => w.week)).toEqual([
      mondayOf(karachiDay(fortyDaysAgo)),
      mondayOf(karachiDay()),
    ]);
    expect(q.weeks.length).toBeGreaterThanOrEqual(13);
    expect(q.refusers.map((c) => [c.email, c.refusals, c.refusalCost])).toEqual([
      [ayesha.email, 2, 550],
      [danish.email, 1, 400],
      [bilal.email, 1, 0],
      [sana.email, 1, 0],
    ]);
  });

  it("shows each refuser's refusals on their orders, where the report's list links to", async () => {
    const res = await call(t, admin, "GET", `/api/admin/orders?query=${encodeURIComponent(ayesha.email)}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<AdminOrderList>();
    expect(list.orders).toHaveLength(3);
    for (const o of list.orders) expect(o.risk.history).toMatchObject({ orders: 3, returned: 2, delivered: 1 });
  });

  it("counts the orders under each risk rule and those under none, an order under two rules under both", async () => {
    const bigFirst = { id: randomUUID(), name: "Big first order", action: "cap" } satisfies MatchedRule;
    const saddar = { id: randomUUID(), name: "Saddar confirms", action: "confirmFirst" } satisfies MatchedRule;
    const gone = { id: randomUUID(), name: "Deleted long ago", action: "cap" } satisfies MatchedRule;
    const matched = (o: Order, ...rules: MatchedRule[]) =>
      t.database.db.execute(sql`update orders set risk_rules = ${JSON.stringify(rules)}::jsonb where id = ${o._id}`);
    const customer = await makeShopper(t);
    // The rule's name as an earlier order recorded it, before the owner renamed it.
    const renamed = await order(customer, "Saddar", "cancelled");
    await matched(renamed, { ...saddar, name: "Saddar first" });
    await placedAt(renamed._id, new Date(Date.now() - 3_600_000).toISOString());
    const a = await order(customer, "Saddar", "confirm", { dispatch: "TCS" }, { comesBack: "refused", charges: 200 });
    await matched(a, bigFirst);
    // Under both rules.
    const both = await order(
      customer,
      "Saddar",
      "confirm",
      { dispatch: "Leopards" },
      { comesBack: "returned", charges: 300 },
    );
    await matched(both, bigFirst, saddar);
    await matched(await order(customer, "Saddar", "confirm", { dispatch: "TCS" }, "delivered"), saddar);
    // Under no rule, beside the nine orders of this week before.
    await order(customer, "Saddar", "confirm", { dispatch: "TCS" }, "delivered");
    // Under a rule 40 days ago: in the 90 days, not the 30; 100 days ago, in neither.
    const old = await order(customer, "Saddar", "confirm", { dispatch: "TCS" }, { comesBack: "refused", charges: 500 });
    await matched(old, bigFirst);
    await placedAt(old._id, new Date(Date.now() - 40 * 86_400_000).toISOString());
    const older = await order(customer, "Saddar", "cancelled");
    await matched(older, gone);
    await placedAt(older._id, new Date(Date.now() - 100 * 86_400_000).toISOString());

    const r = await report("30");
    const rows = (rs: DeliveryReport["rules"]) => rs.map((row) => [row.rule, row.ruleId, counts(row)]);
    expect(rows(r.rules)).toEqual([
      [
        "Saddar confirms",
        saddar.id,
        { ...zero, orders: 3, delivered: 1, refused: 1, cancelled: 1, refusalCost: 300, refusedWithoutCharges: 0 },
      ],
      ["Big first order", bigFirst.id, { ...zero, orders: 2, refused: 2, refusalCost: 500, refusedWithoutCharges: 0 }],
      // The nine orders of this week before, and the one delivered above.
      [
        "No rule",
        null,
        {
          orders: 10,
          delivered: 2,
          refused: 4,
          cancelled: 1,
          lostDamaged: 1,
          open: 2,
          refusalCost: 550,
          refusedWithoutCharges: 1,
        },
      ],
    ]);
    // The refusal rate is of the parcels sent out: the rule's against the orders under none.
    expect(r.rules.map((row) => [row.dispatched, row.refusedOfDispatched, row.refusalRate])).toEqual([
      [2, 1, 50],
      [2, 2, 100],
      [7, 3, 42.9],
    ]);
    expect(r.rules[0]?.rates).toEqual({ delivered: 33.3, refused: 33.3, cancelled: 33.3, lostDamaged: 0, open: 0 });
    // The order under both rules counts under each: the rows hold one more than the orders placed.
    expect(r.totals.orders).toBe(14);
    expect(r.rules.reduce((n, row) => n + row.orders, 0)).toBe(15);

    // 90 days: the old order joins its rule, which ties with "Saddar confirms" at three and comes first by name.
    const q = await report("90");
    expect(rows(q.rules).map(([rule, , c]) => [rule, c])).toEqual([
      ["Big first order", { ...zero, orders: 3, refused: 3, refusalCost: 1000, refusedWithoutCharges: 0 }],
      [
        "Saddar confirms",
        { ...zero, orders: 3, delivered: 1, refused: 1, cancelled: 1, refusalCost: 300, refusedWithoutCharges: 0 },
      ],
      // And danish's refused order of 40 days ago, under no rule.
      [
        "No rule",
        {
          orders: 11,
          delivered: 2,
          refused: 5,
          cancelled: 1,
          lostDamaged: 1,
          open: 2,
          refusalCost: 950,
          refusedWithoutCharges: 1,
        },
      ],
    ]);
  });

  it("counts an order from the first minute of the period's first Karachi day, not the second before", async () => {
    const before = await report("30");
    const first = await order(danish, "Saddar", "cancelled");
    const outside = await order(danish, "Saddar", "cancelled");
    // Karachi is UTC+5 all year (no summer time).
    await placedAt(first._id, `${before.from}T00:00:00+05:00`);
    await placedAt(outside._id, `${addDays(before.from, -1)}T23:59:59+05:00`);
    const after = await report("30");
    expect(after.totals.orders - before.totals.orders).toBe(1);
    expect(after.totals.cancelled - before.totals.cancelled).toBe(1);
    expect(after.weeks[0]?.orders).toBe(1);
  });

  it("names the ten areas with most orders and adds up the rest", async () => {
    const before = await report("30");
    const known = (await call(t, admin, "GET", "/api/admin/areas")).json<{ areas: { name: string }[] }>().areas;
    const picked = known
      .map((a) => a.name)
      .filter((n) => n !== "Saddar" && n !== "Clifton Block 5")
      .slice(0, 10);
    const customer = await makeShopper(t);
    for (const area of picked) await order(customer, area, "cancelled");
    const r = await report("30");
    expect(r.areas).toHaveLength(10);
    expect(r.areas.slice(0, 2).map((a) => a.area)).toEqual(["Saddar", "Clifton Block 5"]);
    // Saddar, Clifton Block 5 and 'no area' hold two or more orders, the ten new areas one each.
    expect(r.otherAreas?.areas).toBe(before.areas.length + picked.length - 10);
    const listed = r.areas.reduce((n, a) => n + a.orders, 0);
    expect(listed + (r.otherAreas?.orders ?? 0)).toBe(r.totals.orders);
    expect(r.otherAreas?.cancelled).toBe(r.otherAreas?.orders);
    expect(r.otherAreas?.rates.cancelled).toBe(100);
  });

  it("refuses any period but 30 or 90 days with a clear 400, and anyone but the owner", async () => {
    for (const days of ["7", "abc", "", "30.0", "-30"]) {
      const res = await call(t, admin, "GET", `/api/admin/reports/delivery?days=${days}`);
      expect(res.statusCode, days).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/days must be 30 or 90/);
    }
    const twice = await call(t, admin, "GET", "/api/admin/reports/delivery?days=30&days=90");
    expect(twice.statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/admin/reports/delivery?days=30" })).statusCode).toBe(401);
    const customer = await makeShopper(t);
    expect((await call(t, customer, "GET", "/api/admin/reports/delivery?days=30")).statusCode).toBe(403);
  });
});
