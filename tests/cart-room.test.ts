// What the cart says about the order limits (issue 29), from the server's answer to
// GET /api/user/order-limits (tested in addresses-api.test.ts): + stops when no pair fits, the
// summary counts the pairs left, and checkout is refused at the open-orders limit or over the pairs.
import { describe, expect, it } from "vitest";
import type { StoredCartLine } from "../app/lib/cart-store.ts";
import { cartRoom } from "../app/lib/order-limits.ts";

const line = (quantity: number, size = 40): StoredCartLine => ({
  productId: "7f1d1a52-1d0e-4c7e-9a4b-0a0a0a0a0a0a",
  size,
  quantity,
  name: "Classic Oxford",
  description: "A shoe",
  image: "",
  price: 5000,
  discountPrice: 4000,
  discountPercentage: 20,
});
const limits = { maxOpenOrders: 3, maxOpenPairs: 10, openOrders: 1, openPairs: 4 };

describe("cartRoom", () => {
  it("counts the pairs that may still be added, after those held and those in the cart", () => {
    const room = cartRoom(limits, [line(2), line(1, 41)]);
    expect(room.room).toBe(3);
    expect(room.summary).toBe("You can add 3 more pairs to this order.");
    expect(room.refusal).toBeUndefined();
  });

  it("at the pairs limit: + stops with the reason, checkout still allowed", () => {
    const room = cartRoom(limits, [line(6)]);
    expect(room.room).toBe(0);
    expect(room.limitReached).toBe(
      "One customer can have at most 10 pairs on open orders at once. You already have 4 pairs on open orders waiting for delivery.",
    );
    expect(room.summary).toBe("This order has the most pairs you can order now.");
    expect(room.refusal).toBeUndefined();
  });

  it("over the pairs limit, or at the open-orders limit: checkout is refused with the reason", () => {
    expect(cartRoom(limits, [line(7)]).refusal).toBe(
      "You can order 6 pairs now, and this cart has 7 pairs. Please lower the quantities. You already have 4 pairs on open orders waiting for delivery.",
    );
    expect(cartRoom({ ...limits, openOrders: 3 }, [line(1)]).refusal).toBe(
      "You already have 3 open orders waiting for delivery, the most one customer can hold at once (3). You can order again once one is delivered.",
    );
  });
});
