// The ways a customer sends an advance (issue 50) and how each is named, without zod: Track Your Order
// imports them, and the owner's request schemas (shared/payment-accounts.ts, which re-exports them for
// the server) would bring zod's 25 KB to its first load (issue 54, decision 045).

export const PAYMENT_KINDS = ["bank", "raast", "jazzcash", "easypaisa"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** How each kind is named to the customer and what its number is. */
export const PAYMENT_KIND_WORDS: Record<PaymentKind, { name: string; number: string }> = {
  bank: { name: "Bank transfer", number: "IBAN" },
  raast: { name: "Raast", number: "Raast ID" },
  jazzcash: { name: "JazzCash", number: "JazzCash number" },
  easypaisa: { name: "Easypaisa", number: "Easypaisa number" },
};
