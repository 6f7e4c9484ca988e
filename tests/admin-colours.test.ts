// A product's colour (issue 15): the owner picks it from the palette when creating or changing a
// product, the colour filter finds it at once, and a colour the palette lacks is a 400 that
// changes nothing.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AdminProduct } from "#shared/admin.ts";
import type { ProductList } from "#shared/catalog.ts";
import type { Colour } from "#shared/listing.ts";
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

const listed = async (colour: string) =>
  (await t.app.inject({ url: `/api/products?category=men-formal-shoes&colour=${colour}` })).json<ProductList>()
    .products;

it("GET /api/colours answers the palette in its order", async () => {
  const res = await t.app.inject({ url: "/api/colours" });
  expect(res.statusCode).toBe(200);
  const palette = res.json<Colour[]>();
  expect(palette.slice(0, 3).map((c) => c.slug)).toEqual(["black", "brown", "tan"]);
  for (const colour of palette) expect(colour.hex).toMatch(/^#[0-9a-f]{6}$/);
});

it("a product is created with a colour, changed to another, and the filter follows", async () => {
  const created = await call(t, admin, "POST", "/api/admin/products", newProduct({ colour: "navy" }));
  expect(created.statusCode, created.body).toBe(201);
  const product = created.json<AdminProduct>();
  expect(product.colour).toBe("navy");
  expect((await listed("navy")).map((p) => p._id)).toEqual([product._id]);

  const body = newProduct({ name: product.name, colour: "maroon" });
  const changed = await call(t, admin, "PUT", `/api/admin/products/${product._id}`, body);
  expect(changed.statusCode, changed.body).toBe(200);
  expect(changed.json<AdminProduct>().colour).toBe("maroon");
  expect(await listed("navy")).toEqual([]);
  expect((await listed("maroon")).map((p) => p._id)).toEqual([product._id]);
});

it("no colour is allowed (null), and is what a product without one has", async () => {
  const res = await call(t, admin, "POST", "/api/admin/products", newProduct());
  expect(res.statusCode).toBe(201);
  expect(res.json<AdminProduct>().colour).toBeNull();
});

it.each([
  ["purple", /Unknown colour: purple\. Colours are: black, brown/],
  ["Black", /Choose a colour of the palette/],
  [42, /Choose a colour of the palette/],
])("colour %s is refused with a 400 and nothing is written", async (colour, message) => {
  const name = `Refused ${String(colour)}`;
  const res = await call(t, admin, "POST", "/api/admin/products", newProduct({ name, colour }));
  expect(res.statusCode).toBe(400);
  expect(res.json<{ message: string }>().message).toMatch(message);
  const all = (await t.app.inject({ url: "/api/products?category=men-formal-shoes" })).json<ProductList>();
  expect(all.products.some((p) => p.name === name)).toBe(false);
});
