// [Ours] A customer's receipt of the advance an owner's rule asked (issue 50, docs/decisions/038):
// sent from Track Your Order (how it was paid, the transaction ID, a photo of the app's screen), the
// owner verifying it in one press or answering that the money was not found. The API's contract.
import type { HostedProvider } from "./hosted-payments.ts";
import { formatRs } from "./money.ts";
import type { PaymentAccount } from "./payment-accounts.ts";
import { PAYMENT_KINDS, type PaymentKind } from "./payment-kinds.ts";
import { methodName, RECEIPT_MESSAGES } from "./receipt-words.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

export * from "./receipt-words.ts";

/** The transaction ID as the customer's app shows it: letters and digits only, spaces and dashes dropped. */
export const transactionIdSchema = z
  .string({ error: RECEIPT_MESSAGES.transactionId })
  .transform((raw) => raw.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^[A-Za-z0-9]{6,40}$/, { error: RECEIPT_MESSAGES.transactionId }));

const methodSchema = z.enum(PAYMENT_KINDS, { error: RECEIPT_MESSAGES.method });

/** POST /api/orders/:id/advance-receipts as JSON: a receipt without a photo. */
export const receiptInputSchema = strictBody({
  method: methodSchema,
  transactionId: transactionIdSchema,
});

/**
 * The same call with a photo: the photo is the body (as an exchange photo's upload) and the two fields
 * ride in the query, so one request carries the whole receipt; the transaction ID may then be left out.
 */
export const receiptPhotoQuerySchema = z.strictObject(
  {
    method: methodSchema,
    transactionId: z.preprocess((v) => (v === "" ? undefined : v), transactionIdSchema.optional()),
  },
  { error: "Unexpected query field." },
);
export type ReceiptInput = { method: PaymentKind; transactionId: string | null };

/** POST /api/admin/orders/:id/advance/reject: what the customer reads. */
export const receiptRejectInputSchema = strictBody({
  reason: z
    .string({ error: RECEIPT_MESSAGES.reason })
    .trim()
    .min(3, { error: RECEIPT_MESSAGES.reason })
    .max(200, { error: RECEIPT_MESSAGES.reason }),
});

export const receiptPhotoParamsSchema = z.object({
  id: z.uuid({ error: "That is not a valid order id." }),
  receiptId: z.uuid({ error: "No receipt has that id." }),
});

export type ReceiptDecision = "verified" | "rejected";

export interface AdvanceReceipt {
  _id: string;
  method: PaymentKind;
  transactionId: string | null;
  hasPhoto: boolean;
  sentAt: string;
  /** null while it waits for the owner. */
  decision: ReceiptDecision | null;
  decidedAt: string | null;
  /** The owner's words when it was not found (shown to the customer beside the form for another). */
  rejectedReason: string | null;
}

/** GET /api/orders/:id/advance: where to send it and what was sent, newest first. */
export interface CustomerAdvance {
  accounts: PaymentAccount[];
  receipts: AdvanceReceipt[];
  /** A hosted checkout the customer may pay on instead (its button), or null when none is set up. */
  payOnline: HostedProvider | null;
}

/** Where an order stands with its advance, as the owner reads it. */
export type AdvanceState = "due" | "waiting" | "paid" | "lapsed";

/** GET /api/admin/orders/:id/advance. */
export interface AdminAdvance {
  amount: number;
  state: AdvanceState;
  paidAt: string | null;
  /** When it lapses unless paid; null once it no longer waits (or while a receipt waits). */
  cancelsAt: string | null;
  receipts: AdvanceReceipt[];
}

/** The history's line of a verified advance: "Advance of Rs.1,000 verified (JazzCash, TXN123)". */
export function verifiedReason(amount: number, receipt: { method: PaymentKind; transactionId: string | null } | null) {
  if (!receipt) return `Advance of ${formatRs(amount)} verified by the shop`;
  const proof = receipt.transactionId ?? "photo";
  return `Advance of ${formatRs(amount)} verified (${methodName(receipt.method)}, ${proof})`;
}
