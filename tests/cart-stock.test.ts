// The cart respects stock (issue 14). The API: every cart line carries its size's stock as it is
// now, after orders and the owner's edits, and a visitor's cart can read the same stock from the
// product's own read. The client's rules (app/lib/cart-stock.ts): the cap on +, 'Only n left',
// lowering a line over its stock, the sold-out mark, and a re-read that never undoes a change the
// customer made while it ran.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProduct } from "#shared/admin.ts";
import type { Cart } from "#shared/cart.ts";
import type { ProductAnswer } from "#shared/catalog.ts";
import {
  capReason,
  capToStock,
  hasSoldOut,
  isSoldOut,
  lineCap,
  lowStock,
  withServerCart,
  withStock,
} from "../app/lib/cart-stock.ts";
import type { StoredCartLine } from "../app/lib/cart-store.ts";
import { call, makeAdmin, newProduct } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { ADDRESS, makeShopper, placeOrder, type Shopper } from "./support/shoppers.ts";

describe("cart API stock", () => {
  let t: TestApp;
  let admin: Shopper;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
    admin = await makeAdmin(t);
  });
  afterAll(() => t?.close());

  const sizes = [
    { size: 40, stock: 7 },
    { size: 41, stock: 2 },
    { size: 42, stock: 1 },
  ];
  const cartOf = async (s: Shopper) => (await call(t, s, "GET", "/api/user/cart")).json<Cart>();
  const stockBySize = (cart: Cart) => cart.items.map((l) => [l.size, l.quantity, l.stock]);

  async function productWith(stock = sizes): Promise<AdminProduct> {
    const created = await call(t, admin, "POST", "/api/admin/products", newProduct({ sizes: stock }));
    expect(created.statusCode, created.body).toBe(201);
    return created.json<AdminProduct>();
  }
  const editSizes = (product: AdminProduct, stock: { size: number; stock: number }[]) =>
    call(t, admin, "PUT", `/api/admin/products/${product._id}`, newProduct({ name: product.name, sizes: stock }));

  it("gives each line the stock of its own size, in every cart answer", async () => {
    const product = await productWith();
    const s = await makeShopper(t);
    const added = await call(t, s, "POST", "/api/user/cart/add", { productId: product._id, size: 40, quantity: 3 });
    expect(stockBySize(added.json<Cart>())).toEqual([[40, 3, 7]]);
    await call(t, s, "POST", "/api/user/cart/add", { productId: product._id, size: 41 });
    const updated = await call(t, s, "PUT", "/api/user/cart/update", { productId: product._id, size: 41, quantity: 2 });
    expect(stockBySize(updated.json<Cart>())).toEqual([
      [40, 3, 7],
      [41, 2, 2],
    ]);
    const removed = await call(t, s, "DELETE", "/api/user/cart/remove", { productId: product._id, size: 40 });
    expect(stockBySize(removed.json<Cart>())).toEqual([[41, 2, 2]]);
  });

  it("ignores a stock the client sends with its line", async () => {
    const product = await productWith();
    const s = await makeShopper(t);
    const res = await call(t, s, "POST", "/api/user/cart/add", { productId: product._id, size: 42, stock: 999 });
    expect(res.statusCode).toBe(200);
    expect(stockBySize(res.json<Cart>())).toEqual([[42, 1, 1]]);
    const tooMany = await call(t, s, "PUT", "/api/user/cart/update", { productId: product._id, size: 42, quantity: 2 });
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([409, "Only 1 left in size 42."]);
  });

  it("shows stock as it is now: after another customer's order and after the owner's edits", async () => {
    const product = await productWith();
    const s = await makeShopper(t);
    await call(t, s, "POST", "/api/user/cart/add", { productId: product._id, size: 40, quantity: 3 });
    await call(t, s, "POST", "/api/user/cart/add", { productId: product._id, size: 41, quantity: 2 });

    // Someone else buys 5 of size 40: 2 are left, fewer than this cart holds.
    const other = await makeShopper(t);
    const order = await placeOrder(t, other, {
      userId: other.id,
      items: [{ productId: product._id, size: 40, quantity: 5 }],
      shippingAddress: { ...ADDRESS, email: other.email },
      totalAmount: 5 * 4500,
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(stockBySize(await cartOf(s))).toEqual([
      [40, 3, 2],
      [41, 2, 2],
    ]);

    // The owner sells size 41 out, then stops offering size 40: both lines stay, at stock 0.
    const soldOut = await editSizes(product, [
      { size: 40, stock: 2 },
      { size: 41, stock: 0 },
    ]);
    expect(soldOut.statusCode).toBe(200);
    expect(stockBySize(await cartOf(s))).toEqual([
      [40, 3, 2],
      [41, 2, 0],
    ]);
    const dropped = await editSizes(product, [{ size: 41, stock: 0 }]);
    expect(dropped.statusCode).toBe(200);
    expect(stockBySize(await cartOf(s))).toEqual([
      [40, 3, 0],
      [41, 2, 0],
    ]);
  });

  it("accepts the lowered quantity the cart sends for a line over its stock", async () => {
    const product = await productWith();
    const s = await makeShopper(t);
    await call(t, s, "POST", "/api/user/cart/add", { productId: product._id, size: 40, quantity: 5 });
    await editSizes(product, [{ size: 40, stock: 3 }]);
    expect(stockBySize(await cartOf(s))).toEqual([[40, 5, 3]]);
    const lowered = await call(t, s, "PUT", "/api/user/cart/update", { productId: product._id, size: 40, quantity: 3 });
    expect(lowered.statusCode).toBe(200);
    expect(stockBySize(lowered.json<Cart>())).toEqual([[40, 3, 3]]);
  });

  it("gives a visitor's cart the same stock through the product read, fresh after a change", async () => {
    const product = await productWith();
    const read = async () =>
      (await call(t, { headers: {} }, "GET", `/api/products/${product._id}`)).json<ProductAnswer>().product.sizes;
    expect(await read()).toEqual(sizes);
    await editSizes(product, [
      { size: 40, stock: 7 },
      { size: 41, stock: 0 },
    ]);
    expect(await read()).toEqual([
      { size: 40, stock: 7 },
      { size: 41, stock: 0 },
    ]);
  });
});

