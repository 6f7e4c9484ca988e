// Three real shop processes (`node server/start.ts`) on one PostgreSQL database and one Redis,
// started together behind nginx running the project's deploy/nginx/shop.conf. Customers sign up,
// browse, fill carts and check out through nginx while one instance freezes and is killed with
// SIGKILL; afterwards the database must hold every order a customer was told about exactly once,
// nothing oversold or lost, and every customer must still be signed in (docs/scaling.md).
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG_CHANNEL } from "#server/catalog/changes-redis.ts";
import { DEMO_PRODUCTS } from "#server/catalog/demo/demo-catalogue.ts";
import { createScratchDatabase, type ScratchDatabase } from "#server/db/scratch.ts";
import type { AdminProduct } from "#shared/admin.ts";
import type { AdminExchangeList } from "#shared/exchanges.ts";
import { type ShopProcess, shopDataDir, startShop } from "../security/process.ts";
import { picture } from "../support/admin.ts";
import { redisReachable, TEST_REDIS_URL } from "../support/redis.ts";
import { until } from "../support/wait.ts";
import { expectOrdersExactlyOnce, expectStockAccountedFor } from "./cluster/checks.ts";
import { type Gates, installGates, type Waiting } from "./cluster/gates.ts";
import { pairsOnSale, readLedger, setStock } from "./cluster/ledger.ts";
import {
  type Catalogue,
  type Checkout,
  type Customer,
  checkout,
  type Load,
  type Pair,
  shop,
  signUp,
} from "./cluster/load.ts";
import { NGINX, type Nginx, nginxAvailable, startNginx } from "./cluster/nginx.ts";
import { Visitor } from "./cluster/visitor.ts";

const CUSTOMERS = 16;
const ROUNDS = 4;
const HOT_STOCK = 3;
const COLD_STOCK = 40;
const VICTIM = 1;

const skipReason = !process.env.DATABASE_URL
  ? "needs DATABASE_URL (PostgreSQL)"
  : !nginxAvailable()
    ? `needs nginx at ${NGINX} (apt-get install nginx)`
    : !(await redisReachable())
      ? `needs Redis at ${TEST_REDIS_URL}`
      : undefined;

/** How long a wait below may take (it reads every 50 ms). */
const within = (timeout: number) => ({ timeout, interval: 50 });

