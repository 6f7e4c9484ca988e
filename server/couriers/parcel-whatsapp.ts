// The parcel's way on WhatsApp (issue 53): the move that dispatched or delivered the order
// (server/orders/life/status-mail.ts) and the courier status that said it is out for delivery
// (out-for-delivery.ts) queued a row in mail_outbox in their own transactions; this drainer of the
// outbox (server/mail/outbox.ts: leased, retried with a back-off, once per row) sends each as the
// owner's utility template. Rows are claimed oldest first, so one parcel's steps go in order; a step
// the parcel has since passed (a dispatch told after the delivery, a send that failed for a day) is
// dropped, not sent late, and so is any step to a number that turned the updates off
// (server/whatsapp/opt-outs.ts). Variables carry only the shop's own words and values: the order
// number, the courier's name, the cash, the links and dates; never the name or address typed at
// checkout by someone whose phone is not proven. Template parameters are Meta's
// (https://developers.facebook.com/docs/whatsapp/cloud-api/guides/send-message-templates).
import { type Order, orderNumber } from "#shared/orders.ts";
import { mobileE164, pakistaniMobile } from "#shared/phone.ts";
import type { WhatsAppConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { type MailOutbox, type OutboxEntry, startOutbox } from "../mail/outbox.ts";
import { exchangeDeadline } from "../orders/exchange-deadline.ts";
import { karachiDay } from "../orders/life/status-mail.ts";
import { loadOrder } from "../orders/service.ts";
import { bodyTemplate, createGraphClient, type TemplateMessage, textParameter } from "../whatsapp/graph.ts";
import { type UpdateLinks, updatesStopped } from "../whatsapp/opt-outs.ts";
import { cashLine } from "./out-for-delivery.ts";

export const PARCEL_WHATSAPP_KINDS = [
  "whatsapp_parcel_dispatched",
  "whatsapp_out_for_delivery",
  "whatsapp_parcel_delivered",
] as const;
type ParcelKind = (typeof PARCEL_WHATSAPP_KINDS)[number];

/** The status the order must still be in for the step to be worth telling. */
const STILL: Record<ParcelKind, Order["status"]> = {
  whatsapp_parcel_dispatched: "dispatched",
  whatsapp_out_for_delivery: "dispatched",
  whatsapp_parcel_delivered: "delivered",
};

/** Its variables may be links with a signed token: longer than a confirmation's. */
const PARCEL_VARIABLE_MAX = 300;

export interface ParcelNews {
  kind: ParcelKind;
  order: Order;
  /** Track Your Order, where every step can be read. */
  trackUrl: string;
  /** The link that turns these messages off for the order's number. */
  stopUrl: string;
  /** The last day to ask for an exchange (delivered). */
  exchangeUntil?: Date | undefined;
}

/**
 * The body variables, in order:
 * - parcel_dispatched: {{1}} order number, {{2}} the courier, {{3}} where to follow it, {{4}} the cash, {{5}} the stop link;
 * - parcel_out_for_delivery: {{1}} order number, {{2}} the courier, {{3}} the cash ('Please keep Rs.4,490
 *   ready for the rider.'), {{4}} where to follow it, {{5}} the stop link;
 * - parcel_delivered: {{1}} order number, {{2}} the last day to ask for an exchange, {{3}} Track Your
 *   Order, {{4}} the stop link.
 */
export function parcelVariables(news: ParcelNews): string[] {
  const { order } = news;
  const ref = orderNumber(order._id);
  const parcel = order.parcel;
  const courier = parcel && !parcel.ownRider ? parcel.courier : "our rider";
  const follow = parcel?.trackingUrl ?? news.trackUrl;
  const cash = cashLine(order.dueOnDelivery);
  if (news.kind === "whatsapp_parcel_dispatched") return [ref, courier, follow, cash, news.stopUrl];
  if (news.kind === "whatsapp_out_for_delivery") return [ref, courier, cash, follow, news.stopUrl];
  const until = news.exchangeUntil ? karachiDay.format(news.exchangeUntil) : "the days our exchange policy gives";
  return [ref, until, news.trackUrl, news.stopUrl];
}

export function parcelTemplate(
  news: ParcelNews,
  template: { name: string; language: string },
): TemplateMessage | undefined {
  const to = pakistaniMobile(news.order.shippingAddress.phoneNumber);
  if (!to) return undefined;
  const parameters = parcelVariables(news).map((text) => textParameter(text, PARCEL_VARIABLE_MAX));
  return bodyTemplate(to, template, parameters);
}

export function startParcelWhatsApp(options: {
  db: Db;
  whatsapp: WhatsAppConfig;
  links: UpdateLinks;
  publicUrl: string;
  logError(error: unknown, message: string): void;
}): MailOutbox {
  const { db, whatsapp } = options;
  const graph = createGraphClient(whatsapp);
  const names: Record<ParcelKind, string> = {
    whatsapp_parcel_dispatched: whatsapp.parcelTemplates.dispatched,
    whatsapp_out_for_delivery: whatsapp.parcelTemplates.outForDelivery,
    whatsapp_parcel_delivered: whatsapp.parcelTemplates.delivered,
  };
  const isParcelKind = (kind: string): kind is ParcelKind =>
    (PARCEL_WHATSAPP_KINDS as readonly string[]).includes(kind);

  async function render(entries: OutboxEntry[]): Promise<Map<string, TemplateMessage>> {
    const messages = new Map<string, TemplateMessage>();
    for (const entry of entries) {
      if (!isParcelKind(entry.kind)) continue;
      const order = await loadOrder(db, entry.order_id);
      if (!order || order.status !== STILL[entry.kind]) continue;
      const phone = mobileE164(order.shippingAddress.phoneNumber);
      if (!phone || (await updatesStopped(db, phone))) continue;
      const exchangeUntil =
        entry.kind === "whatsapp_parcel_delivered" ? (await exchangeDeadline(db, order._id))?.until : undefined;
      const news: ParcelNews = {
        kind: entry.kind,
        order,
        trackUrl: `${options.publicUrl}/TrackOrder`,
        stopUrl: await options.links.urlFor(order._id),
        exchangeUntil,
      };
      const message = parcelTemplate(news, { name: names[entry.kind], language: whatsapp.templateLanguage });
      if (message) messages.set(entry.id, message);
    }
    return messages;
  }

  return startOutbox<TemplateMessage>({
    db,
    kinds: PARCEL_WHATSAPP_KINDS,
    noun: "WhatsApp message",
    render,
    // Meta's API takes no idempotency key: a message is settled alone right after its send instead.
    send: async (message) => {
      await graph.send(message);
    },
    logError: options.logError,
  });
}
