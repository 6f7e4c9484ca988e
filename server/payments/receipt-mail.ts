// The mail a customer gets when the owner did not find their advance (issue 50): which receipt, the
// owner's reason, and until when another can be sent before the order lapses. Queued by the rejection
// in its own transaction (server/payments/receipts.ts). Its totals are not restated here: the lines of
// the amounts belong to the order's own mails.
import { type AdvanceReceipt, methodName } from "#shared/advance-receipts.ts";
import { formatRs } from "#shared/money.ts";
import { orderNumber } from "#shared/orders.ts";
import { SHOP_NAME, SHOP_TIME_ZONE } from "#shared/shop.ts";
import { escapeHtml } from "../mail/html.ts";
import type { Mail } from "../mail/mailer.ts";
import { orderContactHtml, orderContactText, type ShopContact } from "../mail/order-contact.ts";
import { dearLine, type Recipient } from "../mail/recipient.ts";

const karachiTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

export function receiptRejectedMail(news: {
  orderId: string;
  recipient: Recipient;
  name: string;
  amount: number;
  receipt: AdvanceReceipt;
  /** The owner's words: the shop's own, so they are said whether or not the address is proven. */
  reason: string;
  cancelsAt: Date | null;
  shop: ShopContact;
  publicUrl: string;
}): Mail {
  const ref = orderNumber(news.orderId);
  const sent = `${methodName(news.receipt.method)}${news.receipt.transactionId ? `, ${news.receipt.transactionId}` : ""}`;
  const trackUrl = `${news.publicUrl}/TrackOrder`;
  const body = [
    `We could not find your advance of ${formatRs(news.amount)} for order ${ref} (${sent}).`,
    `From the shop: ${news.reason}`,
    news.cancelsAt
      ? `Please send another receipt on Track Your Order by ${karachiTime.format(news.cancelsAt)}, or the order is cancelled.`
      : "Please send another receipt on Track Your Order.",
  ];
  const dear = dearLine(news.recipient, news.name);
  const text = [dear, "", ...body, `Track Your Order: ${trackUrl}`, "", orderContactText(news.shop, news.orderId)].join(
    "\n",
  );
  const html =
    `<p>${escapeHtml(dear)}</p>` +
    body.map((line) => `<p>${escapeHtml(line)}</p>`).join("") +
    `<p><a href="${escapeHtml(trackUrl)}">Track Your Order</a></p>` +
    orderContactHtml(news.shop, news.orderId);
  return { to: news.recipient.to, subject: `${SHOP_NAME}, order ${ref}: your advance was not found`, text, html };
}
