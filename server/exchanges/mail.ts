// The mails of an exchange: to the customer when it is asked, approved, refused or expired (to the
// account's own e-mail, as every customer mail, the name only once it is proven), and to the shop
// when one is asked.
import { type AdminExchange, differenceLine, EXCHANGE_REASON_LABELS } from "#shared/exchanges.ts";
import { orderNumber } from "#shared/orders.ts";
import { SHOP_NAME } from "#shared/shop.ts";
import { escapeHtml } from "../mail/html.ts";
import type { Mail } from "../mail/mailer.ts";
import type { ShopContact } from "../mail/order-contact.ts";
import { orderContactHtml, orderContactText } from "../mail/order-contact.ts";
import { dearLine } from "../mail/recipient.ts";

export type ExchangeNews = "requested" | "approved" | "refused" | "expired";

function pairLine(e: AdminExchange): string {
  return `${e.product.name}: size ${e.size} for size ${e.wantedSize} (${EXCHANGE_REASON_LABELS[e.reason].toLowerCase()}).`;
}

function newsLines(news: ExchangeNews, e: AdminExchange): { subject: string; lines: string[] } {
  switch (news) {
    case "requested":
      return {
        subject: "we received your exchange request",
        lines: ["We received your exchange request and keep the new pair for you while we look at it."],
      };
    case "approved": {
      const difference = differenceLine(e.priceDifference);
      return {
        subject: "your exchange is approved",
        lines: [
          // Not "our rider": the new parcel may go with a courier such as TCS, chosen only at dispatch (issue 46).
          "Your exchange is approved. We will send the new pair; please hand the old pair to the rider or courier who brings it.",
          ...(difference ? [difference] : []),
          ...(e.ownerMessage ? [`From the shop: ${e.ownerMessage}`] : []),
          "You can follow the new parcel on Track Your Order.",
        ],
      };
    }
    case "refused":
      return {
        subject: "about your exchange request",
        lines: [
          "We are sorry: we cannot exchange this pair.",
          ...(e.ownerMessage ? [`From the shop: ${e.ownerMessage}`] : []),
        ],
      };
    case "expired":
      return {
        subject: "about your exchange request",
        lines: [
          "We did not answer your exchange request in time, so it has lapsed. Please write to us and we will help.",
        ],
      };
  }
}

export function exchangeMail(news: ExchangeNews, e: AdminExchange, shop: ShopContact): Mail {
  const ref = orderNumber(e.orderId);
  const { subject, lines } = newsLines(news, e);
  const body = [`Order ${ref}: ${pairLine(e)}`, ...lines];
  const dear = dearLine({ to: e.customer.email, proven: e.customer.emailVerified }, e.customer.name);
  const text = [dear, "", ...body, "", orderContactText(shop, e.orderId)].join("\n");
  const html =
    `<p>${escapeHtml(dear)}</p>` +
    body.map((line) => `<p>${escapeHtml(line)}</p>`).join("") +
    orderContactHtml(shop, e.orderId);
  return { to: e.customer.email, subject: `${SHOP_NAME}, order ${ref}: ${subject}`, text, html };
}

/** The shop's alert: a new request to answer, with a link to it. */
export function exchangeAlertMail(e: AdminExchange, to: string, publicUrl: string): Mail {
  const ref = orderNumber(e.orderId);
  const link = `${publicUrl}/admin/exchanges/${e._id}`;
  const lines = [
    `${e.customer.name} (${e.customer.phone}) asks to exchange a pair of order ${ref}.`,
    pairLine(e),
    ...(e.note ? [`Their note: ${e.note}`] : []),
    `${e.photoCount} photo${e.photoCount === 1 ? "" : "s"}. The new pair is held for them until you answer.`,
  ];
  return {
    to,
    subject: `Exchange request for order ${ref}`,
    text: [...lines, "", `Answer it: ${link}`].join("\n"),
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p><a href="${escapeHtml(link)}">Answer it in the admin</a></p>`,
  };
}
