// The admin's catalogue: create, read, list, replace, archive and restore, with every bad input
// refused (4xx, a message, nothing written) and every write announced to catalogue caches.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogChange } from "#server/catalog/changes.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { ADMIN_MESSAGES, type AdminProduct, type AdminProductList } from "#shared/admin.ts";
import type { Product, ProductAnswer, ProductList } from "#shared/catalog.ts";
import { call, makeAdmin, newProduct } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { makeShopper, orderBody, placeOrder, type Shopper, stockOf, type TestProduct } from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper;
const changes: CatalogChange[] = [];
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
  t.app.catalogChanges.subscribe((change) => changes.push(change));
});
afterAll(() => t?.close());

async function create(overrides: Parameters<typeof newProduct>[0] = {}): Promise<AdminProduct> {
  const res = await call(t, admin, "POST", "/api/admin/products", newProduct(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminProduct>();
}

async function productCount(): Promise<number> {
  const [row] = await selectRowsAsserted<{ n: number }>(t.database.db, sql`select count(*)::int as n from products`);
  return row?.n ?? 0;
}

describe("create and read", () => {
  it("creates a product with its sizes and derives the discount percentage", async () => {
    const before = changes.length;
    const product = await create({ name: "Karachi Oxford", price: 5000, discountPrice: 3500 });
    expect(product).toMatchObject({
      name: "Karachi Oxford",
      category: "men-formal-shoes",
      price: 5000,
      discountPrice: 3500,
      discountPercentage: 30,
      stock: 7,
      archivedAt: null,
      images: [],
      features: ["Genuine leather", "Rubber sole"],
    });
    expect(product.sizes.map((s) => s.size)).toEqual([37, 38, 39, 40, 41, 42, 43, 44, 45, 46]);
    expect(product.sizes.find((s) => s.size === 40)).toEqual({ size: 40, stock: 5, offered: true });
    expect(product.sizes.find((s) => s.size === 37)).toEqual({ size: 37, stock: 0, offered: false });
    expect(changes.slice(before)).toEqual([{ productIds: [product._id] }]);

    const read = await call(t, admin, "GET", `/api/admin/products/${product._id}`);
    expect(read.json()).toEqual(product);
    // The shop sees it at once.
    const shop = await t.app.inject({ url: `/api/products/${product._id}` });
    expect(shop.json<ProductAnswer>().product).toMatchObject({ name: "Karachi Oxford", discountPrice: 3500, stock: 7 });
  });

  it("defaults the discount price to the price", async () => {
    const product = await create({ discountPrice: undefined, price: 2500 });
    expect(product).toMatchObject({ price: 2500, discountPrice: 2500, discountPercentage: 0 });
  });

  it("answers 404 for an unknown product and 400 for a malformed id", async () => {
    const unknown = await call(t, admin, "GET", "/api/admin/products/00000000-0000-4000-8000-000000000000");
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, "No product has that id."]);
    const bad = await call(t, admin, "GET", "/api/admin/products/not-an-id");
    expect([bad.statusCode, bad.json().message]).toEqual([400, "That is not a valid product id."]);
  });
});

describe("bad input is refused and nothing is written", () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ["no name", { name: "  " }, /enter the name/],
    ["discount above price", { price: 1000, discountPrice: 1500 }, /cannot be more than the price/],
    ["zero price", { price: 0 }, /at least Rs.1/],
    ["fractional price", { price: 10.5 }, /whole number of rupees/],
    ["unknown category", { category: "hats" }, /Choose a category/],
    ["size out of range", { sizes: [{ size: 50, stock: 1 }] }, /Size must be a whole number from 37 to 46/],
    ["negative stock", { sizes: [{ size: 40, stock: -1 }] }, /Stock must be a whole number/],
    [
      "repeated size",
      {
        sizes: [
          { size: 40, stock: 1 },
          { size: 40, stock: 2 },
        ],
      },
      /only once/,
    ],
    ["features not a list", { features: "nice" }, /list of short texts/],
    ["a role", { role: "admin" }, /Unexpected field: role/],
    ["an id", { _id: "00000000-0000-4000-8000-000000000000" }, /Unexpected field: _id/],
    [
      "archivedAt and createdAt",
      { archivedAt: null, createdAt: "2020-01-01" },
      /Unexpected fields: archivedAt, createdAt/,
    ],
    ["an extra size field", { sizes: [{ size: 40, stock: 1, price: 1 }] }, /Unexpected field: price/],
  ];
  for (const [what, overrides, message] of cases) {
    it(`refuses ${what}`, async () => {
      const existing = await create();
      const before = await productCount();
      const created = await call(t, admin, "POST", "/api/admin/products", newProduct(overrides));
      expect(created.statusCode, created.body).toBe(400);
      expect(created.json().message).toMatch(message);
      const replaced = await call(t, admin, "PUT", `/api/admin/products/${existing._id}`, newProduct(overrides));
      expect(replaced.statusCode).toBe(400);
      expect(replaced.json().message).toMatch(message);
      expect(await productCount()).toBe(before);
      expect((await call(t, admin, "GET", `/api/admin/products/${existing._id}`)).json()).toEqual(existing);
    });
  }

  it("refuses a body that is not JSON", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/products",
      headers: { ...admin.headers, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not valid JSON/);
  });
});

