// 'Out for delivery' (issue 53): a courier's status that the rider has the parcel today (Leopards'
// "Assign to Courier", TCS's "Out For Delivery", PostEx's "Out For Delivery" or "Delivery En-Route",
// Trax's "Shipment - Out for Delivery", M&P's words; server/couriers/api/*-statuses.ts) changes
// nothing for the order but tells the customer, once per parcel, the cash to keep ready: the mail to
// the account's own e-mail, and the WhatsApp template when the shop has it (parcel-whatsapp.ts).
// Once: parcels.out_for_delivery_at is set by a conditional update in the import's transaction, the
// same one that queues the messages, so a second sync, a second instance or another file with the
// same word finds it set and tells nobody. No HTTP here.
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { formatRs } from "#shared/money.ts";
import { type Order, orderNumber } from "#shared/orders.ts";
import { SHOP_NAME } from "#shared/shop.ts";
import type { Db } from "../db/client.ts";
import { mailOutbox, parcels } from "../db/schema.ts";
import { escapeHtml } from "../mail/html.ts";
import type { Mail } from "../mail/mailer.ts";
import { orderContactHtml, orderContactText, type ShopContact } from "../mail/order-contact.ts";
import { queueMails } from "../mail/queue.ts";
import { dearLine, type Recipient } from "../mail/recipient.ts";
import { customerRecipient, stopWhatsAppHtml, stopWhatsAppText } from "../orders/life/status-mail.ts";
import { loadOrder } from "../orders/service.ts";
import { stopLinkFor, type UpdateLinks } from "../whatsapp/opt-outs.ts";

/** Tells the customer in the caller's transaction; false when this parcel's customer was told already. */
export type TellOutForDelivery = (tx: Db, orderId: string) => Promise<boolean>;

/** The orders of this courier's parcels whose customer was told already (plan-status.ts reads them). */
export async function toldOutForDelivery(db: Db, courierId: string): Promise<Set<string>> {
  const rows = await db
    .select({ orderId: parcels.orderId })
    .from(parcels)
    .where(and(eq(parcels.courierId, courierId), isNotNull(parcels.outForDeliveryAt)));
  return new Set(rows.map((r) => r.orderId));
}

/**
 * The cash for the door as the shop writes money ('Rs.4,490', shared/money.ts): the order's
 * `dueOnDelivery`, the total less a paid advance (shared/order-money.ts, docs/product.md section 8).
 */
export const cashLine = (due: number) =>
  due > 0 ? `Please keep ${formatRs(due)} ready for the rider.` : "There is nothing to pay the rider.";

/**
 * The mail: carries the shop's words, the courier, the amount and the links, nothing typed into
 * the order unless the address is proven (the greeting only).
 */
export function outForDeliveryMail(
  order: Order,
  recipient: Recipient,
  shop: ShopContact,
  links: { publicUrl: string; stopWhatsApp: string | null },
): Mail {
  const ref = orderNumber(order._id);
  const parcel = order.parcel;
  const who = parcel && !parcel.ownRider ? `${parcel.courier}'s rider` : "Our rider";
  const news = `${who} is bringing your order ${ref} today.`;
  const cash = cashLine(order.dueOnDelivery);
  const trackUrl = `${links.publicUrl}/TrackOrder`;
  const follow = parcel?.trackingUrl ? [`Follow it at ${parcel.trackingUrl}`] : [];
  const stop = links.stopWhatsApp ? [stopWhatsAppText(links.stopWhatsApp)] : [];
  const text = [
    dearLine(recipient, order.shippingAddress.fullName),
    "",
    news,
    cash,
    ...follow,
    `Track Your Order: ${trackUrl}`,
    "",
    ...stop,
    orderContactText(shop, order._id),
  ].join("\n");
  const link = (url: string, label: string) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
  const html =
    `<p>${escapeHtml(dearLine(recipient, order.shippingAddress.fullName))}</p>` +
    `<p>${escapeHtml(news)}<br><strong>${escapeHtml(cash)}</strong></p>` +
    `<p>${parcel?.trackingUrl ? `${link(parcel.trackingUrl, "Follow your parcel")} · ` : ""}${link(trackUrl, "Track Your Order")}</p>` +
    (links.stopWhatsApp ? stopWhatsAppHtml(links.stopWhatsApp) : "") +
    orderContactHtml(shop, order._id);
  return { to: recipient.to, subject: `Your order ${ref} at ${SHOP_NAME} is out for delivery`, text, html };
}

export function outForDeliveryTeller(deps: {
  shop: ShopContact;
  publicUrl: string;
  /** Set when the shop has WhatsApp: the message goes there too, and the mail (to a mobile) says how to stop it. */
  updateLinks: UpdateLinks | undefined;
}): TellOutForDelivery {
  return async (tx, orderId) => {
    const marked = await tx
      .update(parcels)
      .set({ outForDeliveryAt: sql`now()` })
      .where(and(eq(parcels.orderId, orderId), isNull(parcels.outForDeliveryAt)))
      .returning({ orderId: parcels.orderId });
    if (marked.length === 0) return false;
    const order = await loadOrder(tx, orderId);
    const recipient = await customerRecipient(tx, orderId);
    if (!order || !recipient) return true;
    // The stop link only where there is something to stop: a shop with WhatsApp, an order to a mobile.
    const stopWhatsApp = await stopLinkFor(deps.updateLinks, { orderId, phone: order.shippingAddress.phoneNumber }, tx);
    await queueMails(tx, [
      outForDeliveryMail(order, recipient, deps.shop, { publicUrl: deps.publicUrl, stopWhatsApp }),
    ]);
    if (deps.updateLinks) await tx.insert(mailOutbox).values({ kind: "whatsapp_out_for_delivery", orderId });
    return true;
  };
}
