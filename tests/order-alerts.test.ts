// New-order alerts (issue 18): every new order mails the shop (ORDERS_EMAIL, else SHOP_EMAIL) once,
// through the same outbox as the customer's confirmation, however often the request is retried
// (orders that come in together share one mail);
// and the admin reads the count of new (pending) orders, once or as a live event stream.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { EVENT_STREAM_TYPE, NEW_ORDER_COUNT_PATH, NEW_ORDER_STREAM_PATH } from "#shared/new-orders.ts";
import { type Order, orderNumber } from "#shared/orders.ts";
import { mailsTo } from "./support/accounts.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { listening, openCountStream } from "./support/new-orders.ts";
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
import { allMailsSent } from "./support/wait.ts";

const ORDERS_EMAIL = "orders-desk@shoeshop.example";
const PUBLIC_URL = "https://shop.example.pk";

let t: TestApp;
let admin: Shopper;
let p1: TestProduct;
let p2: TestProduct;
beforeAll(async () => {
  t = await createTestApp({ env: { ORDERS_EMAIL, PUBLIC_URL } });
  admin = await makeAdmin(t);
  [p1, p2] = (await products(t, 2)) as [TestProduct, TestProduct];
  for (const p of [p1, p2]) for (const size of p.sizes) await setStock(t, p.id, size, 50);
});
afterAll(() => t?.close());

const sz = (p: TestProduct, i = 0) => p.sizes[i] as number;

async function order(): Promise<Order> {
  const s = await makeShopper(t);
  const res = await placeOrder(t, s, orderBody(s, [{ product: p1, size: sz(p1), quantity: 1 }]));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

async function newCount(): Promise<number> {
  const res = await call(t, admin, "GET", NEW_ORDER_COUNT_PATH);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["cache-control"]).toBe("no-store");
  return res.json<{ count: number }>().count;
}

