// Issue 51's sale opening: a scheduled 20% sale on one category opens under a crowd, and 100 shoppers
// fight over one discount code with 50 uses. Three instances on PostgreSQL and Redis behind the
// project's nginx configuration (issue 34's harness, tests/scale/cluster/*), each running the sale job
// every SALE_SWEEP_MS. The sale row is inserted as the owner's screen saves it (migration 0036's
// columns), starting 15 s ahead; 100 browsers read the category's page and its products' pages as HTML
// before and across the start, and each answer is read for the old or the sale price. Two seconds after
// the start the 100 shoppers (each an account and a phone number of its own) order one pair each with
// SALE50 at the same moment. Answers what the owner would ask: were exactly 50 codes granted, were the
// others told why, how long did the checkout take, and how long after the start did any page still
// show the old price (the owner's promise: about a second)?
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import pg from "pg";
import { createScratchDatabase } from "#server/db/scratch.ts";
import { CATEGORIES } from "#shared/categories.ts";
import { formatRs } from "#shared/money.ts";
import { CODE_MESSAGES } from "#shared/promotions.ts";
import { setStock } from "../../tests/scale/cluster/ledger.ts";
import { type Customer, signUp } from "../../tests/scale/cluster/load.ts";
import { startNginx } from "../../tests/scale/cluster/nginx.ts";
import { type Answer, Failed, Visitor } from "../../tests/scale/cluster/visitor.ts";
import { type ShopProcess, shopDataDir, startShop } from "../../tests/security/process.ts";
import { ADDRESS } from "../../tests/support/shoppers.ts";
import { quantile, sleep } from "./stats.ts";

const INSTANCES = 3;
const BROWSERS = 100;
const SHOPPERS = 100;
const CODE = "SALE50";
const CODE_USES = 50;
const CODE_AMOUNT = 200;
const PERCENT = 20;
/** The sale starts this long after it is saved; the crowd reads from the save until AFTER_MS past the start. */
const LEAD_MS = 15_000;
const AFTER_MS = 15_000;
/** The shoppers press "Place order" together this long after the start. */
const SHOPPERS_AT_MS = 2_000;
/** A browser reads a page for 0.5-1.5 s before the next: about 100 pages a second from 100. */
const THINK_MS = { min: 500, max: 1_500 };
/** A checkout answered 503 (or not at all) is sent again with the same key, as the web checkout does. */
const CHECKOUT_SENDS = 5;
const PAGES_OF_PRODUCTS = 12;

type Shows = "old" | "sale" | "neither";

interface PageSample {
  kind: "list" | "product";
  /** When it was asked and when its answer had come, ms after the sale's start (negative before). */
  sentMs: number;
  answeredMs: number;
  ms: number;
  status: number | "no answer";
  shows: Shows;
}

interface PagePrices {
  path: string;
  kind: PageSample["kind"];
  /** The products whose prices the page can show: old and sale price, as formatted on the page. */
  prices: { old: string; sale: string }[];
}

interface Quantiles {
  count: number;
  p50Ms: number;
  p95Ms: number;
}

export interface SaleOpening {
  category: string;
  categoryPath: string;
  products: number;
  /**
   * The sale job's claim of the sale (its transaction's now(), sales.started_at) and when the bench first
   * saw it committed (polled every 50 ms), ms after the start.
   */
  appliedMs: number;
  appliedSeenMs: number;
  codesGranted: number;
  placed: number;
  /** Refused 400 with the code's used-up message. */
  refusedUsedUp: number;
  /** Every other final answer, by status and message. */
  otherAnswers: Record<string, number>;
  checkout: { p50Ms: number; p95Ms: number; maxMs: number; sends: number };
  pagesBefore: Quantiles;
  pagesAfter: Quantiles;
  pagesNot200: number;
  /**
   * Answers asked after the start that still showed the old price; the latest of them by when it was
   * asked and by when its answer came (ms after the start), and the last few.
   */
  oldAfterStart: number;
  cacheBoundMs: number | undefined;
  cacheBoundAnsweredMs: number | undefined;
  latestOld: { kind: PageSample["kind"]; sentMs: number; answeredMs: number }[];
  /** The last few answers asked before the start that showed the sale price. */
  earlySale: { kind: PageSample["kind"]; sentMs: number; answeredMs: number }[];
  /** Answers asked before the start that showed the sale price (should be none). */
  saleBeforeStart: number;
  pagesNeither: number;
  /** What the database says after the run; empty when everything holds. */
  databaseProblems: string[];
  database: { uses: number; codeUses: number; ordersWithCode: number };
}

