// Who a customer's mail goes to: the account's own e-mail (never one typed at checkout), and whether
// its owner has proven it by pressing a link the shop mailed there (docs/decisions/024). Anyone can
// sign up with someone else's address, so until it is proven a mail carries only the shop's own
// words, the items, the amount and its links: nothing typed into the order (name, address, notes)
// that could turn a shop-branded mail into someone else's message. Every customer mail of an order
// renders through these, so the rule lives in one place.
export interface Recipient {
  to: string;
  proven: boolean;
}

/** The greeting: the name typed at checkout only once the address is proven. */
export const dearLine = (recipient: Recipient, name: string): string =>
  recipient.proven ? `Dear ${name},` : "Dear customer,";

/** The delivery address as typed, once proven; before that, a line that says where it went without saying it. */
export const deliveryBlock = (recipient: Recipient, lines: string[]): string[] =>
  recipient.proven ? ["Delivery to:", ...lines] : ["Delivery to the address given with the order."];
