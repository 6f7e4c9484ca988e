// Faults of the running process, on the real server started as `node server/start.ts`:
// SIGKILL in the middle of a checkout burst, SIGTERM while requests are in flight, and a data
// folder whose outbox and picture folders refuse writes.
import { describe, expect, it, vi } from "vitest";
import type { ProductAnswer, ProductList } from "#shared/catalog.ts";
import { CATEGORY_SLUGS } from "#shared/categories.ts";
import type { Order } from "#shared/orders.ts";
import { ADDRESS } from "../support/shoppers.ts";
import { until } from "../support/wait.ts";
import { type Answer, halfSentRequest, json, request, shopPerTest } from "./process.ts";

const backend = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
const shop = shopPerTest();
// Each test starts real shop processes, twice for some (a restart): on a 2-core machine shared with
// other test files a PGlite start with its migrations took 41 s once, past Vitest's 30 s default.
vi.setConfig({ testTimeout: 120_000 });
/** These bursts give each buyer a dozen orders: more than the open-order limits allow (tests/orders-limits.test.ts). */
const MANY_ORDERS = { MAX_OPEN_ORDERS: "1000", MAX_OPEN_PAIRS: "10000" };

interface Buyer {
  email: string;
  token: string;
}
interface Pair {
  productId: string;
  size: number;
  price: number;
  discountPrice: number;
}
interface Planned {
  key: string;
  buyer: Buyer;
  body: object;
}

async function buyers(base: string, n: number): Promise<Buyer[]> {
  const all: Buyer[] = [];
  for (let i = 0; i < n; i++) {
    const id = `buyer${i}${Math.random().toString(36).slice(2, 8)}`;
    const person = { email: `${id}@example.pk`, username: id, password: "Correct-Horse-Battery-7" };
    expect((await request(base, "POST", "/api/user/signup", { body: person })).status).toBe(201);
    const login = await request(base, "POST", "/api/user/login", {
      body: { email: person.email, password: person.password },
    });
    all.push({ email: person.email, token: json<{ token: string }>(login).token });
  }
  return all;
}

/** Product sizes with at least 6 pairs, from the first categories, with their stock now. */
async function stockedPairs(base: string): Promise<{ pairs: Pair[]; stock: Map<string, number> }> {
  const pairs: Pair[] = [];
  const stock = new Map<string, number>();
  for (const slug of CATEGORY_SLUGS.slice(0, 3)) {
    const list = json<ProductList>(await request(base, "GET", `/api/products?category=${slug}`));
    for (const summary of list.products.slice(0, 3)) {
      const product = json<ProductAnswer>(await request(base, "GET", `/api/products/${summary._id}`)).product;
      for (const s of product.sizes) {
        stock.set(`${product._id}/${s.size}`, s.stock);
        if (s.stock >= 6)
          pairs.push({
            productId: product._id,
            size: s.size,
            price: product.price,
            discountPrice: product.discountPrice,
          });
      }
    }
  }
  return { pairs, stock };
}

async function stockNow(base: string, keys: Iterable<string>): Promise<Map<string, number>> {
  const now = new Map<string, number>();
  for (const key of keys) {
    const [id, size] = key.split("/");
    const product = json<ProductAnswer>(await request(base, "GET", `/api/products/${id}`)).product;
    now.set(key, product.sizes.find((s) => s.size === Number(size))?.stock ?? Number.NaN);
  }
  return now;
}

/** `count` orders of one or two lines, each pair wanted at most 5 times in all. */
function plan(pairs: Pair[], people: Buyer[], count: number, prefix: string): Planned[] {
  return Array.from({ length: count }, (_, i) => {
    const lines = [pairs[i % pairs.length] as Pair, ...(i % 2 ? [pairs[(i + 5) % pairs.length] as Pair] : [])];
    const buyer = people[i % people.length] as Buyer;
    return {
      key: `${prefix}-${i}`,
      buyer,
      body: {
        userId: "",
        items: lines.map((l) => ({ productId: l.productId, size: l.size, quantity: 1 })),
        shippingAddress: { ...ADDRESS, email: buyer.email },
        totalAmount: lines.reduce((sum, l) => sum + l.discountPrice, 0),
      },
    };
  });
}

