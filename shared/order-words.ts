// The order's words (docs/product.md sections 3, 5 and 9), without zod: the cart, its checkout and
// Track Your Order import them, and the schemas beside them (shared/orders.ts, which re-exports them
// for the server) would bring zod's 25 KB to those pages' first load (issue 54, decision 045).

export const MAX_ORDER_LINES = 20;
export const DELIVERY_CITY = "Karachi";

export const ORDER_MESSAGES = {
  invalidEmail: "Please enter a valid email address.",
  karachiOnly: "Sorry, we deliver in Karachi only. Please enter Karachi as the city.",
  pakistanOnly: "Sorry, we deliver in Karachi, Pakistan only. Please enter Pakistan as the country.",
  invalidPhone: "Please enter your phone number as a Pakistani mobile number, like 0300 1234567 or +92 300 1234567.",
  fullName: "Please enter your full name.",
  addressLine: "Please enter your address: house or flat, street and block.",
  /** [Spec] The hint suggests a famous place nearby; [Ours] it has a field of its own, Nearby landmark (issue 46). */
  addressHint:
    "House or flat, street and block. Add a famous place nearby under Nearby landmark, so our rider finds you easily.",
  area: "Please choose your area from the list of Karachi areas.",
  areaRequired: "Please choose your area, so our rider finds you.",
  landmark: "The nearby landmark can be at most 100 characters.",
  noItems: "Your cart is empty: add at least one pair before checking out.",
  tooManyLines: `An order can have at most ${MAX_ORDER_LINES} lines.`,
  notYourAccount: "You can only place orders for your own account.",
  idempotencyReused: "This Idempotency-Key was already used for a different order. Use a new key for a new order.",
  idempotencyKey: "The Idempotency-Key header must be 1 to 100 printable characters.",
  /** A checkout that waited its bounded time for stock another order holds, or for a free slot (issue 34). */
  busyNotPlaced: "Many people are ordering right now, so your order was not placed. Please try again in a moment.",
  noOrders: "No orders found.",
  trackTitle: "Track Your Order",
  paymentMethod: "Cash on delivery",
} as const;

/**
 * Where a link to one of the customer's orders lands on Track Your Order (its card's id): the cart's
 * notice of an order just placed, the exchanges and a hosted payment's return all point there. Here,
 * beside the order's number, because every page that links to an order already loads this module;
 * from the exchange list, it brought that list and its words into the cart's first load (decision 054).
 */
export const orderAnchor = (orderId: string) => `order-${orderId}`;

/** The order number a customer reads out on the phone, the same on every page and mail: '#71B886C4'. */
export function orderNumber(orderId: string): string {
  return `#${orderId.slice(0, 8).toUpperCase()}`;
}
