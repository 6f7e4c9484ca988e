// Issue 34, item 1: a transaction holds one stock row (`SELECT … FOR UPDATE`) for longer than a
// checkout may wait. More checkouts of that size arrive than the instance has connections. The
// catalogue must keep answering, every checkout must answer (503 with Retry-After) while the lock
// is still held, and none of them may place its order once the lock frees; the customer's retry
// with the same Idempotency-Key then places exactly one. Row locks only wait between sessions of a
// server: PostgreSQL only (PGlite has one session in this process).
import { request } from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONNECTIONS_KEPT_FOR_BROWSING } from "#server/orders/checkout-slots.ts";
import { BUSY } from "#server/plugins/errors.ts";
import { ORDER_MESSAGES } from "#shared/orders.ts";
import { call, makeAdmin } from "../support/admin.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { waitForLockWaiter } from "../support/database.ts";
import {
  makeShoppers,
  orderBody,
  placeOrder,
  products,
  setStock,
  stockOf,
  type TestProduct,
} from "../support/shoppers.ts";
import { until } from "../support/wait.ts";

const onServer = process.env.DATABASE_URL !== undefined;
/** The instance's connections: 2 for checkouts, 4 kept for browsing (server/orders/checkout-slots.ts). */
const POOL_SIZE = 6;
/** More checkouts than the pool has connections. */
const CHECKOUTS = 12;
/** How long the test waits for the answers before it gives up and frees the row anyway. */
const HOLD_LIMIT_MS = 25_000;

describe.skipIf(!onServer)(
  `a stock row locked for long${onServer ? "" : " (skipped: needs DATABASE_URL, PostgreSQL)"}`,
  () => {
    let t: TestApp;
    let holder: pg.Client;
    let catalogue: TestProduct[];
    beforeAll(async () => {
      t = await createTestApp({ poolSize: POOL_SIZE });
      catalogue = await products(t, 24);
      holder = new pg.Client({ connectionString: t.database.url });
      await holder.connect();
    }, 60_000);
    afterAll(async () => {
      await holder?.end();
      await t?.close();
    });

    it("browsing answers, every checkout answers 503 while the lock is held, none orders later; a retry orders once", async () => {
      const hot = catalogue[0] as TestProduct;
      const size = hot.sizes[0] as number;
      await setStock(t, hot.id, size, 1_000);
      const buyers = await makeShoppers(t, CHECKOUTS);
      const keyOf = (i: number) => `row-lock-${i}`;

      await holder.query("begin");
      await holder.query("select 1 from product_sizes where product_id = $1 and size = $2 for update", [hot.id, size]);
      let released = false;
      const release = async () => {
        if (released) return;
        released = true;
        await holder.query("rollback");
      };
      // The test's bound, not the shop's: if the checkouts have not all answered by then, the row is
      // freed anyway (and the assertions below say they answered only after it was).
      const giveUp = setTimeout(() => void release(), HOLD_LIMIT_MS);
      try {
        const checkouts = buyers.map((b, i) =>
          placeOrder(t, b, orderBody(b, [{ product: hot, size, quantity: 1 }]), { "idempotency-key": keyOf(i) }).then(
            (response) => ({ response, whileHeld: !released }),
          ),
        );
        await waitForLockWaiter(t.database.db);
        // While they wait, how many hold a connection waiting for the row (seen from the holder's own).
        let mostWaiting = 0;
        let answered = false;
        const sampling = (async () => {
          while (!answered && !released) {
            const { rows } = await holder.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
            );
            mostWaiting = Math.max(mostWaiting, rows[0]?.n ?? 0);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        })();
        // Catalogue reads while the checkouts wait: each product's page, uncached, needs a connection.
        const reads = await Promise.all(
          catalogue.map((p) =>
            t.app.inject({ method: "GET", url: `/api/products/${p.id}` }).then((r) => ({ r, whileHeld: !released })),
          ),
        );
        for (const { r, whileHeld } of reads) {
          expect(r.statusCode, r.body).toBe(200);
          expect(whileHeld, "a catalogue read answered while the row was locked").toBe(true);
        }
        const answers = await Promise.all(checkouts);
        answered = true;
        await sampling;
        // Never the whole pool: checkouts keep their hands off the connections browsing needs.
        expect(mostWaiting).toBeGreaterThan(0);
        expect(mostWaiting).toBeLessThanOrEqual(t.database.poolSize - CONNECTIONS_KEPT_FOR_BROWSING);
        for (const { response, whileHeld } of answers) {
          expect(response.statusCode, response.body).toBe(503);
          expect(whileHeld, "the checkout answered while the row was still locked").toBe(true);
          expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
          expect(response.json().message).toBe(ORDER_MESSAGES.busyNotPlaced);
        }
      } finally {
        clearTimeout(giveUp);
        await release();
      }

      // Once the row is free, nothing a customer was told failed has been placed after all.
      const ids = buyers.map((b) => b.id);
      const orders = await countOrdersOf(t, ids);
      expect(orders).toBe(0);

      // The customer tries again with the same key: one order, and the key answers it after that.
      const buyer = buyers[0] as (typeof buyers)[number];
      const body = orderBody(buyer, [{ product: hot, size, quantity: 1 }]);
      const retry = await placeOrder(t, buyer, body, { "idempotency-key": keyOf(0) });
      expect(retry.statusCode, retry.body).toBe(201);
      const again = await placeOrder(t, buyer, body, { "idempotency-key": keyOf(0) });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()._id).toBe(retry.json()._id);
      expect(await countOrdersOf(t, ids)).toBe(1);
    }, 60_000);

    it("a checkout whose customer left while it waited is rolled back, not ordered, when the wait ends", async () => {
      const [buyer, next] = await makeShoppers(t, 2);
      if (!buyer || !next) throw new Error("no shoppers");
      const hot = catalogue[1] as TestProduct;
      const size = hot.sizes[0] as number;
      await setStock(t, hot.id, size, 1_000);
      const body = JSON.stringify(orderBody(buyer, [{ product: hot, size, quantity: 1 }]));
      await t.app.listen({ host: "127.0.0.1", port: 0 });
      const address = t.app.server.address();
      if (address === null || typeof address === "string") throw new Error("not listening on a port");

      // The customer's own row, which a checkout locks first: held, then freed well within the lock timeout.
      await holder.query("begin");
      await holder.query("select 1 from users where id = $1 for update", [buyer.id]);
      try {
        const left = request({
          host: "127.0.0.1",
          port: address.port,
          method: "POST",
          path: "/api/orders/new-order",
          headers: { ...buyer.headers, "content-type": "application/json", "idempotency-key": "left-while-waiting" },
        });
        left.on("error", () => {});
        left.end(body);
        await waitForLockWaiter(t.database.db);
        // The customer goes (nginx giving up does the same): the shop sees its connection close.
        left.destroy();
        await until(
          () => connections(t),
          (open) => open === 0,
          "the shop to see the customer's connection close",
          { timeout: 5_000, interval: 10 },
        );
      } finally {
        await holder.query("rollback");
      }
      // Another checkout of the same customer queues behind the first one's lock on their row: once
      // it answers, the first one has ended, one way or the other.
      const after = await placeOrder(t, buyer, orderBody(buyer, [{ product: hot, size, quantity: 1 }]), {
        "idempotency-key": "after-it",
      });
      expect(after.statusCode, after.body).toBe(201);
      expect(await countOrdersOf(t, [buyer.id])).toBe(1);
    }, 30_000);
  },
);

