// The order summary the cart page, its checkout and the server all compute (docs/product.md section 9),
// without zod: the cart page imports it, and the cart's request schemas (shared/cart.ts, which
// re-exports it for the server) would bring zod's 25 KB to its first load (issue 54, decision 045).

export interface SummaryLine {
  price: number;
  discountPrice: number;
  quantity: number;
}

export interface OrderSummary {
  subtotal: number;
  savings: number;
  delivery: number;
  total: number;
}

export const DELIVERY_CHARGE = 0;

/** docs/product.md section 9: Subtotal at full price, Savings from discounts, Total at discount prices. */
export function orderSummary(lines: readonly SummaryLine[]): OrderSummary {
  let subtotal = 0;
  let total = 0;
  for (const line of lines) {
    subtotal += line.price * line.quantity;
    total += line.discountPrice * line.quantity;
  }
  return { subtotal, savings: subtotal - total, delivery: DELIVERY_CHARGE, total: total + DELIVERY_CHARGE };
}
