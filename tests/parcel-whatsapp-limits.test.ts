// Issue 53's parcel messages and the shop's daily WhatsApp limits (docs/decisions/024, "Phones"): the
// limits hold back what anyone can make the shop send by typing a number at checkout (the request to
// confirm an order and its reminder), so they count only those. A parcel's messages (dispatched,
// out for delivery, delivered) follow a parcel the owner dispatched, at most three of them, in the
// shop's words only: they neither count against the limits nor are held back by them
// (docs/decisions/043-parcel-messages.md, "Gaps closed"). Real database, the real HTTP layer, Meta's
// stand-in (tests/support/graph-stand-in.ts).
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WHATSAPP_DAILY_LIMITS } from "#server/confirmation/whatsapp-phones.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { type Order, orderNumber } from "#shared/orders.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { type Deliveries, deliveries } from "./support/deliveries.ts";
import { type GraphStandIn, startGraphStandIn } from "./support/graph-stand-in.ts";
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
import { until } from "./support/wait.ts";
import { ACCOUNT, freshMobile, payloadsOf, variablesOf, whatsappEnv } from "./support/whatsapp.ts";

let t: TestApp;
let graph: GraphStandIn;
let admin: Shopper & { username: string };
let product: TestProduct;
let parcels: Deliveries;
const PARCEL_TEMPLATES = ["parcel_dispatched", "parcel_out_for_delivery", "parcel_delivered"];

beforeAll(async () => {
  graph = await startGraphStandIn(ACCOUNT);
  t = await createTestApp({ env: whatsappEnv(graph) });
  admin = await makeAdmin(t);
  [product] = (await products(t, 1)) as [TestProduct];
  for (const size of product.sizes) await setStock(t, product.id, size, 500);
  parcels = await deliveries(t, admin, product);
});
afterAll(async () => {
  await t?.close();
  await graph?.close();
});

/** An order to `phone` by a new account whose e-mail is proven and whose phone is not. */
async function orderTo(phone: string): Promise<Order> {
  const shopper = await makeShopper(t);
  const res = await placeOrder(
    t,
    shopper,
    orderBody(shopper, [{ product, size: product.sizes[0] as number, quantity: 1 }], {
      shippingAddress: { ...ADDRESS, email: shopper.email, phoneNumber: phone },
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

/** Until the order's WhatsApp request has left the outbox: sent, or skipped for a limit. */
const requestSettled = (order: Order) =>
  until(
    () =>
      selectRowsAsserted<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from mail_outbox where order_id = ${order._id} and kind in ('whatsapp_confirm', 'whatsapp_reminder')`,
      ),
    (rows) => rows[0]?.n === 0,
    `the WhatsApp request of ${orderNumber(order._id)} to leave the outbox`,
  );

/** The request to confirm this order, as WhatsApp accepted it (its buttons carry the order's token). */
async function requestsFor(order: Order) {
  await requestSettled(order);
  return graph.accepted.filter(
    (m) => m.template.name === "order_confirmation" && payloadsOf(m).some((p) => p.includes(order._id)),
  );
}

const skipped = async (order: Order) =>
  (
    await selectRowsAsserted<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from order_confirmation_events where order_id = ${order._id} and kind = 'skipped'`,
    )
  )[0]?.n;

const parcelTemplatesSent = (order: Order, names: string[]) =>
  until(
    async () =>
      graph.accepted
        .filter((m) => PARCEL_TEMPLATES.includes(m.template.name) && variablesOf(m)[0] === orderNumber(order._id))
        .map((m) => m.template.name),
    (sent) => names.every((name) => sent.includes(name)),
    `WhatsApp ${names.join(", ")} for ${orderNumber(order._id)}`,
  );

/** Confirmed by the owner and handed to TCS: the dispatch's WhatsApp message is owed. */
async function dispatch(order: Order): Promise<string> {
  const confirmed = await call(t, admin, "POST", `/api/admin/orders/${order._id}/status`, { status: "confirm" });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const tracking = `KHI${randomBytes(4).readUInt32BE()}`;
  const res = await call(t, admin, "POST", `/api/admin/orders/${order._id}/dispatch`, {
    courierId: parcels.courier("TCS"),
    trackingNumber: tracking,
  });
  expect(res.statusCode, res.body).toBe(200);
  return tracking;
}

async function outForDelivery(tracking: string) {
  const res = await call(t, admin, "POST", `/api/admin/couriers/${parcels.courier("TCS")}/imports`, {
    kind: "status",
    csv: `CN Number,Current Status\r\n${tracking},Out for Delivery`,
    apply: true,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("the daily WhatsApp limits and a parcel's messages", () => {
  it("a customer told dispatched, out for delivery and delivered today is still asked to confirm the next order", async () => {
    const phone = freshMobile();
    const first = await orderTo(phone.typed);
    expect(await requestsFor(first)).toHaveLength(1);
    // Each step sent before the next happens (a step the parcel has passed is dropped, not sent late).
    const tracking = await dispatch(first);
    await parcelTemplatesSent(first, ["parcel_dispatched"]);
    await outForDelivery(tracking);
    await parcelTemplatesSent(first, ["parcel_out_for_delivery"]);
    const delivered = await call(t, admin, "POST", `/api/admin/orders/${first._id}/status`, { status: "delivered" });
    expect(delivered.statusCode, delivered.body).toBe(200);
    await parcelTemplatesSent(first, PARCEL_TEMPLATES);

    // One request and three parcel messages to an unproven number today: counted together they
    // would pass the number's limit (3), and the next order would not be asked.
    expect(1 + PARCEL_TEMPLATES.length).toBeGreaterThan(WHATSAPP_DAILY_LIMITS.unprovenPhone);
    const next = await orderTo(phone.typed);
    expect(await requestsFor(next)).toHaveLength(1);
    expect(await skipped(next)).toBe(0);
  });

  it("a number at its daily limit of requests still gets its dispatched parcel's messages", async () => {
    const phone = freshMobile();
    const asked: Order[] = [];
    for (let i = 0; i < WHATSAPP_DAILY_LIMITS.unprovenPhone; i++) asked.push(await orderTo(phone.typed));
    for (const order of asked) expect(await requestsFor(order)).toHaveLength(1);
    // The limit holds: one more order to the number is not asked on WhatsApp.
    const over = await orderTo(phone.typed);
    expect(await requestsFor(over)).toEqual([]);
    expect(await skipped(over)).toBe(1);

    // The owner dispatches one of them: its customer is told on WhatsApp all the same.
    const [parcel] = asked as [Order];
    const tracking = await dispatch(parcel);
    await parcelTemplatesSent(parcel, ["parcel_dispatched"]);
    await outForDelivery(tracking);
    await parcelTemplatesSent(parcel, ["parcel_out_for_delivery"]);
    const toNumber = graph.accepted.filter((m) => m.to === phone.wa && PARCEL_TEMPLATES.includes(m.template.name));
    expect(toNumber.map((m) => m.template.name)).toEqual(["parcel_dispatched", "parcel_out_for_delivery"]);
  });
});
