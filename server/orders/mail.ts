// The order confirmation e-mail, plain text and simple HTML, in the shop's own words.
import { confirmationAsk, unansweredLine } from "#shared/confirmation.ts";
import { formatRs } from "#shared/money.ts";
import { advanceLines, codFeeLines, moneyLineText } from "#shared/order-money.ts";
import { addressLines } from "#shared/order-view.ts";
import { ORDER_MESSAGES, type Order, orderNumber } from "#shared/orders.ts";
import { SHOP_NAME } from "#shared/shop.ts";
import { escapeHtml } from "../mail/html.ts";
import type { Mail } from "../mail/mailer.ts";
import { orderContactHtml, orderContactText, type ShopContact } from "../mail/order-contact.ts";
import { dearLine, deliveryBlock, type Recipient } from "../mail/recipient.ts";

/** How the customer confirms: the signed link, and what happens when nobody does. */
export interface ConfirmRequest {
  url: string;
  cancelAfterMinutes: number;
}

/**
 * Sent to the account's own e-mail, never to the address typed at checkout (kept on the order for
 * the shop); what was typed into the order only once that e-mail is proven (server/mail/recipient.ts).
 */
export function orderConfirmationMail(
  order: Order,
  recipient: Recipient,
  shop: ShopContact,
  confirm: ConfirmRequest,
): Mail {
  const ref = orderNumber(order._id);
  const a = order.shippingAddress;
  const lines = order.items.map(
    (item) => `${item.quantity} x ${item.name}, size ${item.size}: ${formatRs(item.discountPrice * item.quantity)}`,
  );
  // The fee is inside the total but is no saving, and the offer's or code's discount has its own
  // line: the savings are the pairs' sale prices alone.
  const savings = order.subtotal + order.codFee - order.totalAmount - (order.discount?.amount ?? 0);
  const fee = codFeeLines(order).map(moneyLineText);
  const advance = advanceLines(order).map(moneyLineText);
  const delivery = deliveryBlock(recipient, addressLines(a));
  const text = [
    dearLine(recipient, a.fullName),
    "",
    `Thank you for your order ${ref} at ${SHOP_NAME}. ${confirmationAsk(order).ask}`,
    `${confirmationAsk(order).textLead}: ${confirm.url}`,
    unansweredLine(order, confirm.cancelAfterMinutes),
    "",
    ...lines,
    "",
    `Subtotal: ${formatRs(order.subtotal)}`,
    `Savings: ${formatRs(savings)}`,
    "Delivery: Rs.0",
    ...fee,
    `Total Amount: ${formatRs(order.totalAmount)} (${ORDER_MESSAGES.paymentMethod.toLowerCase()})`,
    ...advance,
    "",
    ...delivery,
    "",
    orderContactText(shop, order._id),
  ].join("\n");
  const html = `<p>${escapeHtml(dearLine(recipient, a.fullName))}</p>
<p>Thank you for your order <strong>${ref}</strong> at ${escapeHtml(SHOP_NAME)}. ${escapeHtml(confirmationAsk(order).ask)}</p>
<p><a href="${escapeHtml(confirm.url)}"><strong>${escapeHtml(confirmationAsk(order).link)}</strong></a></p>
<p>${escapeHtml(unansweredLine(order, confirm.cancelAfterMinutes))}</p>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>
<p>Subtotal: ${formatRs(order.subtotal)}<br>Savings: ${formatRs(savings)}<br>Delivery: Rs.0<br>
${fee.map((l) => `${escapeHtml(l)}<br>`).join("")}<strong>Total Amount: ${formatRs(order.totalAmount)}</strong> (${ORDER_MESSAGES.paymentMethod.toLowerCase()})${advance.map((l) => `<br>${escapeHtml(l)}`).join("")}</p>
<p>${delivery.map(escapeHtml).join("<br>")}</p>
${orderContactHtml(shop, order._id)}`;
  return { to: recipient.to, subject: `Your order ${ref} at ${SHOP_NAME}`, text, html };
}
