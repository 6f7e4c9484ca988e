// Checkout throughput on PostgreSQL (docs/architecture.md section 4: 500 orders/s or more with 50 concurrent
// buyers; 0 oversold, 0 duplicated). Runs the real app on a fresh database `shop_bench_<ts>`,
// which it drops afterwards. `node scripts/bench-checkout.ts` with DATABASE_URL set, or import
// `benchCheckout` from scripts/bench.ts.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance as perfHooks } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { createSession } from "#server/accounts/sessions.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { type Db, openDatabase } from "#server/db/client.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { users } from "#server/db/schema.ts";
import { seedCategories, seedDemoCatalogue } from "#server/seed/seed.ts";
import { createScratchDatabase } from "../server/db/scratch.ts";

export interface BenchCheckoutOptions {
  /** A PostgreSQL server; the bench creates and drops its own database there. */
  databaseUrl: string;
  buyers?: number;
  durationMs?: number;
  /** Stop earlier once this many orders are placed. */
  maxOrders?: number;
  /** Products given large stock; the buyers spread over them. */
  products?: number;
  log?: (line: string) => void;
}

export interface BenchCheckoutResult {
  buyers: number;
  durationMs: number;
  orders: number;
  ordersPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** 409 answers (the hot size selling out), expected. */
  refused: number;
  /** Any other answer: should be 0. */
  failed: number;
  /** Idempotent retries sent, each of which must answer the first order. */
  retries: number;
  oversold: number;
  duplicates: number;
}

interface Size {
  productId: string;
  size: number;
  discountPrice: number;
}

const HOT_STOCK = 150;
const LARGE_STOCK = 1_000_000;

export async function benchCheckout(options: BenchCheckoutOptions): Promise<BenchCheckoutResult> {
  const buyers = options.buyers ?? 50;
  const durationMs = options.durationMs ?? 10_000;
  const maxOrders = options.maxOrders ?? 1_000_000;
  const log = options.log ?? (() => {});
  const scratch = await createScratchDatabase(options.databaseUrl, "shop_bench");
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-bench-"));
  const database = await openDatabase({ databaseUrl: scratch.url });
  try {
    await seedCategories(database.db);
    await seedDemoCatalogue(database.db);
    const config = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      RATE_LIMIT_SCALE: "1000000",
      // Each buyer orders again and again: the open-order limits would refuse all but the first few.
      MAX_OPEN_ORDERS: "1000",
      MAX_OPEN_PAIRS: "10000",
      LOG_LEVEL: "warn",
    });
    const app = await buildApp({ config, database });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("the app did not listen on a port");
    const base = `http://127.0.0.1:${address.port}`;
    try {
      const sizes = await prepareStock(database.db, options.products ?? 20);
      const initial = await stockBySize(
        database.db,
        sizes.map((s) => s.productId),
      );
      const shoppers = await makeShoppers(database.db, buyers);
      log(
        `checkout bench: ${buyers} buyers, ${sizes.length} sizes, ${durationMs} ms, database ${scratch.name}, ` +
          `${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)} before the run`,
      );

      const elu = perfHooks.eventLoopUtilization();
      const cpu = process.cpuUsage();
      const run = await runBuyersInWorker({ base, shoppers, sizes, durationMs, maxOrders });
      const used = process.cpuUsage(cpu);
      log(
        `  server event loop busy ${Math.round(perfHooks.eventLoopUtilization(elu).utilization * 100)}%, ` +
          `process CPU ${Math.round(((used.user + used.system) / 1000 / run.elapsed) * 100)}% of one core`,
      );
      for (const failure of run.failures) log(`  unexpected answer: ${failure}`);
      const { counts, latencies, elapsed } = run;

      const oversold = await countOversold(database.db, initial);
      const [dbOrders] = await selectRowsAsserted<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from orders`,
      );
      const duplicates = counts.duplicates + Math.abs((dbOrders?.n ?? 0) - counts.orders);
      latencies.sort((a, b) => a - b);
      return {
        buyers,
        durationMs: Math.round(elapsed),
        orders: counts.orders,
        ordersPerSecond: Math.round((counts.orders / elapsed) * 1000),
        p50Ms: round(percentile(latencies, 0.5)),
        p95Ms: round(percentile(latencies, 0.95)),
        p99Ms: round(percentile(latencies, 0.99)),
        refused: counts.refused,
        failed: counts.failed,
        retries: counts.retries,
        oversold,
        duplicates,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

interface Shopper {
  id: string;
  token: string;
}

interface BuyersInput {
  base: string;
  shoppers: Shopper[];
  sizes: Size[];
  durationMs: number;
  maxOrders: number;
}

interface BuyersResult {
  counts: { orders: number; refused: number; failed: number; retries: number; duplicates: number };
  latencies: number[];
  failures: string[];
  elapsed: number;
}

/**
 * The buyers run in a worker thread, so the load generator does not share the server's event
 * loop (it still shares the machine's cores, as a browser crowd would not).
 */
function runBuyersInWorker(input: BuyersInput): Promise<BuyersResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { role: "buyers", input } });
    worker.once("message", (result: BuyersResult) => resolve(result));
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(`the buyers' worker stopped with code ${code}`));
    });
  });
}

