import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cart } from "#shared/cart.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { makeShopper, products, type Shopper, setStock, type TestProduct } from "./support/shoppers.ts";

let t: TestApp;
let p1: TestProduct;
let p2: TestProduct;
beforeAll(async () => {
  t = await createTestApp();
  [p1, p2] = (await products(t, 2)) as [TestProduct, TestProduct];
  for (const p of [p1, p2]) for (const size of p.sizes) await setStock(t, p.id, size, 20);
});
afterAll(() => t?.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (s: Shopper | undefined, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: s?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const add = (s: Shopper, payload: unknown) => call(s, "POST", "/api/user/cart/add", payload);
const cartOf = async (s: Shopper) => (await call(s, "GET", "/api/user/cart")).json<Cart>();
const size = (p: TestProduct, i = 0) => p.sizes[i] as number;

describe("cart API", () => {
  it("refuses every cart call without a token (401)", async () => {
    for (const [method, url] of [
      ["GET", "/api/user/cart"],
      ["POST", "/api/user/cart/add"],
      ["DELETE", "/api/user/cart/remove"],
      ["PUT", "/api/user/cart/update"],
      ["DELETE", "/api/user/cart/clear"],
    ] as const) {
      const res = await call(undefined, method, url, { productId: p1.id, size: size(p1) });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toMatch(/sign in/i);
    }
  });

  it("adds a line with display fields from the database, not the client", async () => {
    const s = await makeShopper(t);
    const res = await add(s, {
      productId: p1.id,
      size: size(p1),
      quantity: 2,
      name: "Free shoes",
      price: 1,
      discountPrice: 1,
      discountPercentage: 99,
      image: "https://evil.example/x.png",
      description: "hacked",
    });
    expect(res.statusCode).toBe(200);
    const [line] = res.json<Cart>().items;
    expect(line).toMatchObject({ productId: p1.id, size: size(p1), quantity: 2, name: p1.name, price: p1.price });
    expect(line?.discountPrice).toBe(p1.discountPrice);
    expect(line?.image).toMatch(/^\/images\/[0-9a-f-]+\/640\.webp$/);
    expect(Object.keys(line ?? {}).sort()).toEqual(
      [
        "description",
        "discountPercentage",
        "discountPrice",
        "image",
        "name",
        "price",
        "productId",
        "quantity",
        "size",
        "stock",
      ].sort(),
    );
  });

  it("merges quantity into the same product and size, keeps other sizes apart, defaults quantity to 1", async () => {
    const s = await makeShopper(t);
    await add(s, { productId: p1.id, size: size(p1) });
    await add(s, { productId: p1.id, size: size(p1), quantity: 3 });
    await add(s, { productId: p1.id, size: size(p1, 1), quantity: 1 });
    const cart = await cartOf(s);
    expect(cart.items.map((l) => [l.size, l.quantity])).toEqual([
      [size(p1), 4],
      [size(p1, 1), 1],
    ]);
  });

  it("is the same cart on a second device (another session of the same user)", async () => {
    const s = await makeShopper(t);
    await add(s, { productId: p2.id, size: size(p2), quantity: 2 });
    const { createSession } = await import("#server/accounts/sessions.ts");
    const token = await createSession(t.database.db, s.id);
    const other = { ...s, token, headers: { authorization: `Bearer ${token}` } };
    expect((await cartOf(other)).items).toHaveLength(1);
  });

  it("never shows one user's cart to another", async () => {
    const a = await makeShopper(t);
    const b = await makeShopper(t);
    await add(a, { productId: p1.id, size: size(p1) });
    expect((await cartOf(b)).items).toEqual([]);
    await call(b, "DELETE", "/api/user/cart/clear");
    await call(b, "DELETE", "/api/user/cart/remove", { productId: p1.id });
    expect((await cartOf(a)).items).toHaveLength(1);
  });

  it("answers 404 'No product found.' for an unknown product and 400 for a size it lacks", async () => {
    const s = await makeShopper(t);
    const unknown = await add(s, { productId: "00000000-0000-4000-8000-000000000000", size: 40 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "No product found." });
    const { sql } = await import("drizzle-orm");
    await t.database.db.execute(sql`delete from product_sizes where product_id = ${p2.id} and size = 46`);
    const lacking = await add(s, { productId: p2.id, size: 46 });
    expect(lacking.statusCode).toBe(400);
    expect(lacking.json().message).toBe("This product does not come in size 46.");
    const malformed = await add(s, { productId: "nope", size: 40 });
    expect(malformed.statusCode).toBe(400);
    const noSize = await add(s, { productId: p1.id });
    const selectSize = "Please select a size before adding to cart.";
    expect(noSize.json()).toEqual({ message: selectSize, fields: { size: selectSize } });
    for (const bad of [36, 47, 40.5, "40"]) {
      const res = await add(s, { productId: p1.id, size: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toMatch(/size/i);
    }
    expect((await cartOf(s)).items).toEqual([]);
  });

  it("answers 400 for quantities that are not whole numbers 1..10", async () => {
    const s = await makeShopper(t);
    for (const quantity of [0, -1, 1.5, 11, 1e9, "2", null, true, Number.MAX_SAFE_INTEGER + 2]) {
      const res = await add(s, { productId: p1.id, size: size(p1), quantity });
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(res.json().message).toBe("Quantity must be a whole number from 1 to 10.");
    }
    expect((await cartOf(s)).items).toEqual([]);
  });

  it("caps a line at the stock of its size and at 10 pairs", async () => {
    const s = await makeShopper(t);
    await setStock(t, p1.id, size(p1, 2), 2);
    const ok = await add(s, { productId: p1.id, size: size(p1, 2), quantity: 2 });
    expect(ok.statusCode).toBe(200);
    const more = await add(s, { productId: p1.id, size: size(p1, 2), quantity: 1 });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({ message: `Only 2 left in size ${size(p1, 2)}.` });
    await setStock(t, p1.id, size(p1, 3), 0);
    const soldOut = await add(s, { productId: p1.id, size: size(p1, 3) });
    expect(soldOut.json()).toEqual({ message: `Size ${size(p1, 3)} is sold out.` });

    await add(s, { productId: p1.id, size: size(p1), quantity: 10 });
    const eleventh = await add(s, { productId: p1.id, size: size(p1), quantity: 1 });
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().message).toMatch(/at most 10/);
    const cart = await cartOf(s);
    expect(cart.items.map((l) => l.quantity)).toEqual([2, 10]);
  });

  it("keeps the cap under concurrent adds", async () => {
    const s = await makeShopper(t);
    await setStock(t, p2.id, size(p2, 1), 5);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => add(s, { productId: p2.id, size: size(p2, 1), quantity: 1 })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect((await cartOf(s)).items[0]?.quantity).toBe(5);
  });

  it("updates a quantity within 1..10 and the stock; 404 for a line not in the cart", async () => {
    const s = await makeShopper(t);
    await setStock(t, p2.id, size(p2, 2), 4);
    await add(s, { productId: p2.id, size: size(p2, 2) });
    const res = await call(s, "PUT", "/api/user/cart/update", { productId: p2.id, quantity: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json<Cart>().items[0]?.quantity).toBe(3);
    const tooMany = await call(s, "PUT", "/api/user/cart/update", { productId: p2.id, quantity: 5 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(`Only 4 left in size ${size(p2, 2)}.`);
    for (const quantity of [0, -2, 2.5, 11, "3"]) {
      const bad = await call(s, "PUT", "/api/user/cart/update", { productId: p2.id, quantity });
      expect(bad.statusCode, String(quantity)).toBe(400);
    }
    const missing = await call(s, "PUT", "/api/user/cart/update", { productId: p1.id, quantity: 2 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("This product is not in your cart.");
    expect((await cartOf(s)).items[0]?.quantity).toBe(3);
  });

  it("asks which size to update when the product is in the cart in two sizes", async () => {
    const s = await makeShopper(t);
    await add(s, { productId: p1.id, size: size(p1) });
    await add(s, { productId: p1.id, size: size(p1, 1) });
    const vague = await call(s, "PUT", "/api/user/cart/update", { productId: p1.id, quantity: 2 });
    expect(vague.statusCode).toBe(400);
    const exact = await call(s, "PUT", "/api/user/cart/update", { productId: p1.id, size: size(p1, 1), quantity: 2 });
    expect(exact.json<Cart>().items.map((l) => l.quantity)).toEqual([1, 2]);
  });

  it("removes one size, or every size of the product when no size is given", async () => {
    const s = await makeShopper(t);
    await add(s, { productId: p1.id, size: size(p1) });
    await add(s, { productId: p1.id, size: size(p1, 1) });
    await add(s, { productId: p2.id, size: size(p2) });
    const one = await call(s, "DELETE", "/api/user/cart/remove", { productId: p1.id, size: size(p1) });
    expect(one.json<Cart>().items.map((l) => [l.productId, l.size])).toEqual([
      [p1.id, size(p1, 1)],
      [p2.id, size(p2)],
    ]);
    const all = await call(s, "DELETE", "/api/user/cart/remove", { productId: p1.id });
    expect(all.json<Cart>().items.map((l) => l.productId)).toEqual([p2.id]);
    const bad = await call(s, "DELETE", "/api/user/cart/remove", {});
    expect(bad.statusCode).toBe(400);
  });

  it("clears the cart, also when a client sends an empty JSON body", async () => {
    const s = await makeShopper(t);
    await add(s, { productId: p1.id, size: size(p1) });
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/user/cart/clear",
      headers: { ...s.headers, "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [] });
    expect((await cartOf(s)).items).toEqual([]);
  });

  it("answers bad JSON with a 400 message", async () => {
    const s = await makeShopper(t);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/cart/add",
      headers: { ...s.headers, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The request body is not valid JSON.");
  });
});
