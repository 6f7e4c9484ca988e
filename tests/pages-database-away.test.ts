// Pages while the database is away (issue 34): 503 with the API's Retry-After and a friendly page in
// the shop's layout, never React Router's 500 "Unexpected Server Error"; and every page is sent
// whole, with a Content-Length. A page kept before the database went is sent instead, marked stale
// with Cache-Status and Age, until a render reads the database again (issue 45). The database is closed under the running app (PGlite, or with
// DATABASE_URL the app's PostgreSQL pool), and with DATABASE_URL also reached through a TCP proxy that
// is cut (PostgreSQL stopped: connections refused) and restored. Needs the production build
// (`npm test` builds it first).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, ROOT_DIR } from "#server/app.ts";
import { expiresAtBoundary } from "#server/catalog/freshness.ts";
import { loadConfig } from "#server/config.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { products } from "#server/db/schema.ts";
import { productionPages } from "#server/web/page-handlers.ts";
import type { AdminProduct } from "#shared/admin.ts";
import { formatRs } from "#shared/money.ts";
import { call, makeAdmin, repriced } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { openTestDatabase, type TestDatabase } from "./support/database.ts";
import { type DatabaseProxy, startDatabaseProxy } from "./support/database-proxy.ts";
import { until } from "./support/wait.ts";

type App = TestApp["app"];
const serverUrl = process.env.DATABASE_URL;
const decode = (html: string) => html.replaceAll("&#x27;", "'");

async function aProductPage(database: Database): Promise<string> {
  const [product] = await database.db.select({ id: products.id }).from(products).limit(1);
  if (!product) throw new Error("no product in the demo catalogue");
  return `/products/${product.id}`;
}

/** What the API answers while the database is away: the page must say the same "come back in". */
async function apiRetryAfter(app: App): Promise<string> {
  const res = await app.inject({ method: "GET", url: "/api/products?category=women-heels-sandals" });
  expect(res.statusCode).toBe(503);
  return String(res.headers["retry-after"]);
}

async function expectAwayPage(app: App, url: string, retryAfter: string) {
  const res = await app.inject({ method: "GET", url, headers: { accept: "text/html" } });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(503);
  expect(res.headers["retry-after"]).toBe(retryAfter);
  expect(res.headers["cache-control"]).toBe("no-store");
  expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
  const html = decode(res.body);
  expect(html).toContain("<title>We'll be right back | Karachi Shoe Shop</title>");
  expect(html).toMatch(/<h1[^>]*>We'll be right back<\/h1>/);
  expect(html).toContain("The shop is briefly unavailable. Please try again in a moment.");
  expect(html).toMatch(new RegExp(`<a href="${url.replace(/[?]/g, "\\?")}"[^>]*>Try again</a>`));
  expect(html).not.toContain("Unexpected Server Error");
  // In the shop's layout (its footer with the shop's details), scripts carrying this answer's nonce.
  expect(html).toContain("<footer");
  expect(html).toContain('href="/my-cart"');
  const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))?.[1];
  expect(nonce).toBeTruthy();
  const scripts = html.match(/<script(?![^>]*type="application\/ld\+json")[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  expect(res.headers["x-frame-options"]).toBe("DENY");
}

/** The Cache-Status of a kept page sent past its freshness because the database is away (docs/decisions/026). */
const STALE_CACHE_STATUS = /^shop-pages; hit; ttl=(?:0|-\d+); detail=database-unavailable$/;

/** Views of pages kept from now on, and when they stop being fresh (at the next whole second). */
async function keepPages(app: App, urls: string[]) {
  app.catalogChanges.publish({});
  const kept = new Map<string, string>();
  for (const url of urls) {
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode, url).toBe(200);
    kept.set(url, withoutNonce(res));
  }
  // Each ends at the next whole second after its render began: the last one's is the latest.
  return { kept, freshUntil: expiresAtBoundary(Date.now(), 1_000) };
}

/** Until the wall clock passes `instant` (a known time, not an event). */
const untilPast = (instant: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, instant - Date.now() + 5)));

