// A customer's cart stays valid while the owner edits the catalogue: a new price shows on the
// next read, and a size that is no longer offered (or sold out) is refused at checkout with a
// message that names it. Archived products leave the cart.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AdminProduct } from "#shared/admin.ts";
import type { Cart } from "#shared/cart.ts";
import { call, makeAdmin, newProduct } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { ADDRESS, makeShopper, placeOrder, type Shopper } from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  admin = await makeAdmin(t);
});
afterAll(() => t?.close());

const sizes = [
  { size: 40, stock: 5 },
  { size: 42, stock: 5 },
];

async function productInCart(): Promise<{ product: AdminProduct; customer: Shopper }> {
  const product = (
    await call(t, admin, "POST", "/api/admin/products", newProduct({ price: 5000, discountPrice: 4000, sizes }))
  ).json<AdminProduct>();
  const customer = await makeShopper(t);
  for (const size of [40, 42]) {
    const added = await call(t, customer, "POST", "/api/user/cart/add", { productId: product._id, size, quantity: 1 });
    expect(added.statusCode, added.body).toBeLessThan(300);
  }
  return { product, customer };
}

const cart = async (s: Shopper) => (await call(t, s, "GET", "/api/user/cart")).json<Cart>();

function checkout(customer: Shopper, productId: string, size: number, totalAmount: number) {
  return placeOrder(t, customer, {
    userId: customer.id,
    items: [{ productId, size, quantity: 1 }],
    shippingAddress: { ...ADDRESS, email: customer.email },
    totalAmount,
  });
}

it("shows a new price on the next cart read, and checkout asks for the new total", async () => {
  const { product, customer } = await productInCart();
  await call(
    t,
    admin,
    "PUT",
    `/api/admin/products/${product._id}`,
    newProduct({
      name: product.name,
      price: 5000,
      discountPrice: 3000,
      sizes,
    }),
  );
  const lines = (await cart(customer)).items;
  expect(lines.map((l) => [l.size, l.discountPrice, l.discountPercentage])).toEqual([
    [40, 3000, 40],
    [42, 3000, 40],
  ]);
  const stale = await checkout(customer, product._id, 40, 4000);
  expect([stale.statusCode, stale.json().message]).toEqual([409, "Prices have changed. The total is now Rs.3,000."]);
  expect((await checkout(customer, product._id, 40, 3000)).statusCode).toBe(201);
});

it("refuses a dropped size at checkout with a clear message", async () => {
  const { product, customer } = await productInCart();
  const edited = await call(
    t,
    admin,
    "PUT",
    `/api/admin/products/${product._id}`,
    newProduct({
      name: product.name,
      price: 5000,
      discountPrice: 4000,
      sizes: [{ size: 40, stock: 5 }],
    }),
  );
  expect(edited.statusCode).toBe(200);
  const res = await checkout(customer, product._id, 42, 4000);
  expect([res.statusCode, res.json().message]).toEqual([400, `${product.name} does not come in size 42.`]);
  // The other size still checks out.
  expect((await checkout(customer, product._id, 40, 4000)).statusCode).toBe(201);
});

it("refuses a size set to no stock as sold out", async () => {
  const { product, customer } = await productInCart();
  await call(
    t,
    admin,
    "PUT",
    `/api/admin/products/${product._id}`,
    newProduct({
      name: product.name,
      price: 5000,
      discountPrice: 4000,
      sizes: [
        { size: 40, stock: 0 },
        { size: 42, stock: 5 },
      ],
    }),
  );
  const res = await checkout(customer, product._id, 40, 4000);
  expect([res.statusCode, res.json().message]).toEqual([409, `Size 40 of ${product.name} is sold out.`]);
});

it("drops an archived product from the cart and refuses it at checkout", async () => {
  const { product, customer } = await productInCart();
  await call(t, admin, "DELETE", `/api/admin/products/${product._id}`);
  expect((await cart(customer)).items).toEqual([]);
  const res = await checkout(customer, product._id, 40, 4000);
  expect([res.statusCode, res.json().message]).toEqual([
    400,
    `${product.name} is no longer on sale. Please remove it from your cart.`,
  ]);
});
