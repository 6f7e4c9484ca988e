// Issue 45, finding 8: an order committed while its answer was lost (a 503 during a database
// shutdown, a dropped connection). The web checkout keeps the cart's Idempotency-Key and asks the
// shop which order, if any, that key placed, so the cart can say "Your order #… was placed" instead
// of an empty cart that says nothing, and a second checkout never orders again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order, OrderPlacedWithKey } from "#shared/orders.ts";
import { ORDER_MESSAGES } from "#shared/orders.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import {
  count,
  makeShopper,
  orderBody,
  placeOrder,
  products,
  type Shopper,
  setStock,
  type TestProduct,
} from "./support/shoppers.ts";

let t: TestApp;
let product: TestProduct;
beforeAll(async () => {
  t = await createTestApp();
  [product] = (await products(t, 1)) as [TestProduct];
});
afterAll(() => t?.close());

const size = () => product.sizes[0] as number;

function placedWith(s: Pick<Shopper, "headers">, key: string | undefined) {
  return t.app.inject({
    method: "GET",
    url: "/api/orders/by-key",
    headers: { ...s.headers, ...(key === undefined ? {} : { "idempotency-key": key }) },
  });
}

describe("GET /api/orders/by-key: the order an Idempotency-Key placed", () => {
  it("answers the order a checkout placed with the key, though its answer never arrived", async () => {
    await setStock(t, product.id, size(), 10);
    const s = await makeShopper(t);
    const key = "cart-key-lost-answer";
    const placed = await placeOrder(t, s, orderBody(s, [{ product, size: size(), quantity: 1 }]), {
      "idempotency-key": key,
    });
    expect(placed.statusCode).toBe(201);
    // The browser never read that answer: it asks by the key it kept with the cart.
    const found = await placedWith(s, key);
    expect(found.statusCode).toBe(200);
    expect(found.headers["cache-control"]).toBe("no-store");
    expect(found.json<OrderPlacedWithKey>().order?._id).toBe(placed.json<Order>()._id);
    expect(found.json<OrderPlacedWithKey>().order?.status).toBe("pending");
  });

  it("answers no order for a key that placed none: never sent, or refused", async () => {
    await setStock(t, product.id, size(), 10);
    const s = await makeShopper(t);
    expect((await placedWith(s, "never-sent")).json<OrderPlacedWithKey>()).toEqual({ order: null });
    const body = orderBody(s, [{ product, size: size(), quantity: 1 }]);
    const refused = await placeOrder(t, s, { ...body, totalAmount: body.totalAmount + 1 }, { "idempotency-key": "r" });
    expect(refused.statusCode).toBe(409);
    const answer = await placedWith(s, "r");
    expect(answer.statusCode).toBe(200);
    expect(answer.json<OrderPlacedWithKey>()).toEqual({ order: null });
  });

  it("keys are the customer's own: another customer's key tells nothing", async () => {
    await setStock(t, product.id, size(), 10);
    const [owner, other] = [await makeShopper(t), await makeShopper(t)];
    const key = "shared-looking-key";
    const placed = await placeOrder(t, owner, orderBody(owner, [{ product, size: size(), quantity: 1 }]), {
      "idempotency-key": key,
    });
    expect(placed.statusCode).toBe(201);
    expect((await placedWith(other, key)).json<OrderPlacedWithKey>()).toEqual({ order: null });
  });

  it("refuses a missing or malformed key with 400 and a signed-out caller with 401, and writes nothing", async () => {
    const s = await makeShopper(t);
    const ordersBefore = await count(t, "orders");
    for (const bad of [undefined, "", "x".repeat(101), "tab\there"]) {
      const answer = await placedWith(s, bad);
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
      expect(answer.json()).toMatchObject({ message: ORDER_MESSAGES.idempotencyKey });
    }
    const signedOut = await t.app.inject({
      method: "GET",
      url: "/api/orders/by-key",
      headers: { "idempotency-key": "any" },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(await count(t, "orders")).toBe(ordersBefore);
  });
});
