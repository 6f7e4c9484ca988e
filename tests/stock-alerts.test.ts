// Back in stock (issue 33, part 4) through the HTTP API: a visitor (by e-mail) and a signed-in
// customer (one tap) ask to be told when a sold-out size returns; asking again writes no second row;
// bad input is a clear 4xx that writes nothing. When the size comes back, by the owner's product
// form, the stock grid, a cancelled order or a refused parcel, each waiting subscriber is told once
// (by mail, and on WhatsApp where configured), never while the size is still sold out, never after
// they stopped the mails, and once only when two instances see the change together. The owner's
// stock grid counts who waits.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { AdminProduct, ProductInputBody } from "#shared/admin.ts";
import type { Order } from "#shared/orders.ts";
import {
  MAX_WAITING_PER_EMAIL,
  STOCK_ALERT_MESSAGES,
  STOCK_ALERTS_PATH,
  STOCK_ALERTS_UNSUBSCRIBE_PATH,
  type StockAlertAnswer,
} from "#shared/stock-alerts.ts";
import type { StockGrid } from "#shared/stock-grid.ts";
import { call, makeAdmin, newProduct } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { type AcceptedMessage, type GraphStandIn, startGraphStandIn } from "./support/graph-stand-in.ts";
import { anotherInstance, type Instance } from "./support/instances.ts";
import { freshAddresses, redisReachable, TEST_REDIS_URL } from "./support/redis.ts";
import { makeShopper, orderBody, placeOrder, type Shopper, type TestProduct } from "./support/shoppers.ts";
import { allSent as allSentIn, mailsTo as mailsIn } from "./support/stock-alerts.ts";
import { until } from "./support/wait.ts";

const PUBLIC_URL = "https://shop.example.pk";

let t: TestApp;
let admin: Shopper;
beforeAll(async () => {
  // Many visitors' asks come from this one test address: the per-address limit has its own test.
  t = await createTestApp({ env: { PUBLIC_URL, CONFIRMATION_SWEEP_SECONDS: "0", RATE_LIMIT_SCALE: "50" } });
  admin = await makeAdmin(t);
});
afterAll(() => t?.close());

let visitors = 0;
const visitorEmail = () => `visitor${++visitors}.${Math.random().toString(36).slice(2, 7)}@example.pk`;

