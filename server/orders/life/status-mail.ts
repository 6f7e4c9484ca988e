// The e-mail a customer gets when the shop moves their order (confirmed, dispatched with its courier
// and tracking link, delivered, cancelled, lost or damaged in transit), queued in the move's own
// transaction (moves.ts), so the mail is owed exactly when the move happened.

import { eq } from "drizzle-orm";
import type { OrderParcel } from "#shared/couriers.ts";
import { formatRs } from "#shared/money.ts";
import type { OrderStatus } from "#shared/order-life.ts";
import { advanceReceivedLine, feeAndAdvanceLines, moneyLineText } from "#shared/order-money.ts";
import { addressLines } from "#shared/order-view.ts";
import { type Order, orderNumber } from "#shared/orders.ts";
import { SHOP_NAME, SHOP_TIME_ZONE } from "#shared/shop.ts";
import type { Db } from "../../db/client.ts";
import { mailOutbox, orders, users } from "../../db/schema.ts";
import { escapeHtml } from "../../mail/html.ts";
import type { Mail } from "../../mail/mailer.ts";
import type { ShopContact } from "../../mail/order-contact.ts";
import { orderContactHtml, orderContactText } from "../../mail/order-contact.ts";
import { queueMails } from "../../mail/queue.ts";
import { dearLine, deliveryBlock, type Recipient } from "../../mail/recipient.ts";
import { stopLinkFor, type UpdateLinks } from "../../whatsapp/opt-outs.ts";
import { exchangeDeadline } from "../exchange-deadline.ts";
import { loadOrder } from "../service.ts";

// `withAddress`: the confirmed mail says where the rider is going (area and landmark included), so
// the customer can still correct it before the parcel leaves.
const NEWS: Partial<Record<OrderStatus, { subject: string; line: string; withAddress?: boolean }>> = {
  confirm: {
    subject: "is confirmed",
    line: "We have confirmed your order. Our rider will bring it to you soon; please keep the cash ready.",
    withAddress: true,
  },
  dispatched: { subject: "is on its way", line: "Your order is on its way." },
  delivered: { subject: "was delivered", line: "Your order was delivered. Thank you for shopping with us!" },
  lost: {
    subject: "was lost in transit",
    line: "We are sorry: the courier lost your parcel. Nothing is owed; we will call you to send it again.",
  },
  damaged: {
    subject: "was damaged in transit",
    line: "We are sorry: your parcel was damaged on the way. Nothing is owed; we will call you to send it again.",
  },
  cancelled: {
    subject: "was cancelled",
    line: "Your order was cancelled. Nothing is owed. If you did not expect this, please get in touch.",
  },
};

/** The day an exchange can still be asked for, as the customer reads it: '5 Dec 2026', Karachi time. */
export const karachiDay = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
});

/**
 * A delivered order's way to an exchange (issue 46: the mail gave no deadline and no link): the last
 * day, counted as the exchange itself counts it (server/exchanges/window.ts), and the page to ask on.
 */
function exchangeLine(until: Date | undefined): string {
  const by = until ? ` by ${karachiDay.format(until)}` : " within the days our exchange policy gives";
  return `Wrong size, or something wrong with a pair? Ask for an exchange from Track Your Order${by}.`;
}

/** 'Order #A1B2: 2 pairs' counts pairs, not lines: two of one shoe are two pairs (issue 46). */
export function pairsCount(items: readonly { quantity: number }[]): string {
  const pairs = items.reduce((sum, item) => sum + item.quantity, 0);
  return `${pairs} pair${pairs === 1 ? "" : "s"}`;
}

/**
 * Who brings it and how to follow it: the courier and its tracking page, or the shop's rider; and
 * the cash for the door, which is the total less a paid advance (issue 50).
 */
function parcelLines(parcel: OrderParcel, due: number): string[] {
  const carrier = parcel.ownRider
    ? [
        `Our rider${parcel.rider?.name ? ` ${parcel.rider.name}` : ""} is bringing it${parcel.rider?.phone ? ` (${parcel.rider.phone})` : ""}.`,
      ]
    : [`Courier: ${parcel.courier}, tracking number ${parcel.trackingNumber ?? "-"}.`];
  const follow = parcel.trackingUrl ? [`Follow it at ${parcel.trackingUrl}`] : [];
  const cash = due > 0 ? `Please keep ${formatRs(due)} ready for the rider.` : "There is nothing to pay the rider.";
  return [...carrier, ...follow, cash];
}

/**
 * The way to stop WhatsApp updates, in every parcel mail (dispatched, out for delivery, delivered)
 * when the shop has WhatsApp and the order's phone is a mobile (issue 53): text, and the HTML link.
 */
export const stopWhatsAppText = (url: string) => `To stop WhatsApp updates about your parcels: ${url}`;
export const stopWhatsAppHtml = (url: string) =>
  `<p><a href="${escapeHtml(url)}">Stop WhatsApp updates about your parcels</a></p>`;

