// [Ours] Paying an order's advance on JazzCash's own page (issue 50, docs/decisions/039-jazzcash-hosted-checkout.md):
// what POST /api/orders/:id/advance/jazzcash answers, the words of Track Your Order's button, and what
// the return route says. The browser posts `fields` to `action` as a plain form: the customer types
// their wallet or card on JazzCash's page, never on ours.
import { formatRs } from "./money.ts";

/** The hosted checkouts the shop can offer (hosted_payments.provider). */
export type HostedProvider = "jazzcash";

/** The signed form the browser posts to JazzCash (every value a string, as a form sends it). */
export interface HostedPaymentStart {
  /** JazzCash's page: the form's action. */
  action: string;
  /** The hidden fields, pp_SecureHash among them. */
  fields: Record<string, string>;
}

/** The query Track Your Order is sent back with after JazzCash: `?advance=paid` or `?advance=failed`. */
export const ADVANCE_RETURN_PARAM = "advance";
export type AdvanceReturnOutcome = "paid" | "failed";

export const HOSTED_PAYMENT_WORDS = {
  /** The button on an order waiting for its advance: "Pay Rs.1,000 with JazzCash". */
  payButton: (advance: number) => `Pay ${formatRs(advance)} with JazzCash`,
  /** While the form is being prepared and posted. */
  starting: "Taking you to JazzCash…",
  /** Track Your Order after `?advance=paid`. */
  paid: "Your advance is paid: thank you. We will prepare your order now.",
  /** Track Your Order after `?advance=failed`. */
  failed: "JazzCash did not take the payment. You can try again, or send the advance by transfer and your receipt.",
} as const;

export const HOSTED_PAYMENT_MESSAGES = {
  notSetUp: "Paying online is not set up; send the advance by transfer and your receipt instead.",
  orderNotFound: "No order of yours has that id.",
  noAdvance: "This order asks no advance.",
  alreadyPaid: "This order's advance is already paid.",
  notPending: "This order no longer waits for its advance.",
  badSignature: "The payment answer's signature does not match.",
  unknownPayment: "No payment of this shop has that reference.",
} as const;