describe.skipIf(!onServer)(
  `any statement held up by a lock${onServer ? "" : " (skipped: needs DATABASE_URL, PostgreSQL)"}`,
  () => {
    let t: TestApp;
    let holder: pg.Client;
    beforeAll(async () => {
      t = await createTestApp();
      holder = new pg.Client({ connectionString: t.database.url });
      await holder.connect();
    }, 60_000);
    afterAll(async () => {
      await holder?.end();
      await t?.close();
    });

    it("an owner's stock save on the held row answers 503 with Retry-After at the statement timeout, and saves nothing", async () => {
      const [product] = await products(t, 1);
      if (!product) throw new Error("no product");
      const size = product.sizes[0] as number;
      await setStock(t, product.id, size, 5);
      const admin = await makeAdmin(t);
      await holder.query("begin");
      await holder.query("select 1 from product_sizes where product_id = $1 and size = $2 for update", [
        product.id,
        size,
      ]);
      let released = false;
      const giveUp = setTimeout(() => {
        released = true;
        void holder.query("rollback");
      }, HOLD_LIMIT_MS);
      try {
        const res = await call(t, admin, "PUT", "/api/admin/stock", {
          changes: [{ productId: product.id, size, stock: 9, expectedStock: 5 }],
        });
        expect(released, "the save answered while the row was still locked").toBe(false);
        expect(res.statusCode, res.body).toBe(503);
        expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
        expect(res.json().message).toBe(BUSY);
      } finally {
        clearTimeout(giveUp);
        if (!released) await holder.query("rollback");
      }
      expect(await stockOf(t, product.id, size)).toBe(5);
    }, 60_000);
  },
);

const connections = (t: TestApp) =>
  new Promise<number>((resolve, reject) =>
    t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

async function countOrdersOf(t: TestApp, userIds: string[]): Promise<number> {
  // Its own connection: the answer must not depend on the app's pool.
  const client = new pg.Client({ connectionString: t.database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from orders where user_id = any($1::uuid[])",
      [userIds],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}
