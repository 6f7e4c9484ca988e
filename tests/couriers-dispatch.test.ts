// Handing parcels to couriers through the admin API (issue 32): dispatch by hand and in a batch
// (all or none), the tracking number's rules, what the customer reads (Track Order and the mail),
// the outcomes on the road (delivered, refused with its stock back once, lost, damaged), and the
// shop's own rider handing the cash over, which is what the dashboard's takings count.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { AdminDashboard, AdminOrder } from "#shared/admin.ts";
import type { Courier } from "#shared/couriers.ts";
import type { Order } from "#shared/orders.ts";
import { waitForMail } from "./support/accounts.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import {
  makeShopper,
  orderBody,
  placeOrder,
  products,
  type Shopper,
  setStock,
  stockOf,
  type TestProduct,
} from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper & { username: string };
let shoe: TestProduct;
let tcs: Courier;
let rider: Courier;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
  [shoe] = (await products(t, 1)) as [TestProduct];
  await setStock(t, shoe.id, size(), 200);
  const couriers = (await call(t, admin, "GET", "/api/admin/couriers")).json<{ couriers: Courier[] }>().couriers;
  tcs = couriers.find((c) => c.name === "TCS") as Courier;
  rider = couriers.find((c) => c.ownRider) as Courier;
  // The rider has a name and phone, as the owner keeps them.
  await call(t, admin, "PUT", `/api/admin/couriers/${rider._id}`, {
    name: rider.name,
    ownRider: true,
    riderName: "Imran",
    riderPhone: "0321 7654321",
  });
});
afterAll(() => t?.close());

const size = () => shoe.sizes[0] as number;
const get = async (id: string) => (await call(t, admin, "GET", `/api/admin/orders/${id}`)).json<AdminOrder>();
const move = (id: string, status: string) => call(t, admin, "POST", `/api/admin/orders/${id}/status`, { status });
const dispatch = (id: string, body: unknown) => call(t, admin, "POST", `/api/admin/orders/${id}/dispatch`, body);
/** A tracking number no other test uses. */
let serial = 0;
const cn = () => `KHI${Date.now() % 1_000_000}${serial++}`;

async function confirmed(shopper?: Shopper): Promise<Order & { shopper: Shopper }> {
  const s = shopper ?? (await makeShopper(t));
  const res = await placeOrder(t, s, orderBody(s, [{ product: shoe, size: size(), quantity: 2 }]));
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<Order>();
  expect((await move(order._id, "confirm")).statusCode).toBe(200);
  return { ...order, shopper: s };
}

async function snapshot(id: string) {
  const [order] = await selectRowsAsserted(t.database.db, sql`select status, returned_as from orders where id = ${id}`);
  const parcels = await selectRowsAsserted(t.database.db, sql`select * from parcels where order_id = ${id}`);
  return { order, parcels, stock: await stockOf(t, shoe.id, size()) };
}

describe("couriers", () => {
  it("are seeded with Karachi's couriers and the shop's own rider", async () => {
    const { couriers } = (await call(t, admin, "GET", "/api/admin/couriers")).json<{ couriers: Courier[] }>();
    expect(couriers.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        "TCS",
        "Leopards",
        "M&P",
        "PostEx",
        "Trax",
        "BlueEx",
        "Rider",
        "Call Courier",
        "Own rider",
      ]),
    );
    expect(couriers.filter((c) => !c.ownRider).every((c) => c.trackingUrl?.includes("{number}"))).toBe(true);
    expect(rider).toMatchObject({ trackingUrl: null, ownRider: true });
  });
});