export async function measureSaleOpening(serverUrl: string, log: (line: string) => void): Promise<SaleOpening> {
  const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  const scratch = await createScratchDatabase(serverUrl, "shop_saleopen");
  const pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
  pool.on("error", () => {});
  const dataDirs: string[] = [];
  let shops: ShopProcess[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  const visitors: Visitor[] = [];
  try {
    for (let i = 0; i < INSTANCES; i++) dataDirs.push(await shopDataDir());
    const env = { REDIS_URL: redisUrl, TRUST_PROXY: "127.0.0.1", SALE_SWEEP_MS: "1000" };
    log(`sale opening: starting ${INSTANCES} instances and nginx…`);
    shops = await Promise.all(dataDirs.map((dir) => startShop(dir, scratch.url, env)));
    nginx = await startNginx(shops.map((s) => new URL(s.url).host));
    const base = nginx.url;

    // The category with the most products the sale lowers, and the pair the shoppers buy.
    const [picked] = (
      await pool.query<{ slug: string }>(
        `select category_slug as slug from products
          where archived_at is null and sale_price('percent', $1::smallint, null, discount_price) < discount_price
          group by category_slug order by count(*) desc, category_slug limit 1`,
        [PERCENT],
      )
    ).rows;
    const category = CATEGORIES.find((c) => c.slug === picked?.slug);
    if (!category) throw new Error("no category the sale would lower");
    const products = (
      await pool.query<{ id: string; old: number; sale: number }>(
        `select id, discount_price as old, sale_price('percent', $2::smallint, null, discount_price) as sale
           from products where archived_at is null and category_slug = $1 order by id`,
        [category.slug, PERCENT],
      )
    ).rows.filter((p) => p.sale < p.old);
    const [pair] = (
      await pool.query<{ productId: string; size: number }>(
        `select product_id as "productId", min(size)::int as size from product_sizes where product_id = $1 group by 1`,
        [products[0]?.id],
      )
    ).rows;
    if (!pair) throw new Error("no size to buy");
    await setStock(pool, pair.productId, pair.size, 10_000);
    await pool.query(
      `insert into discount_codes (code, kind, amount, max_uses, per_customer, starts_at)
       values ($1, 'fixed', $2, $3, 1, now())`,
      [CODE, CODE_AMOUNT, CODE_USES],
    );
    const listPath = encodeURI(category.path);
    const pages: PagePrices[] = [
      { path: listPath, kind: "list", prices: products.map(formatted) },
      ...products
        .slice(0, PAGES_OF_PRODUCTS)
        .map((p): PagePrices => ({ path: `/products/${p.id}`, kind: "product", prices: [formatted(p)] })),
    ];

    log(`sale opening: signing up ${SHOPPERS} shoppers…`);
    const shoppers: Customer[] = [];
    for (let i = 0; i < SHOPPERS; i += 20) shoppers.push(...(await signUp(base, Math.min(20, SHOPPERS - i))));
    visitors.push(...shoppers.map((s) => s.visitor));
    const browsers = Array.from({ length: BROWSERS }, () => new Visitor(base));
    visitors.push(...browsers);

    // Saved as the owner's screen saves a sale (a Karachi wall time is an instant; here to the second).
    const saved = await pool.query<{ id: string; starts_at: Date }>(
      `insert into sales (name, scope, category_slug, pricing, percent, starts_at, ends_at)
       values ('Sale opening bench', 'category', $1, 'percent', $2,
               now() + $3 * interval '1 millisecond', now() + interval '1 hour')
       returning id, starts_at`,
      [category.slug, PERCENT, LEAD_MS],
    );
    const sale = saved.rows[0];
    if (!sale) throw new Error("the sale was not saved");
    const startMs = sale.starts_at.getTime();
    log(
      `sale opening: ${PERCENT}% off ${category.path} (${products.length} products) at ${sale.starts_at.toISOString()}; ${BROWSERS} browsers reading…`,
    );

    const samples: PageSample[] = [];
    const endMs = startMs + AFTER_MS;
    const browsing = browsers.map(async (visitor, index) => {
      for (let n = index; Date.now() < endMs; n++) {
        const page = pages[n % pages.length] as PagePrices;
        samples.push(await readPage(visitor, page, startMs));
        await sleep(THINK_MS.min + Math.random() * (THINK_MS.max - THINK_MS.min));
      }
    });

    // When the sale job's start of the sale is committed (visible to another session), from the start on.
    const applied = (async () => {
      await sleep(Math.max(0, startMs - Date.now()));
      for (;;) {
        const { rows } = await pool.query<{ started_at: Date | null }>("select started_at from sales where id = $1", [
          sale.id,
        ]);
        const at = rows[0]?.started_at;
        if (at) return { at, seenMs: Date.now() - startMs };
        await sleep(50);
      }
    })();
    // The shoppers: at the start plus SHOPPERS_AT_MS, once an instance has applied the sale, all at once.
    await sleep(Math.max(0, startMs + SHOPPERS_AT_MS - Date.now()));
    const { at: appliedAt, seenMs: appliedSeenMs } = await applied;
    const price = (
      await pool.query<{ discount_price: number }>("select discount_price from products where id = $1", [
        pair.productId,
      ])
    ).rows[0]?.discount_price;
    if (price === undefined) throw new Error("the pair's product is gone");
    log(`sale opening: ${SHOPPERS} shoppers order with ${CODE} (Rs.${price} - Rs.${CODE_AMOUNT})…`);
    const outcomes = await Promise.all(
      shoppers.map((shopper, i) => order(shopper, `0301${String(2_000_000 + i)}`, pair, price - CODE_AMOUNT)),
    );
    await Promise.all(browsing);

    // What the shoppers were told.
    let placed = 0;
    let refusedUsedUp = 0;
    const otherAnswers: Record<string, number> = {};
    const usedUp = CODE_MESSAGES.usedUp(CODE);
    for (const { final } of outcomes) {
      if (final && (final.status === 201 || final.status === 200)) placed += 1;
      else if (final?.status === 400 && messageOf(final) === usedUp) refusedUsedUp += 1;
      else {
        const key = final ? `${final.status} ${messageOf(final) ?? final.body.slice(0, 80)}` : "no answer";
        otherAnswers[key] = (otherAnswers[key] ?? 0) + 1;
      }
    }
    const checkoutMs = outcomes.map((o) => o.ms);

    // What the database holds.
    const [row] = (
      await pool.query<{ uses: number; code_uses: number; orders: number; wrong_discount: number; wrong_due: number }>(
        `select c.uses,
                (select count(*)::int from code_uses u where u.code_id = c.id) as code_uses,
                (select count(*)::int from orders o where o.discount_code_id = c.id) as orders,
                (select count(*)::int from orders o where o.discount_code_id = c.id
                    and o.discount_amount <> $2) as wrong_discount,
                (select count(*)::int from orders o where o.discount_code_id = c.id
                    and (o.due_on_delivery <> o.total_amount or o.total_amount <> $3)) as wrong_due
           from discount_codes c where c.code = $1`,
        [CODE, CODE_AMOUNT, price - CODE_AMOUNT],
      )
    ).rows;
    if (!row) throw new Error(`the code ${CODE} is gone`);
    const databaseProblems: string[] = [];
    if (row.uses !== CODE_USES) databaseProblems.push(`discount_codes.uses = ${row.uses}`);
    if (row.code_uses !== CODE_USES) databaseProblems.push(`count(code_uses) = ${row.code_uses}`);
    if (row.orders !== placed) databaseProblems.push(`${row.orders} orders carry the code, ${placed} told placed`);
    if (row.wrong_discount > 0)
      databaseProblems.push(`${row.wrong_discount} orders with discount_amount ≠ ${CODE_AMOUNT}`);
    if (row.wrong_due > 0)
      databaseProblems.push(`${row.wrong_due} orders whose total ≠ Rs.${price - CODE_AMOUNT} or due ≠ total`);

    const answered = samples.filter((s) => s.status === 200);
    const after = answered.filter((s) => s.sentMs >= 0);
    const oldAfter = after.filter((s) => s.shows === "old");
    const timesOf = (list: PageSample[]): Quantiles => ({
      count: list.length,
      p50Ms: quantile(
        list.map((s) => s.ms),
        0.5,
      ),
      p95Ms: quantile(
        list.map((s) => s.ms),
        0.95,
      ),
    });
    return {
      category: category.slug,
      categoryPath: category.path,
      products: products.length,
      appliedMs: appliedAt.getTime() - startMs,
      appliedSeenMs,
      codesGranted: row.code_uses,
      placed,
      refusedUsedUp,
      otherAnswers,
      checkout: {
        p50Ms: quantile(checkoutMs, 0.5),
        p95Ms: quantile(checkoutMs, 0.95),
        maxMs: Math.max(...checkoutMs),
        sends: outcomes.reduce((n, o) => n + o.sends, 0),
      },
      pagesBefore: timesOf(samples.filter((s) => s.sentMs < 0)),
      pagesAfter: timesOf(samples.filter((s) => s.sentMs >= 0)),
      pagesNot200: samples.length - answered.length,
      oldAfterStart: oldAfter.length,
      cacheBoundMs: oldAfter.length > 0 ? Math.max(...oldAfter.map((s) => s.sentMs)) : undefined,
      cacheBoundAnsweredMs: oldAfter.length > 0 ? Math.max(...oldAfter.map((s) => s.answeredMs)) : undefined,
      latestOld: [...oldAfter]
        .sort((a, b) => b.sentMs - a.sentMs)
        .slice(0, 8)
        .map(({ kind, sentMs, answeredMs }) => ({ kind, sentMs, answeredMs })),
      earlySale: answered
        .filter((s) => s.sentMs < 0 && s.shows === "sale")
        .sort((a, b) => a.sentMs - b.sentMs)
        .slice(0, 8)
        .map(({ kind, sentMs, answeredMs }) => ({ kind, sentMs, answeredMs })),
      saleBeforeStart: answered.filter((s) => s.sentMs < 0 && s.shows === "sale").length,
      pagesNeither: answered.filter((s) => s.shows === "neither").length,
      databaseProblems,
      database: { uses: row.uses, codeUses: row.code_uses, ordersWithCode: row.orders },
    };
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

const formatted = (p: { old: number; sale: number }) => ({ old: formatRs(p.old), sale: formatRs(p.sale) });

/**
 * One page as HTML, and which price it shows: "old" when some product on it shows its old price and
 * not its sale price, "sale" when none does and some shows its sale price.
 */
async function readPage(visitor: Visitor, page: PagePrices, startMs: number): Promise<PageSample> {
  const sentAt = Date.now();
  const t0 = performance.now();
  try {
    const answer = await visitor.send("GET", page.path, { headers: { accept: "text/html" } });
    const ms = performance.now() - t0;
    const html = answer.body;
    const old = page.prices.some((p) => html.includes(p.old) && !html.includes(p.sale));
    const sale = page.prices.some((p) => html.includes(p.sale));
    const shows: Shows = old ? "old" : sale ? "sale" : "neither";
    return {
      kind: page.kind,
      sentMs: sentAt - startMs,
      answeredMs: Date.now() - startMs,
      ms,
      status: answer.status,
      shows,
    };
  } catch (error) {
    if (!(error instanceof Failed)) throw error;
    const ms = performance.now() - t0;
    const answeredMs = Date.now() - startMs;
    return { kind: page.kind, sentMs: sentAt - startMs, answeredMs, ms, status: "no answer", shows: "neither" };
  }
}

function messageOf(answer: Answer): string | undefined {
  try {
    const body: unknown = JSON.parse(answer.body);
    if (typeof body === "object" && body !== null && "message" in body && typeof body.message === "string") {
      return body.message;
    }
  } catch {
    // Not JSON: no message.
  }
  return undefined;
}

interface OrderOutcome {
  final: Answer | undefined;
  sends: number;
  ms: number;
}

/** One shopper's order of the pair with the code, from their own phone number; a 503 sent again with the same key. */
async function order(
  shopper: Customer,
  phoneNumber: string,
  pair: { productId: string; size: number },
  totalAmount: number,
): Promise<OrderOutcome> {
  const key = `open-${randomBytes(8).toString("hex")}`;
  const body = {
    userId: shopper.userId,
    items: [{ productId: pair.productId, size: pair.size, quantity: 1 }],
    shippingAddress: { ...ADDRESS, email: shopper.email, phoneNumber },
    totalAmount,
    discountCode: CODE,
  };
  const outcome: OrderOutcome = { final: undefined, sends: 0, ms: 0 };
  const t0 = performance.now();
  for (let send = 1; send <= CHECKOUT_SENDS; send++) {
    outcome.sends = send;
    try {
      outcome.final = await shopper.visitor.send("POST", "/api/orders/new-order", {
        body,
        headers: { "idempotency-key": key },
      });
    } catch (error) {
      if (!(error instanceof Failed)) throw error;
      outcome.final = undefined;
    }
    const final = outcome.final;
    if (final && ![502, 503, 504].includes(final.status)) break;
    const retryAfter = Number(final?.headers["retry-after"] ?? 1);
    await sleep(Math.min(Number.isFinite(retryAfter) ? retryAfter : 1, 2) * 1000);
  }
  outcome.ms = performance.now() - t0;
  return outcome;
}
