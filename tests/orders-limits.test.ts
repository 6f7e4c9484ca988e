// Cash on delivery invites fake orders (issue 16, item 2): one customer holds at most MAX_OPEN_ORDERS
// open orders and MAX_OPEN_PAIRS pairs on them, checked in the order's transaction so a burst of
// parallel orders cannot slip past; a blocked customer orders nothing; order mails go to the
// account's own e-mail, never to the address typed at checkout.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { Order } from "#shared/orders.ts";
import { mailsTo } from "./support/accounts.ts";
import { makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import {
  count,
  makeShopper,
  orderBody,
  placeOrder,
  products,
  type Shopper,
  setStock,
  stockOf,
  type TestProduct,
} from "./support/shoppers.ts";
import { allMailsSent } from "./support/wait.ts";

const SHOP = { SHOP_PHONE: "+92 321 7654321", SHOP_EMAIL: "help@shoes.example.pk" };
let t: TestApp;
let pairs: TestApp;
let p1: TestProduct;
let q1: TestProduct;
beforeAll(async () => {
  [t, pairs] = await Promise.all([
    createTestApp({ env: SHOP }),
    // Orders without a practical limit, so only the pairs limit speaks.
    createTestApp({ env: { ...SHOP, MAX_OPEN_ORDERS: "100", MAX_OPEN_PAIRS: "10" } }),
  ]);
  [p1] = (await products(t, 1)) as [TestProduct];
  [q1] = (await products(pairs, 1)) as [TestProduct];
  for (const size of p1.sizes) await setStock(t, p1.id, size, 500);
  for (const size of q1.sizes) await setStock(pairs, q1.id, size, 500);
});
afterAll(async () => {
  await Promise.all([t?.close(), pairs?.close()]);
});

const size = (p: TestProduct) => p.sizes[0] as number;
const one = (s: Shopper, quantity = 1, product = p1) => orderBody(s, [{ product, size: size(product), quantity }]);

async function held(app: TestApp, userId: string) {
  const [row] = await selectRowsAsserted<{ orders: number; pairs: number }>(
    app.database.db,
    sql`select count(distinct o.id)::int as orders, coalesce(sum(l.quantity), 0)::int as pairs
        from orders o join order_lines l on l.order_id = o.id
        where o.user_id = ${userId} and o.status in ('pending', 'confirm')`,
  );
  return row;
}

function expectContactMessage(res: { statusCode: number; json: () => { message: string } }, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.json().message).toContain(SHOP.SHOP_PHONE);
  expect(res.json().message).toContain(SHOP.SHOP_EMAIL);
}

