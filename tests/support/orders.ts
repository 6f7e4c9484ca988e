// Orders for tests that need one in a given state, through the real API: placed by a new shopper,
// and moved on by the owner. Kept apart from shoppers.ts, which the benches import (its ADDRESS):
// these check their answers with Vitest's expect.
import { expect } from "vitest";
import type { Order } from "#shared/orders.ts";
import { call, makeAdmin } from "./admin.ts";
import type { TestApp } from "./app.ts";
import { makeShopper, orderBody, placeOrder, type Shopper, type TestProduct } from "./shoppers.ts";

/** `shopper`'s order of one pair of `shoe` in its first size, placed (201). */
export async function placeOnePair(t: TestApp, shopper: Shopper, shoe: TestProduct): Promise<Order> {
  const res = await placeOrder(
    t,
    shopper,
    orderBody(shopper, [{ product: shoe, size: shoe.sizes[0] as number, quantity: 1 }]),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

/** A new shopper's order of one pair of `shoe` in its first size, confirmed and delivered by the owner. */
export async function deliveredOrder(t: TestApp, shoe: TestProduct): Promise<Order> {
  const admin = await makeAdmin(t);
  const shopper = await makeShopper(t);
  const order = await placeOnePair(t, shopper, shoe);
  for (const status of ["confirm", "delivered"]) {
    const moved = await call(t, admin, "POST", `/api/admin/orders/${order._id}/status`, { status });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return order;
}