describe("dispatch by hand", () => {
  it("moves a confirmed order to dispatched with its courier and number; the customer sees the link and gets a mail", async () => {
    const order = await confirmed();
    const number = cn();
    const res = await dispatch(order._id, { courierId: tcs._id, trackingNumber: ` ${number} ` });
    expect(res.statusCode, res.body).toBe(200);
    const dispatched = res.json<AdminOrder>();
    expect(dispatched.status).toBe("dispatched");
    expect(dispatched.allowedMoves).toEqual(["delivered", "cancelled", "lost", "damaged"]);
    expect(dispatched.canReturn).toBe(true);
    expect(dispatched.parcel).toMatchObject({
      courier: "TCS",
      courierId: tcs._id,
      trackingNumber: number,
      trackingUrl: `https://www.tcsexpress.com/track/${number}`,
      codAmount: order.totalAmount,
      settlement: null,
    });
    expect(dispatched.history.at(-1)).toMatchObject({
      from: "confirm",
      to: "dispatched",
      actor: { username: admin.username },
      reason: `TCS ${number}`,
    });

    const [tracked] = (
      await t.app.inject({ method: "GET", url: "/api/orders/track", headers: order.shopper.headers })
    ).json<Order[]>();
    expect(tracked?.status).toBe("dispatched");
    expect(tracked?.parcel).toEqual({
      courier: "TCS",
      ownRider: false,
      rider: null,
      trackingNumber: number,
      trackingUrl: `https://www.tcsexpress.com/track/${number}`,
      dispatchedAt: dispatched.parcel?.dispatchedAt,
    });
    expect(tracked?.statusHistory.map((s) => s.status)).toEqual(["pending", "confirm", "dispatched"]);
    // The customer's own view carries no cash details.
    expect(JSON.stringify(tracked)).not.toContain("codAmount");

    const mail = await waitForMail(t, order.shopper.email, /is on its way/);
    expect(mail).toContain(`Courier: TCS, tracking number ${number}.`);
    expect(mail).toContain(`https://www.tcsexpress.com/track/${number}`);
  });

  it("refuses a missing, malformed or already used number, an unconfirmed order and a switched-off courier, changing nothing", async () => {
    const order = await confirmed();
    const used = cn();
    const other = await confirmed();
    expect((await dispatch(other._id, { courierId: tcs._id, trackingNumber: used })).statusCode).toBe(200);
    const shopper = await makeShopper(t);
    const placed = (
      await placeOrder(t, shopper, orderBody(shopper, [{ product: shoe, size: size(), quantity: 1 }]))
    ).json<Order>();
    const before = await snapshot(order._id);
    for (const [body, status, message] of [
      [{ courierId: tcs._id }, 400, "Please enter the courier's tracking number."],
      [{ courierId: tcs._id, trackingNumber: "   " }, 400, "Please enter the courier's tracking number."],
      [
        { courierId: tcs._id, trackingNumber: "KHI 12" },
        400,
        "A tracking number is 3 to 40 letters, digits or dashes.",
      ],
      [
        { courierId: tcs._id, trackingNumber: used.toLowerCase() },
        409,
        "This tracking number is already on another order of this courier.",
      ],
      [{ courierId: "not-an-id", trackingNumber: cn() }, 400, "Please choose a courier."],
      [{ courierId: "00000000-0000-4000-8000-000000000000", trackingNumber: cn() }, 404, "No courier has that id."],
      [{ courierId: tcs._id, trackingNumber: cn(), status: "delivered" }, 400, "Unexpected field: status."],
    ] as const) {
      const res = await dispatch(order._id, body);
      expect([res.statusCode, res.json().message], JSON.stringify(body)).toEqual([status, message]);
    }
    expect((await dispatch(other._id, { courierId: tcs._id, trackingNumber: cn() })).json().message).toBe(
      "This order is already with a courier.",
    );

    const pending = await dispatch(placed._id, { courierId: tcs._id, trackingNumber: cn() });
    expect([pending.statusCode, pending.json().message]).toEqual([409, "Only a confirmed order can be dispatched."]);

    const leopards = (await call(t, admin, "GET", "/api/admin/couriers"))
      .json<{ couriers: Courier[] }>()
      .couriers.find((c) => c.name === "Leopards") as Courier;
    await call(t, admin, "PUT", `/api/admin/couriers/${leopards._id}`, {
      name: leopards.name,
      trackingUrl: leopards.trackingUrl,
      active: false,
    });
    const off = await dispatch(order._id, { courierId: leopards._id, trackingNumber: cn() });
    expect([off.statusCode, off.json().message]).toEqual([
      409,
      "This courier is switched off. Switch it on at Couriers first, or choose another.",
    ]);
    await call(t, admin, "PUT", `/api/admin/couriers/${leopards._id}`, {
      name: leopards.name,
      trackingUrl: leopards.trackingUrl,
      active: true,
    });
    expect(await snapshot(order._id)).toEqual(before);
    expect((await dispatch(order._id, { courierId: tcs._id })).statusCode).toBe(400);

    const customer = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order._id}/dispatch`,
      headers: order.shopper.headers,
      payload: { courierId: tcs._id, trackingNumber: cn() },
    });
    expect(customer.statusCode).toBe(403);
    expect(await snapshot(order._id)).toEqual(before);
  });

  it("dispatches a batch all or none, and names the order that refused it", async () => {
    const [a, b] = [await confirmed(), await confirmed()];
    const shopper = await makeShopper(t);
    const pending = (
      await placeOrder(t, shopper, orderBody(shopper, [{ product: shoe, size: size(), quantity: 1 }]))
    ).json<Order>();
    const batch = (ids: string[]) =>
      call(t, admin, "POST", "/api/admin/orders/dispatch", {
        courierId: tcs._id,
        parcels: ids.map((orderId) => ({ orderId, trackingNumber: cn() })),
      });
    const refused = await batch([a._id, b._id, pending._id]);
    const ref = `#${pending._id.slice(0, 8).toUpperCase()}`;
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      `${ref}: Only a confirmed order can be dispatched.`,
    ]);
    expect((await snapshot(a._id)).parcels).toEqual([]);
    expect((await snapshot(b._id)).order).toMatchObject({ status: "confirm" });

    const twice = await call(t, admin, "POST", "/api/admin/orders/dispatch", {
      courierId: tcs._id,
      parcels: [
        { orderId: a._id, trackingNumber: "SAME-1" },
        { orderId: b._id, trackingNumber: "same-1" },
      ],
    });
    expect([twice.statusCode, twice.json().message]).toEqual([
      400,
      "Two orders of the batch have the same tracking number.",
    ]);
    const empty = await call(t, admin, "POST", "/api/admin/orders/dispatch", { courierId: tcs._id, parcels: [] });
    expect([empty.statusCode, empty.json().message]).toEqual([400, "Choose at least one confirmed order to dispatch."]);

    const done = await batch([a._id, b._id]);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ orders: AdminOrder[] }>().orders.map((o) => [o._id, o.status])).toEqual([
      [a._id, "dispatched"],
      [b._id, "dispatched"],
    ]);
  });
});

