// Races on the last pairs, opposite lock orders and retried requests: run on PGlite and, with
// DATABASE_URL set, on a real PostgreSQL server where the requests really overlap.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { Order } from "#shared/orders.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { waitForLockWaiter } from "./support/database.ts";
import {
  count,
  makeShopper,
  makeShoppers,
  orderBody,
  placeOrder,
  products,
  setStock,
  stockOf,
  type TestProduct,
} from "./support/shoppers.ts";

let t: TestApp;
let p1: TestProduct;
let p2: TestProduct;
beforeAll(async () => {
  t = await createTestApp();
  [p1, p2] = (await products(t, 2)) as [TestProduct, TestProduct];
});
afterAll(() => t?.close());

const sz = (p: TestProduct, i = 0) => p.sizes[i] as number;

describe("placing orders at the same time", () => {
  it("50 buyers race for the last 3 pairs: exactly 3 orders, stock 0, 47 clear refusals", async () => {
    const size = sz(p1);
    await setStock(t, p1.id, size, 3);
    const buyers = await makeShoppers(t, 50);
    const ordersBefore = await count(t, "orders");
    const results = await Promise.all(
      buyers.map((b) => placeOrder(t, b, orderBody(b, [{ product: p1, size, quantity: 1 }]))),
    );
    const won = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(won).toHaveLength(3);
    expect(refused).toHaveLength(47);
    const messages = new Set(refused.map((r) => r.json().message));
    for (const message of messages) {
      expect(message).toMatch(new RegExp(`^(Only [12] left in size ${size}|Size ${size}) .*${p1.name}|sold out`));
    }
    expect(messages).toContain(`Size ${size} of ${p1.name} is sold out.`);
    expect(await stockOf(t, p1.id, size)).toBe(0);
    expect((await count(t, "orders")) - ordersBefore).toBe(3);
  });

  it("two orders of the same two products in opposite line order both succeed, no deadlock", async () => {
    await setStock(t, p1.id, sz(p1, 1), 100);
    await setStock(t, p2.id, sz(p2, 1), 100);
    const buyers = await makeShoppers(t, 20);
    const results = await Promise.all(
      buyers.map((b, i) => {
        const lines = [
          { product: p1, size: sz(p1, 1), quantity: 2 },
          { product: p2, size: sz(p2, 1), quantity: 1 },
        ];
        return placeOrder(t, b, orderBody(b, i % 2 === 0 ? lines : lines.reverse()));
      }),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(await stockOf(t, p1.id, sz(p1, 1))).toBe(100 - 40);
    expect(await stockOf(t, p2.id, sz(p2, 1))).toBe(100 - 20);
  });

  it("multi-line orders racing for scarce stock never oversell and never write half an order", async () => {
    const a = sz(p1, 2);
    const b = sz(p2, 2);
    await setStock(t, p1.id, a, 7);
    await setStock(t, p2.id, b, 5);
    const buyers = await makeShoppers(t, 30);
    const results = await Promise.all(
      buyers.map((buyer, i) =>
        placeOrder(
          t,
          buyer,
          orderBody(buyer, [
            { product: p1, size: a, quantity: 1 + (i % 2) },
            { product: p2, size: b, quantity: 1 },
          ]),
        ),
      ),
    );
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const placed = results.filter((r) => r.statusCode === 201).map((r) => r.json<Order>());
    const takenA = placed.reduce((n, o) => n + (o.items.find((i) => i.productId === p1.id)?.quantity ?? 0), 0);
    const takenB = placed.reduce((n, o) => n + (o.items.find((i) => i.productId === p2.id)?.quantity ?? 0), 0);
    expect(takenA + (await stockOf(t, p1.id, a))).toBe(7);
    expect(takenB + (await stockOf(t, p2.id, b))).toBe(5);
    expect(placed.every((o) => o.items.length === 2)).toBe(true);
  });
});

describe("stock changed while a checkout waits for it", () => {
  // Only a server lets a checkout wait on another connection's lock; PGlite runs one statement at a time.
  it.runIf(process.env.DATABASE_URL !== undefined)(
    "a checkout that waited for a returned pair takes it from the stock the lock read, not its snapshot",
    async () => {
      const size = sz(p2);
      await setStock(t, p2.id, size, 0);
      const buyer = await makeShopper(t);
      const { checkout } = await t.database.db.transaction(async (tx) => {
        // A cancellation returning 2 pairs, still open while the checkout starts and waits for the row.
        await tx.execute(sql`update product_sizes set stock = 2 where product_id = ${p2.id} and size = ${size}`);
        const checkout = placeOrder(t, buyer, orderBody(buyer, [{ product: p2, size, quantity: 2 }]));
        await waitForLockWaiter(t.database.db);
        return { checkout }; // Not awaited here: the checkout ends only after this commits.
      });
      const placed = await checkout;
      // Before the fix: a 500 (stock 0 - 2 broke the check), or without the check, stock -2.
      expect(placed.statusCode, placed.body).toBe(201);
      expect(await stockOf(t, p2.id, size)).toBe(0);
    },
  );
});

describe("Idempotency-Key", () => {
  it("a retried order with the same key answers the first order and creates one", async () => {
    await setStock(t, p2.id, sz(p2, 3), 10);
    const s = await makeShopper(t);
    const body = orderBody(s, [{ product: p2, size: sz(p2, 3), quantity: 2 }]);
    const key = { "idempotency-key": "checkout-7f3a" };
    const first = await placeOrder(t, s, body, key);
    expect(first.statusCode).toBe(201);
    const again = await placeOrder(t, s, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json<Order>()).toEqual(first.json<Order>());
    expect(await stockOf(t, p2.id, sz(p2, 3))).toBe(8);
    const rows = await selectRowsAsserted<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where user_id = ${s.id}`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it("concurrent retries with one key create one order", async () => {
    await setStock(t, p2.id, sz(p2, 4), 10);
    const s = await makeShopper(t);
    const body = orderBody(s, [{ product: p2, size: sz(p2, 4), quantity: 1 }]);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(t, s, body, { "idempotency-key": "same-key-burst" })),
    );
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(new Set(results.map((r) => r.json<Order>()._id)).size).toBe(1);
    expect(await stockOf(t, p2.id, sz(p2, 4))).toBe(9);
  });

  it("a retry racing for the last pair still answers the first order, not 'sold out'", async () => {
    await setStock(t, p1.id, sz(p1, 3), 1);
    const s = await makeShopper(t);
    const body = orderBody(s, [{ product: p1, size: sz(p1, 3), quantity: 1 }]);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => placeOrder(t, s, body, { "idempotency-key": "last-pair" })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await stockOf(t, p1.id, sz(p1, 3))).toBe(0);
  });

  it("the same key with a different body answers 422 and creates nothing", async () => {
    await setStock(t, p2.id, sz(p2, 5), 10);
    const s = await makeShopper(t);
    const key = { "idempotency-key": "abc-123" };
    const first = await placeOrder(t, s, orderBody(s, [{ product: p2, size: sz(p2, 5), quantity: 1 }]), key);
    expect(first.statusCode).toBe(201);
    const ordersBefore = await count(t, "orders");
    const other = await placeOrder(t, s, orderBody(s, [{ product: p2, size: sz(p2, 5), quantity: 3 }]), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/Idempotency-Key/);
    expect(await count(t, "orders")).toBe(ordersBefore);
    expect(await stockOf(t, p2.id, sz(p2, 5))).toBe(9);
  });

  it("keys are per user, and a malformed key answers 400", async () => {
    await setStock(t, p2.id, sz(p2), 10);
    const [a, b] = await makeShoppers(t, 2);
    if (!a || !b) throw new Error("no shoppers");
    const key = { "idempotency-key": "shared-key" };
    const ra = await placeOrder(t, a, orderBody(a, [{ product: p2, size: sz(p2), quantity: 1 }]), key);
    const rb = await placeOrder(t, b, orderBody(b, [{ product: p2, size: sz(p2), quantity: 1 }]), key);
    expect([ra.statusCode, rb.statusCode]).toEqual([201, 201]);
    expect(ra.json<Order>()._id).not.toBe(rb.json<Order>()._id);
    for (const bad of ["", "x".repeat(101), "tab\there"]) {
      const res = await placeOrder(t, a, orderBody(a, [{ product: p2, size: sz(p2), quantity: 1 }]), {
        "idempotency-key": bad,
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it("a refused order does not use up its key", async () => {
    await setStock(t, p1.id, sz(p1, 4), 5);
    const s = await makeShopper(t);
    const key = { "idempotency-key": "retry-after-price-change" };
    const body = orderBody(s, [{ product: p1, size: sz(p1, 4), quantity: 1 }]);
    const stale = await placeOrder(t, s, { ...body, totalAmount: body.totalAmount + 100 }, key);
    expect(stale.statusCode).toBe(409);
    const fresh = await placeOrder(t, s, body, { "idempotency-key": "retry-after-price-change" });
    expect(fresh.statusCode).toBe(201);
  });
});
