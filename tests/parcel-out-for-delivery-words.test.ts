// Issue 53, "The parcel's way, told", its gap: a courier's words that mean the rider has the parcel
// out today, in the spelling it actually writes, tell the customer once. PostEx writes its Order
// Status 4 "Out For Delivery" in tracking and "Delivery En-Route" in its order list (the two
// vocabularies: server/couriers/api/postex-statuses.ts); a status file from PostEx's portal carries
// the list's words, and one from M&P's carries "Dispatch for Delivery" (what the M&P adapter reads,
// server/couriers/api/mp-statuses.ts). Real database, the real HTTP layer, PostEx's and Meta's
// stand-ins (tests/support/couriers/postex-stand-in.ts, graph-stand-in.ts).
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { BookingAnswer } from "#shared/courier-api.ts";
import type { ImportResult } from "#shared/courier-imports.ts";
import { type Order, orderNumber } from "#shared/orders.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { type PostExStandIn, startPostExStandIn } from "./support/couriers/postex-stand-in.ts";
import { type Deliveries, deliveries } from "./support/deliveries.ts";
import { type GraphStandIn, startGraphStandIn } from "./support/graph-stand-in.ts";
import { products, type Shopper, setStock, type TestProduct } from "./support/shoppers.ts";
import { allMailsSent, until } from "./support/wait.ts";
import { ACCOUNT, variablesOf, whatsappEnv } from "./support/whatsapp.ts";

const ENV = {
  COURIER_CREDENTIALS_KEY: randomBytes(32).toString("base64"),
  COURIER_SYNC_SECONDS: "0",
  COURIER_TIMEOUT_SECONDS: "2",
};

let t: TestApp;
let postex: PostExStandIn;
let graph: GraphStandIn;
let admin: Shopper & { username: string };
let parcels: Deliveries;
let postexId: string;

beforeAll(async () => {
  postex = await startPostExStandIn();
  graph = await startGraphStandIn(ACCOUNT);
  t = await createTestApp({ env: { ...ENV, ...whatsappEnv(graph) } });
  admin = await makeAdmin(t);
  const [product] = (await products(t, 1)) as [TestProduct];
  for (const size of product.sizes) await setStock(t, product.id, size, 500);
  parcels = await deliveries(t, admin, product);
  postexId = parcels.courier("PostEx");
  const saved = await call(t, admin, "PUT", `/api/admin/couriers/${postexId}/api`, {
    api: "postex",
    host: "custom",
    baseUrl: postex.url,
    credentials: { token: postex.token, pickupAddressCode: "001" },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await postex?.close();
  await graph?.close();
});

async function bookWithPostEx(order: Order): Promise<string> {
  const res = await call(t, admin, "POST", `/api/admin/orders/${order._id}/book`, { courierId: postexId });
  expect(res.statusCode, res.body).toBe(200);
  const [result] = res.json<BookingAnswer>().results;
  if (!result?.ok) throw new Error(`not booked: ${res.body}`);
  await allMailsSent(t.database.db);
  return result.trackingNumber;
}

async function sync() {
  const res = await call(t, admin, "POST", "/api/admin/couriers/sync");
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ synced: { courierId: string; error: string | null }[]; told: number }>();
}

const outForDeliveryMessages = (order: Order) =>
  graph.accepted.filter(
    (m) => m.template.name === "parcel_out_for_delivery" && variablesOf(m)[0] === orderNumber(order._id),
  );

describe("PostEx's order-list spelling of Order Status 4", () => {
  it("'Delivery En-Route' tells the customer the parcel is out for delivery, once", async () => {
    const order = await parcels.confirmed();
    const trackingNumber = await bookWithPostEx(order);
    postex.setStatus(trackingNumber, "Delivery En-Route");
    const first = await sync();
    expect(first.synced.find((s) => s.courierId === postexId)?.error ?? null).toBeNull();
    expect(first.told).toBe(1);
    expect((await sync()).told).toBe(0);
    const sent = await until(
      async () => outForDeliveryMessages(order),
      (found) => found.length > 0,
      `WhatsApp out for delivery for ${orderNumber(order._id)}`,
    );
    expect(sent).toHaveLength(1);
    await allMailsSent(t.database.db);
    // The order itself stays dispatched: only the customer is told.
    const [row] = await selectRowsAsserted<{ status: string }>(
      t.database.db,
      sql`select status from orders where id = ${order._id}`,
    );
    expect(row?.status).toBe("dispatched");
  });

  it("'En-Route to PostEx warehouse' is still on its way: nobody is told", async () => {
    const order = await parcels.confirmed();
    const trackingNumber = await bookWithPostEx(order);
    postex.setStatus(trackingNumber, "En-Route to PostEx warehouse");
    expect((await sync()).told).toBe(0);
  });
});

describe("a courier's status file", () => {
  const statusFile = (courier: string, tracking: string, words: string) =>
    call(t, admin, "POST", `/api/admin/couriers/${parcels.courier(courier)}/imports`, {
      kind: "status",
      csv: `CN Number,Current Status\r\n${tracking},${words}`,
      apply: true,
    });

  it.each([
    ["PostEx", "Delivery En-Route"],
    ["M&P", "Dispatch for Delivery"],
    ["M&P", "Loaded for Delivery"],
  ])("from %s, '%s' is out for delivery: the customer is told", async (courier, words) => {
    const { trackingNumber } = await parcels.dispatched(courier);
    const res = await statusFile(courier, trackingNumber ?? "", words);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportResult>().lines.map((l) => l.outcome)).toEqual(["outForDelivery"]);
  });

  it("from PostEx, 'En-Route to Lahore warehouse' changes nothing", async () => {
    const { trackingNumber } = await parcels.dispatched("PostEx");
    const res = await statusFile("PostEx", trackingNumber ?? "", "En-Route to Lahore warehouse");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportResult>().lines.map((l) => l.outcome)).toEqual(["noChange"]);
  });
});
