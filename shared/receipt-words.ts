// What the customer reads of an advance's receipt (issue 50, docs/decisions/038), without zod: Track Your
// Order imports it, and the receipt's request schemas (shared/advance-receipts.ts, which re-exports it
// for the server) would bring zod's 25 KB to its first load (issue 54, decision 045).
import { formatRs } from "./money.ts";
import { PAYMENT_KIND_WORDS, type PaymentKind } from "./payment-kinds.ts";

export const RECEIPT_MESSAGES = {
  orderNotFound: "No order of yours has that id.",
  noAdvance: "This order asks no advance.",
  alreadyPaid: "The advance of this order is already paid.",
  notPending: "This order no longer waits for its advance.",
  waiting: "We already have a receipt of yours for this order: we will check it and tell you.",
  method: "Choose how you paid: bank transfer, Raast, JazzCash or Easypaisa.",
  transactionId: "The transaction ID is 6 to 40 letters and digits, as your app shows it.",
  proof: "Give the transaction ID or a photo of the receipt.",
  sent: "Receipt sent: we will check it and confirm your order.",
  noneWaiting: "No receipt waits for a decision on this order.",
  reason: "Tell the customer in a few words why (at most 200 letters).",
  photoNotFound: "This receipt has no photo.",
  photoUnreadable: "The receipt's photo could not be read: ask the customer for the transaction ID.",
} as const;

/** What the customer's panel and the owner's say for each way to pay. */
export const methodName = (method: PaymentKind): string => PAYMENT_KIND_WORDS[method].name;

export const advanceReceivedLine = (amount: number) => `Advance of ${formatRs(amount)} received.`;
