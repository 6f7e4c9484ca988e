// The shop's own mail of a new order (to ORDERS_EMAIL): what the owner needs to call the customer
// and pack the parcel without opening the admin, and a link to the order there. Orders that come
// in together (one batch of the outbox, server/mail/outbox.ts) share one mail: a sale's burst is a
// few mails in the owner's inbox, not one per order, and the shop renders and writes half as many.
import { deliveryLines } from "#shared/areas.ts";
import { formatRs } from "#shared/money.ts";
import { feeAndAdvanceLines, moneyLineText } from "#shared/order-money.ts";
import { ORDER_MESSAGES, type Order, orderNumber } from "#shared/orders.ts";
import { escapeHtml } from "../mail/html.ts";
import type { Mail } from "../mail/mailer.ts";

export interface OrderAlertOptions {
  /** ORDERS_EMAIL, else SHOP_EMAIL. */
  to: string;
  /** The shop's address (PUBLIC_URL), for the link to the order in the admin. */
  publicUrl: string;
}

function orderAlertMail(order: Order, options: OrderAlertOptions): Mail {
  const { text, html } = alertBody(order, options);
  return {
    to: options.to,
    subject: `New order ${orderNumber(order._id)} from ${order.shippingAddress.fullName}: ${formatRs(order.dueOnDelivery)} to collect`,
    text,
    html,
  };
}

/** One mail for the orders of a batch, each as its own alert would show it, oldest first. */
export function orderAlertsMail(orders: readonly Order[], options: OrderAlertOptions): Mail {
  const [only] = orders;
  if (orders.length === 1 && only) return orderAlertMail(only, options);
  const sorted = [...orders].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const parts = sorted.map((order) => alertBody(order, options));
  const total = formatRs(sorted.reduce((sum, order) => sum + order.dueOnDelivery, 0));
  const heading = `${sorted.length} new orders: ${total} to collect in all.`;
  return {
    to: options.to,
    subject: `${sorted.length} new orders: ${total} to collect`,
    text: [heading, ...parts.map((part) => part.text)].join("\n\n----\n\n"),
    html: `<p><strong>${escapeHtml(heading)}</strong></p>\n<hr>\n${parts.map((part) => part.html).join("\n<hr>\n")}`,
  };
}

function alertBody(order: Order, options: OrderAlertOptions): { text: string; html: string } {
  const ref = orderNumber(order._id);
  const a = order.shippingAddress;
  const link = `${options.publicUrl}/admin/orders/${order._id}`;
  const pairs = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const lines = order.items.map(
    (item) => `${item.quantity} x ${item.name}, size ${item.size}: ${formatRs(item.discountPrice * item.quantity)}`,
  );
  // The rider collects the total less the advance; the fee and the advance are said above it (issue 50).
  const money = feeAndAdvanceLines(order, "shop").map(moneyLineText);
  const collect = `To collect: ${formatRs(order.dueOnDelivery)} (${ORDER_MESSAGES.paymentMethod.toLowerCase()})`;
  const address = deliveryLines(a);
  const text = [
    `New order ${ref}: ${pairs} pair${pairs === 1 ? "" : "s"}.`,
    "",
    `Customer: ${a.fullName} (${a.email})`,
    `Phone: ${a.phoneNumber}`,
    "",
    ...lines,
    "",
    ...money,
    collect,
    "",
    "Deliver to:",
    ...address,
    "",
    `Open the order: ${link}`,
  ].join("\n");
  const html = `<p>New order <strong>${ref}</strong>: ${pairs} pair${pairs === 1 ? "" : "s"}.</p>
<p>Customer: ${escapeHtml(a.fullName)} (${escapeHtml(a.email)})<br>Phone: <a href="tel:${escapeHtml(a.phoneNumber.replace(/[^\d+]/g, ""))}">${escapeHtml(a.phoneNumber)}</a></p>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>
<p>${money.map((l) => `${escapeHtml(l)}<br>`).join("")}<strong>${escapeHtml(collect)}</strong></p>
<p>Deliver to:<br>${address.map(escapeHtml).join("<br>")}</p>
<p><a href="${escapeHtml(link)}">Open the order in the admin</a></p>`;
  return { text, html };
}