/** One loop per buyer, each on its own keep-alive connection, until the time is up or enough orders are placed. */
async function runBuyers(input: BuyersInput): Promise<BuyersResult> {
  const { base, sizes, maxOrders } = input;
  const latencies: number[] = [];
  const placed = new Map<string, string>();
  const counts = { orders: 0, refused: 0, failed: 0, retries: 0, duplicates: 0 };
  const failures = new Set<string>();
  const started = performance.now();
  const deadline = started + input.durationMs;

  const agent = new http.Agent({ keepAlive: true, maxSockets: input.shoppers.length });
  const buy = async (shopper: Shopper) => {
    while (performance.now() < deadline && counts.orders < maxOrders) {
      const body = randomOrder(shopper.id, sizes);
      const key = randomUUID();
      const t0 = performance.now();
      const res = await post(agent, base, shopper.token, key, body);
      latencies.push(performance.now() - t0);
      if (res.status === 201) {
        counts.orders++;
        const id = (res.body as { _id: string })._id;
        if (placed.has(key)) counts.duplicates++;
        placed.set(key, id);
        // Now and then the same request again, as a client retrying after a lost answer.
        if (Math.random() < 0.05) {
          counts.retries++;
          const again = await post(agent, base, shopper.token, key, body);
          if (again.status !== 200 || (again.body as { _id?: string })._id !== id) counts.duplicates++;
        }
      } else if (res.status === 409) counts.refused++;
      else {
        counts.failed++;
        if (failures.size < 5) failures.add(`${res.status} ${JSON.stringify(res.body)}`);
      }
    }
  };
  await Promise.all(input.shoppers.map(buy));
  agent.destroy();
  return { counts, latencies, failures: [...failures], elapsed: performance.now() - started };
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === "buyers") {
  const result = await runBuyers((workerData as { input: BuyersInput }).input);
  parentPort?.postMessage(result);
}

async function makeShoppers(db: Db, count: number): Promise<Shopper[]> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => {
        const id = `bench_${i}_${randomBytes(4).toString("hex")}`;
        return { email: `${id}@example.pk`, username: id, passwordHash: "not-a-real-hash" };
      }),
    )
    .returning({ id: users.id });
  return Promise.all(rows.map(async (row) => ({ id: row.id, token: await createSession(db, row.id) })));
}

/** Every size of the first `count` products gets large stock, except one hot size that sells out. */
async function prepareStock(db: Db, count: number): Promise<Size[]> {
  const sizes = await selectRowsAsserted<{ product_id: string; size: number; discount_price: number }>(
    db,
    sql`select s.product_id, s.size, p.discount_price from product_sizes s join products p on p.id = s.product_id
        where p.id in (select id from products where archived_at is null order by category_slug, position limit ${count})
        order by s.product_id, s.size`,
  );
  await db.execute(
    sql`update product_sizes set stock = ${LARGE_STOCK}
        where product_id in (select id from products where archived_at is null order by category_slug, position limit ${count})`,
  );
  const hot = sizes[0];
  if (!hot) throw new Error("the demo catalogue has no sizes");
  await db.execute(
    sql`update product_sizes set stock = ${HOT_STOCK} where product_id = ${hot.product_id} and size = ${hot.size}`,
  );
  return sizes.map((s) => ({ productId: s.product_id, size: s.size, discountPrice: s.discount_price }));
}

