// What the web checkout says while the shop cannot take an order for now, and what the cart says of
// an order placed with its key whose answer never reached the page (issue 45; docs/product.md
// sections 4 and 8).
import { orderNumber } from "./order-words.ts";

export const CHECKOUT_TEXTS = {
  /** Between the tries of a checkout the shop answered "not now" (app/lib/retry-busy.ts). */
  stillTrying: "The shop is busy for a moment; still trying to place your order…",
  /** After about 30 s of tries: nothing more is sent, the cart is as it was. */
  gaveUp:
    "We could not place your order: the shop is still busy. Your cart is kept, so you can try again in a minute; your order will never be placed twice.",
  trackIt: "Track it",
} as const;

/** The cart's note of an order its checkout placed while the answer was lost ('Your order #71B886C4 was placed.'). */
export const orderPlacedText = (orderId: string): string => `Your order ${orderNumber(orderId)} was placed.`;
