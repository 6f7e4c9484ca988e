// The WhatsApp message the owner sends to confirm a cash-on-delivery order before it ships, in
// English or Urdu: the order number as every page and mail shows it, the pairs, the amount to pay
// the rider and the address, so the customer can answer yes or correct it in one reply.
import { deliveryLines } from "./areas.ts";
import { formatRs } from "./money.ts";
import { feeAndAdvanceLines, moneyLineText } from "./order-money.ts";
import { type Order, orderNumber } from "./orders.ts";
import { SHOP_NAME } from "./shop.ts";

export const CONFIRMATION_LANGUAGES = ["en", "ur"] as const;
export type ConfirmationLanguage = (typeof CONFIRMATION_LANGUAGES)[number];
export const CONFIRMATION_LANGUAGE_NAMES: Record<ConfirmationLanguage, string> = { en: "English", ur: "اردو (Urdu)" };

type ConfirmableOrder = Pick<
  Order,
  "_id" | "items" | "totalAmount" | "codFee" | "advance" | "dueOnDelivery" | "discount" | "shippingAddress"
>;

/** The address, the landmark and the area on one line, so a rider's questions are answered in the chat. */
function addressOf(order: ConfirmableOrder): string {
  return deliveryLines(order.shippingAddress).join(", ");
}

/**
 * English inside Urdu, isolated left to right (Unicode LRI ... PDI), so '#71B886C4' and 'Rs.4,500'
 * do not come out as '71B886C4#' and '4,500.Rs' in a right-to-left chat.
 */
const ltr = (text: string) => `\u2066${text}\u2069`;

export function confirmationMessage(order: ConfirmableOrder, language: ConfirmationLanguage): string {
  const ref = orderNumber(order._id);
  const name = order.shippingAddress.fullName;
  // What the rider collects: the total less the advance (issue 50).
  const amount = formatRs(order.dueOnDelivery);
  if (language === "ur") {
    return [
      `السلام علیکم ${ltr(name)}،`,
      `${ltr(SHOP_NAME)} سے آرڈر کرنے کا شکریہ۔ آپ کا آرڈر نمبر ${ltr(ref)} ہے:`,
      ...order.items.map((item) => `• ${ltr(item.name)} — سائز ${item.size} × ${item.quantity}`),
      `ڈیلیوری پر ادا کرنے کی رقم: ${ltr(amount)}`,
      `پتہ: ${ltr(addressOf(order))}`,
      `آرڈر کی تصدیق کے لیے "جی ہاں" لکھ کر جواب دیں، یا کچھ بدلنا ہو تو بتا دیں۔ شکریہ!`,
    ].join("\n");
  }
  return [
    `Assalam-o-Alaikum ${name},`,
    `Thank you for ordering from ${SHOP_NAME}. Your order ${ref}:`,
    ...order.items.map((item) => `• ${item.name} — size ${item.size} × ${item.quantity}`),
    ...feeAndAdvanceLines(order).map(moneyLineText),
    `Amount to pay on delivery: ${amount}`,
    `Address: ${addressOf(order)}`,
    `Please reply YES to confirm your order, or tell us what to change. Thank you!`,
  ].join("\n");
}