describe("the shop's mail of a new order", () => {
  it("goes to ORDERS_EMAIL once per order, however often the checkout is retried", async () => {
    const s = await makeShopper(t);
    const body = orderBody(s, [
      { product: p1, size: sz(p1), quantity: 2 },
      { product: p2, size: sz(p2, 1), quantity: 1 },
    ]);
    const key = { "idempotency-key": randomUUID() };
    const first = await placeOrder(t, s, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const placed = first.json<Order>();
    // The network dropped the answer: the customer's phone sends it twice more.
    for (const retry of await Promise.all([placeOrder(t, s, body, key), placeOrder(t, s, body, key)])) {
      expect(retry.statusCode).toBe(200);
      expect(retry.json<Order>()._id).toBe(placed._id);
    }

    const ref = orderNumber(placed._id);
    const forThisOrder = (mail: string) => mail.includes(ref);
    // Every retry has answered, so whatever the order queued is in the outbox; once none of it is
    // left, every mail it owed has been written: a second alert would be here now.
    await allMailsSent(t.database.db, [placed._id]);
    const alerts = (await mailsTo(t, ORDERS_EMAIL)).filter(forThisOrder);
    expect(alerts).toHaveLength(1);
    expect((await mailsTo(t, s.email)).filter(forThisOrder)).toHaveLength(1);
    const [alert] = alerts;

    expect(alert).toMatch(
      new RegExp(`^Subject: New order ${ref} from ${ADDRESS.fullName}: Rs\\.[\\d,]+ to collect`, "m"),
    );
    const total = placed.totalAmount.toLocaleString("en-US");
    for (const expected of [
      `Customer: ${ADDRESS.fullName} (${s.email})`,
      `Phone: ${ADDRESS.phoneNumber}`,
      `2 x ${p1.name}, size ${sz(p1)}`,
      `1 x ${p2.name}, size ${sz(p2, 1)}`,
      `To collect: Rs.${total}`,
      ADDRESS.addressLine,
      `Karachi ${ADDRESS.postalCode}`,
      `${PUBLIC_URL}/admin/orders/${placed._id}`,
    ]) {
      expect(alert).toContain(expected);
    }
  });

  it("orders that come in together reach the shop in one mail, each as its own alert shows it", async () => {
    const placed = [await order(), await order(), await order()];
    const refs = placed.map((o) => orderNumber(o._id));
    // Each has been announced (in one mail or several, as the outbox's batches fell); now all
    // three are owed again at once, as in a sale's burst (one statement, so one batch claims them).
    const mentions = async () => {
      const mails = await mailsTo(t, ORDERS_EMAIL);
      return refs.map((ref) => mails.filter((mail) => mail.includes(ref)).length);
    };
    const together = (mail: string) => refs.every((ref) => mail.includes(ref));
    const ids = placed.map((o) => o._id);
    await allMailsSent(t.database.db, ids);
    expect(await mentions()).toEqual([1, 1, 1]);
    const togetherBefore = (await mailsTo(t, ORDERS_EMAIL)).filter(together).length;

    await t.database.db.execute(
      sql`insert into mail_outbox (kind, order_id) select 'order_alert', id from orders where id in ${ids}`,
    );
    // Sent (the rows are gone once their mail is written): nothing more can come of them.
    await allMailsSent(t.database.db, ids);
    // One more mail, naming all three.
    expect(await mentions()).toEqual([2, 2, 2]);
    const digests = (await mailsTo(t, ORDERS_EMAIL)).filter(together);
    expect(digests).toHaveLength(togetherBefore + 1);
    const digest = digests.at(-1);

    const total = placed.reduce((sum, o) => sum + o.totalAmount, 0).toLocaleString("en-US");
    expect(digest).toMatch(new RegExp(`^Subject: 3 new orders: Rs\\.${total} to collect$`, "m"));
    expect(digest).toContain(`3 new orders: Rs.${total} to collect in all.`);
    for (const o of placed) {
      for (const expected of [
        `New order ${orderNumber(o._id)}: 1 pair.`,
        `1 x ${p1.name}, size ${sz(p1)}`,
        `To collect: Rs.${o.totalAmount.toLocaleString("en-US")}`,
        `${PUBLIC_URL}/admin/orders/${o._id}`,
      ]) {
        expect(digest).toContain(expected);
      }
    }
  });

  it("defaults to SHOP_EMAIL when ORDERS_EMAIL is not set", () => {
    expect(loadConfig({ NODE_ENV: "test" }).ordersEmail).toBe("support@shoeshop.pk");
    expect(loadConfig({ NODE_ENV: "test", SHOP_EMAIL: "owner@shop.pk", ORDERS_EMAIL: " " }).ordersEmail).toBe(
      "owner@shop.pk",
    );
    expect(loadConfig({ NODE_ENV: "test", ORDERS_EMAIL: "desk@shop.pk" }).ordersEmail).toBe("desk@shop.pk");
  });
});

describe("the count of new orders", () => {
  it("goes up with an order and down when the owner confirms or cancels one", async () => {
    const before = await newCount();
    const a = await order();
    const b = await order();
    expect(await newCount()).toBe(before + 2);
    expect((await call(t, admin, "POST", `/api/admin/orders/${a._id}/status`, { status: "confirm" })).statusCode).toBe(
      200,
    );
    expect(
      (await call(t, admin, "POST", `/api/admin/orders/${b._id}/status`, { status: "cancelled" })).statusCode,
    ).toBe(200);
    expect(await newCount()).toBe(before);
  });

  it("is only for admins", async () => {
    const customer = await makeShopper(t);
    for (const url of [NEW_ORDER_COUNT_PATH, NEW_ORDER_STREAM_PATH]) {
      expect((await t.app.inject({ url, headers: { accept: EVENT_STREAM_TYPE } })).statusCode).toBe(401);
      const res = await call(t, customer, "GET", url);
      expect(res.statusCode).toBe(403);
    }
  });

  it("as a stream: the count at once, then every change, without asking again", async () => {
    const base = await listening(t.app);
    const stream = await openCountStream(base, admin.token);
    try {
      const before = await stream.until(() => true);
      expect(before).toBe(await newCount());
      const placed = await order();
      await stream.until((n) => n === before + 1);
      await call(t, admin, "POST", `/api/admin/orders/${placed._id}/status`, { status: "confirm" });
      await stream.until((n) => n === before && stream.counts.length >= 3);
      expect(stream.counts.slice(0, 3)).toEqual([before, before + 1, before]);
    } finally {
      stream.close();
    }
  });

  it("ends when its admin signs out, instead of sending the next count", async () => {
    const leaving = await makeAdmin(t);
    const stream = await openCountStream(await listening(t.app), leaving.token);
    try {
      const before = await stream.until(() => true);
      expect((await call(t, leaving, "POST", "/api/user/logout")).statusCode).toBeLessThan(300);
      await order();
      await stream.ended;
      expect(stream.counts).toEqual([before]);
    } finally {
      stream.close();
    }
  });

  it("refuses a request that does not ask for an event stream with a message, instead of hanging", async () => {
    const res = await call(t, admin, "GET", NEW_ORDER_STREAM_PATH);
    expect(res.statusCode).toBe(406);
    expect(res.json<{ message: string }>().message).toMatch(/text\/event-stream/);
  });

  it("a graceful stop ends open streams instead of waiting for them", async () => {
    const other = await createTestApp({ demo: false });
    const otherAdmin = await makeAdmin(other);
    const stream = await openCountStream(await listening(other.app), otherAdmin.token);
    await stream.until(() => true);
    const started = Date.now();
    await other.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
