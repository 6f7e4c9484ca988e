// A product's fit note (issue 33, size advice): the owner sets, changes and clears it through the
// admin API, the shop's catalogue answers it at once (the read caches follow), a body that leaves it
// out keeps it, and a fit that is not one of the three is a 400 that changes nothing, in the API and
// in the database itself.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { AdminProduct } from "#shared/admin.ts";
import type { ProductAnswer, ProductList } from "#shared/catalog.ts";
import { call, makeAdmin, newProduct } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import type { Shopper } from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  admin = await makeAdmin(t);
});
afterAll(() => t?.close());

async function create(overrides: Parameters<typeof newProduct>[0] = {}): Promise<AdminProduct> {
  const res = await call(t, admin, "POST", "/api/admin/products", newProduct(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminProduct>();
}

/** The fit note as the owner's screen, the product page and a category list read it. */
async function fitEverywhere(id: string) {
  const owner = (await call(t, admin, "GET", `/api/admin/products/${id}`)).json<AdminProduct>().fitNote;
  const shop = (await t.app.inject({ url: `/api/products/${id}` })).json<ProductAnswer>().product.fitNote;
  const list = (await t.app.inject({ url: "/api/products?category=men-formal-shoes" })).json<ProductList>();
  return { owner, shop, list: list.products.find((p) => p._id === id)?.fitNote };
}

async function productCount(): Promise<number> {
  const [row] = await selectRowsAsserted<{ n: number }>(t.database.db, sql`select count(*)::int as n from products`);
  return row?.n ?? 0;
}

const replace = (product: AdminProduct, overrides: Parameters<typeof newProduct>[0]) =>
  call(t, admin, "PUT", `/api/admin/products/${product._id}`, newProduct({ name: product.name, ...overrides }));

describe("the fit note round trip", () => {
  it("is none on a product created without one", async () => {
    const product = await create();
    expect(product.fitNote).toBeNull();
    expect(await fitEverywhere(product._id)).toEqual({ owner: null, shop: null, list: null });
  });

  it("is set on create, changed, kept when left out, and cleared with null; the shop follows each at once", async () => {
    const product = await create({ fitNote: "runs-small" });
    expect(product.fitNote).toBe("runs-small");
    expect(await fitEverywhere(product._id)).toEqual({ owner: "runs-small", shop: "runs-small", list: "runs-small" });

    const changed = await replace(product, { fitNote: "runs-large" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<AdminProduct>().fitNote).toBe("runs-large");
    expect(await fitEverywhere(product._id)).toEqual({ owner: "runs-large", shop: "runs-large", list: "runs-large" });

    // A client that does not know of fit notes (a script, an older screen) does not wipe one out.
    const kept = await replace(product, { price: 7000 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<AdminProduct>()).toMatchObject({ price: 7000, fitNote: "runs-large" });

    const cleared = await replace(product, { fitNote: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<AdminProduct>().fitNote).toBeNull();
    expect(await fitEverywhere(product._id)).toEqual({ owner: null, shop: null, list: null });

    const trueToSize = await replace(product, { fitNote: "true-to-size" });
    expect(trueToSize.json<AdminProduct>().fitNote).toBe("true-to-size");
    expect((await fitEverywhere(product._id)).shop).toBe("true-to-size");
  });
});

describe("a fit that is not one of the three", () => {
  const message = "The fit must be one of: runs-small, true-to-size, runs-large (or null for none).";
  for (const fitNote of ["small", "Runs small", "runs_small", "", 1, true, ["runs-small"], { fit: "runs-small" }]) {
    it(`refuses ${JSON.stringify(fitNote)} with a 400 and changes nothing`, async () => {
      const existing = await create({ fitNote: "runs-small" });
      const before = await productCount();
      const created = await call(t, admin, "POST", "/api/admin/products", newProduct({ fitNote }));
      expect(created.statusCode, created.body).toBe(400);
      expect(created.json()).toMatchObject({ message, fields: { fitNote: message } });
      const replaced = await replace(existing, { fitNote, price: 9999 });
      expect(replaced.statusCode, replaced.body).toBe(400);
      expect(replaced.json().message).toBe(message);

      expect(await productCount()).toBe(before);
      expect((await call(t, admin, "GET", `/api/admin/products/${existing._id}`)).json()).toEqual(existing);
    });
  }

  it("is refused by the database too, whatever code path writes it", async () => {
    const product = await create();
    await expect(
      t.database.db.execute(sql`update products set fit_note = 'huge' where id = ${product._id}`),
    ).rejects.toThrow();
    expect((await fitEverywhere(product._id)).owner).toBeNull();
  });
});
