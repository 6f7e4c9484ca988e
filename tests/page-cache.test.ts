// Anonymous pages are kept rendered (server/web/page-cache.ts, issue 35): each response still gets
// its own CSP nonce, a change to the catalogue shows on the very next page view, and pages about
// one shopper, error pages and posted forms are never kept. Needs the production build.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalCatalogChanges } from "#server/catalog/changes.ts";
import { expiresAtBoundary } from "#server/catalog/freshness.ts";
import { createReadCache } from "#server/catalog/read-cache.ts";
import { createPageCache, isCacheablePage } from "#server/web/page-cache.ts";
import type { AdminProduct } from "#shared/admin.ts";
import { categoryBySlug } from "#shared/categories.ts";
import { formatRs } from "#shared/money.ts";
import { call, makeAdmin, repriced } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { makeShopper, orderBody, placeOrder, products, setStock } from "./support/shoppers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ pages: true });
});
afterAll(() => t?.close());

const view = async (url: string, method: "GET" | "HEAD" = "GET") => {
  const res = await t.app.inject({ method, url });
  const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))?.[1] ?? "";
  return { status: res.statusCode, html: res.body, headers: res.headers, nonce };
};
const entries = () => t.app.pageCache.size.entries;
const forget = () => t.app.catalogChanges.publish({});

/**
 * Views of `urls`, one kept page, at the start of one second: a page ends at the next whole second
 * after its render began (server/catalog/freshness.ts), so every view after the first finds it
 * kept. Tried again should a loaded machine take them past the second's end.
 */
async function viewsInOneSecond(...urls: string[]) {
  for (let attempt = 0; attempt < 5; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 1_005 - (Date.now() % 1_000)));
    const within = Math.floor(Date.now() / 1_000);
    const views = [];
    for (const url of urls) {
      views.push(await view(url));
      expect(entries(), url).toBe(1);
    }
    if (Math.floor(Date.now() / 1_000) === within) return views;
  }
  throw new Error(`no views of ${urls.join(", ")} within one second in five tries`);
}

const sameButNonce = (a: { html: string; nonce: string }, b: { html: string; nonce: string }) =>
  expect(b.html.replaceAll(b.nonce, "N")).toBe(a.html.replaceAll(a.nonce, "N"));

