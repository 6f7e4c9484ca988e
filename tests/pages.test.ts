// Every storefront route renders its content on the server (what search engines and slow phones get
// first). Needs the production build (`npm test` builds it first).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product, ProductList } from "#shared/catalog.ts";
import { CATEGORIES } from "#shared/categories.ts";
import { FIT_NOTE_SENTENCES } from "#shared/fit-note.ts";
import { formatFootLength, SIZE_CHART_COLUMNS, SIZE_CHARTS } from "#shared/size-chart.ts";
import { FOOT_LENGTH_MESSAGES } from "#shared/size-finder.ts";
import { customerRoutes } from "../scripts/bench/customer-routes.ts";
import { createTestApp, type TestApp } from "./support/app.ts";

let t: TestApp;
let empty: TestApp;
beforeAll(async () => {
  [t, empty] = await Promise.all([createTestApp({ pages: true }), createTestApp({ pages: true, demo: false })]);
});
afterAll(async () => {
  await Promise.all([t?.close(), empty?.close()]);
});

const page = async (app: TestApp, url: string) => {
  const res = await app.app.inject({ method: "GET", url });
  return { status: res.statusCode, html: res.body, headers: res.headers };
};
const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');

describe("server-rendered pages", () => {
  it("renders the home page with its sections and a nonce on every script", async () => {
    const { status, html, headers } = await page(t, "/");
    expect(status).toBe(200);
    for (const text of ["Best Sellers", "New Arrivals", "Shop by Size", "Free Shipping &amp; Delivery"]) {
      expect(html).toContain(text);
    }
    const nonce = /'nonce-([^']+)'/.exec(String(headers["content-security-policy"]))?.[1];
    expect(nonce).toBeTruthy();
    const scripts = html.match(/<script(?![^>]*type="application\/ld\+json")[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("names the app's scripts as module preloads the browser fetches at once (decision 046)", async () => {
    const { html } = await page(t, "/");
    // The preload scanner finds them while the page is still arriving: no script of ours holds them.
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.some((tag) => /href="\/assets\/entry\.client-[^"]+\.js"/.test(tag))).toBe(true);
    expect(html.match(/<script[^>]* type="module"[^>]*>/g)).toHaveLength(1);
    expect(html).not.toContain("after-paint");
  });

  it("picks Best Sellers and New Arrivals by category and position", async () => {
    const list = async (slug: string) =>
      (await t.app.inject({ url: `/api/products?category=${slug}` })).json<ProductList>().products;
    const sneakers = await list("men-sneakers-casual-shoes");
    const formal = await list("men-formal-shoes");
    const slippers = await list("women-slippers-chappal");
    const heels = await list("women-heels-sandals");
    const pumps = await list("women-pumps-khusa");
    const names = (products: (Product | undefined)[]) => products.map((p) => p?.name ?? "missing");
    const best = names([sneakers[0], sneakers[1], sneakers[5], formal[0], formal[1], slippers[0]]);
    const arrivals = names([sneakers[0], sneakers[1], sneakers[2], formal[0], heels[0], pumps[0]]);
    const html = decode((await page(t, "/")).html);
    const section = (id: string) =>
      html.slice(html.indexOf(`id="${id}"`), html.indexOf("</section>", html.indexOf(`id="${id}"`)));
    const order = (text: string, wanted: string[]) => wanted.map((name) => text.indexOf(`>${name}</a>`));
    const bestPositions = order(section("best-sellers"), best);
    const arrivalPositions = order(section("new-arrivals"), arrivals);
    expect(bestPositions.every((p) => p > 0)).toBe(true);
    expect(arrivalPositions.every((p) => p > 0)).toBe(true);
    expect([...bestPositions].sort((a, b) => a - b)).toEqual(bestPositions);
    expect([...arrivalPositions].sort((a, b) => a - b)).toEqual(arrivalPositions);
  });

  it.each([
    ["/men", "Sneakers &amp; Casual Shoes"],
    ["/men/All", "Peshawari Chappal"],
    ["/women", "Pumps &amp; Khusa"],
    ["/women/all", "Slippers &amp; Chappal"],
    ["/contact", "Do You Deliver All Over Pakistan"],
    ["/exchange-policy", "No cash refunds."],
    ["/size-guide", "Men&#x27;s size chart"],
    ["/search?query=chapal", "Search Results"],
    ["/buy/42", "Shoes in Size 42"],
  ])("renders %s", async (url, text) => {
    const { status, html } = await page(t, url);
    expect(status).toBe(200);
    expect(html).toContain(text);
  });

  it.each(CATEGORIES.map((c) => [c.path, c.name]))("renders the category page %s", async (path, name) => {
    const { status, html } = await page(t, encodeURI(path));
    expect(status).toBe(200);
    expect(decode(html)).toContain(name);
  });

  it("renders the size guide as tables a search engine or screen reader can read", async () => {
    const { html } = await page(t, "/size-guide");
    const tables = html.match(/<table\b[\s\S]*?<\/table>/g) ?? [];
    expect(tables).toHaveLength(SIZE_CHARTS.length);
    for (const [i, chart] of SIZE_CHARTS.entries()) {
      const table = decode(tables[i] ?? "");
      expect(table).toMatch(new RegExp(`<caption[^>]*>${chart.title}</caption>`));
      expect(table.match(/<th[^>]*scope="col"/g)).toHaveLength(SIZE_CHART_COLUMNS.length);
      expect(table.match(/<th[^>]*scope="row"/g)).toHaveLength(chart.rows.length);
      for (const row of chart.rows) {
        expect(table).toMatch(
          new RegExp(
            `>${row.eu}</th><td[^>]*>${row.uk}</td><td[^>]*>${row.us}</td><td[^>]*>${formatFootLength(row.footCm)}</td>`,
          ),
        );
      }
    }
    expect(html).toContain("if between sizes, choose the larger size.");
    expect(html).not.toContain("/images/site/size-chart");
  });

  it("renders a product with its JSON-LD offer in PKR", async () => {
    const [product] = (await t.app.inject({ url: "/api/products?category=men-formal-shoes" })).json<ProductList>()
      .products;
    const { status, html } = await page(t, `/products/${product?._id}`);
    expect(status).toBe(200);
    expect(decode(html)).toContain(product?.name);
    expect(html).toContain('"priceCurrency":"PKR"');
    expect(html).toContain("BreadcrumbList");
    expect(html).toContain("You may also like");
  });

  it("says a product's fit in its HTML (the owner's note), and nothing of fit where there is none", async () => {
    const products = (await t.app.inject({ url: "/api/products?category=men-formal-shoes" })).json<ProductList>()
      .products;
    const small = products.find((p) => p.fitNote === "runs-small");
    const none = products.find((p) => p.fitNote === null);
    const noted = decode((await page(t, `/products/${small?._id}`)).html);
    expect(noted).toContain(FIT_NOTE_SENTENCES["runs-small"]);
    // The size to pick comes from the shopper's size, known only in the browser: its line is kept empty.
    expect(noted).not.toContain("Your size is");
    const plain = decode((await page(t, `/products/${none?._id}`)).html);
    for (const sentence of Object.values(FIT_NOTE_SENTENCES)) expect(plain).not.toContain(sentence);
  });

  it("answers 'Find my size' in the size guide's HTML when it was sent before the page ran its scripts", async () => {
    const blank = decode((await page(t, "/size-guide")).html);
    expect(blank).toContain("Find my size");
    expect(blank).not.toContain("Keep ");
    const men = decode((await page(t, "/size-guide?for=men&foot=26.5")).html);
    expect(men).toMatch(/our men's size is<\/p><p[^>]*>EU 42</);
    expect(men).toContain("Keep 42 as my size");
    const women = decode((await page(t, "/size-guide?for=women&foot=245+mm")).html);
    expect(women).toMatch(/our women's size is<\/p><p[^>]*>EU 39</);
    const tooLong = decode((await page(t, "/size-guide?for=women&foot=27")).html);
    expect(tooLong).toContain("is longer than our largest women's size, EU 42");
    const bad = decode((await page(t, "/size-guide?foot=abc")).html);
    expect(bad).toContain(FOOT_LENGTH_MESSAGES.notANumber);
  });

  it("marks the size of the address (a list's size) in the product's HTML, and keeps it out of the canonical link", async () => {
    const products = (await t.app.inject({ url: "/api/products?category=women-heels-sandals" })).json<ProductList>()
      .products;
    const product = products.find((p) => p.sizes.filter((s) => s.stock > 0).length >= 2);
    const [first, second] = (product?.sizes ?? []).filter((s) => s.stock > 0).map((s) => s.size);
    const pressed = (html: string) =>
      [...html.matchAll(/aria-pressed="true" aria-label="Size (\d+)"/g)].map((m) => m[1]);
    const plain = await page(t, `/products/${product?._id}`);
    expect(pressed(plain.html)).toEqual([String(first)]);
    const listed = await page(t, `/products/${product?._id}?size=${second}`);
    expect(listed.status).toBe(200);
    expect(pressed(listed.html)).toEqual([String(second)]);
    expect(listed.html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/products/${product?._id}"/>`));
    // A size that is not a shoe size, or not in stock, is the SPEC's first size in stock.
    for (const bad of ["99", "abc", "41.5"]) {
      expect(pressed((await page(t, `/products/${product?._id}?size=${bad}`)).html)).toEqual([String(first)]);
    }
  });

  it("answers 404 pages for unknown products, categories, sizes and paths", async () => {
    const unknownProduct = await page(t, "/products/00000000-0000-4000-8000-000000000000");
    expect(unknownProduct.status).toBe(404);
    expect(unknownProduct.html).toContain("No product found.");
    // One title each, in <head> (the route's meta), and kept out of search engines.
    const titles = (html: string) => html.match(/<title>[^<]*<\/title>/g);
    expect(titles(unknownProduct.html)).toEqual(["<title>No product found. | Karachi Shoe Shop</title>"]);
    expect(unknownProduct.html).toContain('<meta name="robots" content="noindex"/>');
    for (const url of ["/men/kids-shoes", "/buy/50", "/no-such-page"]) {
      const res = await page(t, url);
      expect(res.status, url).toBe(404);
      expect(res.html, url).toContain("Page not found");
      expect(titles(res.html), url).toEqual(["<title>Page not found | Karachi Shoe Shop</title>"]);
      expect(res.html, url).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it("shows the empty-state messages", async () => {
    expect((await page(t, "/search?query=zzqqxx")).html).toContain(
      "We couldn&#x27;t find any products matching your search. Please try a different product name.",
    );
    const comingSoon = await page(empty, encodeURI("/women/heels-&-sandals"));
    expect(comingSoon.html).toContain("Coming Soon");
    const noSize = await page(empty, "/buy/37");
    expect(noSize.html).toContain("Sorry, shoes of size 37 are currently out of stock.");
  });

  it("serves robots.txt and a sitemap with every product", async () => {
    const robots = await page(t, "/robots.txt");
    expect(robots.html).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    const disallowed = robots.html.match(/^Disallow: .*$/gm);
    expect(disallowed).toEqual(["Disallow: /api/", "Disallow: /admin"]);
    const sitemap = await page(t, "/sitemap.xml");
    expect(sitemap.headers["content-type"]).toContain("application/xml");
    expect(sitemap.html).toContain("/products/");
    expect(sitemap.html).toContain("/men/sneakers-&amp;-casual-shoes");
  });

  // Decision 028: every page a shopper opens may be found by a search engine; a page whose address
  // carries a mailed token or an order's id may not.
  it("lets search engines index every customer route, and not the pages of a mailed link or an order", async () => {
    const robotsMeta = /<meta name="robots" content="noindex"\/>/;
    const [product] = (await t.app.inject({ url: "/api/products?category=men-formal-shoes" })).json<ProductList>()
      .products;
    for (const route of customerRoutes(String(product?._id))) {
      const url = encodeURI(route);
      const { status, html } = await page(t, url);
      expect(status, url).toBe(200);
      expect(html, url).not.toMatch(robotsMeta);
    }
    for (const url of [
      `/reset-password/confirm?token=${"A".repeat(43)}`,
      `/verify-email?token=${"A".repeat(43)}`,
      `/checkout-success?order=${crypto.randomUUID()}`,
      "/admin",
    ]) {
      expect((await page(t, url)).html, url).toMatch(robotsMeta);
    }
  });
});
