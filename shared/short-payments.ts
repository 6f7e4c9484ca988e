// Short payments (issue 48): a parcel a courier's payment report paid less (or more) for than its
// terms say, kept with the evidence of both sides until the owner settles it. The payment import
// finds them (table short_payments, migration 0029); the owner chases them here:
// GET /api/admin/short-payments and PUT /api/admin/short-payments/:id.
import type { PayoutAmounts } from "./courier-terms.ts";
import { formatRs } from "./money.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

export const SHORT_PAYMENT_STATUSES = ["open", "disputed", "accepted", "recovered"] as const;
export type ShortPaymentStatus = (typeof SHORT_PAYMENT_STATUSES)[number];
/** What the owner may decide; 'open' is only where a short payment starts (nobody has looked yet). */
export const SHORT_PAYMENT_DECISIONS = ["disputed", "accepted", "recovered"] as const;
export type ShortPaymentDecision = (typeof SHORT_PAYMENT_DECISIONS)[number];
/** Still the owner's to chase: the dashboard is not green while one of these is there. */
export const UNSETTLED_SHORT_PAYMENT: readonly ShortPaymentStatus[] = ["open", "disputed"];

/**
 * The statuses each decision may be made from. Disputing is always possible: again, to say in the
 * note how the chase goes, or on a settled one, to reopen it. 'accepted' (the owner agrees with the
 * deduction) and 'recovered' (the courier paid the difference) settle an open or disputed one; a
 * settled one is not switched straight to the other ending, because an accepted loss that later
 * comes back, or a recovery that did not, is an event the owner should see: reopen it as disputed
 * (with a note of why), then settle it again.
 */
export const DECIDABLE_FROM: Record<ShortPaymentDecision, readonly ShortPaymentStatus[]> = {
  disputed: ["open", "disputed", "accepted", "recovered"],
  accepted: ["open", "disputed"],
  recovered: ["open", "disputed"],
};

export const SHORT_PAYMENT_VIEWS = ["unsettled", "settled"] as const;
export type ShortPaymentView = (typeof SHORT_PAYMENT_VIEWS)[number];
export const SHORT_PAYMENT_NOTE_MAX = 1000;

export const SHORT_PAYMENT_MESSAGES = {
  notFound: "No short payment has that id.",
  empty: "No short payments: every payment matched its courier's terms.",
  emptySettled: "No short payment has been settled yet.",
} as const;

/** Why a settled short payment cannot take this decision as it stands. */
export const settledAlready = (status: ShortPaymentStatus) =>
  `This short payment is already settled as ${status}. To change it, reopen it as disputed first.`;

/** How each status reads to the owner. */
export const SHORT_PAYMENT_LABELS: Record<ShortPaymentStatus, string> = {
  open: "Open",
  disputed: "Disputed",
  accepted: "Accepted",
  recovered: "Recovered",
};

const pageError = "page must be a whole number from 1 to 10000.";
/** GET /api/admin/short-payments: unsettled (open or disputed, newest first) or settled (latest decided first). */
export const shortPaymentsQuerySchema = z.object({
  view: z
    .enum(SHORT_PAYMENT_VIEWS, { error: `view must be one of: ${SHORT_PAYMENT_VIEWS.join(", ")}.` })
    .default("unsettled"),
  page: z.coerce
    .number({ error: pageError })
    .int({ error: pageError })
    .min(1, { error: pageError })
    .max(10_000, { error: pageError })
    .default(1),
});
export type ShortPaymentsQuery = z.output<typeof shortPaymentsQuerySchema>;

export const shortPaymentIdParamsSchema = z.object({ id: z.uuid({ error: SHORT_PAYMENT_MESSAGES.notFound }) });

const statusError = "Choose what became of it: disputed, accepted or recovered.";
const noteError = `The note can be at most ${SHORT_PAYMENT_NOTE_MAX} characters long.`;
/**
 * PUT /api/admin/short-payments/:id: the owner's decision (see DECIDABLE_FROM for which may follow
 * which) and, when given, the note that goes with it: it replaces the note before, and an empty one
 * clears it. Without `note` the note stays as it was.
 */
export const shortPaymentDecisionSchema = strictBody({
  status: z.enum(SHORT_PAYMENT_DECISIONS, { error: statusError }),
  note: z
    .string({ error: "The note must be text." })
    .trim()
    .max(SHORT_PAYMENT_NOTE_MAX, { error: noteError })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
});
export type ShortPaymentDecisionInput = z.output<typeof shortPaymentDecisionSchema>;

/** The amounts of a payment report's line: a column the report did not have is null. */
export type ReportedAmounts = { [K in keyof PayoutAmounts]: number | null };

/** One short (or over) payment, with what the courier's terms said and what its report paid. */
export interface ShortPayment {
  _id: string;
  orderId: string;
  courierId: string;
  courier: string;
  trackingNumber: string | null;
  /** What the courier collects at the door for this parcel. */
  codAmount: number;
  /** By the courier's terms. */
  expected: PayoutAmounts;
  /** As the payment report stated it. */
  paid: ReportedAmounts;
  expectedNet: number;
  paidNet: number;
  /** paid minus expected: negative when the courier paid less. */
  difference: number;
  /** Where the report said it: its file, its line, the courier's payout. */
  report: {
    fileName: string | null;
    importedAt: string | null;
    line: number | null;
    payoutReference: string | null;
    payoutDate: string | null;
  };
  status: ShortPaymentStatus;
  note: string | null;
  foundAt: string;
  decidedAt: string | null;
  decidedBy: { username: string } | null;
}

/** The short payments still to settle, in all: how many, and by how much short or over. */
export interface ShortPaymentTotals {
  count: number;
  /** The sum of what the courier paid too little (rupees, 0 or more). */
  short: number;
  /** The sum of what it paid too much. */
  over: number;
}

export interface ShortPaymentList {
  view: ShortPaymentView;
  shortPayments: ShortPayment[];
  page: number;
  hasMore: boolean;
  total: number;
  unsettled: ShortPaymentTotals;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'Rs.500 short', 'Rs.20 over' (of one difference, paid minus expected). */
export function differenceText(difference: number): string {
  return difference < 0 ? `${formatRs(-difference)} short` : `${formatRs(difference)} over`;
}

/** The dashboard's warning: '2 short payments, Rs.540 short', and ', Rs.20 over' when some paid too much. */
export function unsettledText(totals: ShortPaymentTotals): string {
  const amounts = [totals.short > 0 || totals.over === 0 ? `${formatRs(totals.short)} short` : null];
  if (totals.over > 0) amounts.push(`${formatRs(totals.over)} over`);
  return `${plural(totals.count, "short payment", "short payments")}, ${amounts.filter(Boolean).join(", ")}`;
}
