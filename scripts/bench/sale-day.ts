// Issue 34's sale day: three instances on PostgreSQL and Redis behind the project's nginx
// configuration, 200 shoppers browsing while 100 buyers want the last 50 pairs of one size. Run once
// quiet and once with another transaction holding that size's row (`FOR UPDATE`) for 30 s, what a
// slow migration or a hung admin save does. Each run answers what a shop owner would ask: were exactly
// 50 sold, did browsing slow down, was any customer told "failed" who had in fact ordered, and did
// every refusal say when to try again? A third run stops the database for 20 s while buyers arrive
// (issue 45: the instances reach PostgreSQL through a proxy that drops every connection and refuses
// new ones, as a stopped server does): how many pages were still served, how many checkouts were
// placed, and was any order placed twice?
//
// The processes and the load balancer are the cluster test's (tests/scale/cluster/*): the same
// `node server/start.ts`, the same deploy/nginx/shop.conf, visitors from loopback addresses of their own.
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import pg from "pg";
import { createScratchDatabase } from "#server/db/scratch.ts";
import { orderSummary } from "#shared/cart.ts";
import { CATEGORY_SLUGS } from "#shared/categories.ts";
import { pairsOnSale, setStock } from "../../tests/scale/cluster/ledger.ts";
import { type Customer, type Pair, signUp } from "../../tests/scale/cluster/load.ts";
import { nginxAvailable, startNginx } from "../../tests/scale/cluster/nginx.ts";
import { type Answer, Failed, Visitor } from "../../tests/scale/cluster/visitor.ts";
import { type ShopProcess, shopDataDir, startShop } from "../../tests/security/process.ts";
import { type DatabaseProxy, startDatabaseProxy } from "../../tests/support/database-proxy.ts";
import { ADDRESS } from "../../tests/support/shoppers.ts";
import { quantile, sleep } from "./stats.ts";

const INSTANCES = 3;
const BROWSERS = 200;
const BUYERS = 100;
const PAIRS_LEFT = 50;
/** Buyers arrive spread over this long; the lock, when held, covers the same stretch. */
const ARRIVALS_MS = 30_000;
const LOCK_MS = 30_000;
/** The database stop of the third run: from this long after the first buyer, for this long. */
const STOP = { afterMs: 5_000, forMs: 20_000 };
/** A shopper reads a page for 1-3 s before the next one: about 100 requests a second from 200. */
const THINK_MS = { min: 1_000, max: 3_000 };
/**
 * What the web checkout does with a 503 or no answer (app/lib/retry-busy.ts): the same key sent again
 * for 30 s, waiting 1, 2, 4, 8, 8… s but never less than Retry-After (read up to 8 s); a buyer shown
 * "the shop is still busy" presses once more, after reading it for a few seconds.
 */
const PRESS_BUDGET_MS = 30_000;
const PRESSES = 2;
const READ_MESSAGE_MS = 3_000;
const MAX_RETRY_WAIT_MS = 8_000;
const SEARCHES = ["chappal", "sandal", "khussa", "sneakers", "heels", "peshawari"];

export interface SaleDayRun {
  label: string;
  browse: { count: number; p50Ms: number; p95Ms: number; errors: number };
  /** Pages (HTML) asked for and answered 200, of them marked stale (kept, sent while the database was away). */
  pages: { asked: number; served: number; stale: number; statuses: Record<string, number> };
  checkouts: { placed: number; soldOut: number; gaveUp: number; statuses: Record<string, number> };
  sold: number;
  /** Customers whose last answer was not their order, but who have one. */
  orderedAfterError: number;
  /** Customers told "placed" more than once, or whose one order is not in the database. */
  wrongOrders: number;
  /** Customers holding more than one order of the pair (one press, one key: there must be none). */
  duplicates: number;
  /** Answers to a checkout that were neither 2xx, 4xx nor a 503 carrying Retry-After. */
  unclearRefusals: number;
  checkoutP95Ms: number;
}

export function saleDaySkipReason(serverUrl: string | undefined): string | undefined {
  if (!serverUrl) return "needs DATABASE_URL (PostgreSQL)";
  if (!nginxAvailable()) return "needs /usr/sbin/nginx";
  return undefined;
}

