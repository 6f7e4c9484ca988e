// The cart's limit in a module without zod: the browser's cart (app/lib/cart-stock.ts) needs the
// number on the product page, and importing it from cart.ts took the whole of zod there with it.

/** The most pairs of one product in one size that a cart line or an order line may hold. */
export const MAX_LINE_QUANTITY = 10;

/**
 * What one customer may still order on cash on delivery (docs/architecture.md section 3), as the cart reads it
 * from GET /api/user/order-limits: the shop's limits and what the customer already holds on open
 * (pending or confirmed) orders. The server checks the same limits again at Place Order.
 */
export interface OrderLimitsAnswer {
  maxOpenOrders: number;
  maxOpenPairs: number;
  openOrders: number;
  openPairs: number;
}

/** How many more pairs this customer may order now (never below 0). */
export const pairsStillAllowed = (limits: OrderLimitsAnswer): number =>
  Math.max(0, limits.maxOpenPairs - limits.openPairs);

/** True when the customer holds as many open orders as the shop allows: no new order until one is delivered. */
export const openOrdersFull = (limits: OrderLimitsAnswer): boolean => limits.openOrders >= limits.maxOpenOrders;
