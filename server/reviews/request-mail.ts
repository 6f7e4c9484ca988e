// The review request's words (issue 53, docs/decisions/044-reviews.md), in one place: the mail that
// asks the buyer about each pair newly delivered to them, with the signed link to the form. It goes
// to the account's own e-mail and carries the shop's words, the pairs' names and sizes (the shop's
// own, copied on the order) and the links; the greeting uses the name typed at checkout only once
// that e-mail is proven (server/mail/recipient.ts). The WhatsApp template's words are the owner's,
// approved by Meta (README, "WhatsApp"); it gets only the order number and the link.
import { orderNumber } from "#shared/orders.ts";
import { SHOP_NAME } from "#shared/shop.ts";
import { escapeHtml } from "../mail/html.ts";
import type { Mail } from "../mail/mailer.ts";
import { orderContactHtml, orderContactText, type ShopContact } from "../mail/order-contact.ts";
import { dearLine, type Recipient } from "../mail/recipient.ts";

/** A pair asked about: its name as the order keeps it, and the size delivered. */
export interface AskedPair {
  name: string;
  size: number;
}

const WORDS = {
  subject: (ref: string) => `How are your shoes from order ${ref}? Tell us at ${SHOP_NAME}`,
  ask: (ref: string) =>
    `How are your shoes from order ${ref}? A few stars and a word on the fit help the next buyer choose their size.`,
  pair: (pair: AskedPair) => `${pair.name}, size ${pair.size}`,
  link: (pairs: number) => (pairs === 1 ? "Review your pair" : "Review your pairs"),
  how: "It takes a minute and needs no sign-in; add a photo if you like.",
} as const;

export function reviewRequestMail(input: {
  orderId: string;
  recipient: Recipient;
  /** The name typed at checkout: greeted only once the recipient is proven. */
  fullName: string;
  pairs: readonly AskedPair[];
  formUrl: string;
  shop: ShopContact;
}): Mail {
  const ref = orderNumber(input.orderId);
  const dear = dearLine(input.recipient, input.fullName);
  const pairs = input.pairs.map(WORDS.pair);
  const text = [
    dear,
    "",
    WORDS.ask(ref),
    "",
    ...pairs.map((pair) => `- ${pair}`),
    "",
    `${WORDS.link(pairs.length)}: ${input.formUrl}`,
    WORDS.how,
    "",
    orderContactText(input.shop, input.orderId),
  ].join("\n");
  const html =
    `<p>${escapeHtml(dear)}</p><p>${escapeHtml(WORDS.ask(ref))}</p>` +
    `<ul>${pairs.map((pair) => `<li>${escapeHtml(pair)}</li>`).join("")}</ul>` +
    `<p><a href="${escapeHtml(input.formUrl)}">${escapeHtml(WORDS.link(pairs.length))}</a><br>${escapeHtml(WORDS.how)}</p>` +
    orderContactHtml(input.shop, input.orderId);
  return { to: input.recipient.to, subject: WORDS.subject(ref), text, html };
}
