// `npm run bench -- --couriers` (issue 49: "every call bounded … a courier that is down never slows the
// shop"). One bench server with couriers by API on, Trax's account pointing at Trax's local stand-in
// (tests/support/couriers/trax-stand-in.ts), N parcels on the road with it. Measured side by side:
//
// 1. A shopper's latency (search.ts's requests, one at a time, as the search bench measures them) in
//    three conditions, interleaved in rounds (the order turned each round so drift in the machine's
//    load spreads over all three): (a) no courier work; (b) the sync of the N parcels running, again
//    and again, against the stand-in answering at once (each parcel with a new status each time, so
//    every sync applies its answers); (c) a sync and a batch booking running against a second
//    stand-in that holds every request past COURIER_TIMEOUT_SECONDS (a courier that is down). Each
//    figure is the median round; the ratios b/a and c/a are the medians of the ratios in each round.
// 2. The sync's own cost with nothing else running: the N parcels synced against the stand-in
//    answering at once, wall time and the shop process's CPU time, per parcel.
//
// The data: the admin is made as `npm run create-admin` makes one (createOrPromoteAdmin) and the
// customers as the tests' factories make theirs (a users row and a session), straight in the database
// before the shop opens it (PGlite allows one process per folder), with stock raised on the products
// ordered. Everything else goes through the shop's real API: each order placed by its customer
// (POST /api/orders/new-order), confirmed by the admin, and booked in batches of 50 through
// POST /api/admin/orders/book with Trax's account saved through PUT /api/admin/couriers/:id/api
// (host "custom"). 210 orders this way take about 20 s on a busy 2-core machine: slow enough to say,
// quick enough that nothing is inserted behind the shop's back (the note under the table gives the time).
//
// The stand-ins run in this process, beside the client measuring latency: a sync asks them about 40
// requests a second (Trax answers one number a request; the adapter asks 20 a batch, batches 0.5 s
// apart), which costs this process next to nothing.
import { randomBytes, randomInt } from "node:crypto";
import { readFile } from "node:fs/promises";
import { loadavg } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { createSession } from "#server/accounts/sessions.ts";
import { createOrPromoteAdmin } from "#server/admin/create-admin.ts";
import { openDatabase } from "#server/db/client.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { productSizes, users } from "#server/db/schema.ts";
import { seedCategories, seedDemoCatalogue } from "#server/seed/seed.ts";
import { type BookingAnswer, MAX_BATCH_BOOKING } from "#shared/courier-api.ts";
import type { Courier } from "#shared/couriers.ts";
import type { Order } from "#shared/orders.ts";
import { startTraxStandIn } from "../../tests/support/couriers/trax-stand-in.ts";
import { ADDRESS } from "../../tests/support/shoppers.ts";
import type { Report } from "./report.ts";
import { LIST_REQUESTS, measureLatency, SEARCH_REQUESTS } from "./search.ts";
import { type BenchServer, startBenchServer } from "./serve.ts";
import { fmt, median } from "./stats.ts";

/** Bounds each call to the courier: short, so the down courier's retries fit in a round. */
const TIMEOUT_SECONDS = 2;
/** What sync.ts waits between two of a courier's batches, and how many numbers a batch of Trax's adapter holds. */
const SYNC_GAP_MS = 500;
const TRAX_BATCH = 20;
/** The orders the down courier is asked to book in each of its rounds (the first is tried three times). */
const DOWN_BATCH = 10;
/** A shopper searching and turning list pages: search is never cached, the lists are (server/catalog/routes.ts). */
const SHOPPER_REQUESTS = [...SEARCH_REQUESTS, ...LIST_REQUESTS];
/** Open orders a customer may hold (MAX_OPEN_ORDERS's default): one customer per three orders. */
const ORDERS_PER_CUSTOMER = 3;
const AT_ONCE = 4;
/** /proc/<pid>/stat counts CPU time in clock ticks; USER_HZ is 100 on Linux. */
const CLOCK_TICKS_PER_SECOND = 100;

type Condition = "a" | "b" | "c";
const CONDITION_LABELS: Record<Condition, string> = {
  a: "(a) no courier work",
  b: "(b) during a sync, courier answering",
  c: "(c) during a sync and a batch booking, courier down",
};