describe("a kept page", () => {
  it("carries each response's own nonce, matching its CSP header, in otherwise the same HTML", async () => {
    forget();
    const [first, second] = await viewsInOneSecond("/men", "/men");
    if (!first || !second) throw new Error("two views");
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second.nonce).not.toBe(first.nonce);
    for (const { html, nonce } of [first, second]) {
      const scripts = html.match(/<script(?![^>]*type="application\/ld\+json")[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      expect(html).not.toContain(t.app.pageCache.placeholder);
    }
    sameButNonce(first, second);
    expect(second.headers["cache-control"]).toBe("no-cache");
    expect(second.headers["x-frame-options"]).toBe("DENY");
    expect(second.headers["content-type"]).toBe("text/html; charset=utf-8");
    // Server-Timing says which was rendered here, and how long that took.
    expect(first.headers["server-timing"]).toMatch(/^render;dur=\d+\.\d$/);
    expect(second.headers["server-timing"]).toBe('page;desc="kept"');
    expect((await view("/my-cart")).headers["server-timing"]).toMatch(/^render;dur=\d+\.\d$/);
  });

  it("is made from the address alone: a visitor's Host or cookie does not reach the next visitor", async () => {
    forget();
    const odd = await t.app.inject({
      url: "/contact",
      headers: { host: "elsewhere.example:666", "x-forwarded-host": "elsewhere.example", cookie: "a=secret-b" },
    });
    expect(odd.statusCode).toBe(200);
    const next = await view("/contact");
    for (const text of ["elsewhere.example", "secret-b"]) {
      expect(odd.body).not.toContain(text);
      expect(next.html).not.toContain(text);
    }
  });

  it("keeps a search or a listing by its full address", async () => {
    forget();
    await view("/search?query=chappal");
    await view("/search?query=khussa");
    await view("/men?sort=price-asc");
    await view("/search?query=chappal");
    expect(entries()).toBe(3);
  });

  it("is one page for an address with or without an advert's click id and campaign tags", async () => {
    forget();
    const page = "/men/formal-shoes";
    const [plain, ...clicked] = await viewsInOneSecond(
      page,
      `${page}?fbclid=IwAR2xYz_9-Ab`,
      `${page}?utm_source=facebook&utm_medium=paid_social&utm_campaign=11-11-sale`,
      `${page}?fbclid=IwZXh0bgNhZW0&UTM_Content=reel&gclid=Cj0K`,
    );
    if (!plain) throw new Error("no view");
    for (const view of clicked) {
      expect(view.headers["server-timing"]).toBe('page;desc="kept"');
      sameButNonce(plain, view);
    }
    // Anything else in the address is a page of its own, kept by the rest of its address.
    forget();
    await view("/search?query=kala%20joota&fbclid=a1");
    await view("/search?fbclid=b2&query=kala%20joota");
    await view("/men?sort=price-asc&utm_source=whatsapp");
    await view("/men?fbclid=c3");
    await view("/men?fbclidx=1");
    expect(entries()).toBe(4);
  });

  it("looks the same with a parameter no page reads, on every kind of page (so the advert's can be left out)", async () => {
    const [product] = await products(t, 1);
    if (!product) throw new Error("no product");
    const pages = [
      "/",
      "/men",
      "/women/all",
      "/men/formal-shoes",
      "/men/formal-shoes?sort=price-asc&page=1",
      `/products/${product.id}`,
      "/buy/42?gender=women",
      "/search?query=chappal",
      "/contact",
      "/exchange-policy",
      "/size-guide",
    ];
    for (const page of pages) {
      const plain = await view(page);
      const withOther = await view(`${page}${page.includes("?") ? "&" : "?"}not_read_by_the_shop=1`);
      expect(plain.status, page).toBe(200);
      expect(withOther.headers["server-timing"], page).toMatch(/^render;/);
      sameButNonce(plain, withOther);
    }
  });

  it("lets no search text smuggle the placeholder nonce into a script's attribute", async () => {
    const placeholder = t.app.pageCache.placeholder;
    const text = `"><script nonce="${placeholder}">alert(1)</script> nonce="${placeholder}"`;
    const url = `/search?query=${encodeURIComponent(text)}`;
    for (const { status, html, nonce } of [await view(url), await view(url)]) {
      expect(status).toBe(200);
      expect(html).not.toContain(`<script nonce="${nonce}">alert(1)`);
      expect(html).not.toContain(`nonce="${placeholder}"`);
      // Every place the response's nonce appears is an attribute of a tag the server wrote.
      const written = html.match(new RegExp(`<(?:script|link|style)[^<>]* nonce="${inPattern(nonce)}"`, "g")) ?? [];
      expect(html.split(nonce).length - 1).toBe(written.length);
    }
  });

  it("is never kept for a shopper's own pages, the owner's, an error, a HEAD or a posted form", async () => {
    forget();
    const urls = [
      "/my-cart",
      "/checkout-success",
      "/TrackOrder",
      "/confirm-order?token=x",
      "/reset-password",
      "/stop-alerts?token=x",
      "/login",
      "/admin",
      "/admin/products",
      "/no-such-page",
    ];
    // On the list of pages kept, but a 404 is not.
    const missing = ["/products/00000000-0000-4000-8000-000000000000", "/men/no-such-category"];
    for (const url of [...urls, ...missing]) await view(url);
    for (const url of missing) expect((await view(url)).status, url).toBe(404);
    await view("/men", "HEAD");
    const posted = await t.app.inject({
      method: "POST",
      url: "/search",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "query=chappal",
    });
    expect(posted.statusCode).toBeLessThan(500);
    expect(entries()).toBe(0);
    for (const url of urls) expect(isCacheablePage(url.split("?")[0] ?? ""), url).toBe(false);
    for (const url of ["/", "/men", "/women/all", "/men/All", "/buy/42", "/search", "/contact", "/size-guide"])
      expect(isCacheablePage(url), url).toBe(true);
    expect(isCacheablePage("/men.data")).toBe(false);
    expect(isCacheablePage("/products/abc.data")).toBe(false);
  });
});

describe("a change shows on the next page view", () => {
  it("an admin's new price, on the product page, its category and search", async () => {
    const [product] = await products(t, 1);
    if (!product) throw new Error("no product");
    const admin = await makeAdmin(t);
    const current = (await call(t, admin, "GET", `/api/admin/products/${product.id}`)).json<AdminProduct>();
    const price = 12_345;
    const category = `${categoryBySlug(current.category).path}?sort=price-desc`;
    const pages = [`/products/${product.id}`, `/search?query=${encodeURIComponent(current.name)}`, category];
    for (const url of pages) expect((await view(url)).html).not.toContain(formatRs(price));
    // An address no page was kept for, so its render reads the catalogue: its reads are remembered
    // for a second (server/catalog/remembered-reads.ts) and must be dropped by the change too.
    expect((await view(`${category}&from=before`)).html).not.toContain(formatRs(price));

    const edited = await call(t, admin, "PUT", `/api/admin/products/${product.id}`, repriced(current, price));
    expect(edited.statusCode, edited.body).toBe(200);
    for (const url of pages) expect((await view(url)).html, url).toContain(formatRs(price));
    expect((await view(`${category}&from=after`)).html).toContain(formatRs(price));
  });

  it("a sale that empties a size, on the product page", async () => {
    const [, product] = await products(t, 2);
    const size = product?.sizes[0];
    if (!product || size === undefined) throw new Error("no product");
    await setStock(t, product.id, size, 1);
    t.app.catalogChanges.publish({ productIds: [product.id] });
    const url = `/products/${product.id}`;
    const soldOut = `aria-label="Size ${size}, out of stock"`;
    expect((await view(url)).html).not.toContain(soldOut);
    expect((await view(url)).html).not.toContain(soldOut);

    const buyer = await makeShopper(t);
    const res = await placeOrder(t, buyer, orderBody(buyer, [{ product, size, quantity: 1 }]));
    expect(res.statusCode, res.body).toBe(201);
    expect((await view(url)).html).toContain(soldOut);
  });
});

describe("the cache itself", () => {
  const rendered = (text: string, status = 200, headers: Record<string, string> = {}) => ({
    status,
    headers: new Headers({ "content-type": "text/html; charset=utf-8", ...headers }),
    body: Buffer.from(text),
  });

  it("ends a page at the same whole second as the reads it was rendered from, so the two never add up", async () => {
    let clock = 5_200;
    const now = () => clock;
    const changes = createLocalCatalogChanges();
    const reads = createReadCache(changes, { maxEntries: 10, maxBytes: 100_000, ttlMs: 1_000, now });
    const pages = createPageCache(changes, { maxBytes: 1_000_000, maxEntries: 10, maxAgeMs: 1_000, now });
    let price = 4_500;
    const read = () => reads.answer("product", async () => ({ value: { price }, productIds: ["p"] }));
    const render = async () => rendered(`<p>${(await read()).body.toString()}</p>`);
    await read();
    // The price changes and its message is lost: the read of 5.2 s and a page rendered from it at
    // 5.99 s both show the old price until 6.0 s, not until 6.2 s and 6.99 s.
    price = 5_000;
    clock = 5_990;
    expect(Buffer.concat((await pages.page("/products/p", render)).parts).toString()).toContain("4500");
    clock = 5_999;
    expect(Buffer.concat((await pages.page("/products/p", render)).parts).toString()).toContain("4500");
    clock = 6_000;
    expect(Buffer.concat((await pages.page("/products/p", render)).parts).toString()).toContain("5000");
    expect(expiresAtBoundary(5_200, 1_000)).toBe(6_000);
    expect(expiresAtBoundary(6_000, 1_000)).toBe(7_000);
  });

  it("renders a cold page once for a crowd, and keeps a page at most its max age", async () => {
    let clock = 0;
    const cache = createPageCache(createLocalCatalogChanges(), {
      maxBytes: 1_000_000,
      maxEntries: 10,
      maxAgeMs: 1_000,
      now: () => clock,
    });
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return rendered(`<p>${renders}</p>`);
    };
    await Promise.all(Array.from({ length: 20 }, () => cache.page("/men", render)));
    expect(renders).toBe(1);
    clock = 999;
    await cache.page("/men", render);
    expect(renders).toBe(1);
    // A change message that never arrived: the page is rendered again once it is a second old.
    clock = 1_000;
    await cache.page("/men", render);
    expect(renders).toBe(2);
  });

  it("keeps no 503, 404 or cookie, drops everything on a change, and stays within its bytes", async () => {
    const changes = createLocalCatalogChanges();
    const cache = createPageCache(changes, { maxBytes: 250, maxEntries: 100, maxAgeMs: 1_000 });
    await cache.page("/a", async () => rendered("away", 503, { "retry-after": "5" }));
    await cache.page("/b", async () => rendered("missing", 404));
    await cache.page("/c", async () => rendered("cookie", 200, { "set-cookie": "a=b" }));
    expect(cache.size.entries).toBe(0);
    for (const key of ["/1", "/2", "/3"]) await cache.page(key, async () => rendered("x".repeat(100)));
    expect(cache.size).toEqual({ entries: 2, bytes: 200 });
    changes.publish({ productIds: ["p"] });
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  describe("while the database is away", () => {
    const text = (page: { parts: Buffer[] }) => Buffer.concat(page.parts).toString();
    let clock = 0;
    let renders = 0;
    const setUp = () => {
      clock = 10_200;
      renders = 0;
      const changes = createLocalCatalogChanges();
      const cache = createPageCache(changes, {
        maxBytes: 1_000_000,
        maxEntries: 10,
        maxAgeMs: 1_000,
        staleWhileAwayMs: 600_000,
        now: () => clock,
      });
      return { changes, cache };
    };
    const good = (body: string) => async () => {
      renders++;
      return rendered(body);
    };
    /** What a render answers when its loaders find the database away: the 503 page. */
    const away = async () => {
      renders++;
      return { ...rendered("right back", 503, { "retry-after": "30" }), databaseAway: true };
    };

    it("sends a kept page stale, asking the database once a second, up to ten minutes after its render", async () => {
      const { cache } = setUp();
      await cache.page("/men", good("v1"));
      clock = 11_500;
      const first = await cache.page("/men", away);
      expect([first.status, text(first), first.stale]).toEqual([200, "v1", { ageSeconds: 1, ttlSeconds: -1 }]);
      expect(renders).toBe(2);
      // Within the same second: the kept page at once, the database not asked again.
      clock = 11_900;
      expect((await cache.page("/men", away)).stale).toBeDefined();
      expect(renders).toBe(2);
      // The next second: still the kept page at once, while one render asks again behind it.
      clock = 12_000;
      expect(text(await cache.page("/men", away))).toBe("v1");
      expect(renders).toBe(3);
      // A page never kept is the 503 page.
      const never = await cache.page("/women", away);
      expect([never.status, text(never), never.stale]).toEqual([503, "right back", undefined]);

      clock = 10_200 + 600_000 - 1;
      const last = await cache.page("/men", away);
      expect([text(last), last.stale?.ageSeconds]).toEqual(["v1", 599]);
      // That view started the second's render; a view joining it would share its answer. Let it end.
      await new Promise((resolve) => setImmediate(resolve));
      clock = 10_200 + 600_000;
      const gone = await cache.page("/men", away);
      expect([gone.status, text(gone), gone.stale]).toEqual([503, "right back", undefined]);
      expect(cache.size.entries).toBe(0);
    });

    it("sends the page rendered anew once a render reads the database, and drops a stale page on a change", async () => {
      const { cache, changes } = setUp();
      await cache.page("/products/p", good("Rs 4,500"));
      clock = 11_500;
      expect((await cache.page("/products/p", away)).stale).toBeDefined();
      // The database is back, and the price changed while it was away (its message lost): the view
      // that starts the render still gets the kept page; the render, once it has read the
      // database, replaces it, and no stale page is sent after that.
      clock = 12_000;
      let page = await cache.page("/products/p", good("Rs 5,000"));
      expect(text(page)).toBe("Rs 4,500");
      for (let tries = 0; page.stale && tries < 100; tries++) {
        await new Promise((resolve) => setImmediate(resolve));
        page = await cache.page("/products/p", good("Rs 5,000"));
      }
      expect([text(page), page.stale]).toEqual(["Rs 5,000", undefined]);
      clock = 12_999;
      expect(text(await cache.page("/products/p", away))).toBe("Rs 5,000");

      // Away again: the newer page is the one sent stale, until a change says it is out of date.
      clock = 13_500;
      expect(text(await cache.page("/products/p", away))).toBe("Rs 5,000");
      changes.publish({ productIds: ["p"] });
      const dropped = await cache.page("/products/p", away);
      expect([dropped.status, dropped.stale]).toEqual([503, undefined]);
    });

    it("lets a page go when the database answers with another page than one to keep", async () => {
      const { cache } = setUp();
      await cache.page("/products/p", good("shoe"));
      clock = 11_500;
      expect((await cache.page("/products/p", away)).stale).toBeDefined();
      clock = 12_000;
      // The product was taken down and its message lost: the kept page goes with the 404.
      const missing = async () => rendered("not found", 404);
      let page = await cache.page("/products/p", missing);
      for (let tries = 0; page.stale && tries < 100; tries++) {
        await new Promise((resolve) => setImmediate(resolve));
        page = await cache.page("/products/p", missing);
      }
      expect([page.status, page.stale]).toEqual([404, undefined]);
      expect(cache.size.entries).toBe(0);
      const stillAway = await cache.page("/products/p", away);
      expect([stillAway.status, stillAway.stale]).toEqual([503, undefined]);
    });
  });

  it("does not keep a page whose render began before a change", async () => {
    const changes = createLocalCatalogChanges();
    const cache = createPageCache(changes);
    let release = () => {};
    const slow = cache.page("/men", async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return rendered("old");
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    changes.publish({});
    // Asked after the change: a render of its own, not the one already under way.
    const fresh = cache.page("/men", async () => rendered("new"));
    release();
    expect(Buffer.concat((await slow).parts).toString()).toBe("old");
    expect(Buffer.concat((await fresh).parts).toString()).toBe("new");
    const again = await cache.page("/men", async () => rendered("newer"));
    expect(Buffer.concat(again.parts).toString()).toBe("new");
  });
});

const inPattern = (text: string) => text.replace(/[+/=]/g, "\\$&");
