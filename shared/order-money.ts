// An order's money beyond its pairs: the discount an offer or a code took off (issue 51), the
// cash-on-delivery fee an owner's rule added, the advance it asked (issue 50), and what is left for the
// rider to collect. One wording for the mails, the
// packing slips and the pages, so the customer, the owner and the rider read the same sums.
import { formatRs } from "./money.ts";
import type { Order } from "./orders.ts";

type MoneyOrder = Pick<Order, "totalAmount" | "codFee" | "advance" | "dueOnDelivery" | "discount">;

export interface MoneyLine {
  label: string;
  amount: number;
  /** Taken off the total (a discount): written with a minus sign. */
  deducted?: true;
  /** Where the advance stands, in the reader's words; none for the other lines. */
  note?: string;
}

/** The customer reads what to do; the shop reads what to check. */
export type MoneyReader = "customer" | "shop";

export const ORDER_MONEY_LABELS = {
  discount: "Discount",
  codFee: "Cash-on-delivery fee",
  advance: "Advance",
  due: "To pay on delivery",
} as const;

const ADVANCE_NOTES: Record<MoneyReader, Record<"paid" | "checking" | "due", string>> = {
  customer: {
    paid: "paid",
    checking: "your receipt is being checked",
    due: "due before we prepare your order",
  },
  shop: { paid: "paid", checking: "receipt to check", due: "not paid yet" },
};

function advanceNote(advance: NonNullable<Order["advance"]>, reader: MoneyReader): string {
  const notes = ADVANCE_NOTES[reader];
  if (advance.paidAt !== null) return notes.paid;
  return advance.receiptWaiting ? notes.checking : notes.due;
}

/** 'Discount (Code EID500)', taken off inside the total. None for an order without one. */
export function discountLines(order: Pick<Order, "discount">): MoneyLine[] {
  const { discount } = order;
  if (!discount || discount.amount <= 0) return [];
  return [{ label: `${ORDER_MONEY_LABELS.discount} (${discount.label})`, amount: discount.amount, deducted: true }];
}

/** The discount and the fee, inside the total: written before the total. None for an order without them. */
export function codFeeLines(order: MoneyOrder): MoneyLine[] {
  return [
    ...discountLines(order),
    ...(order.codFee > 0 ? [{ label: ORDER_MONEY_LABELS.codFee, amount: order.codFee }] : []),
  ];
}

/**
 * The advance and what is left for the door: written after the total. None for an order without an
 * advance, whose total is what the rider collects (so its mails and slips read as they always did).
 */
export function advanceLines(order: MoneyOrder, reader: MoneyReader = "customer"): MoneyLine[] {
  if (!order.advance) return [];
  return [
    { label: ORDER_MONEY_LABELS.advance, amount: order.advance.amount, note: advanceNote(order.advance, reader) },
    { label: ORDER_MONEY_LABELS.due, amount: order.dueOnDelivery },
  ];
}

/** Every money line of an order beyond its total, the discount and fee first: [] for a plain cash-on-delivery order. */
export function orderMoneyLines(order: MoneyOrder, reader: MoneyReader = "customer"): MoneyLine[] {
  return [...codFeeLines(order), ...advanceLines(order, reader)];
}

/** The fee and the advance without the amount for the door: for a text that says that amount its own way. */
export function feeAndAdvanceLines(order: MoneyOrder, reader: MoneyReader = "customer"): MoneyLine[] {
  return orderMoneyLines(order, reader).filter((line) => line.label !== ORDER_MONEY_LABELS.due);
}

/** 'Advance: Rs.1,000 (paid)', 'Cash-on-delivery fee: Rs.150'. */
export function moneyLineText(line: MoneyLine): string {
  return `${line.label}: ${line.deducted ? "-" : ""}${formatRs(line.amount)}${line.note ? ` (${line.note})` : ""}`;
}

/**
 * The confirmed mail's line for an order whose advance is in: not only 'keep the cash ready', but
 * that the advance arrived and what is left for the door. Undefined for an order without a paid one.
 */
export function advanceReceivedLine(order: MoneyOrder): string | undefined {
  if (!order.advance || order.advance.paidAt === null) return undefined;
  const due =
    order.dueOnDelivery > 0
      ? `please keep ${formatRs(order.dueOnDelivery)} ready to pay on delivery.`
      : "there is nothing more to pay on delivery.";
  return `We have received your advance of ${formatRs(order.advance.amount)} and confirmed your order. Our rider will bring it to you soon; ${due}`;
}