export async function measureSaleDay(serverUrl: string, log: (line: string) => void): Promise<SaleDayRun[]> {
  const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  const scratch = await createScratchDatabase(serverUrl, "shop_saleday");
  const pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
  pool.on("error", () => {});
  const dataDirs: string[] = [];
  let shops: ShopProcess[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  const visitors: Visitor[] = [];
  let proxy: DatabaseProxy | undefined;
  try {
    for (let i = 0; i < INSTANCES; i++) dataDirs.push(await shopDataDir());
    const env = { REDIS_URL: redisUrl, TRUST_PROXY: "127.0.0.1", MAX_OPEN_ORDERS: "10" };
    log(`sale day: starting ${INSTANCES} instances and nginx…`);
    // The instances reach the database through a proxy the third run cuts; the bench's own pool does not.
    proxy = await startDatabaseProxy(scratch.url);
    const viaProxy = proxy.url;
    shops = await Promise.all(dataDirs.map((dir) => startShop(dir, viaProxy, env)));
    nginx = await startNginx(shops.map((s) => new URL(s.url).host));
    const base = nginx.url;
    const [pair] = await pairsOnSale(pool, 1);
    if (!pair) throw new Error("no product on sale");
    const products = (await pairsOnSale(pool, 20)).map((p) => p.productId);
    log(`sale day: signing up ${BUYERS} buyers…`);
    const buyers: Customer[] = [];
    for (let i = 0; i < BUYERS; i += 20) buyers.push(...(await signUp(base, Math.min(20, BUYERS - i))));
    visitors.push(...buyers.map((b) => b.visitor));
    const browsers = Array.from({ length: BROWSERS }, () => new Visitor(base));
    visitors.push(...browsers);

    const runs: SaleDayRun[] = [];
    const stopLabel = `database stopped ${STOP.forMs / 1000} s`;
    for (const kind of ["quiet", "locked", "stopped"] as const) {
      const label = kind === "quiet" ? "quiet" : kind === "locked" ? `row locked ${LOCK_MS / 1000} s` : stopLabel;
      await setStock(pool, pair.productId, pair.size, PAIRS_LEFT);
      log(`sale day: ${label} run…`);
      const stop = kind === "stopped" ? proxy : undefined;
      runs.push(await oneRun({ label, locked: kind === "locked", stop, pool, pair, products, buyers, browsers }));
    }
    return runs;
  } finally {
    for (const v of visitors) v.close();
    await nginx?.stop();
    await proxy?.close();
    for (const s of shops) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGTERM");
    await Promise.race([Promise.all(shops.map((s) => s.exited)), sleep(10_000)]);
    for (const s of shops) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGKILL");
    await pool.end();
    await scratch.drop();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  }
}

interface RunInput {
  label: string;
  locked: boolean;
  /** The proxy to cut for STOP.forMs, STOP.afterMs into the run. */
  stop?: DatabaseProxy | undefined;
  pool: pg.Pool;
  pair: Pair;
  products: string[];
  buyers: Customer[];
  browsers: Visitor[];
}

interface BuyerOutcome {
  customer: Customer;
  answers: Answer[];
  failures: number;
  final: Answer | undefined;
  ms: number;
}

async function oneRun(input: RunInput): Promise<SaleDayRun> {
  const { pool, pair } = input;
  const startedAt = (await pool.query<{ now: Date }>("select now()")).rows[0]?.now ?? new Date();
  // Held before the first buyer arrives, released after LOCK_MS whatever the buyers are doing.
  const release = input.locked ? await holdRow(input.pool, pair) : undefined;
  const lock = release ? sleep(LOCK_MS).then(release) : undefined;
  const stop = input.stop;
  const outage = stop
    ? sleep(STOP.afterMs)
        .then(() => stop.cut())
        .then(() => sleep(STOP.forMs))
        .then(() => stop.restore())
    : undefined;
  let buying = true;
  const browseMs: number[] = [];
  let browseErrors = 0;
  const pages = { asked: 0, served: 0, stale: 0, statuses: {} as Record<string, number> };
  const browsing = input.browsers.map(async (visitor, index) => {
    for (let n = index; buying; n += 1) {
      await sleep(THINK_MS.min + Math.random() * (THINK_MS.max - THINK_MS.min));
      if (!buying) break;
      const url = browseUrl(n, input.products);
      const t0 = performance.now();
      try {
        const answer = await visitor.send("GET", url, {
          headers: { accept: url.startsWith("/api") ? "application/json" : "text/html" },
        });
        browseMs.push(performance.now() - t0);
        if (answer.status !== 200) browseErrors += 1;
        if (!url.startsWith("/api")) {
          pages.asked += 1;
          pages.statuses[answer.status] = (pages.statuses[answer.status] ?? 0) + 1;
          if (answer.status === 200) pages.served += 1;
          if (String(answer.headers["cache-status"] ?? "").includes("database-unavailable")) pages.stale += 1;
        }
      } catch (error) {
        if (!(error instanceof Failed)) throw error;
        browseMs.push(performance.now() - t0);
        browseErrors += 1;
        if (!url.startsWith("/api")) {
          pages.asked += 1;
          pages.statuses["no answer"] = (pages.statuses["no answer"] ?? 0) + 1;
        }
      }
    }
  });
  const buying$ = Promise.all(
    input.buyers.map(async (customer, index) => {
      await sleep((index / input.buyers.length) * ARRIVALS_MS);
      return buy(customer, pair);
    }),
  );
  const outcomes = await buying$;
  await lock;
  await outage;
  buying = false;
  await Promise.all(browsing);

  const statuses: Record<string, number> = {};
  let unclearRefusals = 0;
  for (const outcome of outcomes) {
    for (const answer of outcome.answers) {
      const retryAfter = answer.headers["retry-after"];
      const key = `${answer.status}${answer.status === 503 && retryAfter ? ` (Retry-After ${retryAfter})` : ""}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
      const clear =
        answer.status < 300 || (answer.status >= 400 && answer.status < 500) || (answer.status === 503 && retryAfter);
      if (!clear) unclearRefusals += 1;
    }
    if (outcome.failures > 0) statuses["no answer"] = (statuses["no answer"] ?? 0) + outcome.failures;
  }
  const ordersByUser = new Map<string, number>();
  for (const row of (
    await pool.query<{ user_id: string; n: number }>(
      `select o.user_id, count(*)::int as n from orders o join order_lines l on l.order_id = o.id
        where o.created_at >= $1 and l.product_id = $2 and l.size = $3 group by o.user_id`,
      [startedAt, pair.productId, pair.size],
    )
  ).rows) {
    ordersByUser.set(row.user_id, row.n);
  }
  let orderedAfterError = 0;
  let wrongOrders = 0;
  const duplicates = [...ordersByUser.values()].filter((n) => n > 1).length;
  let placed = 0;
  let soldOut = 0;
  for (const outcome of outcomes) {
    const held = ordersByUser.get(outcome.customer.userId) ?? 0;
    // 201 placed it; 200 is the same key's replay of an order an earlier attempt placed.
    const ok = outcome.final !== undefined && (outcome.final.status === 201 || outcome.final.status === 200);
    if (ok) placed += 1;
    else if (outcome.final?.status === 409) soldOut += 1;
    if (!ok && held > 0) orderedAfterError += 1;
    if (ok && held !== 1) wrongOrders += 1;
  }
  const sold = [...ordersByUser.values()].reduce((a, b) => a + b, 0);
  return {
    label: input.label,
    browse: {
      count: browseMs.length,
      p50Ms: quantile(browseMs, 0.5),
      p95Ms: quantile(browseMs, 0.95),
      errors: browseErrors,
    },
    checkouts: { placed, soldOut, gaveUp: outcomes.length - placed - soldOut, statuses },
    sold,
    pages,
    orderedAfterError,
    wrongOrders,
    duplicates,
    unclearRefusals,
    checkoutP95Ms: quantile(
      outcomes.map((o) => o.ms),
      0.95,
    ),
  };
}

function browseUrl(n: number, products: string[]): string {
  const product = products[n % products.length];
  const slug = CATEGORY_SLUGS[n % CATEGORY_SLUGS.length];
  switch (n % 5) {
    case 0:
      return `/api/products?category=${slug}`;
    case 1:
      return `/api/products/${product}`;
    case 2:
      return `/api/products/search?query=${SEARCHES[n % SEARCHES.length]}`;
    case 3:
      return n % 2 ? "/men" : "/women";
    default:
      return `/products/${product}`;
  }
}

/** One buyer's checkout of the pair, as the web checkout sends it: one key, a 503 retried after Retry-After. */
async function buy(customer: Customer, pair: Pair): Promise<BuyerOutcome> {
  const key = `sale-${randomBytes(8).toString("hex")}`;
  const body = {
    userId: customer.userId,
    items: [{ productId: pair.productId, size: pair.size, quantity: 1 }],
    shippingAddress: { ...ADDRESS, email: customer.email },
    totalAmount: orderSummary([{ ...pair, quantity: 1 }]).total,
  };
  const outcome: BuyerOutcome = { customer, answers: [], failures: 0, final: undefined, ms: 0 };
  const t0 = performance.now();
  const notNow = (answer: Answer | undefined) => !answer || [502, 503, 504].includes(answer.status);
  for (let press = 1; press <= PRESSES; press++) {
    const deadline = performance.now() + PRESS_BUDGET_MS;
    for (let retry = 0; ; retry++) {
      let answer: Answer | undefined;
      try {
        answer = await customer.visitor.send("POST", "/api/orders/new-order", {
          body,
          headers: { "idempotency-key": key },
        });
        outcome.answers.push(answer);
      } catch (error) {
        if (!(error instanceof Failed)) throw error;
        outcome.failures += 1;
      }
      outcome.final = answer;
      const left = deadline - performance.now();
      if (!notNow(answer) || left <= 0) break;
      const backoff = Math.min(1_000 * 2 ** retry, MAX_RETRY_WAIT_MS);
      const asked = Math.min(Number(answer?.headers["retry-after"] ?? 0) * 1000 || 0, MAX_RETRY_WAIT_MS);
      await sleep(Math.max(asked, Math.min(backoff, left)));
    }
    if (!notNow(outcome.final)) break;
    await sleep(READ_MESSAGE_MS);
  }
  outcome.ms = performance.now() - t0;
  return outcome;
}

/** Another session's transaction holding the pair's row; answers how to commit it (changing nothing). */
async function holdRow(pool: pg.Pool, pair: Pair): Promise<() => Promise<void>> {
  const client = await pool.connect();
  await client.query("begin");
  await client.query("select stock from product_sizes where product_id = $1 and size = $2 for update", [
    pair.productId,
    pair.size,
  ]);
  return async () => {
    try {
      await client.query("commit");
    } finally {
      client.release();
    }
  };
}