async function stockBySize(db: Db, productIds: string[]): Promise<Map<string, number>> {
  const ids = [...new Set(productIds)];
  const rows = await selectRowsAsserted<{ product_id: string; size: number; stock: number }>(
    db,
    sql`select product_id, size, stock from product_sizes where product_id in ${ids}`,
  );
  return new Map(rows.map((r) => [`${r.product_id}|${r.size}`, r.stock]));
}

/** Sizes whose ordered pairs plus remaining stock differ from the starting stock. */
async function countOversold(db: Db, initial: Map<string, number>): Promise<number> {
  const ordered = await selectRowsAsserted<{ product_id: string; size: number; n: number }>(
    db,
    sql`select product_id, size, sum(quantity)::int as n from order_lines group by product_id, size`,
  );
  const orderedBy = new Map(ordered.map((r) => [`${r.product_id}|${r.size}`, r.n]));
  const now = await stockBySize(
    db,
    [...initial.keys()].map((key) => key.split("|")[0] as string),
  );
  let wrong = 0;
  for (const [key, start] of initial) {
    const left = now.get(key) ?? 0;
    if (left < 0 || left + (orderedBy.get(key) ?? 0) !== start) wrong++;
  }
  return wrong;
}

function randomOrder(userId: string, sizes: Size[]) {
  const lines = new Map<string, { productId: string; size: number; quantity: number; price: number }>();
  const count = 1 + Math.floor(Math.random() * 3);
  for (let i = 0; i < count; i++) {
    // One order in ten reaches for the hot size, which sells out during the run.
    const s = (i === 0 && Math.random() < 0.1 ? sizes[0] : sizes[Math.floor(Math.random() * sizes.length)]) as Size;
    const quantity = 1 + Math.floor(Math.random() * 2);
    lines.set(`${s.productId}|${s.size}`, { productId: s.productId, size: s.size, quantity, price: s.discountPrice });
  }
  const items = [...lines.values()];
  return {
    userId,
    items: items.map(({ productId, size, quantity }) => ({ productId, size, quantity })),
    shippingAddress: {
      fullName: "Bench Buyer",
      addressLine: "Shop 4, near Frere Hall, Saddar",
      phoneNumber: "03001234567",
      email: "bench@example.pk",
      city: "Karachi",
    },
    totalAmount: items.reduce((sum, l) => sum + l.price * l.quantity, 0),
  };
}

/**
 * One order over a keep-alive connection of `node:http`, as the catalogue's load generator sends
 * its requests (scripts/bench/load-worker.ts): fetch cost the buyers' thread about 0.35 ms an
 * order of the two cores the shop runs on (docs/benchmarks.md, "Checkout").
 */
function post(agent: http.Agent, base: string, token: string, key: string, body: unknown) {
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = http.request(
      `${base}/api/orders/new-order`,
      {
        method: "POST",
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          "idempotency-key": key,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error("no answer in 30 s")));
    req.on("error", reject);
    req.end(payload);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

const round = (n: number) => Math.round(n * 10) / 10;

if (isMainThread && process.argv[1] === fileURLToPath(import.meta.url)) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error("Set DATABASE_URL to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres");
    process.exit(2);
  }
  const result = await benchCheckout({ databaseUrl, log: (line) => console.log(line) });
  console.log(
    `orders/s ${result.ordersPerSecond} | orders ${result.orders} in ${result.durationMs} ms | p50 ${result.p50Ms} ms | ` +
      `p95 ${result.p95Ms} ms | p99 ${result.p99Ms} ms | refused ${result.refused} | failed ${result.failed} | ` +
      `retries ${result.retries} | oversold ${result.oversold} | duplicates ${result.duplicates}`,
  );
  const ok = result.oversold === 0 && result.duplicates === 0 && result.failed === 0;
  process.exit(ok ? 0 : 1);
}