describe.skipIf(skipReason !== undefined)(
  `three instances behind nginx${skipReason ? ` (skipped: ${skipReason})` : ""}`,
  () => {
    let scratch: ScratchDatabase;
    let pool: pg.Pool;
    const dataDirs: string[] = [];
    // The pictures' folder every instance mounts (docs/scaling.md), beside their own DATA_DIRs.
    let imagesDir = "";
    let shops: ShopProcess[] = [];
    let nginx: Nginx;
    let customers: Customer[] = [];
    let gates: Gates | undefined;
    let listener: Redis | undefined;

    beforeAll(async () => {
      scratch = await createScratchDatabase(process.env.DATABASE_URL as string, "shop_cluster");
      pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
      // Dropping the scratch database at the end ends its sessions: not an error of the test.
      pool.on("error", () => {});
      for (let i = 0; i < 3; i++) dataDirs.push(await shopDataDir());
      imagesDir = await mkdtemp(path.join(tmpdir(), "shop-cluster-images-"));
      // All three at once on an empty database: migrations and the demo seed race for their locks.
      // Each customer places several orders over the rounds: more than the open-order limits allow.
      const env = {
        REDIS_URL: TEST_REDIS_URL,
        IMAGES_DIR: imagesDir,
        TRUST_PROXY: "127.0.0.1",
        RATE_LIMIT_SCALE: "1",
        MAX_OPEN_ORDERS: "1000",
        MAX_OPEN_PAIRS: "10000",
      };
      // Each instance names its database sessions, so the test can see what the victim is doing.
      const named = (i: number) => {
        const url = new URL(scratch.url);
        url.searchParams.set("application_name", `shop-${i}`);
        return url.toString();
      };
      shops = await Promise.all(dataDirs.map((dir, i) => startShop(dir, named(i), env)));
      nginx = await startNginx(shops.map((s) => new URL(s.url).host));
    }, 90_000);

    afterAll(async () => {
      // A failed assertion may leave the test's locks held: drop their connections.
      gates?.dispose();
      listener?.disconnect();
      for (const c of customers) c.visitor.close();
      await nginx?.stop();
      for (const s of shops) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGKILL");
      await Promise.all(shops.map((s) => s.exited));
      await pool?.end();
      await scratch?.drop();
      for (const dir of [...dataDirs, imagesDir]) if (dir) await rm(dir, { recursive: true, force: true });
    }, 30_000);

    it("the three instances started together migrated once and seeded the catalogue once", async () => {
      const journal = JSON.parse(
        readFileSync(path.join(import.meta.dirname, "../../server/db/migrations/meta/_journal.json"), "utf8"),
      ) as { entries: unknown[] };
      const migrations = await pool.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
      expect(migrations.rows[0]?.n).toBe(journal.entries.length);
      const products = await pool.query<{ n: number }>("select count(*)::int as n from products");
      expect(products.rows[0]?.n).toBe(DEMO_PRODUCTS.length);
    });

    it("a per-client rate limit sees the visitor's address through nginx and counts on every instance", async () => {
      const reset = (visitor: Visitor) =>
        visitor.send("POST", "/api/user/reset-password", {
          body: {
            email: `nobody-${visitor.address}@example.pk`,
            newPassword: "Brand-New-Horse-42",
            confirmPassword: "Brand-New-Horse-42",
          },
        });
      const first = new Visitor(nginx.url);
      const second = new Visitor(nginx.url);
      try {
        // The limit is 5 an address per 15 minutes; round robin spreads the 5 over the 3 instances.
        const statuses = [];
        for (let i = 0; i < 6; i++) statuses.push((await reset(first)).status);
        expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
        expect((await reset(second)).status).toBe(200);
        const served = (await nginx.accessLog()).filter((l) => l.client === first.address && l.status === 200);
        expect(new Set(served.map((l) => l.upstream)).size).toBe(3);
      } finally {
        first.close();
        second.close();
      }
    });

    it("a picture uploaded through one instance is served by the other two and by every instance behind nginx", async () => {
      const [admin] = (await signUp(nginx.url, 1)) as [Customer];
      await pool.query("update users set role = 'admin' where id = $1", [admin.userId]);
      const straightTo = (shop: ShopProcess) => {
        const visitor = new Visitor(shop.url, admin.visitor.address);
        visitor.token = admin.visitor.token;
        return visitor;
      };
      const [pair] = await pairsOnSale(pool, 1);
      const [uploader, ...others] = shops.map(straightTo) as [Visitor, ...Visitor[]];
      try {
        const uploaded = await uploader.send("POST", `/api/admin/products/${pair?.productId}/images`, {
          file: { type: "image/jpeg", data: await picture("jpeg", 1200, 900) },
        });
        expect(uploaded.status, uploaded.body).toBe(200);
        const imageId = (JSON.parse(uploaded.body) as AdminProduct).images.at(-1)?.id ?? "";
        for (const other of others) {
          const served = await other.send("GET", `/images/${imageId}/640.webp`);
          expect(`${served.status} ${served.headers["content-type"]}`).toBe("200 image/webp");
        }
        // Round robin: six sizes asked one after another reach all three instances.
        const urls = [320, 640, 1024].flatMap((width) =>
          ["avif", "webp"].map((f) => `/images/${imageId}/${width}.${f}`),
        );
        const statuses = [];
        for (const url of urls) statuses.push((await admin.visitor.send("GET", url)).status);
        expect(statuses).toEqual(urls.map(() => 200));
        const served = (await nginx.accessLog()).filter((l) => urls.includes(l.uri));
        expect(new Set(served.map((l) => l.upstream)).size).toBe(3);

        // Each compared its pictures' store with the others' in Redis at start: the last to do so saw
        // both others on the same folder, and none warned of pictures kept elsewhere.
        const comparisons = (shop: ShopProcess) =>
          shop.logs.filter((l) => l.includes('"msg":"image store compared with other instances"'));
        await until(
          () => shops.every((shop) => comparisons(shop).length > 0),
          Boolean,
          "every instance to compare its image store",
          within(10_000),
        );
        const sharing = shops.map(
          (shop) => (JSON.parse(comparisons(shop)[0] ?? "{}") as { sharingPictures?: number }).sharingPictures,
        );
        expect(Math.max(...sharing.map((n) => n ?? -1))).toBe(2);
        expect(shops.flatMap((shop) => shop.logs.filter((l) => l.includes("pictures are not shared")))).toEqual([]);
      } finally {
        for (const visitor of [uploader, ...others]) visitor.close();
        admin.visitor.close();
      }
    });

    it("a mixed load survives one instance hung then killed: no order lost, doubled or oversold, nobody signed out", async () => {
      customers = await signUp(nginx.url, CUSTOMERS);
      const pairs = await pairsOnSale(pool, 20);
      const catalogue: Catalogue = { hot: pairs.slice(0, 4), cold: pairs.slice(4, 16) };
      // Bought only in the burst, so it never empties a cart line the customer is about to change.
      const spare = pairs.slice(16, 18) as [Pair, Pair];
      // Bought only by the two checkouts sent straight to the victim (the gates hold them).
      const [inTransactionPair, inCommitPair] = pairs.slice(18, 20) as [Pair, Pair];
      for (const p of catalogue.hot) await setStock(pool, p.productId, p.size, HOT_STOCK);
      for (const p of pairs.slice(4)) await setStock(pool, p.productId, p.size, COLD_STOCK);
      const before = await readLedger(pool);
      gates = await installGates(pool, inCommitPair);

      // What the instances tell each other: every order's products, on the catalogue channel.
      const announced: { from: string; productIds: string[] }[] = [];
      listener = new Redis(TEST_REDIS_URL);
      listener.on("message", (_channel: string, text: string) => {
        const { from, productIds } = JSON.parse(text) as { from: string; productIds?: string[] };
        announced.push({ from, productIds: productIds ?? [] });
      });
      await listener.subscribe(CATALOG_CHANNEL);

      const load: Load = { outcomes: [], checkouts: [], killed: false };
      const shopping = Promise.all(customers.map((c, i) => shop(load, c, i, ROUNDS, catalogue)));
      await until(
        () => load.checkouts.length,
        (n) => n >= CUSTOMERS,
        "the load to get going",
        within(30_000),
      );

      // Two checkouts whose first attempt nginx did not choose: straight to the victim, so that it
      // surely dies with one inside its transaction and one inside its COMMIT.
      const victim = shops[VICTIM] as ShopProcess;
      const victimAddress = new URL(victim.url).host;
      await gates.holdRows(inTransactionPair);
      await gates.holdCommits();
      const direct = [inTransactionPair, inCommitPair].map((pair, i) => {
        const c = customers[i] as Customer;
        const straight = new Visitor(victim.url, c.visitor.address);
        return checkout(load, c, [pair], `direct-${i}`, straight).finally(() => straight.close());
      });
      const victimWaits = () => gates?.waiting(`shop-${VICTIM}`) as Promise<Waiting>;
      await until(
        victimWaits,
        (w) => w.rows === 1 && w.commits === 1,
        "the victim to hold one checkout in its transaction and one in its COMMIT",
        within(10_000),
      );

      // Every customer checks out at once through nginx, and the victim hangs: what nginx gave it
      // piles up there. When nothing has answered for a while, the rest waits on it.
      const burst = customers.map((c, i) =>
        checkout(load, c, [spare[i % 2] as Pair, ...(i % 2 ? [] : [catalogue.hot[i % 4] as Pair])], `burst-${i}`),
      );
      victim.child.kill("SIGSTOP");
      let seen = -1;
      await until(
        () => {
          const still = load.outcomes.length === seen;
          seen = load.outcomes.length;
          return still;
        },
        Boolean,
        "the answers to stop coming",
        { timeout: 10_000, interval: 250 },
      ).catch(() => {});
      // The COMMIT goes through while the victim hangs, so its answer never leaves; then it dies.
      await gates.releaseCommits();
      await until(victimWaits, (w) => w.commits === 0, "the victim's COMMIT to go through", within(10_000));
      victim.child.kill("SIGKILL");
      load.killed = true;
      expect((await victim.exited).signal).toBe("SIGKILL");
      // Its session waiting for a row lock must end: PostgreSQL notices the dead client within a
      // second (client_connection_check_interval) and ends the statement, or, if the lock came
      // first, the statement completes; it never waits on.
      await gates.releaseRows();
      await until(victimWaits, (w) => w.sessions === 0, "the victim's sessions to end", within(10_000));
      expect(await victimWaits()).toEqual({ commits: 0, rows: 0, sessions: 0 });
      await Promise.all([shopping, ...burst, ...direct]);

      // Reads were never lost: nginx sends a GET cut off by the dying instance to another one.
      const gets = load.outcomes.filter((o) => o.method === "GET");
      expect(gets.filter((o) => o.status !== 200)).toEqual([]);
      // Writes other than checkouts: answered by the shop, or nginx's 503 when their instance died.
      const writes = load.outcomes.filter((o) => o.method !== "GET" && o.what !== "checkout");
      expect(writes.filter((o) => o.status !== 200 && !(o.status === 503 && /busy for a moment/.test(o.body)))).toEqual(
        [],
      );
      // Requests kept succeeding after the kill, around the dead instance.
      const afterKill = load.outcomes.filter((o) => o.afterKill);
      expect(afterKill.filter((o) => o.method === "GET").length).toBeGreaterThan(0);
      expect(afterKill.some((o) => o.what === "checkout" && o.status === 201)).toBe(true);
      const log = await nginx.accessLog();
      const rerouted = log.filter((l) => l.upstream.startsWith(`${victimAddress}, `) && l.status < 300);
      expect(rerouted.length, "nginx retried some request on another instance").toBeGreaterThan(0);
      expect(log.filter((l) => /\b500\b/.test(l.upstream_status))).toEqual([]);

      // Every checkout ended in an order or in a clear refusal (a size sold out).
      for (const c of load.checkouts) {
        expect([200, 201, 409], `${c.key}: ${c.final?.body}`).toContain(c.final?.status);
        if (c.final?.status === 409) expect(c.final.body).toMatch(/is sold out|left in size/);
      }
      const retried = load.checkouts.filter((c) => c.attempts.length > 1);
      // The victim's checkout that was waiting for its stock when it died: an order is one statement,
      // so either its session was ended and the retry placed the order (201), or the statement
      // still completed and the retry answers that order (200); once either way (checked below).
      // The one that died after its COMMIT answers the order it had placed.
      const [inTransaction, committed] = await Promise.all(direct);
      expect(inTransaction?.attempts[0]?.status).toBe("failed");
      expect([200, 201], inTransaction?.final?.body).toContain(inTransaction?.final?.status);
      expect(committed?.attempts[0]?.status).toBe("failed");
      expect(committed?.final?.status, committed?.final?.body).toBe(200);
      expect(
        load.checkouts.some((c) => c.final?.status === 409),
        "the load wanted more than the hot stock",
      ).toBe(true);

      const after = await readLedger(pool);
      console.info(
        `cluster: ${load.outcomes.length} requests (${afterKill.length} after the kill), ${load.checkouts.length} checkouts, ` +
          `${load.checkouts.filter((c) => c.orderId).length} orders (${load.checkouts.filter((c) => c.final?.status === 200).length} replayed), ` +
          `${retried.length} sent again, ${rerouted.length} rerouted by nginx`,
      );
      expectOrdersExactlyOnce(load, after);
      expectStockAccountedFor(before, after);

      // Every order answered 201 was announced to the other instances, by at least two instances.
      const placed = load.checkouts.filter((c) => c.final?.status === 201);
      const heard = (c: Checkout) => announced.some((m) => c.lines.every((l) => m.productIds.includes(l.productId)));
      await until(
        () => placed.filter((c) => !heard(c)).map((c) => c.key),
        (unheard) => unheard.length === 0,
        "every order to be announced",
        within(5_000),
      );
      const ours = new Set(pairs.map((p) => p.productId));
      const senders = new Set(announced.filter((m) => m.productIds.some((id) => ours.has(id))).map((m) => m.from));
      expect(senders.size).toBeGreaterThanOrEqual(2);

      // Sessions are rows in PostgreSQL: every token still works, on whichever instance answers.
      for (const c of customers) {
        for (let i = 0; i < 2; i++) {
          const me = await c.visitor.send("GET", "/api/user/my-details");
          expect(`${me.status} ${me.body.includes(c.userId)}`).toBe("200 true");
        }
      }
    }, 120_000);

    it("a customer's exchange photo uploaded through one live instance is shown to the owner through another", async () => {
      const live = shops.filter((_, i) => i !== VICTIM) as [ShopProcess, ShopProcess];
      const [owner, customer] = (await signUp(nginx.url, 2)) as [Customer, Customer];
      await pool.query("update users set role = 'admin' where id = $1", [owner.userId]);
      const pair = (await pairsOnSale(pool, 21))[20] as Pair;
      await setStock(pool, pair.productId, pair.size, 10);
      const placed = await checkout({ outcomes: [], checkouts: [], killed: false }, customer, [pair], "exchange");
      expect(placed.final?.status, placed.final?.body).toBe(201);
      for (const status of ["confirm", "delivered"]) {
        const moved = await owner.visitor.send("POST", `/api/admin/orders/${placed.orderId}/status`, {
          body: { status },
        });
        expect(moved.status, moved.body).toBe(200);
      }
      // The customer sends the photo straight to one instance; the owner looks through the other.
      const uploader = new Visitor(live[0].url, customer.visitor.address);
      uploader.token = customer.visitor.token;
      const ownerThere = new Visitor(live[1].url, owner.visitor.address);
      ownerThere.token = owner.visitor.token;
      try {
        const photo = await uploader.send("POST", `/api/orders/${placed.orderId}/exchange-photos`, {
          file: { type: "image/jpeg", data: await picture("jpeg", 1200, 900) },
        });
        expect(photo.status, photo.body).toBe(202);
        const photoId = (JSON.parse(photo.body) as { _id: string })._id;
        // Decoded in the background by the uploading instance's photo worker; asked for once it is, so
        // that the request's lock on the photo's row never makes the worker pass it by.
        const status = async () =>
          (await pool.query<{ status: string }>("select status from exchange_photos where id = $1", [photoId])).rows[0]
            ?.status;
        await until(status, (found) => found === "ready", "the photo to be decoded", within(20_000));
        const asked = await customer.visitor.send("POST", `/api/orders/${placed.orderId}/exchanges`, {
          body: { lineNo: 1, reason: "faulty", wantedSize: pair.size, photoIds: [photoId] },
        });
        expect(asked.status, asked.body).toBe(201);
        const list = await ownerThere.json<AdminExchangeList>("GET", "/api/admin/exchanges", 200);
        const url = list.exchanges.find((e) => e.orderId === placed.orderId)?.photos[0]?.url ?? "";
        expect(url, "the photo is listed").not.toBe("");
        // Through the other instance, and through nginx (either live instance).
        for (const via of [ownerThere, owner.visitor]) {
          const shown = await via.send("GET", url);
          expect(`${shown.status} ${shown.headers["content-type"]}`).toBe("200 image/webp");
        }
      } finally {
        for (const visitor of [uploader, ownerThere, owner.visitor, customer.visitor]) visitor.close();
      }
    });
  },
);
