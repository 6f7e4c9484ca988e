// Catalogue reads come from a cache of their JSON bytes (server/catalog/read-cache.ts): strong
// ETags with 304s, and never a stale answer after an order, an admin edit or any published change.
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalCatalogChanges } from "#server/catalog/changes.ts";
import { createParsedAddresses } from "#server/catalog/parsed-addresses.ts";
import { createProductRowsCache } from "#server/catalog/product-rows-cache.ts";
import type { ProductRow } from "#server/catalog/queries.ts";
import { createReadCache } from "#server/catalog/read-cache.ts";
import type { AdminProduct } from "#shared/admin.ts";
import type { Product, ProductAnswer, ProductList } from "#shared/catalog.ts";
import { call, makeAdmin, repriced } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { makeShopper, orderBody, placeOrder, products, type Shopper } from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
const productOf = async (id: string) => (await get(`/api/products/${id}`)).json<ProductAnswer>().product;

describe("HTTP caching of catalogue reads", () => {
  it("sends the cached bytes in the encoding the client prefers, compressed once", async () => {
    const url = "/api/products?category=men-formal-shoes";
    const plain = await get(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(2048);
    const cases: [string, string, (bytes: Buffer) => Buffer][] = [
      ["gzip, deflate, br, zstd", "zstd", zlib.zstdDecompressSync],
      ["gzip, deflate, br", "br", zlib.brotliDecompressSync],
      ["gzip", "gzip", zlib.gunzipSync],
      ["br;q=0, gzip", "gzip", zlib.gunzipSync],
    ];
    for (const [accept, encoding, decode] of cases) {
      const answer = await get(url, { "accept-encoding": accept });
      expect(answer.headers["content-encoding"], accept).toBe(encoding);
      expect(String(answer.headers.vary), accept).toMatch(/accept-encoding/i);
      expect(answer.headers.etag, accept).toBe(plain.headers.etag);
      expect(decode(answer.rawPayload).toString(), accept).toBe(plain.body);
    }
    const identity = await get(url, { "accept-encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body).toBe(plain.body);

    const cache = createReadCache(createLocalCatalogChanges());
    const answer = await cache.answer("k", async () => ({ value: { text: "x".repeat(5000) }, productIds: "list" }));
    expect(answer.encoded("br")).toBe(answer.encoded("br"));
    expect(zlib.brotliDecompressSync(answer.encoded("br")).equals(answer.body)).toBe(true);
  });

  it("answers a strong ETag and 304 when the client already holds the bytes", async () => {
    const [product] = await products(t, 1);
    for (const url of [`/api/products/${product?.id}`, "/api/products?category=men-formal-shoes"]) {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      const again = await get(url, { "if-none-match": etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
      const other = await get(url, { "if-none-match": '"something-else"' });
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(first.body);
    }
  });

  it("does not cache a miss: an unknown product stays a 404 with its message", async () => {
    const res = await get("/api/products/00000000-0000-4000-8000-000000000000");
    expect([res.statusCode, res.json().message]).toEqual([404, "No product found."]);
  });
});

describe("invalidation", () => {
  it("shows the stock an order took on the very next read", async () => {
    const [product] = await products(t, 1);
    if (!product) throw new Error("no product");
    const before = await productOf(product.id);
    const size = before.sizes.find((s) => s.stock >= 2);
    if (!size) throw new Error("no size with stock");
    const listed = (await get(`/api/products?category=${before.category}`)).json<ProductList>();
    expect(listed.products.find((p) => p._id === product.id)?.stock).toBe(before.stock);

    const buyer = await makeShopper(t);
    const res = await placeOrder(t, buyer, orderBody(buyer, [{ product, size: size.size, quantity: 1 }]));
    expect(res.statusCode, res.body).toBe(201);

    const after = await productOf(product.id);
    expect(after.sizes.find((s) => s.size === size.size)?.stock).toBe(size.stock - 1);
    const relisted = (await get(`/api/products?category=${before.category}`)).json<ProductList>();
    expect(relisted.products.find((p) => p._id === product.id)?.stock).toBe(before.stock - 1);
  });

  it("shows the stock an order took in search results at once (search keeps the products it shows)", async () => {
    const [, , product] = await products(t, 3);
    if (!product) throw new Error("no product");
    const search = `/api/products/search?query=${encodeURIComponent(product.name)}`;
    const found = async () => (await get(search)).json<Product[]>().find((p) => p._id === product.id);
    const before = await found();
    const size = before?.sizes.find((s) => s.stock >= 2);
    if (!before || !size) throw new Error("not found, or no size with stock");
    expect((await found())?.stock).toBe(before.stock);

    const buyer = await makeShopper(t);
    const res = await placeOrder(t, buyer, orderBody(buyer, [{ product, size: size.size, quantity: 2 }]));
    expect(res.statusCode, res.body).toBe(201);

    const after = await found();
    expect(after?.stock).toBe(before.stock - 2);
    expect(after?.sizes.find((s) => s.size === size.size)?.stock).toBe(size.stock - 2);
  });

  it("shows an admin's new price in the product, its category and search at once", async () => {
    const [, product] = await products(t, 2);
    if (!product) throw new Error("no product");
    const current = (await call(t, admin, "GET", `/api/admin/products/${product.id}`)).json<AdminProduct>();
    await productOf(product.id);
    await get(`/api/products?category=${current.category}`);
    await get(`/api/products/search?query=${encodeURIComponent(current.name)}`);

    const edited = await call(
      t,
      admin,
      "PUT",
      `/api/admin/products/${product.id}`,
      repriced(current, current.price + 100),
    );
    expect(edited.statusCode, edited.body).toBe(200);

    expect((await productOf(product.id)).price).toBe(current.price + 100);
    const list = (await get(`/api/products?category=${current.category}`)).json<ProductList>();
    expect(list.products.find((p) => p._id === product.id)?.price).toBe(current.price + 100);
    const found = (await get(`/api/products/search?query=${encodeURIComponent(current.name)}`)).json<Product[]>();
    expect(found.find((p) => p._id === product.id)?.price).toBe(current.price + 100);
  });
});

describe("the cache itself", () => {
  const source =
    (value: unknown, productIds: readonly string[] | "list" = "list") =>
    async () => ({ value, productIds });

  it("keeps at most maxEntries, dropping the least recently used", async () => {
    const cache = createReadCache(createLocalCatalogChanges(), { maxEntries: 2, maxBytes: 1_000, ttlMs: 60_000 });
    await cache.answer("a", source(1));
    await cache.answer("b", source(2));
    await cache.answer("a", source("not loaded again"));
    await cache.answer("c", source(3));
    expect(cache.size.entries).toBe(2);
    expect((await cache.answer("a", source("reloaded"))).body.toString()).toBe("1");
    expect((await cache.answer("b", source("reloaded"))).body.toString()).toBe('"reloaded"');
  });

  it("keeps at most maxBytes and expires entries after ttlMs", async () => {
    let clock = 0;
    const cache = createReadCache(createLocalCatalogChanges(), {
      maxEntries: 100,
      maxBytes: 10,
      ttlMs: 50,
      now: () => clock,
    });
    await cache.answer("a", source("12345678"));
    await cache.answer("b", source("12345678"));
    expect(cache.size).toEqual({ entries: 1, bytes: 10 });
    clock = 60;
    expect((await cache.answer("b", source("new"))).body.toString()).toBe('"new"');
  });

  it("drops product answers only for the changed product, lists for any change, and never stores a load a change overtook", async () => {
    const changes = createLocalCatalogChanges();
    const cache = createReadCache(changes, { maxEntries: 100, maxBytes: 10_000, ttlMs: 60_000 });
    await cache.answer("product:p1", source("p1", ["p1"]));
    await cache.answer("product:p2", source("p2", ["p2"]));
    await cache.answer("list", source(["p1", "p2"]));
    changes.publish({ productIds: ["p1"] });
    expect(cache.size.entries).toBe(1);
    expect((await cache.answer("product:p2", source("changed", ["p2"]))).body.toString()).toBe('"p2"');

    const slow = cache.answer("product:p3", async () => {
      changes.publish({ productIds: ["p3"] });
      return { value: "stale", productIds: ["p3"] };
    });
    expect((await slow).body.toString()).toBe('"stale"');
    expect((await cache.answer("product:p3", source("fresh", ["p3"]))).body.toString()).toBe('"fresh"');
  });
});

describe("the products search keeps", () => {
  const row = (id: string, name = id): ProductRow => ({
    id,
    name,
    description: "",
    category_slug: "men-formal-shoes",
    features: [],
    price: 1000,
    discount_price: 1000,
    colour: null,
    fit_note: null,
    position: 1,
    images: [],
    sizes: [],
    rating_count: 0,
    rating_sum: 0,
    fit_small: 0,
    fit_true: 0,
    fit_large: 0,
  });
  /** A loader that records what it was asked for; ids starting with "gone" are not found. */
  const loader =
    (asked: string[][], name = "") =>
    async (ids: string[]) => {
      asked.push(ids);
      return ids.filter((id) => !id.startsWith("gone")).map((id) => row(id, `${id}${name}`));
    };

  it("reads only the products it does not keep, answers in the order asked, and leaves out what is gone", async () => {
    const cache = createProductRowsCache(createLocalCatalogChanges());
    const asked: string[][] = [];
    const first = await cache.rows(["a", "gone1", "b"], loader(asked));
    expect(first.map((r) => r.id)).toEqual(["a", "b"]);
    const second = await cache.rows(["c", "b", "a"], loader(asked, " again"));
    expect(second.map((r) => r.name)).toEqual(["c again", "b", "a"]);
    expect(asked).toEqual([["a", "gone1", "b"], ["c"]]);
    expect(await cache.rows([], loader(asked))).toEqual([]);
    expect(asked).toHaveLength(2);
  });

  it("drops a changed product at once, everything on a change without ids, and never keeps a read a change overtook", async () => {
    const changes = createLocalCatalogChanges();
    const cache = createProductRowsCache(changes);
    const asked: string[][] = [];
    await cache.rows(["a", "b"], loader(asked));
    changes.publish({ productIds: ["a"] });
    await cache.rows(["a", "b"], loader(asked));
    expect(asked.at(-1)).toEqual(["a"]);
    changes.publish({});
    expect(cache.size).toBe(0);

    const overtaken = await cache.rows(["c"], async (ids) => {
      changes.publish({ productIds: ["c"] });
      return ids.map((id) => row(id, "old"));
    });
    expect(overtaken[0]?.name).toBe("old");
    expect((await cache.rows(["c"], loader(asked, " new")))[0]?.name).toBe("c new");
  });

  it("keeps at most maxEntries, dropping the least recently used, and forgets a product after ttlMs", async () => {
    let clock = 0;
    const cache = createProductRowsCache(createLocalCatalogChanges(), { maxEntries: 2, ttlMs: 50, now: () => clock });
    const asked: string[][] = [];
    await cache.rows(["a", "b"], loader(asked));
    await cache.rows(["a"], loader(asked));
    await cache.rows(["c"], loader(asked));
    expect(cache.size).toBe(2);
    await cache.rows(["a", "c"], loader(asked));
    expect(asked).toEqual([["a", "b"], ["c"]]);
    await cache.rows(["b"], loader(asked));
    expect(asked.at(-1)).toEqual(["b"]);
    clock = 60;
    await cache.rows(["b"], loader(asked));
    expect(asked).toHaveLength(4);
  });
});

describe("list addresses read once", () => {
  it("answers a bad list address with its 400 every time, and a good one the same after it is kept", async () => {
    for (const url of [
      "/api/products?category=men-formal-shoes&minPrice=9000&maxPrice=100",
      "/api/products?category=men-formal-shoes&colour=no-such-colour",
      "/api/products/size?size=99",
    ]) {
      const answers = [await get(url), await get(url)];
      expect(
        answers.map((a) => a.statusCode),
        url,
      ).toEqual([400, 400]);
      expect(answers[1]?.json().message, url).toBe(answers[0]?.json().message);
    }
    for (const url of [
      "/api/products?category=men-formal-shoes&size=42&sort=price-asc",
      "/api/products/size?size=41",
    ]) {
      const [first, second] = [await get(url), await get(url)];
      expect([first.statusCode, second.statusCode], url).toEqual([200, 200]);
      expect(second.body, url).toBe(first.body);
    }
  });

  it("parses an address once, never keeps one that failed, and stays bounded", () => {
    const addresses = createParsedAddresses<{ n: number }>(2);
    let parses = 0;
    const parse = () => ({ n: ++parses });
    expect(addresses.read("/a", parse)).toBe(addresses.read("/a", parse));
    expect(parses).toBe(1);
    const refuse = () => {
      throw new Error("bad");
    };
    expect(() => addresses.read("/bad", refuse)).toThrow("bad");
    expect(() => addresses.read("/bad", refuse)).toThrow("bad");
    expect(addresses.size).toBe(1);
    addresses.read("/b", parse);
    addresses.read("/c", parse);
    expect(addresses.size).toBeLessThanOrEqual(2);
  });
});
