// The order confirmation e-mail, plain text and simple HTML, in the shop's own words.
import { formatRs } from "#shared/money.ts";
import { ORDER_MESSAGES, type Order, orderNumber } from "#shared/orders.ts";
import { SHOP_NAME } from "#shared/shop.ts";
import type { Mail } from "../mail/mailer.ts";

export interface ShopContact {
  phone: string;
  email: string;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Sent to `to`, the account's own e-mail, never to the address typed at checkout (kept on the order
 * for the shop): otherwise anyone could make the shop mail text of their choosing to anyone.
 */
export function orderConfirmationMail(order: Order, to: string, shop: ShopContact): Mail {
  const ref = orderNumber(order._id);
  const a = order.shippingAddress;
  const lines = order.items.map(
    (item) => `${item.quantity} x ${item.name}, size ${item.size}: ${formatRs(item.discountPrice * item.quantity)}`,
  );
  const savings = order.subtotal - order.totalAmount;
  const address = [a.fullName, a.addressLine, `${a.city}${a.postalCode ? ` ${a.postalCode}` : ""}`, a.phoneNumber];
  const text = [
    `Dear ${a.fullName},`,
    "",
    `Thank you for your order ${ref} at ${SHOP_NAME}. It is pending: we will call you to confirm it.`,
    "",
    ...lines,
    "",
    `Subtotal: ${formatRs(order.subtotal)}`,
    `Savings: ${formatRs(savings)}`,
    "Delivery: Rs.0",
    `Total Amount: ${formatRs(order.totalAmount)} (${ORDER_MESSAGES.paymentMethod.toLowerCase()})`,
    "",
    "Delivery to:",
    ...address,
    "",
    `Questions? Call or WhatsApp ${shop.phone} or write to ${shop.email}.`,
  ].join("\n");
  const html = `<p>Dear ${escapeHtml(a.fullName)},</p>
<p>Thank you for your order <strong>${ref}</strong> at ${escapeHtml(SHOP_NAME)}. It is pending: we will call you to confirm it.</p>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>
<p>Subtotal: ${formatRs(order.subtotal)}<br>Savings: ${formatRs(savings)}<br>Delivery: Rs.0<br>
<strong>Total Amount: ${formatRs(order.totalAmount)}</strong> (${ORDER_MESSAGES.paymentMethod.toLowerCase()})</p>
<p>Delivery to:<br>${address.map(escapeHtml).join("<br>")}</p>
<p>Questions? Call or WhatsApp ${escapeHtml(shop.phone)} or write to ${escapeHtml(shop.email)}.</p>`;
  return { to, subject: `Your order ${ref} at ${SHOP_NAME}`, text, html };
}
