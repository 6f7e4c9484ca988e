// Issue 34's sale day: three instances on PostgreSQL and Redis behind the project's nginx
// configuration, 200 shoppers browsing while 100 buyers want the last 50 pairs of one size. Run once
// quiet and once with another transaction holding that size's row (`FOR UPDATE`) for 30 s, what a
// slow migration or a hung admin save does. Each run answers what a shop owner would ask: were exactly
// 50 sold, did browsing slow down, was any customer told "failed" who had in fact ordered, and did
// every refusal say when to try again?
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
import { ADDRESS } from "../../tests/support/shoppers.ts";
import { quantile, sleep } from "./stats.ts";

const INSTANCES = 3;
const BROWSERS = 200;
const BUYERS = 100;
const PAIRS_LEFT = 50;
/** Buyers arrive spread over this long; the lock, when held, covers the same stretch. */
const ARRIVALS_MS = 30_000;
const LOCK_MS = 30_000;
/** A shopper reads a page for 1-3 s before the next one: about 100 requests a second from 200. */
const THINK_MS = { min: 1_000, max: 3_000 };
/**
 * What the web checkout does with a 503 (app/lib/retry-busy.ts): three sends with the same key, each
 * after the Retry-After it was given (at most 5 s); a buyer shown the message presses once more.
 */
const SENDS_PER_PRESS = 3;
const PRESSES = 2;
const MAX_RETRY_WAIT_S = 5;
const SEARCHES = ["chappal", "sandal", "khussa", "sneakers", "heels", "peshawari"];

export interface SaleDayRun {
  label: string;
  browse: { count: number; p50Ms: number; p95Ms: number; errors: number };
  checkouts: { placed: number; soldOut: number; gaveUp: number; statuses: Record<string, number> };
  sold: number;
  /** Customers whose last answer was not their order, but who have one. */
  orderedAfterError: number;
  /** Customers told "placed" more than once, or whose one order is not in the database. */
  wrongOrders: number;
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
  try {
    for (let i = 0; i < INSTANCES; i++) dataDirs.push(await shopDataDir());
    const env = { REDIS_URL: redisUrl, TRUST_PROXY: "127.0.0.1", MAX_OPEN_ORDERS: "10" };
    log(`sale day: starting ${INSTANCES} instances and nginx…`);
    shops = await Promise.all(dataDirs.map((dir) => startShop(dir, scratch.url, env)));
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
    for (const locked of [false, true]) {
      const label = locked ? `row locked ${LOCK_MS / 1000} s` : "quiet";
      await setStock(pool, pair.productId, pair.size, PAIRS_LEFT);
      log(`sale day: ${label} run…`);
      runs.push(await oneRun({ label, locked, pool, pair, products, buyers, browsers }));
    }
    return runs;
  } finally {
    for (const v of visitors) v.close();
    await nginx?.stop();
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
  let buying = true;
  const browseMs: number[] = [];
  let browseErrors = 0;
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
      } catch (error) {
        if (!(error instanceof Failed)) throw error;
        browseMs.push(performance.now() - t0);
        browseErrors += 1;
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
    orderedAfterError,
    wrongOrders,
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
  for (let attempt = 1; attempt <= SENDS_PER_PRESS * PRESSES; attempt++) {
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
    if (answer && answer.status !== 503) break;
    const retryAfter = Number(answer?.headers["retry-after"] ?? 2);
    const wait = Math.min(MAX_RETRY_WAIT_S, Number.isFinite(retryAfter) ? retryAfter : 2);
    // Between two presses the buyer reads the message: a few seconds more.
    await sleep((wait + (attempt % SENDS_PER_PRESS === 0 ? 3 : 0)) * 1000);
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