describe("outcomes on the road", () => {
  it("records a refusal at the door from dispatched: stock back exactly once, the parcel kept", async () => {
    const order = await confirmed();
    await dispatch(order._id, { courierId: tcs._id, trackingNumber: cn() });
    const before = await stockOf(t, shoe.id, size());
    const giveBack = () =>
      call(t, admin, "POST", `/api/admin/orders/${order._id}/return`, { as: "refused", reason: "Not at home" });
    const [first, second] = await Promise.all([giveBack(), giveBack()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await stockOf(t, shoe.id, size())).toBe(before + 2);
    const back = await get(order._id);
    expect(back).toMatchObject({ status: "cancelled", returnedAs: "refused" });
    expect(back.parcel?.courier).toBe("TCS");
  });

  it("records lost and damaged parcels without returning stock, and tells the customer in words", async () => {
    for (const outcome of ["lost", "damaged"] as const) {
      const order = await confirmed();
      await dispatch(order._id, { courierId: tcs._id, trackingNumber: cn() });
      const before = await stockOf(t, shoe.id, size());
      const res = await move(order._id, outcome);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<AdminOrder>()).toMatchObject({ status: outcome, allowedMoves: [], canReturn: false });
      expect(res.json<AdminOrder>().history.at(-1)).toMatchObject({ to: outcome, actor: { username: admin.username } });
      expect(await stockOf(t, shoe.id, size())).toBe(before);
      const mail = await waitForMail(t, order.shopper.email, new RegExp(`was ${outcome} in transit`));
      expect(mail).toContain("Nothing is owed");
      // A confirmed order that never left cannot be lost.
      const stay = await confirmed();
      const refused = await move(stay._id, outcome);
      expect([refused.statusCode, refused.json().message]).toEqual([
        409,
        "A confirmed order can only be moved to on its way or delivered or cancelled, not " +
          (outcome === "lost" ? "lost in transit." : "damaged in transit."),
      ]);
    }
  });
});

