// [Ours] What an owner's rule adds to a cart's money at checkout (issue 50): a cash-on-delivery fee
// inside the total, and an advance paid before the order is prepared, the rest on delivery, as
// POST /api/orders/check answered them. One reckoning for the checkout with and without scripts, so
// the total the page shows is the total the order statement accepts (server/orders/place-order.ts);
// a placed order's lines are shared/order-money.ts's.
import { ORDER_MONEY_LABELS } from "./order-money.ts";

/** The checkout's rows: the placed order's labels (order-money.ts), the advance said with when it is due. */
export const ORDER_CHARGE_TEXTS = {
  codFee: ORDER_MONEY_LABELS.codFee,
  total: "Total Amount",
  advance: `${ORDER_MONEY_LABELS.advance} (before we prepare it)`,
  dueOnDelivery: ORDER_MONEY_LABELS.due,
} as const;

export interface OrderCharges {
  /** What an offer or a code takes off (issue 51), 0 for nothing. */
  discount: number;
  codFee: number;
  /** With the fee: what POST /api/orders is sent as totalAmount. */
  total: number;
  /** 0 when no rule asks one. */
  advance: number;
  dueOnDelivery: number;
}

/**
 * The charges on a cart whose lines and delivery come to `itemsTotal`, given what /api/orders/check
 * answered (null before it answers): the discount is taken off, the fee is added; the advance is
 * never more than the total. The server answers the check from this same function
 * (server/orders/order-rules.ts), and the order statement adds the same sums in SQL.
 */
export function orderCharges(
  itemsTotal: number,
  rules: { codFee: number; advance: number; discount?: { amount: number } | null } | null,
): OrderCharges {
  const discount = Math.min(rules?.discount?.amount ?? 0, itemsTotal);
  const codFee = rules?.codFee ?? 0;
  const total = itemsTotal - discount + codFee;
  const advance = Math.min(rules?.advance ?? 0, total);
  return { discount, codFee, total, advance, dueOnDelivery: total - advance };
}

/** Whether a rule or a discount touched the money at all: the plain total is then all there is to say. */
export const hasCharges = (charges: OrderCharges) => charges.codFee > 0 || charges.advance > 0 || charges.discount > 0;
