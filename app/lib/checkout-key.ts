// The checkout's Idempotency-Key belongs to the cart (issue 45): it is kept in localStorage next to
// the cart (`cartCheckout`), so every try, every press and every reload of the same cart sends the
// same key, and the shop places at most one order for it. A cart whose contents changed is another
// order and gets a new key; an order that succeeded ends the key. A key that was sent and whose
// answer never arrived (a 503 while the database stopped, a dropped connection) may have placed an
// order: the shop is asked (GET /api/orders/by-key) before the key is given up, and the order it
// placed is what the cart then names ("Your order #… was placed. Track it"), until it is opened.
import type { OrderPlacedWithKey } from "#shared/orders.ts";
import { api } from "./api-client.ts";
import type { StoredCartLine } from "./cart-store.ts";
import { createLocalStore } from "./local-store.ts";

export interface CartCheckout {
  /** The Idempotency-Key of this cart's checkout, or null until one is started. */
  key: string | null;
  /** The cart's contents the key was made for (cartContents). */
  cart: string;
  /** Sent at least once with no answer seen that settles it: it may have placed an order. */
  sent: boolean;
  /** An order placed with an earlier key whose answer the customer never saw. */
  unseenOrderId: string | null;
}

const NONE: CartCheckout = { key: null, cart: "", sent: false, unseenOrderId: null };

const parseCheckout = (raw: string): CartCheckout | undefined => {
  const value = JSON.parse(raw) as Partial<CartCheckout> | null;
  if (!value || typeof value.cart !== "string") return undefined;
  return {
    key: typeof value.key === "string" ? value.key : null,
    cart: value.cart,
    sent: value.sent === true,
    unseenOrderId: typeof value.unseenOrderId === "string" ? value.unseenOrderId : null,
  };
};

export const cartCheckoutStore = createLocalStore<CartCheckout>("cartCheckout", NONE, parseCheckout);

/** The unseen order the cart names, or null. */
export const useUnseenOrder = (): string | null => cartCheckoutStore.use().unseenOrderId;

/** What the order is made of: product, size and quantity of each line, in a fixed order. */
export function cartContents(lines: readonly Pick<StoredCartLine, "productId" | "size" | "quantity">[]): string {
  return lines
    .map((line) => `${line.productId.toLowerCase()}:${line.size}x${line.quantity}`)
    .sort()
    .join(",");
}

/** The order a key placed: its id, null when it placed none, undefined when the shop could not say. */
export async function orderPlacedWith(token: string, key: string): Promise<string | null | undefined> {
  const response = await api<OrderPlacedWithKey>("/api/orders/by-key", {
    auth: token,
    headers: { "Idempotency-Key": key },
  });
  if (!response.ok) return undefined;
  return response.body.order?._id ?? null;
}

/** The key's order is known: the key is spent, and the cart names the order until it is opened. */
export function keyPlacedOrder(orderId: string): void {
  cartCheckoutStore.set({ ...NONE, unseenOrderId: orderId });
}

/**
 * The key for checking out these lines: the same as before while the contents are the same. For new
 * contents, a key that was sent is first asked about: when it placed an order, that order is the
 * answer (`placed`) and nothing is to be sent; when the shop cannot say, the old key is kept, and the
 * shop refuses it (422) if it did place an order. Otherwise a new key.
 */
export async function checkoutKeyFor(
  lines: readonly StoredCartLine[],
  token: string,
): Promise<{ key: string } | { placed: string }> {
  const contents = cartContents(lines);
  const current = cartCheckoutStore.get();
  if (current.key !== null && current.cart === contents) return { key: current.key };
  if (current.key !== null && current.sent) {
    const placed = await orderPlacedWith(token, current.key);
    if (placed === undefined) return { key: current.key };
    if (placed !== null) {
      keyPlacedOrder(placed);
      return { placed };
    }
  }
  const key = crypto.randomUUID();
  cartCheckoutStore.set({ ...cartCheckoutStore.get(), key, cart: contents, sent: false });
  return { key };
}

/** Just before a key is sent: from now on it may place an order whatever answer comes back. */
export function markKeySent(key: string): void {
  const current = cartCheckoutStore.get();
  if (current.key === key && !current.sent) cartCheckoutStore.set({ ...current, sent: true });
}

/** The customer saw the order (the success page): the next cart starts with no key. */
export function orderSeen(): void {
  cartCheckoutStore.remove();
}

/** The customer opened the unseen order: the cart stops naming it; a key of the cart's stays. */
export function unseenOrderOpened(): void {
  cartCheckoutStore.set({ ...cartCheckoutStore.get(), unseenOrderId: null });
}

/**
 * When the cart opens: a key that was sent and never settled is asked about, so a cart emptied by
 * an order the customer did not see says so (and a later checkout starts with a new key).
 */
export async function settleSentKey(token: string): Promise<void> {
  const { key, sent } = cartCheckoutStore.get();
  if (key === null || !sent) return;
  const placed = await orderPlacedWith(token, key);
  // Still the same key (no checkout started meanwhile) and it placed an order.
  if (placed && cartCheckoutStore.get().key === key) keyPlacedOrder(placed);
}