const nonceOf = (res: { headers: Record<string, unknown> }) =>
  /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))?.[1] ?? "";
const withoutNonce = (res: { body: string; headers: Record<string, unknown> }) =>
  res.body.replaceAll(nonceOf(res), "N");

async function expectStalePage(app: App, url: string, kept: string) {
  const res = await app.inject({ method: "GET", url, headers: { accept: "text/html" } });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  expect(res.headers["cache-status"], url).toMatch(STALE_CACHE_STATUS);
  expect(Number(res.headers.age)).toBeGreaterThanOrEqual(0);
  expect(res.headers["retry-after"]).toBeUndefined();
  expect(res.headers["cache-control"]).toBe("no-cache");
  expect(res.headers["server-timing"]).toBe('page;desc="stale"');
  // The page as it was kept, with this answer's own nonce on its scripts.
  expect(nonceOf(res)).toBeTruthy();
  expect(withoutNonce(res)).toBe(kept);
  expect(decode(res.body)).not.toContain("We'll be right back");
}

describe(`a kept page while the database is away (${serverUrl ? "PostgreSQL pool" : "PGlite"} closed under the app)`, () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close().catch(() => {});
  });

  it("is sent stale, marked so, where a page never kept is the 503 page; a change drops it", async () => {
    t = await createTestApp({ pages: true });
    const product = await aProductPage(t.database);
    const { kept, freshUntil } = await keepPages(t.app, ["/men", product]);
    await t.database.close();
    await untilPast(freshUntil);
    const retryAfter = await apiRetryAfter(t.app);
    for (const [url, html] of kept) await expectStalePage(t.app, url, html);
    // Again, now that the page's last render found the database away: still the kept page.
    await expectStalePage(t.app, "/men", kept.get("/men") ?? "");
    await expectAwayPage(t.app, "/women", retryAfter);
    await expectAwayPage(t.app, "/men?sort=price-asc", retryAfter);
    // A change published while the database is away (by an instance that still reaches it) drops them.
    t.app.catalogChanges.publish({ productIds: [product.slice("/products/".length)] });
    await expectAwayPage(t.app, "/men", retryAfter);
    await expectAwayPage(t.app, product, retryAfter);
  });
});

