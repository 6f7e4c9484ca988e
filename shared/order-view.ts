// How an order reads to its customer on the success page, the mailed link's page (/confirm-order) and
// Track Your Order (docs/product.md section 2), and the address lines every message writes.
import { deliveryLines } from "./area-words.ts";
import type { OrderParcel } from "./couriers.ts";
import { formatRs } from "./money.ts";
import { ORDER_LIFE, type OrderStatus } from "./order-life.ts";
import type { Order } from "./orders.ts";

export const ORDER_VIEW_TEXTS = {
  /** The region holding the order's summary on the success and link pages. */
  orderDetails: "Order details",
  payOnDelivery: "To pay on delivery",
  paidOnDelivery: "Paid on delivery",
  cancelledTotal: "Order total",
  /** Beside the amount for the door of an order with an advance (issue 50). */
  orderTotal: "Order total",
  /** An exchange's own order (the replacement pair): what it is, instead of 'To pay on delivery Rs.0' (issue 46). */
  exchangeNothingToPay: "Exchange: nothing to pay",
  exchangeToPay: "Exchange: the difference to pay on delivery",
  exchangePaid: "Exchange: the difference, paid on delivery",
  exchangeNote: "The replacement pair; delivery in Karachi is free.",
  nothingToPay: "Cancelled: nothing to pay.",
  nothingOwed: "Nothing is owed.",
  trackingNumber: "Tracking number",
  trackOnSite: "Follow it on the courier's site",
  lost: "We are sorry: the courier lost your parcel. Nothing is owed; we will call you to send it again.",
  damaged: "We are sorry: your parcel was damaged on the way. Nothing is owed; we will call you to send it again.",
  deliverTo: "Delivery address",
  statusHistory: "Status history",
  /** The question the cancel button asks first, in a dialog. */
  cancelQuestion: "Cancel this order?",
  cancelWarning: "Nothing will be delivered and the shoes go back on sale.",
  keepOrder: "No, keep my order",
  cancelYes: "Yes, cancel it",
  loadingOrder: "Loading your order…",
  signInToSee: "to see your order and confirm it.",
  /** The link's page: "Your order #71B886C4", or this when the link cannot be used. */
  linkTitle: "Your order",
  deadLinkTitle: "Order confirmation",
  /** The link's form reached the server as a plain post: React never took it (decision 015). */
  notLoaded: "The page had not finished loading, so nothing was sent. Please press the button once more.",
} as const;

/** Each step of the status history as the customer reads it: the first is when it was placed. */
export function stepLabel(status: OrderStatus): string {
  return ORDER_LIFE[status].step;
}

/** Under the confirm and cancel buttons, while the shop waits for the customer. */
export function cancelsByLine(when: string): string {
  return `If we do not hear from you by ${when} (Karachi time), this order is cancelled.`;
}

/**
 * Who carries the parcel, in its order's tense: a dispatched one 'On its way with TCS.' or 'Our rider
 * Imran (0321…) is bringing it.'; a delivered one 'Delivered by TCS.' (issue 46: it said 'On its way');
 * one that came back or went astray only 'Sent with TCS.'.
 */
export function carrierLine(parcel: OrderParcel, status: OrderStatus): string {
  const rider = parcel.rider?.name ? `our rider ${parcel.rider.name}` : "our rider";
  if (status === "delivered") return `Delivered by ${parcel.ownRider ? rider : parcel.courier}.`;
  if (status !== "dispatched") return `Sent with ${parcel.ownRider ? rider : parcel.courier}.`;
  if (!parcel.ownRider) return `On its way with ${parcel.courier}.`;
  const who = parcel.rider?.name ? `Our rider ${parcel.rider.name}` : "Our rider";
  return `${who}${parcel.rider?.phone ? ` (${parcel.rider.phone})` : ""} is bringing it.`;
}

/** Under a dispatched order's courier: whoever brings it collects the cash. */
export function cashReadyLine(totalAmount: number): string {
  // An exchange's new pair, with no difference to pay (issue 33).
  if (totalAmount === 0) return "There is nothing to pay.";
  return `Please keep ${formatRs(totalAmount)} ready for whoever brings it.`;
}

/** What to do next once the order is confirmed: have the cash ready for the rider. */
export function riderLine(totalAmount: number): string {
  if (totalAmount === 0) return "Our rider will bring it to you. There is nothing to pay.";
  return `Our rider will bring it to you. Please keep ${formatRs(totalAmount)} ready.`;
}

/** The delivery address as every page and message writes it, one line each (area and landmark when given). */
export function addressLines(a: Order["shippingAddress"]): string[] {
  return [a.fullName, ...deliveryLines(a), a.phoneNumber];
}
