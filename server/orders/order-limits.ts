// What one customer may hold open on cash on delivery (docs/architecture.md section 3): fake orders cost the
// shop riders and hold its stock, so a customer holds at most `openOrders` pending or confirmed
// orders and `openPairs` pairs on them (MAX_OPEN_ORDERS, MAX_OPEN_PAIRS), and one the owner blocked
// orders nothing, nor does an order to a phone or address on the owner's block list. Checked inside
// the order's transaction, after the customer's own row is locked, so parallel orders of one
// customer queue there and each counts what the ones before it wrote.
import { and, eq, sql } from "drizzle-orm";
import { BLOCKED_ORDER_MESSAGES } from "#shared/block-list.ts";
import type { OrderLimitsAnswer } from "#shared/cart-limits.ts";
import type { Db } from "../db/client.ts";
import { orderLines, orders } from "../db/schema.ts";
import { OPEN_STATUS_LIST } from "../db/status-sql.ts";
import type { FirstStatement } from "../db/transaction.ts";
import { DomainError, forbidden, limitReached } from "../domain-errors.ts";
import type { ShopContact } from "../mail/order-contact.ts";

export interface OrderLimits {
  openOrders: number;
  openPairs: number;
}

export const DEFAULT_ORDER_LIMITS: OrderLimits = { openOrders: 3, openPairs: 10 };

/** Order statuses that hold stock and a rider's time: not yet delivered or cancelled. */
const reach = (shop: ShopContact) => `call or WhatsApp ${shop.phone} or write to ${shop.email}`;

export function blockedMessage(shop: ShopContact): string {
  return `Your account cannot place orders at the moment. Please contact the shop: ${reach(shop)}.`;
}

export function tooManyOrdersMessage(held: number, limits: OrderLimits, shop: ShopContact): string {
  return `You already have ${held} open order${held === 1 ? "" : "s"} waiting for delivery, the most one customer can hold at once (${limits.openOrders}). You can order again once one is delivered; to change or add to an order, please ${reach(shop)}.`;
}

export function tooManyPairsMessage(heldPairs: number, wanted: number, limits: OrderLimits, shop: ShopContact) {
  const room = Math.max(0, limits.openPairs - heldPairs);
  const held = heldPairs === 0 ? "" : ` You already have ${heldPairs} on open orders, so you can add ${room} more.`;
  return `One customer can have at most ${limits.openPairs} pairs on open orders at once; this order has ${wanted}.${held} For a bigger order, please ${reach(shop)}.`;
}

/**
 * Locks the customer's row for the rest of the transaction: the first statement of an order's
 * transaction (it travels with the BEGIN, server/db/transaction.ts). Every order of this customer
 * waits here for the one before it to commit or roll back, so what it counts next (in its own,
 * later statement) includes that order.
 */
export const lockCustomer = (userId: string): FirstStatement => ({
  text: "select blocked_at is not null as blocked from users where id = $uuid for update",
  uuid: userId,
});

/** Refuses a blocked customer (forbidden), from what lockCustomer read. */
export function refuseBlocked(locked: readonly { blocked: boolean }[], shop: ShopContact): void {
  const [row] = locked;
  if (!row || row.blocked) throw forbidden(blockedMessage(shop));
}

/**
 * Refuses (forbidden) an order to a phone or an address on the owner's block list, from what the order
 * statement read. The customer reads that the shop cannot take it and how to reach the shop, under
 * the field concerned; never the owner's reason.
 */
export function refuseBlockedContact(blocked: { phone: boolean; address: boolean }, shop: ShopContact): void {
  const kind = blocked.phone ? "phone" : blocked.address ? "address" : undefined;
  if (kind === undefined) return;
  const message = `${BLOCKED_ORDER_MESSAGES[kind]} Please contact us: ${reach(shop)}.`;
  const field = kind === "phone" ? "shippingAddress.phoneNumber" : "shippingAddress.addressLine";
  throw new DomainError("forbidden", message, { fields: { [field]: message } });
}

/** Refuses (limit-reached) an order that would take the customer past either limit. */
export function checkOpenLimits(
  held: { orders: number; pairs: number },
  wantedPairs: number,
  limits: OrderLimits,
  shop: ShopContact,
): void {
  if (held.orders >= limits.openOrders) throw limitReached(tooManyOrdersMessage(held.orders, limits, shop));
  if (held.pairs + wantedPairs > limits.openPairs) {
    throw limitReached(tooManyPairsMessage(held.pairs, wantedPairs, limits, shop));
  }
}

/**
 * The limits and what the customer holds open now, for the cart to tell before checkout (issue 29).
 * Read outside any lock: a guide for the customer; Place Order counts again under the lock.
 */
export async function orderLimitsOf(db: Db, userId: string, limits: OrderLimits): Promise<OrderLimitsAnswer> {
  const [held] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      pairs: sql<number>`coalesce(sum((select sum(${orderLines.quantity}) from ${orderLines}
        where ${orderLines.orderId} = ${orders.id})), 0)::int`,
    })
    .from(orders)
    // The statuses as literals, as the partial index orders_user_open_idx names them.
    .where(and(eq(orders.userId, userId), sql`${orders.status} in ${OPEN_STATUS_LIST}`));
  return {
    maxOpenOrders: limits.openOrders,
    maxOpenPairs: limits.openPairs,
    openOrders: held?.orders ?? 0,
    openPairs: held?.pairs ?? 0,
  };
}