export interface CourierBenchOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  quick: boolean;
  report: Report;
  log: (line: string) => void;
}

interface Round {
  round: number;
  condition: Condition;
  load1: number;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  /** What ran meanwhile: the syncs and batch bookings finished, and how long each took. */
  syncs: number[];
  bookings: number[];
  syncErrors: number;
  booked: number;
}

interface Shop {
  server: BenchServer;
  traxId: string;
  call: <T>(method: string, url: string, body?: unknown) => Promise<T>;
}

export async function measureCourierSync(options: CourierBenchOptions): Promise<void> {
  const { log, quick } = options;
  const parcels = quick ? 100 : 200;
  const rounds = quick ? 2 : 3;
  const windowMs = quick ? 4_000 : 8_000;
  const loadBefore = loadavg();
  const trax = await startTraxStandIn();
  // The same API key, so the saved credentials serve both; every request held past the timeout.
  const down = await startTraxStandIn({ apiKey: trax.apiKey });
  down.hangNext(10_000, undefined, (TIMEOUT_SECONDS + 3) * 1000);
  let server: BenchServer | undefined;
  try {
    log(
      `couriers: preparing the database (an admin, ${Math.ceil((parcels + DOWN_BATCH) / ORDERS_PER_CUSTOMER)} customers)…`,
    );
    const people = await preparePeople(options, parcels + DOWN_BATCH);
    server = await startBenchServer({
      dataDir: options.dataDir,
      databaseUrl: options.databaseUrl,
      config: {
        COURIER_CREDENTIALS_KEY: randomBytes(32).toString("base64"),
        // The sync runs only when the bench asks (POST /api/admin/couriers/sync).
        COURIER_SYNC_SECONDS: "0",
        COURIER_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      },
    });
    const base = server.base;
    const shop = await connect(server, people.adminToken);
    const saveAccount = (baseUrl: string) =>
      shop.call("PUT", `/api/admin/couriers/${shop.traxId}/api`, {
        api: "trax",
        host: "custom",
        baseUrl,
        credentials: { apiKey: trax.apiKey, pickupAddressId: "3015", email: "orders@shoeshop.pk" },
      });
    await saveAccount(trax.url);

    const setupStarted = performance.now();
    log(`couriers: placing, confirming and booking ${parcels} orders through the API…`);
    const orders = await placeConfirmed(shop, people, parcels + DOWN_BATCH);
    const onRoad = orders.slice(0, parcels);
    const toBookWhileDown = orders.slice(parcels);
    const trackingNumbers: string[] = [];
    for (let at = 0; at < onRoad.length; at += MAX_BATCH_BOOKING) {
      const batch = onRoad.slice(at, at + MAX_BATCH_BOOKING);
      const answer = await shop.call<BookingAnswer>("POST", "/api/admin/orders/book", {
        courierId: shop.traxId,
        orders: batch.map((order) => ({ orderId: order._id })),
      });
      if (answer.booked !== batch.length) throw new Error(`booked ${answer.booked} of ${batch.length}`);
      for (const result of answer.results) if (result.ok) trackingNumbers.push(result.trackingNumber);
    }
    const setupMs = performance.now() - setupStarted;

    // Every sync of (b) and of the cost finds a new status on each parcel, so it applies its answers.
    let step = 0;
    const moveAlong = () => {
      step += 1;
      const status = step % 2 ? "Shipment - In Transit" : "Shipment - Arrived at Destination";
      for (const number of trackingNumbers) trax.setStatus(number, status);
    };
    const syncOnce = async (baseUrl: string): Promise<{ ms: number; error: string | null }> => {
      // Saving the account makes the courier due at once (accounts.ts), as the owner's save does.
      await saveAccount(baseUrl);
      const started = performance.now();
      const answer = await shop.call<{ synced: { error: string | null }[] }>("POST", "/api/admin/couriers/sync");
      const [synced] = answer.synced;
      return { ms: performance.now() - started, error: synced ? synced.error : "no courier was due" };
    };

    log("couriers: a first sync (warm-up)…");
    moveAlong();
    const warm = await syncOnce(trax.url);
    if (warm.error) throw new Error(`the warm-up sync failed: ${warm.error}`);

    // The shopper's requests once over before anything is counted (JIT, the read cache, the pool).
    await measureLatency(base, SHOPPER_REQUESTS, { rounds: 3, timeLimitMs: 2_000 });

    const results: Round[] = [];
    const order: Condition[] = ["a", "b", "c"];
    for (let round = 1; round <= rounds; round++) {
      const turn = [...order.slice(round - 1), ...order.slice(0, round - 1)];
      for (const condition of turn) {
        log(`couriers: round ${round}, ${CONDITION_LABELS[condition]}…`);
        const entry: Round = {
          round,
          condition,
          load1: loadavg()[0] ?? Number.NaN,
          samples: 0,
          p50Ms: Number.NaN,
          p95Ms: Number.NaN,
          syncs: [],
          bookings: [],
          syncErrors: 0,
          booked: 0,
        };
        const syncing = async () => {
          if (condition === "b") moveAlong();
          const sync = await syncOnce(condition === "b" ? trax.url : down.url);
          entry.syncs.push(sync.ms);
          if (sync.error) entry.syncErrors += 1;
          if (condition === "b" && sync.error) throw new Error(`a sync failed: ${sync.error}`);
        };
        const booking = async () => {
          const started = performance.now();
          const answer = await shop.call<BookingAnswer>("POST", "/api/admin/orders/book", {
            courierId: shop.traxId,
            orders: toBookWhileDown.map((o) => ({ orderId: o._id })),
          });
          entry.bookings.push(performance.now() - started);
          entry.booked += answer.booked;
        };
        const work = condition === "a" ? [] : condition === "b" ? [syncing] : [syncing, booking];
        const latency = await whileRunning(work, () =>
          measureLatency(base, SHOPPER_REQUESTS, { rounds: 1_000_000, timeLimitMs: windowMs }),
        );
        Object.assign(entry, { samples: latency.samples, p50Ms: latency.p50Ms, p95Ms: latency.p95Ms });
        results.push(entry);
      }
    }

    log(`couriers: the sync's own cost (${parcels} parcels, 3 syncs)…`);
    const costs: { ms: number; cpuMs: number; tracked: number }[] = [];
    for (let i = 0; i < 3; i++) {
      moveAlong();
      const asked = trax.requests.length;
      const cpuBefore = await cpuMs(server.pid);
      const sync = await syncOnce(trax.url);
      if (sync.error) throw new Error(`a sync failed: ${sync.error}`);
      const tracked = trax.requests.slice(asked).filter((r) => r.path === "/api/shipment/track").length;
      costs.push({ ms: sync.ms, cpuMs: (await cpuMs(server.pid)) - cpuBefore, tracked });
    }

    writeReport(options, {
      parcels,
      rounds,
      windowMs,
      setupMs,
      results,
      costs,
      loadBefore,
      loadAfter: loadavg(),
    });
  } finally {
    await server?.stop();
    await trax.close();
    await down.close();
  }
}

