// The last paragraph of every mail about an order: how to reach the shop, with the WhatsApp and
// e-mail links carrying the order's number (shared/order-chat.ts).
import { orderMailUrl, orderWhatsAppUrl } from "#shared/order-chat.ts";
import { orderNumber } from "#shared/orders.ts";
import { escapeHtml } from "./html.ts";

/** How a customer reaches the shop, named in every order mail. */
export interface ShopContact {
  phone: string;
  email: string;
}

export function orderContactText(shop: ShopContact, orderId: string): string {
  return `Questions about order ${orderNumber(orderId)}? Call ${shop.phone}, WhatsApp us at ${orderWhatsAppUrl(shop.phone, orderId)} or write to ${shop.email}.`;
}

export function orderContactHtml(shop: ShopContact, orderId: string): string {
  const whatsapp = escapeHtml(orderWhatsAppUrl(shop.phone, orderId));
  const mail = escapeHtml(orderMailUrl(shop.email, orderId));
  return `<p>Questions about order ${orderNumber(orderId)}? Call ${escapeHtml(shop.phone)}, <a href="${whatsapp}">WhatsApp us</a> or <a href="${mail}">write to ${escapeHtml(shop.email)}</a>.</p>`;
}
