// The cart's limit in a module without zod: the browser's cart (app/lib/cart-stock.ts) needs the
// number on the product page, and importing it from cart.ts took the whole of zod there with it.

/** The most pairs of one product in one size that a cart line or an order line may hold. */
export const MAX_LINE_QUANTITY = 10;