/**
 * Runs each task again and again, one loop each, while `measure` runs; answers what `measure`
 * answered once every loop has finished its last turn. A task's failure fails the whole.
 */
async function whileRunning<T>(tasks: (() => Promise<void>)[], measure: () => Promise<T>): Promise<T> {
  let running = true;
  let failure: unknown;
  const loops = tasks.map(async (task) => {
    try {
      while (running) await task();
    } catch (error) {
      failure ??= error;
    }
  });
  let result: T;
  try {
    result = await measure();
  } finally {
    running = false;
    await Promise.all(loops);
  }
  if (failure !== undefined) throw failure;
  return result;
}

interface People {
  adminToken: string;
  customers: { id: string; email: string; token: string }[];
  products: { id: string; size: number; price: number }[];
}

/** The admin, the customers and stock, straight in the database before the shop opens it. */
async function preparePeople(options: CourierBenchOptions, orders: number): Promise<People> {
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    pgliteDir: path.join(path.resolve(options.dataDir), "pglite"),
  });
  try {
    const { db } = database;
    // What the bench server does first on start; done here to choose the products ordered.
    await seedCategories(db);
    await seedDemoCatalogue(db);
    const products = await selectRowsAsserted<{ id: string; size: number; price: number }>(
      db,
      sql`select p.id, min(s.size)::int as size, p.discount_price as price
          from products p join product_sizes s on s.product_id = p.id
          where p.archived_at is null group by p.id order by p.category_slug, p.position, p.id limit 10`,
    );
    for (const product of products) {
      await db
        .update(productSizes)
        .set({ stock: 1_000 })
        .where(sql`${productSizes.productId} = ${product.id} and ${productSizes.size} = ${product.size}`);
    }
    const admin = await createOrPromoteAdmin(db, {
      email: "owner@bench.shoeshop.pk",
      password: randomBytes(18).toString("base64url"),
    });
    const adminToken = await createSession(db, admin.user.id);
    const customers: People["customers"] = [];
    for (let i = 0; i < Math.ceil(orders / ORDERS_PER_CUSTOMER); i++) {
      const name = `bench_${randomBytes(6).toString("hex")}`;
      const email = `${name}@example.pk`;
      const [row] = await db
        .insert(users)
        .values({ email, username: name, passwordHash: "not-a-real-hash", emailVerifiedAt: new Date() })
        .returning({ id: users.id });
      if (!row) throw new Error("no user row");
      customers.push({ id: row.id, email, token: await createSession(db, row.id) });
    }
    const [check] = await db.select({ role: users.role }).from(users).where(eq(users.id, admin.user.id));
    if (check?.role !== "admin") throw new Error("the admin was not made");
    return { adminToken, customers, products };
  } finally {
    await database.close();
  }
}