/** A fresh product of the owner's, with the stock given per size (0: sold out). */
async function productWith(stock: Record<number, number>, on: TestApp = t): Promise<AdminProduct> {
  const sizes = Object.entries(stock).map(([size, pairs]) => ({ size: Number(size), stock: pairs }));
  const res = await call(on, admin, "POST", "/api/admin/products", newProduct({ sizes }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminProduct>();
}

function ask(
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
  on: { app: TestApp["app"] } = t,
  remoteAddress?: string,
) {
  return on.app.inject({ method: "POST", url: STOCK_ALERTS_PATH, payload: body, headers, remoteAddress });
}

/** The owner's form: the product as it is, with these sizes' stock set. */
async function ownerSets(product: AdminProduct, stock: Record<number, number>, on: { app: TestApp["app"] } = t) {
  const sizes = product.sizes.map((s) => ({ size: s.size, stock: stock[s.size] ?? s.stock }));
  const body: ProductInputBody = { ...newProduct({ name: product.name, category: product.category }), sizes };
  const res = await on.app.inject({
    method: "PUT",
    url: `/api/admin/products/${product._id}`,
    headers: admin.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminProduct>();
}

async function buy(product: AdminProduct, size: number, quantity = 1): Promise<Order> {
  const buyer = await makeShopper(t);
  const pick = { product: { id: product._id, discountPrice: product.discountPrice } as TestProduct, size, quantity };
  const res = await placeOrder(t, buyer, orderBody(buyer, [pick]));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

interface AlertRow {
  email: string;
  size: number;
  user_id: string | null;
  whatsapp: string | null;
  notified: boolean;
  unsubscribed: boolean;
  queued: number;
}

async function alertRows(productId: string): Promise<AlertRow[]> {
  return selectRowsAsserted<AlertRow>(
    t.database.db,
    sql`select a.email, a.size, a.user_id, a.whatsapp, a.notified_at is not null as notified,
               a.unsubscribed_at is not null as unsubscribed,
               (select count(*)::int from mail_outbox m where m.stock_alert_id = a.id) as queued
        from stock_alerts a where a.product_id = ${productId} order by a.size, a.email`,
  );
}

const alertCount = async () =>
  (await selectRowsAsserted<{ n: number }>(t.database.db, sql`select count(*)::int as n from stock_alerts`))[0]?.n;

/** The mails to `to`, from this test's app unless other data dirs are named. */
const mailsTo = (to: string, dataDirs: string[] = [t.config.dataDir]) => mailsIn(to, dataDirs);
const allSent = (db = t.database.db) => allSentIn(db);

describe("asking to be told", () => {
  it("a visitor asks with an e-mail; asking again is answered alike and writes no second row", async () => {
    const product = await productWith({ 40: 0, 41: 3 });
    const email = visitorEmail();
    const first = await ask({ productId: product._id, size: 40, email: `  ${email.toUpperCase()} ` });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.headers["cache-control"]).toBe("no-store");
    const answer: StockAlertAnswer = {
      message: STOCK_ALERT_MESSAGES.asked(email, 40),
      size: 40,
      email,
      whatsapp: false,
    };
    expect(first.json<StockAlertAnswer>()).toEqual(answer);
    // The same answer: a stranger must not learn that the address waits (tests/stock-alerts-trust.test.ts).
    const again = await ask({ productId: product._id, size: 40, email });
    expect([again.statusCode, again.json<StockAlertAnswer>()]).toEqual([202, answer]);
    // Twice at once: still one row.
    const together = await Promise.all([0, 1].map(() => ask({ productId: product._id, size: 40, email })));
    expect(together.map((r) => r.statusCode)).toEqual([202, 202]);
    expect(await alertRows(product._id)).toEqual([
      { email, size: 40, user_id: null, whatsapp: null, notified: false, unsubscribed: false, queued: 0 },
    ]);
  });

  it("a signed-in customer asks with one tap: the account's e-mail, whatever else is sent", async () => {
    const product = await productWith({ 40: 0, 41: 3 });
    const customer = await makeShopper(t);
    const res = await ask({ productId: product._id, size: 40 }, customer.headers);
    expect(res.statusCode, res.body).toBe(202);
    // Their own proven address: told plainly.
    const answer = {
      message: STOCK_ALERT_MESSAGES.told(customer.email, 40),
      size: 40,
      email: customer.email,
      whatsapp: false,
    };
    expect(res.json<StockAlertAnswer>()).toEqual(answer);
    const typed = await ask({ productId: product._id, size: 40, email: "someone.else@example.pk" }, customer.headers);
    expect([typed.statusCode, typed.json<StockAlertAnswer>()]).toEqual([202, answer]);
    const rows = await alertRows(product._id);
    expect(rows.map((r) => [r.email, r.user_id])).toEqual([[customer.email, customer.id]]);
  });

  it("refuses bad input with a clear 4xx and writes nothing", async () => {
    const product = await productWith({ 40: 0, 41: 3 });
    const archived = await productWith({ 40: 0 });
    expect((await call(t, admin, "DELETE", `/api/admin/products/${archived._id}`)).statusCode).toBe(200);
    const email = visitorEmail();
    const before = await alertCount();
    const cases: [Record<string, unknown> | string, number, string][] = [
      [{}, 400, "That is not a valid product id."],
      [{ productId: "42", size: 40, email }, 400, "That is not a valid product id."],
      [{ productId: product._id, email }, 400, "Choose the size you want: a whole number from 37 to 46."],
      [{ productId: product._id, size: "40", email }, 400, "Choose the size you want"],
      [{ productId: product._id, size: 40.5, email }, 400, "Choose the size you want"],
      [{ productId: product._id, size: 47, email }, 400, "Choose the size you want"],
      [{ productId: product._id, size: 40 }, 400, "Please enter your email, or sign in."],
      [{ productId: product._id, size: 40, email: "not-an-email" }, 400, "Please enter a valid email address."],
      [{ productId: product._id, size: 40, email, role: "admin" }, 400, "Unexpected field: role."],
      [{ productId: "7b0f6a34-5f2e-4a55-9d0c-2c5a1f3b9e11", size: 40, email }, 404, "No product found."],
      [{ productId: archived._id, size: 40, email }, 404, "No product found."],
      [{ productId: product._id, size: 43, email }, 400, "This product does not come in size 43."],
      [{ productId: product._id, size: 41, email }, 409, "Size 41 is in stock: add it to your cart."],
      ["size=40", 415, "Send the request body as application/json."],
    ];
    for (const [body, status, message] of cases) {
      const res =
        typeof body === "string"
          ? await t.app.inject({
              method: "POST",
              url: STOCK_ALERTS_PATH,
              payload: body,
              headers: { "content-type": "application/x-www-form-urlencoded" },
            })
          : await ask(body);
      expect([res.statusCode, JSON.stringify(body)]).toEqual([status, JSON.stringify(body)]);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    const dead = await ask(
      { productId: product._id, size: 40 },
      { authorization: "Bearer not-a-session-token-at-all" },
    );
    expect([dead.statusCode, dead.json<{ message: string }>().message]).toEqual([
      401,
      "Your session has ended. Please sign in again.",
    ]);
    expect(await alertCount()).toBe(before);
  });

  it(`stops an e-mail at ${MAX_WAITING_PER_EMAIL} sizes waiting`, async () => {
    const email = visitorEmail();
    const sizes = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [37 + i, 0]));
    const [a, b, c] = [await productWith(sizes), await productWith(sizes), await productWith(sizes)];
    // Twenty sizes waiting, written as twenty asks would have.
    for (const product of [a, b])
      for (const size of Object.keys(sizes))
        await t.database.db.execute(
          sql`insert into stock_alerts (product_id, size, email) values (${product._id}, ${Number(size)}, ${email})`,
        );
    const refused = await ask({ productId: c._id, size: 40, email });
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([
      409,
      STOCK_ALERT_MESSAGES.tooMany,
    ]);
    expect(await alertRows(c._id)).toEqual([]);
    // One that was waiting already is still answered, and another e-mail may ask.
    expect((await ask({ productId: a._id, size: 40, email })).statusCode).toBe(202);
    expect((await ask({ productId: c._id, size: 40, email: visitorEmail() })).statusCode).toBe(202);
  });

  it("limits a visitor's asks per address; a signed-in customer is not limited by address", async () => {
    // Any other Authorization than a live session is limited too: tests/stock-alerts-trust.test.ts.
    const limited = await createTestApp({ env: { RATE_LIMIT_SCALE: "0.15" } });
    try {
      const owner = await makeAdmin(limited);
      const res = await call(
        limited,
        owner,
        "POST",
        "/api/admin/products",
        newProduct({ sizes: [{ size: 40, stock: 0 }] }),
      );
      const product = res.json<AdminProduct>();
      const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
        ask({ productId: product._id, size: 40, email: visitorEmail() }, headers, limited, remoteAddress);
      // RATE_LIMIT_SCALE 0.15: 3 an hour per address.
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await from("203.0.113.7")).statusCode);
      expect(answers).toEqual([202, 202, 202, 429]);
      const refused = await from("203.0.113.7");
      expect(refused.json<{ message: string }>().message).toMatch(
        /^Too many attempts\. Please try again in \d+ minutes?\.$/,
      );
      expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
      expect((await from("203.0.113.8")).statusCode).toBe(202);
      const customer = await makeShopper(limited);
      expect((await from("203.0.113.7", customer.headers)).statusCode).toBe(202);
    } finally {
      await limited.close();
    }
  });
});

describe("telling them when the size is back", () => {
  it("the owner's restock tells each waiting subscriber once, by a mail with the size's link and a stop link", async () => {
    const product = await productWith({ 40: 0, 41: 0, 42: 2 });
    const visitor = visitorEmail();
    const customer = await makeShopper(t);
    expect((await ask({ productId: product._id, size: 40, email: visitor })).statusCode).toBe(202);
    expect((await ask({ productId: product._id, size: 40 }, customer.headers)).statusCode).toBe(202);
    const other = visitorEmail();
    expect((await ask({ productId: product._id, size: 41, email: other })).statusCode).toBe(202);

    // An edit that leaves size 40 sold out tells no one.
    const edited = await ownerSets(product, { 42: 5 });
    expect((await alertRows(product._id)).every((row) => !row.notified && row.queued === 0)).toBe(true);

    await ownerSets(edited, { 40: 3 });
    const rows = await alertRows(product._id);
    expect(rows.filter((r) => r.size === 40).map((r) => r.notified)).toEqual([true, true]);
    expect(rows.find((r) => r.size === 41)).toMatchObject({ notified: false, queued: 0 });

    const [mail] = await until(
      () => mailsTo(visitor),
      (m) => m.length === 1,
      "the visitor's mail",
    );
    await until(
      () => mailsTo(customer.email),
      (m) => m.length === 1,
      "the customer's mail",
    );
    await allSent();
    expect(await mailsTo(visitor)).toHaveLength(1);
    expect(await mailsTo(customer.email)).toHaveLength(1);
    expect(await mailsTo(other)).toHaveLength(0);

    expect(mail).toMatch(new RegExp(`^Subject: Size 40 is back: ${product.name}`, "m"));
    expect(mail).toContain(`Good news: ${product.name} is back in stock in size 40.`);
    expect(mail).toContain(`${PUBLIC_URL}/products/${product._id}?size=40`);
    const stopPage = /(https:\/\/shop\.example\.pk\/stop-alerts\?token=[\w.-]+)/.exec(mail ?? "")?.[1];
    expect(stopPage).toBeDefined();
    // A long header is folded onto the next line (RFC 5322).
    const oneClick = /^List-Unsubscribe:\s+<([^>]+)>/m.exec(mail ?? "")?.[1];
    expect(oneClick).toBe(
      `${PUBLIC_URL}${STOCK_ALERTS_UNSUBSCRIBE_PATH}?token=${new URL(stopPage ?? "").searchParams.get("token")}`,
    );
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    // More pairs on a size already back, and a sell-out and return: no second mail for these rows.
    await ownerSets(edited, { 40: 6 });
    await buy(product, 40, 6);
    await ownerSets(edited, { 40: 2 });
    expect((await alertRows(product._id)).filter((r) => r.size === 40).map((r) => r.queued)).toEqual([0, 0]);
    await allSent();
    expect(await mailsTo(visitor)).toHaveLength(1);
  });

  it("a cancelled order and a refused parcel returning the last pairs tell the waiting once", async () => {
    const product = await productWith({ 40: 1, 41: 1 });
    const cancelled = await buy(product, 40);
    const refused = await buy(product, 41);
    const [a, b] = [visitorEmail(), visitorEmail()];
    expect((await ask({ productId: product._id, size: 40, email: a })).statusCode).toBe(202);
    expect((await ask({ productId: product._id, size: 41, email: b })).statusCode).toBe(202);

    const cancel = await call(t, admin, "POST", `/api/admin/orders/${cancelled._id}/status`, { status: "cancelled" });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(
      (await call(t, admin, "POST", `/api/admin/orders/${refused._id}/status`, { status: "confirm" })).statusCode,
    ).toBe(200);
    expect((await alertRows(product._id)).map((r) => [r.size, r.notified])).toEqual([
      [40, true],
      [41, false],
    ]);
    const back = await call(t, admin, "POST", `/api/admin/orders/${refused._id}/return`, { as: "refused" });
    expect(back.statusCode, back.body).toBe(200);
    await until(
      () => mailsTo(a),
      (m) => m.length === 1,
      "the mail after the cancellation",
    );
    await until(
      () => mailsTo(b),
      (m) => m.length === 1,
      "the mail after the refused parcel",
    );
    await allSent();
    expect([(await mailsTo(a)).length, (await mailsTo(b)).length]).toEqual([1, 1]);
  });

  it("the stock grid's restock tells them, and a size offered again with pairs too", async () => {
    const product = await productWith({ 40: 0, 41: 0 });
    const [a, b] = [visitorEmail(), visitorEmail()];
    await ask({ productId: product._id, size: 40, email: a });
    await ask({ productId: product._id, size: 41, email: b });
    // The owner stops offering 41 (it is waited for all the same), then the grid offers it again.
    const without = await call(t, admin, "PUT", `/api/admin/products/${product._id}`, {
      ...newProduct({ name: product.name, category: product.category }),
      sizes: [{ size: 40, stock: 0 }],
    });
    expect(without.statusCode, without.body).toBe(200);
    const grid = await call(t, admin, "PUT", "/api/admin/stock", {
      changes: [
        { productId: product._id, size: 40, stock: 4, expectedStock: 0 },
        { productId: product._id, size: 41, stock: 2, expectedStock: 0 },
      ],
    });
    expect(grid.statusCode, grid.body).toBe(200);
    await until(
      () => mailsTo(a),
      (m) => m.length === 1,
      "the mail of size 40",
    );
    await until(
      () => mailsTo(b),
      (m) => m.length === 1,
      "the mail of size 41 offered again",
    );
  });

  it("asking again after the alert re-arms the one row; a stopped address is not told", async () => {
    const product = await productWith({ 40: 1, 41: 0, 42: 0 });
    const email = visitorEmail();
    await buy(product, 40);
    for (const size of [40, 41, 42]) expect((await ask({ productId: product._id, size, email })).statusCode).toBe(202);
    await ownerSets(product, { 40: 1 });
    const [mail] = await until(
      () => mailsTo(email),
      (m) => m.length === 1,
      "the first mail",
    );
    const token = /stop-alerts\?token=([\w.-]+)/.exec(mail ?? "")?.[1] ?? "";

    // Sold out again, asked again: the same row waits again and is told at the next return.
    await buy(product, 40);
    expect((await ask({ productId: product._id, size: 40, email })).statusCode).toBe(202);
    expect((await alertRows(product._id)).filter((r) => r.size === 40)).toHaveLength(1);
    await ownerSets(product, { 40: 2 });
    await until(
      () => mailsTo(email),
      (m) => m.length === 2,
      "the mail after asking again",
    );

    // Opening the links changes nothing (mail scanners open links).
    const opened = await t.app.inject({ method: "GET", url: `${STOCK_ALERTS_UNSUBSCRIBE_PATH}?token=${token}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/stop-alerts?token=${token}`);
    expect((await alertRows(product._id)).some((r) => r.unsubscribed)).toBe(false);

    // Forged, damaged or missing tokens are refused and stop nothing.
    const forged = `${token.slice(0, 37)}${token.at(37) === "A" ? "B" : "A"}${token.slice(38)}`;
    for (const bad of [
      forged,
      token.slice(0, -1),
      "",
      `${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}.${token.split(".")[1]}`,
    ]) {
      const res = await t.app.inject({ method: "POST", url: STOCK_ALERTS_UNSUBSCRIBE_PATH, payload: { token: bad } });
      expect([res.statusCode, res.json<{ message: string }>().message]).toEqual([
        400,
        STOCK_ALERT_MESSAGES.tokenInvalid,
      ]);
    }
    expect((await alertRows(product._id)).some((r) => r.unsubscribed)).toBe(false);

    // A mail program's one-click (RFC 8058): a form post to the List-Unsubscribe address.
    const stop = await t.app.inject({
      method: "POST",
      url: `${STOCK_ALERTS_UNSUBSCRIBE_PATH}?token=${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toEqual({ message: STOCK_ALERT_MESSAGES.stopped(email), stopped: 2, watching: [] });
    // The same press again: done already, nothing more to stop.
    const again = await t.app.inject({ method: "POST", url: STOCK_ALERTS_UNSUBSCRIBE_PATH, payload: { token } });
    expect(again.json()).toEqual({ message: STOCK_ALERT_MESSAGES.stopped(email), stopped: 0, watching: [] });

    await ownerSets(product, { 41: 3, 42: 3 });
    expect((await alertRows(product._id)).filter((r) => r.size > 40)).toMatchObject([
      { notified: false, unsubscribed: true, queued: 0 },
      { notified: false, unsubscribed: true, queued: 0 },
    ]);
    await allSent();
    expect(await mailsTo(email)).toHaveLength(2);
  });
});

describe("the owner's stock grid", () => {
  it("counts the customers waiting on each sold-out size, and lists the most wanted", async () => {
    const product = await productWith({ 40: 0, 41: 0, 42: 5 });
    for (let i = 0; i < 6; i++) await ask({ productId: product._id, size: 41, email: visitorEmail() });
    for (let i = 0; i < 5; i++) await ask({ productId: product._id, size: 40, email: visitorEmail() });
    const res = await call(t, admin, "GET", `/api/admin/stock?category=${product.category}`);
    expect(res.statusCode, res.body).toBe(200);
    const grid = res.json<StockGrid>();
    const row = grid.products.find((p) => p._id === product._id);
    expect(row?.sizes.filter((s) => s.offered)).toEqual([
      { size: 40, stock: 0, offered: true, waiting: 5 },
      { size: 41, stock: 0, offered: true, waiting: 6 },
      { size: 42, stock: 5, offered: true, waiting: 0 },
    ]);
    const mine = grid.mostWanted.filter((m) => m.productId === product._id);
    expect(mine).toEqual([
      { productId: product._id, name: product.name, category: product.category, size: 41, waiting: 6 },
      { productId: product._id, name: product.name, category: product.category, size: 40, waiting: 5 },
    ]);
    const counts = grid.mostWanted.map((m) => m.waiting);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));

    // Back in stock: its subscribers are told, so nobody waits for it any more.
    await ownerSets(product, { 41: 4 });
    const after = (await call(t, admin, "GET", `/api/admin/stock?category=${product.category}`)).json<StockGrid>();
    expect(after.products.find((p) => p._id === product._id)?.sizes.find((s) => s.size === 41)?.waiting).toBe(0);
    expect(after.mostWanted.filter((m) => m.productId === product._id).map((m) => m.size)).toEqual([40]);
  });
});

describe("two instances on one database", () => {
  let first: TestApp;
  let second: Instance;
  let shared: boolean;
  beforeAll(async () => {
    // With Redis (when this machine has it) each instance also hears the other's changes.
    shared = await redisReachable();
    const env = { PUBLIC_URL, CONFIRMATION_SWEEP_SECONDS: "0", ...(shared ? { REDIS_URL: TEST_REDIS_URL } : {}) };
    first = await createTestApp({ env });
    second = await anotherInstance(first, env);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("both see the size come back, twice at once; each subscriber gets one mail", async () => {
    const owner = await makeAdmin(first);
    const made = await call(
      first,
      owner,
      "POST",
      "/api/admin/products",
      newProduct({ sizes: [{ size: 40, stock: 2 }] }),
    );
    const product = made.json<AdminProduct>();
    const orders: Order[] = [];
    for (let i = 0; i < 2; i++) {
      const buyer = await makeShopper(first);
      const pick = {
        product: { id: product._id, discountPrice: product.discountPrice } as TestProduct,
        size: 40,
        quantity: 1,
      };
      const res = await placeOrder(first, buyer, orderBody(buyer, [pick]));
      expect(res.statusCode, res.body).toBe(201);
      orders.push(res.json<Order>());
    }
    const emails = [visitorEmail(), visitorEmail(), visitorEmail()];
    // Redis keeps the per-address count of asks for an hour: a fresh address, so earlier runs don't count.
    const visitor = freshAddresses()(1);
    for (const [i, email] of emails.entries()) {
      const res = await ask({ productId: product._id, size: 40, email }, {}, i % 2 === 0 ? first : second, visitor);
      expect(res.statusCode, res.body).toBe(202);
    }
    const heard = { first: [] as string[], second: [] as string[] };
    const stops = [
      first.app.catalogChanges.subscribe((change) => heard.first.push(...(change.productIds ?? []))),
      second.app.catalogChanges.subscribe((change) => heard.second.push(...(change.productIds ?? []))),
    ];

    // One instance cancels one order while the other cancels the other: 0 -> 1 -> 2 pairs.
    const cancels = await Promise.all(
      [first, second].map((on, i) =>
        on.app.inject({
          method: "POST",
          url: `/api/admin/orders/${orders[i]?._id}/status`,
          headers: owner.headers,
          payload: { status: "cancelled" },
        }),
      ),
    );
    expect(cancels.map((r) => r.statusCode)).toEqual([200, 200]);

    const dirs = [first.config.dataDir, second.config.dataDir];
    for (const email of emails)
      await until(
        () => mailsTo(email, dirs),
        (m) => m.length >= 1,
        `the mail to ${email}`,
      );
    await allSent(first.database.db);
    for (const email of emails) expect(await mailsTo(email, dirs)).toHaveLength(1);
    if (shared) {
      await until(
        async () => heard,
        (h) => h.first.includes(product._id) && h.second.includes(product._id),
        "both instances to hear",
      );
      // Each heard both cancellations: its own at once, the other's through Redis.
      expect(heard.first.filter((id) => id === product._id)).toHaveLength(2);
      expect(heard.second.filter((id) => id === product._id)).toHaveLength(2);
    }
    for (const stop of stops) stop();
  });
});

describe("on WhatsApp too, where the shop has it", () => {
  const ACCOUNT = { phoneNumberId: "106540352242922", accessToken: "EAAG-stand-in-access-token" };
  let graph: GraphStandIn;
  let w: TestApp;
  beforeAll(async () => {
    graph = await startGraphStandIn(ACCOUNT);
    w = await createTestApp({
      env: {
        PUBLIC_URL,
        CONFIRMATION_SWEEP_SECONDS: "0",
        WHATSAPP_ACCESS_TOKEN: ACCOUNT.accessToken,
        WHATSAPP_PHONE_NUMBER_ID: ACCOUNT.phoneNumberId,
        WHATSAPP_APP_SECRET: "stand-in-app-secret-4f1c9a",
        WHATSAPP_VERIFY_TOKEN: "karachi-shoes-verify-7d2e",
        WHATSAPP_GRAPH_URL: graph.url,
        WHATSAPP_BACK_IN_STOCK_TEMPLATE: "size_back",
      },
    });
  });
  afterAll(async () => {
    await w?.close();
    await graph?.close();
  });

  it("a customer is told on the number of their latest order; a visitor by mail only", async () => {
    const owner = await makeAdmin(w);
    const made = await call(
      w,
      owner,
      "POST",
      "/api/admin/products",
      newProduct({
        sizes: [
          { size: 40, stock: 0 },
          { size: 41, stock: 1 },
        ],
      }),
    );
    const product = made.json<AdminProduct>();
    const customer = await makeShopper(w);
    const pick = {
      product: { id: product._id, discountPrice: product.discountPrice } as TestProduct,
      size: 41,
      quantity: 1,
    };
    expect((await placeOrder(w, customer, orderBody(customer, [pick]))).statusCode).toBe(201);

    const asked = await ask({ productId: product._id, size: 40 }, customer.headers, w);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json<StockAlertAnswer>()).toMatchObject({ whatsapp: true, email: customer.email });
    expect(asked.json<StockAlertAnswer>().message).toBe(
      `${STOCK_ALERT_MESSAGES.told(customer.email, 40)} ${STOCK_ALERT_MESSAGES.alsoWhatsApp}`,
    );
    const visitor = visitorEmail();
    const visitorAsked = await ask({ productId: product._id, size: 40, email: visitor }, {}, w);
    expect(visitorAsked.json<StockAlertAnswer>().whatsapp).toBe(false);

    const restock = await call(w, owner, "PUT", "/api/admin/stock", {
      changes: [{ productId: product._id, size: 40, stock: 5, expectedStock: 0 }],
    });
    expect(restock.statusCode, restock.body).toBe(200);
    const isAlert = (m: AcceptedMessage) => m.template.name === "size_back";
    const [message] = await until(
      async () => graph.accepted.filter(isAlert),
      (m) => m.length === 1,
      "the WhatsApp alert",
    );
    expect(message).toMatchObject({
      to: "923001234567",
      template: {
        name: "size_back",
        language: { code: "en" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: product.name },
              { type: "text", text: "40" },
              { type: "text", text: `${PUBLIC_URL}/products/${product._id}?size=40` },
            ],
          },
        ],
      },
    });
    await allSent(w.database.db);
    expect(graph.accepted.filter(isAlert)).toHaveLength(1);
    const inbox = (to: string) => mailsTo(to, [w.config.dataDir]).then((m) => m.filter((x) => x.includes("is back")));
    expect(await inbox(customer.email)).toHaveLength(1);
    expect(await inbox(visitor)).toHaveLength(1);
  });
});
