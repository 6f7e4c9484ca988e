// [Ours] Where a customer sends an advance (issue 50, docs/decisions/038-cod-fee-and-advance.md): the
// shop's bank account, Raast ID, JazzCash or Easypaisa wallet, as the owner keeps them
// (/admin/payment-accounts) and Track Your Order shows them beside the amount due.

export const PAYMENT_KINDS = ["bank", "raast", "jazzcash", "easypaisa"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** How each kind is named to the customer and what its number is. */
export const PAYMENT_KIND_WORDS: Record<PaymentKind, { name: string; number: string }> = {
  bank: { name: "Bank transfer", number: "IBAN" },
  raast: { name: "Raast", number: "Raast ID" },
  jazzcash: { name: "JazzCash", number: "JazzCash number" },
  easypaisa: { name: "Easypaisa", number: "Easypaisa number" },
};

export interface PaymentAccount {
  _id: string;
  kind: PaymentKind;
  /** The bank's name for a bank account ("Meezan Bank"); "Raast", "JazzCash" or "Easypaisa" otherwise. */
  provider: string;
  /** The name the account is held in: the customer's app shows it before they send. */
  accountTitle: string;
  /** The IBAN, the Raast ID or the wallet's mobile number. */
  accountNumber: string;
}
