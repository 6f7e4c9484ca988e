// Issue 49: couriers by API, through the admin API on the real database, with Trax's stand-in
// (tests/support/couriers/trax-stand-in.ts, which answers as Trax's document says) as the courier.
// A booking whose answer is lost is retried with the same reference and made once; the sync moves
// parcels and asks the customer when an attempt failed; the customer's choice reaches the courier as
// shipper advice; two instances sync once; a forged webhook changes nothing; the credentials never
// appear in an answer, a log line or the database's text.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signTraxWebhook, TRAX_SIGNATURE_HEADER } from "#server/couriers/api/trax-webhook.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { AdminOrder } from "#shared/admin.ts";
import type { BookingAnswer, CourierApiSettingsView, OrderBooking } from "#shared/courier-api.ts";
import type { Courier } from "#shared/couriers.ts";
import type { AdminAttemptList, AttemptPage } from "#shared/delivery-attempts.ts";
import type { DeliveryReport } from "#shared/delivery-report.ts";
import { type Order, orderNumber } from "#shared/orders.ts";
import { waitForMail } from "./support/accounts.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { startTraxStandIn, type TraxStandIn } from "./support/couriers/trax-stand-in.ts";
import { type Deliveries, deliveries } from "./support/deliveries.ts";
import { startGraphStandIn } from "./support/graph-stand-in.ts";
import { anotherInstance } from "./support/instances.ts";
import { products, type Shopper, setStock, type TestProduct } from "./support/shoppers.ts";
import { until } from "./support/wait.ts";
import { ACCOUNT, variablesOf, whatsappEnv } from "./support/whatsapp.ts";

const KEY = randomBytes(32).toString("base64");
const WEBHOOK_SECRET = "a-long-webhook-secret-of-the-owner-1234567890";
const ENV = {
  COURIER_CREDENTIALS_KEY: KEY,
  // The sync runs when the test asks (POST /api/admin/couriers/sync), not on a timer.
  COURIER_SYNC_SECONDS: "0",
  COURIER_TIMEOUT_SECONDS: "0.4",
  LOG_LEVEL: "info",
};

let t: TestApp;
let trax: TraxStandIn;
let admin: Shopper & { username: string };
let product: TestProduct;
let parcels: Deliveries;
let traxId: string;
const logLines: string[] = [];

beforeAll(async () => {
  trax = await startTraxStandIn();
  t = await createTestApp({ env: ENV, logStream: { write: (line) => void logLines.push(line) } });
  admin = await makeAdmin(t);
  [product] = (await products(t, 1)) as [TestProduct];
  for (const size of product.sizes) await setStock(t, product.id, size, 500);
  parcels = await deliveries(t, admin, product);
  traxId = parcels.courier("Trax");
});
afterAll(async () => {
  await t?.close();
  await trax?.close();
});

const saveTrax = (credentials: Record<string, string>) =>
  call(t, admin, "PUT", `/api/admin/couriers/${traxId}/api`, {
    api: "trax",
    host: "custom",
    baseUrl: trax.url,
    credentials,
    holdHours: 48,
  });

const book = (order: Order, body: Record<string, unknown> = {}) =>
  call(t, admin, "POST", `/api/admin/orders/${order._id}/book`, { courierId: traxId, ...body });

const sync = async () => {
  const res = await call(t, admin, "POST", "/api/admin/couriers/sync");
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ synced: { courierId: string; error: string | null }[] }>();
};

const statusOf = async (order: Order) =>
  (await call(t, admin, "GET", `/api/admin/orders/${order._id}`)).json<AdminOrder>().status;

const makeDue = () =>
  t.database.db.execute(sql`update courier_accounts set next_sync_at = now() - interval '1 second'`);

/** A confirmed order booked with Trax through the API: its tracking number. */
async function booked(): Promise<{ order: Order; trackingNumber: string }> {
  const order = await parcels.confirmed();
  const res = await book(order);
  expect(res.statusCode, res.body).toBe(200);
  const [result] = res.json<BookingAnswer>().results;
  if (!result?.ok) throw new Error(`not booked: ${res.body}`);
  return { order, trackingNumber: result.trackingNumber };
}