describe(`pages with the database stopped (${serverUrl ? "PostgreSQL pool" : "PGlite"} closed under the app)`, () => {
  let t: TestApp;
  let product: string;
  beforeAll(async () => {
    t = await createTestApp({ pages: true });
    product = await aProductPage(t.database);
  });
  afterAll(async () => {
    await t?.close().catch(() => {});
  });

  it("sends a page whole, with a Content-Length, while the database is there", async () => {
    for (const encoding of ["identity", "br"]) {
      const res = await t.app.inject({ method: "GET", url: "/men", headers: { "accept-encoding": encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["transfer-encoding"]).toBeUndefined();
      expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
    }
  });

  it("home, a category and a product page answer 503 with Retry-After and the friendly page", async () => {
    // A page kept from the test above (at most a second old) would rightly still be sent: this test
    // is about the pages rendered while the database is away, so none is kept when it goes.
    t.app.catalogChanges.publish({});
    await t.database.close();
    const retryAfter = await apiRetryAfter(t.app);
    expect(retryAfter).toBe("30");
    for (const url of ["/", "/men", "/men/All", product, "/search?query=shoes"]) {
      await expectAwayPage(t.app, url, retryAfter);
    }
    const head = await t.app.inject({ method: "HEAD", url: "/men" });
    expect(head.statusCode).toBe(503);
    expect(head.headers["retry-after"]).toBe(retryAfter);
    // Never kept: the next visitor once the database is back gets the page (the test below, on PostgreSQL).
    expect(t.app.pageCache.size.entries).toBe(0);
  });

  it("sends a navigation in the browser to load the page, rather than show its data's error", async () => {
    // The data a client-side navigation fetches (React Router's single fetch): a redirect that
    // reloads the document, whose full load then answers the 503 page above.
    const reads: [string, string][] = [
      ["/men.data", "/men"],
      ["/_.data", "/"],
      [`${product}.data?_routes=routes%2Fproduct`, product],
      ["/search.data?query=shoes&_routes=routes%2Fsearch", "/search?query=shoes"],
    ];
    for (const [data, page] of reads) {
      const res = await t.app.inject({ method: "GET", url: data });
      expect(res.statusCode, data).toBe(202);
      expect(res.body).toContain(`"redirect",${JSON.stringify(page)}`);
      expect(res.body).toContain(`"reload",true`);
      expect(res.body).not.toContain("Unexpected Server Error");
    }
  });

  it("keeps other answers as they were: an unknown page is 404, a page without data is 200", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/no-such-page" });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("Page not found");
    expect(missing.headers["retry-after"]).toBeUndefined();
    const guide = await t.app.inject({ method: "GET", url: "/size-guide" });
    expect(guide.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/size-guide.data" })).statusCode).toBe(200);
  });
});

describe.skipIf(!serverUrl)("pages while PostgreSQL refuses connections, and once it is back (DATABASE_URL)", () => {
  let direct: TestDatabase;
  let proxy: DatabaseProxy;
  let database: Database;
  let app: App;
  let config: TestApp["config"];
  beforeAll(async () => {
    direct = await openTestDatabase({ from: "demo" });
    proxy = await startDatabaseProxy(direct.url as string);
    database = await openDatabase({ databaseUrl: proxy.url, poolSize: 5 });
    config = loadConfig({ NODE_ENV: "test", DATA_DIR: `/tmp/shop-pages-away-${process.pid}` });
    app = await buildApp({ config, database, pages: async () => productionPages(ROOT_DIR) });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    // A pool whose connection the proxy dropped may never finish ending: do not wait on it.
    await Promise.race([database?.close().catch(() => {}), new Promise((r) => setTimeout(r, 5_000))]);
    await proxy?.close().catch(() => {});
    await direct?.close();
  });

  it("answers 503 pages while the server is unreachable and the pages again without a restart", async () => {
    const product = await aProductPage(direct);
    await proxy.cut();
    const retryAfter = await apiRetryAfter(app);
    for (const url of ["/", "/men", product]) await expectAwayPage(app, url, retryAfter);

    await proxy.restore();
    for (const url of ["/", "/men", product]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["retry-after"]).toBeUndefined();
      expect(decode(res.body)).not.toContain("We'll be right back");
    }
  });

  it("sends kept pages stale while the server is unreachable, and a price change once it is back", async () => {
    const t: TestApp = {
      app,
      config: loadConfig({ NODE_ENV: "test" }),
      database: { ...direct },
      close: async () => {},
    };
    const [row] = await direct.db.select({ id: products.id }).from(products).limit(1);
    if (!row) throw new Error("no product");
    const product = `/products/${row.id}`;
    const { kept, freshUntil } = await keepPages(app, ["/men", product]);
    await proxy.cut();
    await untilPast(freshUntil);
    const retryAfter = await apiRetryAfter(app);
    for (const [url, html] of kept) await expectStalePage(app, url, html);
    await expectAwayPage(app, "/women", retryAfter);

    await proxy.restore();
    // The first view may still be the kept page while its render asks the database again; once that
    // render has read it, the page is rendered from the database and no longer stale.
    const res = await until(
      () => app.inject({ method: "GET", url: product }),
      (view) => view.headers["cache-status"] === undefined,
      "the page to be rendered from the database again",
      { timeout: 10_000, interval: 50 },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-status"]).toBeUndefined();

    const price = 34_567;
    const admin = await makeAdmin(t);
    const current = (await call(t, admin, "GET", `/api/admin/products/${row.id}`)).json<AdminProduct>();
    const edited = await call(t, admin, "PUT", `/api/admin/products/${row.id}`, repriced(current, price));
    expect(edited.statusCode, edited.body).toBe(200);
    const page = await app.inject({ method: "GET", url: product });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-status"]).toBeUndefined();
    expect(page.body).toContain(formatRs(price));
  });
});