async function withUserIds(base: string, planned: Planned[]): Promise<void> {
  const ids = new Map<string, string>();
  for (const p of planned) {
    if (!ids.has(p.buyer.token)) {
      const me = await request(base, "GET", "/api/user/my-details", {
        headers: { authorization: `Bearer ${p.buyer.token}` },
      });
      ids.set(p.buyer.token, json<{ user: { _id: string } }>(me).user._id);
    }
    (p.body as { userId: string }).userId = ids.get(p.buyer.token) as string;
  }
}

const send = (base: string, p: Planned) =>
  request(base, "POST", "/api/orders/new-order", {
    body: p.body,
    headers: { authorization: `Bearer ${p.buyer.token}`, "idempotency-key": p.key },
  });

/** Every order is whole and priced right, and stock + ordered pairs equals the stock before. */
async function expectConsistent(base: string, people: Buyer[], before: Map<string, number>): Promise<Order[]> {
  const orders: Order[] = [];
  for (const b of people) {
    const res = await request(base, "GET", "/api/orders/track", { headers: { authorization: `Bearer ${b.token}` } });
    orders.push(...json<Order[]>(res));
  }
  const ordered = new Map<string, number>();
  for (const order of orders) {
    expect(order.items.length).toBeGreaterThan(0);
    expect(order.totalAmount).toBe(order.items.reduce((s, i) => s + i.discountPrice * i.quantity, 0));
    expect(order.subtotal).toBe(order.items.reduce((s, i) => s + i.price * i.quantity, 0));
    for (const item of order.items) {
      const key = `${item.productId}/${item.size}`;
      ordered.set(key, (ordered.get(key) ?? 0) + item.quantity);
    }
  }
  const now = await stockNow(base, before.keys());
  for (const [key, initial] of before)
    expect(`${key}: ${(now.get(key) ?? 0) + (ordered.get(key) ?? 0)}`).toBe(`${key}: ${initial}`);
  return orders;
}

describe(`the server killed with SIGKILL during a checkout burst (${backend})`, () => {
  it("restarts with every order whole or absent, stock matching, and retries answering one order per key", async () => {
    await shop.create({ env: MANY_ORDERS });
    let running = await shop.start();
    const people = await buyers(running.url, 3);
    const { pairs, stock: before } = await stockedPairs(running.url);
    expect(pairs.length).toBeGreaterThanOrEqual(12);
    const planned = plan(pairs, people, 36, "kill");
    await withUserIds(running.url, planned);

    const inFlight = planned.map((p) => send(running.url, p).catch((e: Error) => e));
    // Kill as soon as the first order is answered: the others are in every stage of their transaction.
    await Promise.race(inFlight);
    running.child.kill("SIGKILL");
    const answers = await Promise.all(inFlight);
    expect((await running.exited).signal).toBe("SIGKILL");
    const created = answers.filter((a): a is Answer => !(a instanceof Error) && a.status === 201).length;
    expect(created).toBeGreaterThan(0);
    expect(answers.some((a) => a instanceof Error)).toBe(true);

    running = await shop.start();
    const afterCrash = await expectConsistent(running.url, people, before);
    expect(afterCrash.length).toBeGreaterThanOrEqual(created);
    expect(afterCrash.length).toBeLessThan(planned.length);

    // The shoppers retry every request with its key: one order per key, whether it had committed or not.
    const retries = await Promise.all(planned.map((p) => send(running.url, p)));
    for (const r of retries) expect([200, 201]).toContain(r.status);
    const ids = new Set(retries.map((r) => json<Order>(r)._id));
    expect(ids.size).toBe(planned.length);
    const replayed = retries.filter((r) => r.headers["idempotent-replayed"] === "true").length;
    expect(replayed).toBe(afterCrash.length);
    const final = await expectConsistent(running.url, people, before);
    expect(final.length).toBe(planned.length);
    expect(new Set(final.map((o) => o._id))).toEqual(ids);
  });
});