describe("the owner's credentials", () => {
  it("are refused with a clear message until every required one is given, and never answered back", async () => {
    const missing = await saveTrax({ apiKey: trax.apiKey });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/Pickup address ID/);
    expect(await selectRowsAsserted(t.database.db, sql`select 1 from courier_accounts`)).toHaveLength(0);

    const saved = await saveTrax({
      apiKey: trax.apiKey,
      pickupAddressId: "3015",
      email: "orders@shoeshop.pk",
      webhookSecret: WEBHOOK_SECRET,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const view = saved.json<CourierApiSettingsView>();
    expect(view.account?.savedCredentials.sort()).toEqual(["apiKey", "email", "pickupAddressId", "webhookSecret"]);
    expect(saved.body).not.toContain(trax.apiKey);
    expect(saved.body).not.toContain(WEBHOOK_SECRET);
    const read = await call(t, admin, "GET", `/api/admin/couriers/${traxId}/api`);
    expect(read.body).not.toContain(trax.apiKey);
    // The couriers list says which have an API (the booking forms offer those), and nothing more.
    const listed = await call(t, admin, "GET", "/api/admin/couriers");
    const couriers = listed.json<{ couriers: Courier[] }>().couriers;
    expect(couriers.find((c) => c._id === traxId)?.api).toEqual({ kind: "trax", enabled: true });
    expect(couriers.find((c) => c.name === "TCS")?.api).toBeNull();
    expect(listed.body).not.toContain(trax.apiKey);

    // Sealed at rest: the row holds no credential's text.
    const [row] = await selectRowsAsserted<{ sealed: string }>(
      t.database.db,
      sql`select sealed_credentials as sealed from courier_accounts where courier_id = ${traxId}`,
    );
    expect(row?.sealed).not.toContain(trax.apiKey);
    expect(row?.sealed).toMatch(/^v1\./);

    // A field left empty keeps the saved one.
    const again = await saveTrax({ apiKey: "" });
    expect(again.statusCode, again.body).toBe(200);
  });

  it("cannot be saved on a shop without COURIER_CREDENTIALS_KEY", async () => {
    const other = await anotherInstance(t, { COURIER_SYNC_SECONDS: "0" });
    try {
      const res = await other.app.inject({
        method: "PUT",
        url: `/api/admin/couriers/${traxId}/api`,
        headers: admin.headers,
        payload: { api: "trax", credentials: { apiKey: "x" } },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ message: string }>().message).toMatch(/COURIER_CREDENTIALS_KEY/);
    } finally {
      await other.close();
    }
  });
});

describe("booking in one press", () => {
  it("books once when the courier's answer is lost and the booking is tried again with the same reference", async () => {
    const order = await parcels.confirmed();
    const before = trax.bookings.length;
    // The booking is made, but its answer comes after the shop stopped waiting.
    trax.hangNext(1, "/api/shipment/book", 1500);
    const res = await book(order, { weightGrams: 1500 });
    expect(res.statusCode, res.body).toBe(200);
    const [result] = res.json<BookingAnswer>().results;
    expect(result?.ok).toBe(true);
    expect(trax.bookings.length - before).toBe(1);
    const made = trax.bookings.at(-1);
    expect(result?.ok && result.trackingNumber).toBe(made?.trackingNumber);
    expect(await statusOf(order)).toBe("dispatched");
    const booking = (await call(t, admin, "GET", `/api/admin/orders/${order._id}/booking`)).json<{
      booking: OrderBooking;
    }>().booking;
    expect(booking).toMatchObject({ state: "booked", weightGrams: 1500, trackingNumber: made?.trackingNumber });
  });

  it("refuses bad input with a clear message and books nothing", async () => {
    const order = await parcels.confirmed();
    const before = trax.bookings.length;
    const heavy = await book(order, { weightGrams: 90_000 });
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json<{ message: string }>().message).toMatch(/weight/);
    const noApi = await call(t, admin, "POST", `/api/admin/orders/${order._id}/book`, {
      courierId: parcels.courier("TCS"),
    });
    expect(noApi.statusCode).toBe(409);
    expect(noApi.json<{ message: string }>().message).toMatch(/no API/);
    expect(trax.bookings.length).toBe(before);
    expect(await statusOf(order)).toBe("confirm");
  });

  it("books a batch, each order its own booking, and cancels one before pickup", async () => {
    const [a, b] = [await parcels.confirmed(), await parcels.confirmed()];
    const res = await call(t, admin, "POST", "/api/admin/orders/book", {
      courierId: traxId,
      orders: [{ orderId: a._id }, { orderId: b._id, pieces: 2 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BookingAnswer>()).toMatchObject({ booked: 2, failed: 0 });

    const cancelled = await call(t, admin, "POST", `/api/admin/orders/${a._id}/booking/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<{ booking: OrderBooking }>().booking.state).toBe("cancelled");
    expect(await statusOf(a)).toBe("confirm");
    expect(trax.requests.some((r) => r.path === "/api/shipment/cancel")).toBe(true);
    // Booked again later: a new reference, since Trax still holds the cancelled one.
    const again = await book(a);
    expect(again.statusCode, again.body).toBe(200);
    expect(await statusOf(a)).toBe("dispatched");
  });

  it("stops asking a courier that is down for the rest of a batch, and says so for each order", async () => {
    const [a, b] = [await parcels.confirmed(), await parcels.confirmed()];
    const before = trax.requests.length;
    trax.failNext(100);
    const res = await call(t, admin, "POST", "/api/admin/orders/book", {
      courierId: traxId,
      orders: [{ orderId: a._id }, { orderId: b._id }],
    });
    trax.failNext(0);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<BookingAnswer>();
    expect(answer).toMatchObject({ booked: 0, failed: 2 });
    const [first, second] = answer.results;
    expect(first?.ok === false && first.message).toMatch(/Trax/);
    expect(second?.ok === false && second.message).toMatch(/stopped answering/);
    // One order's three tries, none for the second.
    expect(trax.requests.length - before).toBe(3);
    expect([await statusOf(a), await statusOf(b)]).toEqual(["confirm", "confirm"]);
  });

  it("keeps the owner's hand move from undoing a booked dispatch behind the courier's back", async () => {
    const { order } = await booked();
    const res = await call(t, admin, "POST", `/api/admin/orders/${order._id}/status`, { status: "confirm" });
    expect(res.statusCode).toBe(409);
    expect(await statusOf(order)).toBe("dispatched");
  });
});

describe("the status sync and a failed delivery", () => {
  it("delivers what the courier delivered, and asks the customer about an attempt that failed", async () => {
    const delivered = await booked();
    const failed = await booked();
    trax.setStatus(delivered.trackingNumber, "Shipment - Delivered");
    trax.setStatus(failed.trackingNumber, "Shipment - Delivery Unsuccessful", "Consignee not available");
    await makeDue();
    const outcome = await sync();
    expect(outcome.synced).toEqual([{ courierId: traxId, error: null }]);
    expect(await statusOf(delivered.order)).toBe("delivered");
    expect(await statusOf(failed.order)).toBe("dispatched");

    const queue = (await call(t, admin, "GET", "/api/admin/attempts")).json<AdminAttemptList>();
    const task = queue.attempts.find((a) => a.orderId === failed.order._id);
    expect(task).toMatchObject({ state: "asking", courier: "Trax", choice: null });
    expect(task?.reason).toMatch(/Consignee not available/);

    // The same answer again asks nobody twice.
    await makeDue();
    await sync();
    const [{ n }] = (await selectRowsAsserted<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from delivery_attempts where order_id = ${failed.order._id}`,
    )) as [{ n: number }];
    expect(n).toBe(1);

    // The question is mailed, with the link to the choice (the outbox's row goes once it is sent).
    const mail = await waitForMail(
      t,
      failed.order.shippingAddress.email,
      new RegExp(`We could not deliver your order ${orderNumber(failed.order._id)}`),
    );
    const token = /delivery-attempt\?token=([\w.-]+)/.exec(mail)?.[1] ?? "";
    expect(token).not.toBe("");

    const page = await t.app.inject({ method: "GET", url: `/api/delivery-attempts?token=${token}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<AttemptPage>()).toMatchObject({ canAnswer: true, courier: "Trax" });

    // A correction to an area not on the list is refused with the closest names, and changes nothing.
    const answer = (body: Record<string, unknown>) =>
      t.app.inject({ method: "POST", url: "/api/delivery-attempts/answer", payload: { token, ...body } });
    const badArea = await answer({
      choice: "correct",
      addressLine: "House 5, Street 2",
      area: "Gulshan block 99 Z",
      phoneNumber: "0300 7654321",
    });
    expect(badArea.statusCode).toBe(400);
    const forged = await answer({ token: `${token.slice(0, -2)}xx`, choice: "cancel" });
    expect(forged.statusCode).toBe(404);

    const advised = trax.adviceReceived.length;
    const chosen = await answer({ choice: "reattempt" });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<AttemptPage>()).toMatchObject({ canAnswer: false, choice: "reattempt" });
    expect(trax.adviceReceived.length).toBe(advised + 1);
    expect(JSON.stringify(trax.adviceReceived.at(-1))).toContain(failed.trackingNumber);
    const after = (await call(t, admin, "GET", "/api/admin/attempts")).json<AdminAttemptList>();
    expect(after.attempts.find((a) => a.orderId === failed.order._id)?.state).toBe("advised");

    // Pressed twice: the second is told it was answered.
    const twice = await answer({ choice: "cancel" });
    expect(twice.statusCode).toBe(409);

    // Delivered at the next try: rescued, in the delivery report.
    trax.setStatus(failed.trackingNumber, "Shipment - Delivered");
    await makeDue();
    await sync();
    expect(await statusOf(failed.order)).toBe("delivered");
    const report = (await call(t, admin, "GET", "/api/admin/reports/delivery?days=30")).json<DeliveryReport>();
    const row = report.couriers.find((c) => c.courierId === traxId);
    expect(row?.rescued).toBeGreaterThanOrEqual(1);
    expect(row?.firstAttempt).toBeGreaterThanOrEqual(1);
  });

  it("syncs once across two instances", async () => {
    const { order, trackingNumber } = await booked();
    trax.setStatus(trackingNumber, "Shipment - Attempt Failed", "Address incomplete");
    const other = await anotherInstance(t, ENV);
    try {
      await makeDue();
      const tracked = () => trax.requests.filter((r) => r.path === "/api/shipment/track").length;
      const before = tracked();
      const [one, two] = await Promise.all([
        call(t, admin, "POST", "/api/admin/couriers/sync"),
        other.app.inject({ method: "POST", url: "/api/admin/couriers/sync", headers: admin.headers }),
      ]);
      const synced = [...one.json<{ synced: unknown[] }>().synced, ...two.json<{ synced: unknown[] }>().synced];
      expect(synced).toHaveLength(1);
      const onRoad = await selectRowsAsserted<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from parcels p join orders o on o.id = p.order_id
            where p.courier_id = ${traxId} and o.status = 'dispatched'`,
      );
      // One tracking call per parcel on the road (Trax takes one number a call), made by one instance.
      expect(tracked() - before).toBe(onRoad[0]?.n);
      const attempts = await selectRowsAsserted(
        t.database.db,
        sql`select 1 from delivery_attempts where order_id = ${order._id}`,
      );
      expect(attempts).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it("backs off when the courier is down, and says why", async () => {
    await booked();
    await makeDue();
    trax.failNext(50);
    const outcome = await sync();
    trax.failNext(0);
    expect(outcome.synced[0]?.error).toMatch(/Trax/);
    const view = (await call(t, admin, "GET", `/api/admin/couriers/${traxId}/api`)).json<CourierApiSettingsView>();
    expect(view.account?.syncFailures).toBe(1);
    expect(Date.parse(view.account?.nextSyncAt ?? "")).toBeGreaterThan(Date.now() + 60_000);
  });
});

describe("the question on WhatsApp", () => {
  it("goes out as the owner's template with the order, the courier's reason and the link, when the shop has WhatsApp", async () => {
    const graph = await startGraphStandIn(ACCOUNT);
    const other = await anotherInstance(t, { ...ENV, ...whatsappEnv(graph) });
    try {
      const { order, trackingNumber } = await booked();
      trax.setStatus(trackingNumber, "Shipment - Delivery Unsuccessful", "Phone switched off");
      await makeDue();
      const res = await other.app.inject({ method: "POST", url: "/api/admin/couriers/sync", headers: admin.headers });
      expect(res.statusCode, res.body).toBe(200);
      const sent = await until(
        async () => graph.accepted.filter((m) => m.template.name === "delivery_attempt_failed"),
        (messages) => messages.some((m) => variablesOf(m)[0] === orderNumber(order._id)),
        "the delivery attempt's WhatsApp message",
      );
      const message = sent.find((m) => variablesOf(m)[0] === orderNumber(order._id));
      const [, courier, reason, , link] = message ? variablesOf(message) : [];
      expect(courier).toBe("Trax");
      expect(reason).toMatch(/Phone switched off/);
      expect(link).toMatch(/\/delivery-attempt\?token=/);
      // Nothing typed into the order goes to a phone not proven: no name, no address.
      expect(JSON.stringify(message)).not.toContain(order.shippingAddress.fullName);
    } finally {
      await other.close();
      await graph.close();
    }
  });
});

describe("Trax's webhook", () => {
  const post = (body: string, signature: string | null) =>
    t.app.inject({
      method: "POST",
      url: `/api/couriers/${traxId}/webhook`,
      headers: { "content-type": "application/json", ...(signature ? { [TRAX_SIGNATURE_HEADER]: signature } : {}) },
      payload: body,
    });

  it("applies a signed status and refuses a forged one", async () => {
    const { order, trackingNumber } = await booked();
    const body = JSON.stringify({
      tracking_number: trackingNumber,
      status: "Shipment - Delivered",
      date_time: "2026-11-28 14:05:00",
    });
    const forged = await post(body, signTraxWebhook(body, "not-the-secret"));
    expect(forged.statusCode).toBe(401);
    expect(await post(body, null).then((r) => r.statusCode)).toBe(401);
    expect(await statusOf(order)).toBe("dispatched");
    const signed = await post(body, signTraxWebhook(body, WEBHOOK_SECRET));
    expect(signed.statusCode, signed.body).toBe(200);
    expect(await statusOf(order)).toBe("delivered");
  });
});

describe("the credentials in the log", () => {
  it("appear in no log line", () => {
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) {
      expect(line).not.toContain(trax.apiKey);
      expect(line).not.toContain(WEBHOOK_SECRET);
    }
  });
});
