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

/**
 * Who a message greets: the name typed at checkout once its recipient is proven, else "customer".
 * The WhatsApp messages use it too, for a phone not yet proven (server/confirmation/whatsapp-message.ts).
 */
export const greetedName = (proven: boolean, name: string): string => (proven ? name : "customer");

/** Where an order goes, said without the typed address: for a recipient not yet proven. */
export const UNSAID_ADDRESS = "the address given with the order";

/** The greeting: the name typed at checkout only once the address is proven. */
export const dearLine = (recipient: Recipient, name: string): string => `Dear ${greetedName(recipient.proven, name)},`;

/** The delivery address as typed, once proven; before that, a line that says where it went without saying it. */
export const deliveryBlock = (recipient: Recipient, lines: string[]): string[] =>
  recipient.proven ? ["Delivery to:", ...lines] : [`Delivery to ${UNSAID_ADDRESS}.`];