describe("cart stock rules", () => {
  const line = (overrides: Partial<StoredCartLine> = {}): StoredCartLine => ({
    productId: "5f0c6d9e-3b7a-4c1e-9f2d-1a2b3c4d5e6f",
    name: "Kolhapuri",
    description: "Handmade leather sandal",
    image: "",
    price: 3000,
    discountPrice: 2500,
    discountPercentage: 17,
    size: 41,
    quantity: 1,
    stock: 20,
    ...overrides,
  });

  it("caps a line at its stock and at 10 pairs, and at 10 while the stock is unknown", () => {
    expect(lineCap(line({ stock: 2 }))).toBe(2);
    expect(lineCap(line({ stock: 10 }))).toBe(10);
    expect(lineCap(line({ stock: 40 }))).toBe(10);
    expect(lineCap(line({ stock: undefined }))).toBe(10);
    expect(lineCap(line({ stock: 0 }))).toBe(0);
  });

  it("gives a reason only when + is at the cap", () => {
    expect(capReason(line({ quantity: 1, stock: 2 }))).toBeUndefined();
    expect(capReason(line({ quantity: 2, stock: 2 }))).toBe("That is all we have in size 41.");
    expect(capReason(line({ quantity: 10, stock: 40 }))).toBe("You can have at most 10 pairs of one size.");
    expect(capReason(line({ quantity: 10, stock: undefined }))).toBe("You can have at most 10 pairs of one size.");
    expect(capReason(line({ quantity: 1, stock: 0 }))).toBeUndefined();
  });

  it("calls stock low from 5 down to 1", () => {
    expect([6, 5, 1, 0, undefined].map((stock) => lowStock(line({ stock })))).toEqual([
      undefined,
      5,
      1,
      undefined,
      undefined,
    ]);
  });

  it("lowers a line over its stock and names it; leaves sold-out lines for the customer to remove", () => {
    const lines = [
      line({ size: 40, quantity: 3, stock: 2 }),
      line({ size: 41, quantity: 2, stock: 0 }),
      line({ size: 42, quantity: 2, stock: 5 }),
      line({ size: 43, quantity: 12, stock: undefined }),
    ];
    const { lines: capped, lowered } = capToStock(lines);
    expect(capped.map((l) => [l.size, l.quantity])).toEqual([
      [40, 2],
      [41, 2],
      [42, 2],
      [43, 10],
    ]);
    expect(lowered.map(({ size, from, to }) => ({ size, from, to }))).toEqual([
      { size: 40, from: 3, to: 2 },
      { size: 43, from: 12, to: 10 },
    ]);
    expect(capped.map(isSoldOut)).toEqual([false, true, false, false]);
    expect(hasSoldOut(capped)).toBe(true);
    expect(hasSoldOut(capped.filter((l) => !isSoldOut(l)))).toBe(false);
  });

  it("takes the server's cart whole when nothing changed locally while it was read", () => {
    const local = [line({ size: 40, quantity: 2, stock: undefined })];
    const server = [line({ size: 40, quantity: 2, stock: 3, price: 3200 }), line({ size: 44, quantity: 1, stock: 4 })];
    expect(withServerCart(local, server, false)).toEqual(server);
  });

  it("keeps a change made during the read: the customer's lines and quantities, the server's stock", () => {
    // Opened with 1 pair; a + made it 2 before the read (sent before the +) answered 1.
    const local = [line({ size: 40, quantity: 2, stock: 5 }), line({ size: 45, quantity: 1, stock: 3 })];
    const server = [
      line({ size: 40, quantity: 1, stock: 4, price: 3200 }),
      line({ size: 44, quantity: 1, stock: 4 }), // removed here meanwhile
    ];
    const merged = withServerCart(local, server, true);
    expect(merged.map((l) => [l.size, l.quantity, l.stock, l.price])).toEqual([
      [40, 2, 4, 3200],
      [45, 1, 3, 3000],
    ]);
  });

  it("puts the catalogue's stock on a visitor's lines and keeps what it could not read", () => {
    const local = [line({ size: 40, stock: 9 }), line({ size: 41, stock: 9 })];
    const stock = new Map([[`${local[0]?.productId}:40`, 0]]);
    expect(withStock(local, stock).map((l) => l.stock)).toEqual([0, 9]);
  });
});