async function connect(server: BenchServer, adminToken: string): Promise<Shop> {
  const call = async <T>(method: string, url: string, body?: unknown, token = adminToken): Promise<T> => {
    const answer = await fetch(`${server.base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${url} answered ${answer.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
  const { couriers } = await call<{ couriers: Courier[] }>("GET", "/api/admin/couriers");
  const traxId = couriers.find((c) => c.name === "Trax")?._id;
  if (!traxId) throw new Error("the shop has no courier named Trax");
  return { server, traxId, call: (method, url, body) => call(method, url, body) };
}

/** Orders placed by their customers and confirmed by the admin, a few at a time. */
async function placeConfirmed(shop: Shop, people: People, count: number): Promise<Order[]> {
  const placed: Order[] = [];
  const one = async (i: number) => {
    const customer = people.customers[Math.floor(i / ORDERS_PER_CUSTOMER)];
    const product = people.products[i % people.products.length];
    if (!customer || !product) throw new Error("not enough customers or products");
    const answer = await fetch(`${shop.server.base}/api/orders/new-order`, {
      method: "POST",
      headers: { authorization: `Bearer ${customer.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        userId: customer.id,
        items: [{ productId: product.id, size: product.size, quantity: 1 }],
        shippingAddress: { ...ADDRESS, email: customer.email, phoneNumber: `03${randomInt(100_000_000, 999_999_999)}` },
        totalAmount: product.price,
      }),
    });
    const text = await answer.text();
    if (answer.status !== 201) throw new Error(`an order answered ${answer.status}: ${text.slice(0, 300)}`);
    const order = JSON.parse(text) as Order;
    await shop.call("POST", `/api/admin/orders/${order._id}/status`, { status: "confirm" });
    placed[i] = order;
  };
  for (let at = 0; at < count; at += AT_ONCE) {
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, count - at) }, (_, k) => one(at + k)));
  }
  return placed;
}

/** The process's CPU time so far (user + system, all its threads), in ms. */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

