// The confirmation request on WhatsApp: the owner's approved template (README, "WhatsApp") filled
// with the order, and its two quick-reply buttons carrying the signed token, so a press names the
// order and cannot be made up (server/confirmation/links.ts). The body's five variables, in order:
// {{1}} the customer's name, {{2}} the order number, {{3}} the pairs, {{4}} the amount to pay the
// rider, {{5}} the delivery address. Anyone can type someone else's number at checkout, so until the
// phone is proven for the account (docs/decisions/024, "Phones") {{1}} is "customer" and {{5}} "the
// address given with the order", as the mails say to an unproven address (server/mail/recipient.ts):
// only the shop's words, the items and the amount. Template parameters are Meta's
// (https://developers.facebook.com/docs/whatsapp/cloud-api/guides/send-message-templates).
import type { ConfirmAction } from "#shared/confirmation.ts";
import { formatRs } from "#shared/money.ts";
import { ORDER_MONEY_LABELS } from "#shared/order-money.ts";
import { addressLines } from "#shared/order-view.ts";
import { type Order, orderNumber } from "#shared/orders.ts";
import { pakistaniMobile } from "#shared/phone.ts";
import { greetedName, UNSAID_ADDRESS } from "../mail/recipient.ts";
import { type TemplateMessage, textParameter } from "../whatsapp/graph.ts";

/** Pairs named before "and n more": a template's body is at most 1,024 characters in all. */
const PAIRS_NAMED = 4;
/** What one variable may hold, so that the five together stay inside the body's limit. */

/** The button's payload, and how the webhook reads it back: `confirm:<token>`, `cancel:<token>`. */
export const pressPayload = (action: ConfirmAction, token: string) => `${action}:${token}`;

export function readPressPayload(payload: string): { action: ConfirmAction; token: string } | undefined {
  const match = /^(confirm|cancel):([A-Za-z0-9._-]{20,200})$/.exec(payload);
  if (!match) return undefined;
  return { action: match[1] as ConfirmAction, token: match[2] as string };
}

/** {{4}}: what the rider collects, and the advance it leaves out when one was asked (issue 50). */
function riderAmount(order: Order): string {
  const due = formatRs(order.dueOnDelivery);
  if (!order.advance) return due;
  return `${due} (${ORDER_MONEY_LABELS.advance.toLowerCase()} of ${formatRs(order.advance.amount)} paid separately)`;
}

export function confirmationTemplate(
  order: Order,
  token: string,
  template: { name: string; language: string },
  /** The phone has proven itself for the order's account: the typed name and address may be said. */
  proven: boolean,
): TemplateMessage | undefined {
  // Orders hold 03xx… or +923xx…; anything else (an old order typed otherwise) cannot be messaged.
  const to = pakistaniMobile(order.shippingAddress.phoneNumber);
  if (!to) return undefined;
  const a = order.shippingAddress;
  const variables = [
    greetedName(proven, a.fullName),
    orderNumber(order._id),
    pairsSummary(order),
    riderAmount(order),
    // The address lines of every message, without the name and phone (already on the chat).
    proven ? addressLines(a).slice(1, -1).join(", ") : UNSAID_ADDRESS,
  ];
  const button = (index: number, action: ConfirmAction) => ({
    type: "button" as const,
    sub_type: "quick_reply" as const,
    index: String(index),
    parameters: [{ type: "payload" as const, payload: pressPayload(action, token) }] as [
      { type: "payload"; payload: string },
    ],
  });
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to,
    type: "template",
    template: {
      name: template.name,
      language: { code: template.language },
      components: [
        { type: "body", parameters: variables.map((value) => textParameter(value)) },
        button(0, "confirm"),
        button(1, "cancel"),
      ],
    },
  };
}

/** "1 x Peshawari Chappal, size 42; 2 x Khussa, size 38": one line, as a variable must be. */
function pairsSummary(order: Order): string {
  const named = order.items
    .slice(0, PAIRS_NAMED)
    .map((item) => `${item.quantity} x ${item.name}, size ${item.size}`)
    .join("; ");
  const rest = order.items.slice(PAIRS_NAMED).reduce((sum, item) => sum + item.quantity, 0);
  return rest > 0 ? `${named}; and ${rest} more ${rest === 1 ? "pair" : "pairs"}` : named;
}
