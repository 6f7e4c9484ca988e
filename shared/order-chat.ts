// Writing to the shop about one order (issue 33): every WhatsApp and e-mail link that starts from an
// order (Track Your Order, the success page, the mails) opens with the order's number already in the
// message, so the owner finds the order without asking for it.
import { orderNumber } from "./order-words.ts";
import { whatsappUrl } from "./shop.ts";

export function orderChatMessage(orderId: string): string {
  return `Hello, I am writing about my order ${orderNumber(orderId)}.`;
}

/** A WhatsApp chat with the shop, the message about this order ready to send. */
export function orderWhatsAppUrl(shopPhone: string, orderId: string): string {
  return `${whatsappUrl(shopPhone)}?text=${encodeURIComponent(orderChatMessage(orderId))}`;
}

/** An e-mail to the shop whose subject is the order's number. */
export function orderMailUrl(shopEmail: string, orderId: string): string {
  const subject = encodeURIComponent(`Order ${orderNumber(orderId)}`);
  return `mailto:${shopEmail}?subject=${subject}&body=${encodeURIComponent(orderChatMessage(orderId))}`;
}