/** The tracking address as a link in the HTML part; every other line as text. */
function linkified(line: string, url: string | null): string {
  if (!url || !line.endsWith(url)) return escapeHtml(line);
  return `${escapeHtml(line.slice(0, -url.length))}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
}

/**
 * Sent to the account's own e-mail, never to the checkout's, with what was typed into the order only
 * once that e-mail is proven (see orderConfirmationMail).
 *
 * A delivered order's mail says how to ask for an exchange (issue 33), with the policy's address;
 * `publicUrl` is the shop's own address for it. `stopWhatsApp`: the link that stops WhatsApp updates
 * to the order's number, given for a parcel's dispatch and delivery when the shop has WhatsApp.
 */
export function orderStatusMail(
  order: Order,
  recipient: Recipient,
  shop: ShopContact,
  publicUrl = "",
  exchangeUntil?: Date,
  stopWhatsApp: string | null = null,
): Mail | undefined {
  const news = NEWS[order.status];
  if (!news) return undefined;
  const ref = orderNumber(order._id);
  const dear = dearLine(recipient, order.shippingAddress.fullName);
  const contact = orderContactText(shop, order._id);
  const summary = [
    `Order ${ref}: ${pairsCount(order.items)}, total ${formatRs(order.totalAmount)}.`,
    ...feeAndAdvanceLines(order).map(moneyLineText),
  ];
  // Confirmed once the advance came in (the advancePaid move): the cash is not the whole total.
  const line = (order.status === "confirm" && advanceReceivedLine(order)) || news.line;
  const address = news.withAddress ? deliveryBlock(recipient, addressLines(order.shippingAddress)) : [];
  const delivery = address.length > 0 ? [...address, ""] : [];
  const parcel = order.status === "dispatched" && order.parcel ? parcelLines(order.parcel, order.dueOnDelivery) : [];
  const policyUrl = `${publicUrl}/exchange-policy`;
  const trackUrl = `${publicUrl}/TrackOrder`;
  const askLine = exchangeLine(exchangeUntil);
  const exchange =
    order.status === "delivered" ? [askLine, `Track Your Order: ${trackUrl}`, `Our exchange policy: ${policyUrl}`] : [];
  const stop = stopWhatsApp ? [stopWhatsAppText(stopWhatsApp)] : [];
  const text = [dear, "", line, ...parcel, ...exchange, "", ...summary, "", ...delivery, ...stop, contact].join("\n");
  const html =
    `<p>${escapeHtml(dear)}</p><p>${escapeHtml(line)}</p>` +
    (parcel.length > 0
      ? `<p>${parcel.map((line) => linkified(line, order.parcel?.trackingUrl ?? null)).join("<br>")}</p>`
      : "") +
    (exchange.length > 0
      ? `<p>${escapeHtml(askLine)} <a href="${escapeHtml(trackUrl)}">Track Your Order</a> · <a href="${escapeHtml(policyUrl)}">Our exchange policy</a></p>`
      : "") +
    `<p>${summary.map(escapeHtml).join("<br>")}</p>` +
    (address.length > 0 ? `<p>${address.map(escapeHtml).join("<br>")}</p>` : "") +
    (stopWhatsApp ? stopWhatsAppHtml(stopWhatsApp) : "") +
    orderContactHtml(shop, order._id);
  return { to: recipient.to, subject: `Your order ${ref} at ${SHOP_NAME} ${news.subject}`, text, html };
}

/** Queues the customer's mail of a move in the move's own transaction. */
export type TellCustomer = (tx: Db, orderId: string) => Promise<void>;

/**
 * Queues the mail of the order's new status (none for a status without one), as the order reads in
 * the move's transaction: to the account's own e-mail, with what was typed only once it is proven.
 */
export function statusMailTeller(deps: StatusMailDeps): TellCustomer {
  return async (tx, orderId) => {
    const order = await loadOrder(tx, orderId);
    const recipient = await customerRecipient(tx, orderId);
    if (!order || !recipient) return;
    const until = order.status === "delivered" ? (await exchangeDeadline(tx, orderId))?.until : undefined;
    // Issue 53: a parcel's dispatch and delivery go on WhatsApp too, in the same transaction, each
    // once (a move happens once); the drainer (server/couriers/parcel-whatsapp.ts) reads the order
    // when it sends, and skips a number that turned the updates off. Their mails say how to stop them.
    const kind = PARCEL_WHATSAPP_KINDS[order.status];
    const parcelStep = kind !== undefined && order.parcel !== null;
    const stopWhatsApp = parcelStep
      ? await stopLinkFor(deps.updateLinks, { orderId, phone: order.shippingAddress.phoneNumber }, tx)
      : null;
    const mail = orderStatusMail(order, recipient, deps.shop, deps.publicUrl, until, stopWhatsApp);
    if (mail) await queueMails(tx, [mail]);
    if (deps.updateLinks && kind && parcelStep) await tx.insert(mailOutbox).values({ kind, orderId });
  };
}

export interface StatusMailDeps {
  shop: ShopContact;
  publicUrl: string;
  /**
   * Set when the shop has WhatsApp: a parcel's steps go there too, and their mails carry the link
   * that stops them (issue 53).
   */
  updateLinks?: UpdateLinks | undefined;
}

/** The outbox kind of each parcel step told on WhatsApp by a move (out for delivery is no move). */
const PARCEL_WHATSAPP_KINDS: Partial<Record<OrderStatus, string>> = {
  dispatched: "whatsapp_parcel_dispatched",
  delivered: "whatsapp_parcel_delivered",
};

/** The order's account e-mail, and whether its owner proved it (server/mail/recipient.ts). */
export async function customerRecipient(tx: Db, orderId: string): Promise<Recipient | undefined> {
  const [customer] = await tx
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return customer && { to: customer.email, proven: customer.verifiedAt !== null };
}
