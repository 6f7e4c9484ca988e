// The confirmation's other mails: the one reminder, and the note that an unconfirmed order was
// cancelled. Like every customer mail, to the account's own e-mail, the name only once it is proven
// (server/mail/recipient.ts).
import { confirmationAsk, unansweredLine } from "#shared/confirmation.ts";
import { formatRs } from "#shared/money.ts";
import { feeAndAdvanceLines, moneyLineText } from "#shared/order-money.ts";
import { type Order, orderNumber } from "#shared/orders.ts";
import { SHOP_NAME } from "#shared/shop.ts";
import { escapeHtml } from "../mail/html.ts";
import type { Mail } from "../mail/mailer.ts";
import type { ShopContact } from "../mail/order-contact.ts";
import { orderContactHtml, orderContactText } from "../mail/order-contact.ts";
import { dearLine, type Recipient } from "../mail/recipient.ts";
import type { ConfirmRequest } from "./mail.ts";

const pairs = (order: Order) => order.items.map((item) => `${item.quantity} x ${item.name}, size ${item.size}`);

/** The fee and the advance before the amount for the door, when the order has them (issue 50). */
const moneyLines = (order: Order) => feeAndAdvanceLines(order).map(moneyLineText);

export function confirmReminderMail(
  order: Order,
  recipient: Recipient,
  shop: ShopContact,
  confirm: ConfirmRequest,
): Mail {
  const ref = orderNumber(order._id);
  const dear = dearLine(recipient, order.shippingAddress.fullName);
  const text = [
    dear,
    "",
    `Your order ${ref} at ${SHOP_NAME} is waiting for you: ${confirmationAsk(order).ask}`,
    ...pairs(order),
    ...moneyLines(order),
    `Amount to pay on delivery: ${formatRs(order.dueOnDelivery)}`,
    "",
    `${confirmationAsk(order).textLead}: ${confirm.url}`,
    unansweredLine(order, confirm.cancelAfterMinutes),
    "",
    orderContactText(shop, order._id),
  ].join("\n");
  const html = `<p>${escapeHtml(dear)}</p>
<p>Your order <strong>${ref}</strong> at ${escapeHtml(SHOP_NAME)} is waiting for you: ${escapeHtml(confirmationAsk(order).ask)}</p>
<ul>${pairs(order)
    .map((line) => `<li>${escapeHtml(line)}</li>`)
    .join("")}</ul>
<p>${moneyLines(order)
    .map((line) => `${escapeHtml(line)}<br>`)
    .join("")}Amount to pay on delivery: <strong>${formatRs(order.dueOnDelivery)}</strong></p>
<p><a href="${escapeHtml(confirm.url)}"><strong>${escapeHtml(confirmationAsk(order).link)}</strong></a></p>
<p>${escapeHtml(unansweredLine(order, confirm.cancelAfterMinutes))}</p>
${orderContactHtml(shop, order._id)}`;
  return { to: recipient.to, subject: `Please confirm your order ${ref} at ${SHOP_NAME}`, text, html };
}

export function confirmExpiredMail(order: Order, recipient: Recipient, shop: ShopContact): Mail {
  const ref = orderNumber(order._id);
  const dear = dearLine(recipient, order.shippingAddress.fullName);
  const text = [
    dear,
    "",
    expiredLine(order, ref),
    "If you still want these shoes, please order them again, or call or WhatsApp us and we will help.",
    "",
    orderContactText(shop, order._id),
  ].join("\n");
  const html = `<p>${escapeHtml(dear)}</p>
<p>${escapeHtml(expiredLine(order, ref))}</p>
<p>If you still want these shoes, please order them again, or call or WhatsApp us and we will help.</p>
${orderContactHtml(shop, order._id)}`;
  return { to: recipient.to, subject: `Your order ${ref} at ${SHOP_NAME} is cancelled`, text, html };
}

/** Why it was cancelled: nobody answered, or (issue 50) the advance it asked did not arrive. */
function expiredLine(order: Order, ref: string): string {
  return order.advance !== null && order.advance.paidAt === null
    ? `The advance of ${formatRs(order.advance.amount)} for your order ${ref} at ${SHOP_NAME} did not arrive in time, so the order is cancelled and nothing will be delivered.`
    : `We did not hear from you, so your order ${ref} at ${SHOP_NAME} is cancelled and nothing will be delivered.`;
}