describe("replace", () => {
  it("replaces every field and the offered sizes", async () => {
    const product = await create();
    const before = changes.length;
    const res = await call(
      t,
      admin,
      "PUT",
      `/api/admin/products/${product._id}`,
      newProduct({
        name: "Renamed Loafer",
        category: "women-loafers",
        price: 3000,
        discountPrice: 2700,
        features: [],
        sizes: [{ size: 38, stock: 9 }],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<AdminProduct>();
    expect(updated).toMatchObject({
      _id: product._id,
      name: "Renamed Loafer",
      category: "women-loafers",
      discountPercentage: 10,
      stock: 9,
      features: [],
    });
    expect(updated.sizes.filter((s) => s.offered)).toEqual([{ size: 38, stock: 9, offered: true }]);
    expect(changes.slice(before)).toEqual([{ productIds: [product._id] }]);
    const missing = await call(
      t,
      admin,
      "PUT",
      "/api/admin/products/00000000-0000-4000-8000-000000000000",
      newProduct(),
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe("search learns the owner's words", () => {
  const found = async (query: string) =>
    (await t.app.inject({ url: `/api/products/search?query=${encodeURIComponent(query)}` }))
      .json<{ name: string }[]>()
      .map((p) => p.name);

  it("finds a new product by a word no other product uses, misspelt too, and by its new name", async () => {
    expect(await found("quokka")).toEqual([]);
    const product = await create({ name: "Quokka Moccasins", category: "women-loafers" });
    expect(await found("quokka")).toEqual(["Quokka Moccasins"]);
    expect(await found("qokka")).toEqual(["Quokka Moccasins"]);
    // A code of letters and digits is indexed whole, not stemmed: it must be found as typed.
    const coded = await create({ name: "Okapi Loafers mwt6qj2y", category: "women-loafers" });
    expect(await found("okapi loafers mwt6qj2y")).toEqual([coded.name]);

    const renamed = await call(
      t,
      admin,
      "PUT",
      `/api/admin/products/${product._id}`,
      newProduct({ name: "Wombat Moccasins", category: "women-loafers" }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await found("wombat")).toEqual(["Wombat Moccasins"]);
    expect(await found("quokka")).toEqual([]);
  });
});

describe("stock edits while orders keep selling", () => {
  it("refuses a save whose expected stock an order has since changed, and writes nothing", async () => {
    const product = await create({ price: 3000, discountPrice: 3000, sizes: [{ size: 40, stock: 5 }] });
    const buyer = await makeShopper(t);
    const sold = await placeOrder(
      t,
      buyer,
      orderBody(buyer, [{ product: { id: product._id, discountPrice: 3000 } as TestProduct, size: 40, quantity: 2 }]),
    );
    expect(sold.statusCode, sold.body).toBe(201);

    // The admin opened the form at stock 5 and types 8: saving would erase the 2 just sold.
    const stale = await call(t, admin, "PUT", `/api/admin/products/${product._id}`, {
      ...newProduct({ name: product.name, price: 3000, discountPrice: 3000 }),
      sizes: [{ size: 40, stock: 8, expectedStock: 5 }],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(`${ADMIN_MESSAGES.stockChanged} (size 40 now has 3.)`);
    expect(await stockOf(t, product._id, 40)).toBe(3);

    const fresh = await call(t, admin, "PUT", `/api/admin/products/${product._id}`, {
      ...newProduct({ name: product.name, price: 3000, discountPrice: 3000 }),
      sizes: [{ size: 40, stock: 8, expectedStock: 3 }],
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await stockOf(t, product._id, 40)).toBe(8);
  });
});

describe("list", () => {
  it("searches, filters by category and by archived, and pages", async () => {
    const a = await create({ name: "Zebra Peshawari Special", category: "men-peshawari-chappal" });
    const b = await create({ name: "Zebra Khusa Special", category: "women-pumps-khusa" });
    await call(t, admin, "DELETE", `/api/admin/products/${b._id}`);

    const search = (await call(t, admin, "GET", "/api/admin/products?query=zebra")).json<AdminProductList>();
    expect(search.products.map((p) => p.name).sort()).toEqual(["Zebra Khusa Special", "Zebra Peshawari Special"]);
    expect(search.total).toBe(2);
    const live = (
      await call(t, admin, "GET", "/api/admin/products?query=zebra&archived=false")
    ).json<AdminProductList>();
    expect(live.products.map((p) => p._id)).toEqual([a._id]);
    const archived = (
      await call(t, admin, "GET", "/api/admin/products?query=zebra&archived=true")
    ).json<AdminProductList>();
    expect(archived.products).toEqual([
      expect.objectContaining({ _id: b._id, archived: true, category: "women-pumps-khusa", thumbnail: null }),
    ]);
    const category = (
      await call(t, admin, "GET", "/api/admin/products?category=men-peshawari-chappal&query=zebra")
    ).json<AdminProductList>();
    expect(category.products.map((p) => p._id)).toEqual([a._id]);

    const all = (await call(t, admin, "GET", "/api/admin/products")).json<AdminProductList>();
    expect(all.products).toHaveLength(25);
    expect(all.hasMore).toBe(true);
    expect(all.total).toBeGreaterThan(25);
    const demo = all.products.find((p) => p.thumbnail);
    expect(demo?.thumbnail).toMatchObject({ id: expect.any(String), width: expect.any(Number) });
    const last = (
      await call(t, admin, "GET", `/api/admin/products?page=${Math.ceil(all.total / 25)}`)
    ).json<AdminProductList>();
    expect(last.hasMore).toBe(false);
    const beyond = (await call(t, admin, "GET", "/api/admin/products?page=999")).json<AdminProductList>();
    expect(beyond).toMatchObject({ products: [], hasMore: false, total: all.total });
  });

  it("refuses bad filters with a message", async () => {
    for (const [query, message] of [
      ["category=hats", /Unknown category/],
      ["archived=maybe", /archived must be true or false/],
      ["page=0", /page must be a whole number/],
      [`query=${"x".repeat(101)}`, /at most 100 characters/],
    ] as const) {
      const res = await call(t, admin, "GET", `/api/admin/products?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });
});

describe("archive and restore", () => {
  it("archived products vanish from the shop and come back when restored", async () => {
    const product = await create({ name: "Vanishing Sandal", category: "men-sandals-slippers" });
    const inCategory = async () => {
      const list = (
        await t.app.inject({ url: "/api/products?category=men-sandals-slippers&page=1" })
      ).json<ProductList>();
      let found = list.products.some((p) => p._id === product._id);
      for (let page = 2; list.hasMore && !found && page < 10; page++) {
        const next = (
          await t.app.inject({ url: `/api/products?category=men-sandals-slippers&page=${page}` })
        ).json<ProductList>();
        found = next.products.some((p) => p._id === product._id);
        if (!next.hasMore) break;
      }
      return found;
    };
    expect(await inCategory()).toBe(true);

    const before = changes.length;
    const archived = await call(t, admin, "DELETE", `/api/admin/products/${product._id}`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json<AdminProduct>().archivedAt).toEqual(expect.any(String));
    expect(changes.slice(before)).toEqual([{ productIds: [product._id] }]);
    expect((await t.app.inject({ url: `/api/products/${product._id}` })).statusCode).toBe(404);
    expect(await inCategory()).toBe(false);
    const search = (await t.app.inject({ url: "/api/products/search?query=vanishing" })).json<Product[]>();
    expect(search.some((p) => p._id === product._id)).toBe(false);
    // The admin still reads it.
    expect((await call(t, admin, "GET", `/api/admin/products/${product._id}`)).statusCode).toBe(200);

    const again = await call(t, admin, "DELETE", `/api/admin/products/${product._id}`);
    expect([again.statusCode, again.json().message]).toEqual([409, "This product is already archived."]);

    const restored = await call(t, admin, "POST", `/api/admin/products/${product._id}/restore`);
    expect(restored.json<AdminProduct>().archivedAt).toBeNull();
    expect((await t.app.inject({ url: `/api/products/${product._id}` })).statusCode).toBe(200);
    const twice = await call(t, admin, "POST", `/api/admin/products/${product._id}/restore`);
    expect([twice.statusCode, twice.json().message]).toEqual([409, "This product is not archived."]);
  });

  it("an archived product stays in the orders that bought it", async () => {
    const product = await create({ name: "Ordered Then Archived", discountPrice: 4000, price: 5000 });
    const customer = await makeShopper(t);
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders/new-order",
      headers: customer.headers,
      payload: {
        userId: customer.id,
        items: [{ productId: product._id, size: 40, quantity: 1 }],
        shippingAddress: {
          fullName: "Bilal Ahmed",
          addressLine: "Flat 3, near Port Grand",
          phoneNumber: "03001234567",
          email: customer.email,
          city: "Karachi",
        },
        totalAmount: 4000,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    await call(t, admin, "DELETE", `/api/admin/products/${product._id}`);
    const track = await t.app.inject({ url: "/api/orders/track", headers: customer.headers });
    expect(track.json()[0].items[0]).toMatchObject({ productId: product._id, name: "Ordered Then Archived" });
    const adminOrder = await call(t, admin, "GET", `/api/admin/orders/${placed.json()._id}`);
    expect(adminOrder.json().items[0]).toMatchObject({ name: "Ordered Then Archived", discountPrice: 4000 });
  });
});