describe("open orders per customer (MAX_OPEN_ORDERS, default 3)", () => {
  it("lets exactly 3 of 20 parallel orders through, and the rest are refused with how to reach the shop", async () => {
    const s = await makeShopper(t);
    const stock = await stockOf(t, p1.id, size(p1));
    const answers = await Promise.all(Array.from({ length: 20 }, () => placeOrder(t, s, one(s))));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(17);
    const refused = answers.find((a) => a.statusCode === 409);
    if (!refused) throw new Error("no refusal");
    expectContactMessage(refused, 409);
    expect(refused.json().message).toMatch(/already have 3 open orders/);
    expect(await held(t, s.id)).toEqual({ orders: 3, pairs: 3 });
    expect(await stockOf(t, p1.id, size(p1))).toBe(stock - 3);
  });

  it("counts only pending and confirmed orders: a delivered or cancelled one makes room again", async () => {
    const s = await makeShopper(t);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await placeOrder(t, s, one(s));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<Order>()._id);
    }
    expect((await placeOrder(t, s, one(s))).statusCode).toBe(409);
    const admin = await makeAdmin(t);
    const move = (id: string, status: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/orders/${id}/status`,
        headers: admin.headers,
        payload: { status },
      });
    expect((await move(ids[0] as string, "confirm")).statusCode).toBe(200);
    expect((await placeOrder(t, s, one(s))).statusCode).toBe(409);
    expect((await move(ids[0] as string, "delivered")).statusCode).toBe(200);
    expect((await move(ids[1] as string, "cancelled")).statusCode).toBe(200);
    expect((await placeOrder(t, s, one(s))).statusCode).toBe(201);
    expect((await placeOrder(t, s, one(s))).statusCode).toBe(201);
    expect((await placeOrder(t, s, one(s))).statusCode).toBe(409);
  });

  it("still answers a retried order with its Idempotency-Key once the limit is reached", async () => {
    const s = await makeShopper(t);
    const first = await placeOrder(t, s, one(s), { "idempotency-key": "limit-retry-1" });
    expect(first.statusCode).toBe(201);
    for (let i = 0; i < 2; i++) expect((await placeOrder(t, s, one(s))).statusCode).toBe(201);
    const retry = await placeOrder(t, s, one(s), { "idempotency-key": "limit-retry-1" });
    expect(retry.statusCode).toBe(200);
    expect(retry.json<Order>()._id).toBe(first.json<Order>()._id);
  });

  it("limits each customer on their own", async () => {
    const [a, b] = [await makeShopper(t), await makeShopper(t)];
    for (let i = 0; i < 3; i++) expect((await placeOrder(t, a, one(a))).statusCode).toBe(201);
    expect((await placeOrder(t, b, one(b))).statusCode).toBe(201);
  });
});

describe("open pairs per customer (MAX_OPEN_PAIRS, default 10)", () => {
  it("lets 20 parallel orders of 3 pairs hold 9 pairs at most, never 12", async () => {
    const s = await makeShopper(pairs);
    const answers = await Promise.all(Array.from({ length: 20 }, () => placeOrder(pairs, s, one(s, 3, q1))));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    const refused = answers.find((a) => a.statusCode === 409);
    if (!refused) throw new Error("no refusal");
    expectContactMessage(refused, 409);
    expect(refused.json().message).toMatch(/at most 10 pairs.*this order has 3.*already have 9.*add 1 more/);
    expect(await held(pairs, s.id)).toEqual({ orders: 3, pairs: 9 });
    // One more pair still fits.
    expect((await placeOrder(pairs, s, one(s, 1, q1))).statusCode).toBe(201);
  });

  it("refuses one order bigger than the limit by itself", async () => {
    const s = await makeShopper(pairs);
    const [product] = (await products(pairs, 2)).slice(1) as [TestProduct];
    for (const sz of product.sizes) await setStock(pairs, product.id, sz, 50);
    const body = orderBody(s, [
      { product: q1, size: size(q1), quantity: 6 },
      { product, size: size(product), quantity: 5 },
    ]);
    const res = await placeOrder(pairs, s, body);
    expectContactMessage(res, 409);
    expect(res.json().message).toMatch(/this order has 11/);
    expect(await held(pairs, s.id)).toEqual({ orders: 0, pairs: 0 });
  });
});

describe("a blocked customer", () => {
  it("is refused with a message saying to contact the shop, and nothing is written", async () => {
    const s = await makeShopper(t);
    await t.database.db.execute(sql`update users set blocked_at = now() where id = ${s.id}`);
    const before = [await count(t, "orders"), await stockOf(t, p1.id, size(p1))];
    const res = await placeOrder(t, s, one(s));
    expectContactMessage(res, 403);
    expect(res.json().message).toMatch(/cannot place orders.*contact the shop/);
    expect([await count(t, "orders"), await stockOf(t, p1.id, size(p1))]).toEqual(before);
  });
});

describe("order mails", () => {
  it("go to the account's own e-mail, never to the address typed at checkout", async () => {
    const s = await makeShopper(t);
    const stranger = `stranger-${Date.now()}@elsewhere.example.pk`;
    const body = orderBody(s, [{ product: p1, size: size(p1), quantity: 1 }]);
    body.shippingAddress = { ...body.shippingAddress, email: stranger, fullName: "Call 0300-0000000 for your refund" };
    const res = await placeOrder(t, s, body);
    expect(res.statusCode, res.body).toBe(201);
    // Kept on the order for the shop.
    expect(res.json<Order>().shippingAddress.email).toBe(stranger);

    const admin = await makeAdmin(t);
    const moved = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${res.json<Order>()._id}/status`,
      headers: admin.headers,
      payload: { status: "confirm" },
    });
    expect(moved.statusCode).toBe(200);
    // The order and the move have answered, so their mails are queued: once sent, none is still to come.
    await allMailsSent(t.database.db);
    const mails = await mailsTo(t, s.email);
    expect(mails).toHaveLength(2);
    expect(mails.join("\n")).toMatch(/Subject: Your order .* is confirmed/);
    expect(await mailsTo(t, stranger)).toEqual([]);
  });
});
