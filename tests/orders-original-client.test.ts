// The original system's own React client against our API (issue 46 item 11): its order call reads
// `order` from the answer (its backend answered 201 `{ order }`), and its order model carries
// `shippingAddress.country`. We answer the order's fields at the top level, as our checkout reads
// them, and the same order under `order`; a country is accepted when it says Pakistan, and any other
// is a clear 400 that writes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order, PlacedOrderAnswer } from "#shared/orders.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import {
  count,
  makeShopper,
  orderBody,
  placeOrder,
  products,
  setStock,
  stockOf,
  type TestProduct,
} from "./support/shoppers.ts";

let t: TestApp;
let product: TestProduct;
let size: number;
beforeAll(async () => {
  t = await createTestApp();
  [product] = (await products(t, 1)) as [TestProduct];
  size = product.sizes[0] as number;
  await setStock(t, product.id, size, 20);
});
afterAll(() => t?.close());

/** The original client's payload: its cart lines' display fields and a country beside the address. */
function originalClientBody(shopper: Awaited<ReturnType<typeof makeShopper>>, country: unknown) {
  const body = orderBody(shopper, [{ product, size, quantity: 1 }]);
  return {
    ...body,
    items: body.items.map((item) => ({ ...item, name: product.name, price: product.price, image: "x.jpg" })),
    shippingAddress: { ...body.shippingAddress, country },
  };
}

describe("POST /api/orders/new-order from the original client", () => {
  it("answers the order at the top level and under `order`, the first time and on a retry", async () => {
    const shopper = await makeShopper(t);
    const body = originalClientBody(shopper, "Pakistan");
    const placed = await placeOrder(t, shopper, body, { "idempotency-key": `original-${shopper.id}` });
    expect(placed.statusCode, placed.body).toBe(201);
    const answer = placed.json<PlacedOrderAnswer>();
    expect(answer.order._id).toMatch(/^[0-9a-f-]{36}$/);
    const { order, ...fields } = answer;
    expect(fields).toEqual(order);
    expect(order).toMatchObject({ status: "pending", totalAmount: product.discountPrice });
    // The country is read, not kept: delivery is Karachi's, and the address is as our checkout's.
    expect(Object.keys(order.shippingAddress)).not.toContain("country");

    const again = await placeOrder(t, shopper, body, { "idempotency-key": `original-${shopper.id}` });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<PlacedOrderAnswer>().order._id).toBe(order._id);
    expect(again.json<Order>()._id).toBe(order._id);
  });

  it("accepts Pakistan however it is written", async () => {
    for (const country of ["pakistan", " PAKISTAN "]) {
      const shopper = await makeShopper(t);
      const res = await placeOrder(t, shopper, originalClientBody(shopper, country));
      expect(res.statusCode, `${country}: ${res.body}`).toBe(201);
    }
  });

  it("refuses another country with a clear 400 on the field, writing nothing", async () => {
    const shopper = await makeShopper(t);
    const before = [await count(t, "orders"), await stockOf(t, product.id, size)];
    for (const country of ["India", "", 92]) {
      const res = await placeOrder(t, shopper, originalClientBody(shopper, country));
      expect(res.statusCode, JSON.stringify(country)).toBe(400);
      const message = "Sorry, we deliver in Karachi, Pakistan only. Please enter Pakistan as the country.";
      expect(res.json()).toMatchObject({ message, fields: { "shippingAddress.country": message } });
    }
    // Any other unknown key of the address is still refused by name.
    const state = await placeOrder(t, shopper, {
      ...originalClientBody(shopper, "Pakistan"),
      shippingAddress: { ...originalClientBody(shopper, "Pakistan").shippingAddress, state: "Sindh" },
    });
    expect(state.statusCode).toBe(400);
    expect(state.json<{ message: string }>().message).toMatch(/state/);
    expect([await count(t, "orders"), await stockOf(t, product.id, size)]).toEqual(before);
  });
});