function writeReport(
  options: CourierBenchOptions,
  m: {
    parcels: number;
    rounds: number;
    windowMs: number;
    setupMs: number;
    results: Round[];
    costs: { ms: number; cpuMs: number; tracked: number }[];
    loadBefore: number[];
    loadAfter: number[];
  },
): void {
  const { report } = options;
  const of = (condition: Condition) => m.results.filter((r) => r.condition === condition);
  const base = of("a");
  const ratio = (condition: Condition, key: "p50Ms" | "p95Ms") =>
    median(of(condition).map((r) => r[key] / (base.find((a) => a.round === r.round)?.[key] ?? Number.NaN)));
  const how = `median of ${m.rounds} rounds of ${m.windowMs / 1000} s, one request at a time`;
  for (const condition of ["a", "b", "c"] as const) {
    const runs = of(condition);
    const p50 = median(runs.map((r) => r.p50Ms));
    const p95 = median(runs.map((r) => r.p95Ms));
    const samples = runs.reduce((n, r) => n + r.samples, 0);
    const vs =
      condition === "a"
        ? ""
        : `; ${condition}/a p50 ${fmt(ratio(condition, "p50Ms"), 2)}, p95 ${fmt(ratio(condition, "p95Ms"), 2)}`;
    const syncs = runs.flatMap((r) => r.syncs);
    const bookings = runs.flatMap((r) => r.bookings);
    const meanwhile =
      condition === "a"
        ? ""
        : condition === "b"
          ? `; meanwhile ${syncs.length} syncs of ${m.parcels} parcels (median ${fmt(median(syncs) / 1000, 1)} s)`
          : `; meanwhile ${syncs.length} syncs (${runs.reduce((n, r) => n + r.syncErrors, 0)} failed, median ` +
            `${fmt(median(syncs) / 1000, 1)} s) and ${bookings.length} batch bookings of ${DOWN_BATCH} ` +
            `(median ${fmt(median(bookings) / 1000, 1)} s, ${runs.reduce((n, r) => n + r.booked, 0)} booked)`;
    report.add(
      `Couriers: a shopper's search and list pages, ${CONDITION_LABELS[condition]} (${how}, ${samples} requests)`,
      `p50 ${fmt(p50, 2)} ms, p95 ${fmt(p95, 2)} ms${vs}${meanwhile}`,
    );
  }
  const median3 = (pick: (c: { ms: number; cpuMs: number }) => number) => median(m.costs.map(pick));
  const wallMs = median3((c) => c.ms);
  const cpu = median3((c) => c.cpuMs);
  const pacingMs = (Math.ceil(m.parcels / TRAX_BATCH) - 1) * SYNC_GAP_MS;
  report.add(
    `Couriers: a sync of ${m.parcels} parcels on the road, Trax's stand-in answering at once (median of ${m.costs.length})`,
    `${fmt(wallMs / 1000, 2)} s, ${fmt(wallMs / m.parcels, 1)} ms a parcel (of it ${fmt(pacingMs / 1000, 1)} s the ` +
      `batches' spacing: ${TRAX_BATCH} numbers a batch, ${SYNC_GAP_MS} ms apart); the shop's CPU ${fmt(cpu, 0)} ms, ` +
      `${fmt(cpu / m.parcels, 2)} ms a parcel; tracked ${m.costs.map((c) => c.tracked).join(", ")}`,
  );
  const loads = (l: number[]) => l.map((x) => x.toFixed(2)).join(" / ");
  report.add(
    "Couriers: machine load (os.loadavg 1 / 5 / 15 min)",
    `before ${loads(m.loadBefore)}, after ${loads(m.loadAfter)}; 1-min load at each window ${m.results
      .map((r) => r.load1.toFixed(2))
      .join(", ")}`,
  );
  report.notes.push(
    `Couriers: ${m.parcels} orders placed, confirmed and booked through the API in ${fmt(m.setupMs / 1000, 1)} s; ` +
      `COURIER_TIMEOUT_SECONDS=${TIMEOUT_SECONDS}; the down stand-in answers each request ${TIMEOUT_SECONDS + 3} s late.`,
  );
  report.detail(
    "Couriers: each round",
    ["Round", "Condition", "Load (1 min)", "Requests", "p50 ms", "p95 ms", "Syncs (s)", "Batch bookings (s)"],
    m.results.map((r) => [
      String(r.round),
      CONDITION_LABELS[r.condition],
      r.load1.toFixed(2),
      String(r.samples),
      fmt(r.p50Ms, 2),
      fmt(r.p95Ms, 2),
      r.syncs.map((ms) => fmt(ms / 1000, 1)).join(", ") + (r.syncErrors ? ` (${r.syncErrors} failed)` : ""),
      r.bookings.map((ms) => fmt(ms / 1000, 1)).join(", "),
    ]),
  );
}
