// What the customer is sent when the courier could not deliver (issue 49): a mail to the account's
// own e-mail, and, when the shop has WhatsApp, the owner's template. Both carry the signed link to
// the choice (/delivery-attempt?token=…) and say nothing typed into the order (name, address): the
// mail's address or the phone may not be proven (server/mail/recipient.ts), and the choice page asks
// for a new address rather than showing the old one. WhatsApp template parameters are Meta's
// (https://developers.facebook.com/docs/whatsapp/cloud-api/guides/send-message-templates).
import { formatRs } from "#shared/money.ts";
import { orderNumber } from "#shared/orders.ts";
import { pakistaniMobile } from "#shared/phone.ts";
import { SHOP_NAME, SHOP_TIME_ZONE } from "#shared/shop.ts";
import { escapeHtml } from "../../mail/html.ts";
import type { Mail } from "../../mail/mailer.ts";
import { orderContactHtml, orderContactText, type ShopContact } from "../../mail/order-contact.ts";
import { bodyTemplate, type TemplateMessage } from "../../whatsapp/graph.ts";

export interface AttemptNews {
  orderId: string;
  courier: string;
  /** The courier's words (and remark): why it could not deliver. */
  reason: string;
  returnBy: Date;
  /** What the rider collects at the door (the total less a paid advance, issue 50). */
  dueOnDelivery: number;
  /** The page the customer chooses on. */
  url: string;
}

const karachiMoment = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
});

/** 'Sat 5 Dec, 6:00 pm': when the parcel goes back unless the customer answers. */
export const returnMoment = (at: Date) => karachiMoment.format(at);

export function attemptMail(news: AttemptNews, to: string, shop: ShopContact): Mail {
  const ref = orderNumber(news.orderId);
  const lines = [
    "Dear customer,",
    "",
    `${news.courier} could not deliver your order ${ref} (${formatRs(news.dueOnDelivery)}, cash on delivery): ${news.reason}.`,
    `Please tell us what to do before ${returnMoment(news.returnBy)}, or the parcel goes back to us:`,
    "try again tomorrow, correct your address or phone, or cancel the order.",
    "",
    `Choose here: ${news.url}`,
    "",
    orderContactText(shop, news.orderId),
  ];
  const html =
    `<p>Dear customer,</p><p>${escapeHtml(lines[2] ?? "")}</p>` +
    `<p>${escapeHtml(lines[3] ?? "")} ${escapeHtml(lines[4] ?? "")}</p>` +
    `<p><a href="${escapeHtml(news.url)}">Tell us what to do with your parcel</a></p>` +
    orderContactHtml(shop, news.orderId);
  return { to, subject: `We could not deliver your order ${ref} at ${SHOP_NAME}`, text: lines.join("\n"), html };
}

/**
 * The template's body variables, in order: {{1}} the order number, {{2}} the courier, {{3}} its
 * reason, {{4}} when the parcel goes back, {{5}} the link. Meta allows no new line or tab in one.
 */
export function attemptTemplate(
  news: AttemptNews,
  phone: string,
  template: { name: string; language: string },
): TemplateMessage | undefined {
  const to = pakistaniMobile(phone);
  if (!to) return undefined;
  const clean = (text: string) => text.replace(/[\t\n\r]+/g, " ").slice(0, 180);
  const variables = [orderNumber(news.orderId), news.courier, news.reason, returnMoment(news.returnBy), news.url];
  return bodyTemplate(
    to,
    template,
    variables.map((text) => ({ type: "text" as const, text: clean(text) })),
  );
}