describe("the shop's own rider and the cash", () => {
  it("dispatches without a number, and the handed-over cash is what takings count", async () => {
    const order = await confirmed();
    const res = await dispatch(order._id, { courierId: rider._id, trackingNumber: "IGNORED-1" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminOrder>().parcel).toMatchObject({
      ownRider: true,
      trackingNumber: null,
      trackingUrl: null,
      rider: { name: "Imran", phone: "03217654321" },
    });
    const mail = await waitForMail(t, order.shopper.email, /is on its way/);
    expect(mail).toContain("Our rider Imran is bringing it (03217654321).");

    const cash = (amount: unknown) => call(t, admin, "POST", `/api/admin/orders/${order._id}/cash`, { amount });
    const early = await cash(order.totalAmount);
    expect([early.statusCode, early.json().message]).toEqual([409, "Cash is handed over for a delivered order only."]);
    expect((await move(order._id, "delivered")).statusCode).toBe(200);
    for (const bad of [-1, 1.5, "4000", null]) expect((await cash(bad)).statusCode).toBe(400);

    const before = (await call(t, admin, "GET", "/api/admin/dashboard")).json<AdminDashboard>();
    const settled = await cash(order.totalAmount - 100);
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json<AdminOrder>().parcel?.settlement).toMatchObject({
      via: "hand",
      collected: order.totalAmount - 100,
      mismatch: true,
    });
    const again = await cash(order.totalAmount);
    expect([again.statusCode, again.json().message]).toEqual([409, "The cash for this order is already recorded."]);
    const after = (await call(t, admin, "GET", "/api/admin/dashboard")).json<AdminDashboard>();
    expect(after.today.revenue - before.today.revenue).toBe(order.totalAmount - 100);
    expect(after.cash.collectedToday - before.cash.collectedToday).toBe(order.totalAmount - 100);
  });

  it("refuses hand-over cash for a courier company's parcel, which comes with its payment report", async () => {
    const order = await confirmed();
    await dispatch(order._id, { courierId: tcs._id, trackingNumber: cn() });
    await move(order._id, "delivered");
    const res = await call(t, admin, "POST", `/api/admin/orders/${order._id}/cash`, { amount: order.totalAmount });
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      "Cash from a courier company comes with its payment report: import it at Couriers.",
    ]);
    const dashboard = (await call(t, admin, "GET", "/api/admin/dashboard")).json<AdminDashboard>();
    expect(dashboard.cash.withCouriers.find((c) => c.courier === "TCS")?.amount).toBeGreaterThanOrEqual(
      order.totalAmount,
    );
  });

  it("records an order delivered straight from confirmed as the own rider's, its cash still to come", async () => {
    const order = await confirmed();
    expect((await move(order._id, "delivered")).statusCode).toBe(200);
    const delivered = await get(order._id);
    expect(delivered.parcel).toMatchObject({ ownRider: true, codAmount: order.totalAmount, settlement: null });
  });
});