describe(`graceful shutdown on SIGTERM (${backend})`, () => {
  it("finishes the requests in flight with 2xx and exits 0", async () => {
    await shop.create({ env: MANY_ORDERS });
    let running = await shop.start();
    const people = await buyers(running.url, 2);
    const { pairs, stock: before } = await stockedPairs(running.url);
    const planned = plan(pairs, people, 16, "term");
    await withUserIds(running.url, planned);

    // Every checkout has sent its headers and half its body: the server is in the middle of each.
    const inFlight = planned.map((p) =>
      halfSentRequest(running.url, "/api/orders/new-order", p.body, {
        authorization: `Bearer ${p.buyer.token}`,
        "idempotency-key": p.key,
      }),
    );
    const logged = (pattern: RegExp) => running.logs.filter((l) => pattern.test(l)).length;
    const incoming = /"incoming request".*new-order|new-order.*"incoming request"/;
    const everyFewMs = { timeout: 10_000, interval: 5 };
    await until(
      () => logged(incoming),
      (n) => n >= planned.length,
      "every checkout's log line",
      everyFewMs,
    );
    expect(logged(incoming)).toBe(planned.length);
    running.child.kill("SIGTERM");
    await until(
      () => logged(/"shutting down"/),
      (n) => n > 0,
      "the stop's log line",
      everyFewMs,
    );
    expect(logged(/"shutting down"/)).toBe(1);
    // Shutdown has begun; now the bodies arrive, and every checkout still completes.
    const answers = await Promise.all(inFlight.map((r) => r.finish()));
    expect(answers.map((a) => `${a.status} ${a.status === 201 ? "" : a.body}`)).toEqual(planned.map(() => "201 "));
    expect(await running.exited).toEqual({ code: 0, signal: null });

    running = await shop.start();
    expect((await expectConsistent(running.url, people, before)).length).toBe(planned.length);
  });
});

describe(`a data folder that refuses writes (${backend})`, () => {
  it("orders still succeed when mail cannot be written (logged, kept queued); pictures are sent as drawings", async () => {
    // The pictures job runs here (tests turn it off by default): it must stop and say so, not crash.
    await shop.create({ breakDirs: ["outbox"], env: { RENDER_PICTURES_AHEAD: "true" } });
    const running = await shop.start();
    const people = await buyers(running.url, 1);
    const { pairs, stock: before } = await stockedPairs(running.url);
    const [order] = plan(pairs, people, 1, "disk");
    if (!order) throw new Error("no order");
    await withUserIds(running.url, [order]);
    expect((await send(running.url, order)).status).toBe(201);
    expect(await expectConsistent(running.url, people, before)).toHaveLength(1);

    const product = json<ProductAnswer>(
      await request(running.url, "GET", `/api/products/${pairs[0]?.productId}`),
    ).product;
    // Nothing can be rendered into the folder: a shopper is sent the drawing, asked for again later.
    const picture = await request(running.url, "GET", `/images/${product.images[0]?.id}/320.webp`);
    expect(picture.status).toBe(200);
    expect(picture.body).toMatch(/^<svg/);
    expect((await request(running.url, "GET", "/readyz")).status).toBe(200);

    // Both failures are in the log for the owner to see, and the process is still up.
    const mailFailed = "order confirmation e-mail failed (try 1); it stays queued";
    const picturesStopped = "rendering pictures ahead stopped";
    const logs = (text: string) => running.logs.some((l) => l.includes(text));
    await until(() => logs(mailFailed) && logs(picturesStopped), Boolean, "both failures in the log", {
      timeout: 20_000,
      interval: 50,
    }).catch(() => {});
    expect(logs(mailFailed)).toBe(true);
    expect(logs(picturesStopped)).toBe(true);
    expect(running.child.exitCode).toBeNull();
  });
});
