// The owner's view of sales, codes and offers (issue 51): what each scheduled sale, discount code and
// automatic offer brought (orders, pairs, revenue) and what it cost (the discount given, the parcels
// refused at the door or returned among its orders), and the codes that look passed around in public.
// GET /api/admin/promotions/report answers it, over every order or the orders placed between two
// Karachi days; /admin/promotions shows it.
import { isCalendarDay } from "./exports.ts";
import { z } from "./zod.ts";

const day = (key: "from" | "to", which: "first" | "last") =>
  z
    .string({ error: `${key}, the period's ${which} day, must be one date like 2026-11-01.` })
    .refine(isCalendarDay, { error: `${key}, the period's ${which} day, must be a date like 2026-11-01.` })
    .optional();

/**
 * GET /api/admin/promotions/report?from=&to=: the orders placed from the Karachi day `from` to the
 * Karachi day `to`, both included; either may be left out (no start, or up to today).
 */
export const promotionsReportQuerySchema = z
  .object({ from: day("from", "first"), to: day("to", "last") })
  .refine(({ from, to }) => from === undefined || to === undefined || from <= to, {
    path: ["to"],
    error: "The period ends before it starts: choose a last day (to) on or after the first (from).",
  });
export type PromotionsPeriod = z.output<typeof promotionsReportQuerySchema>;

/**
 * A code is flagged as shared publicly from this many uses on: below it, a handful of new customers
 * is noise, not a pattern.
 */
export const SHARED_MIN_USES = 10;
/**
 * ... when at least this share of its uses are by new accounts (the order was the account's first).
 * A code passed around on Facebook or WhatsApp groups brings strangers who sign up to use it; a code
 * given to loyal customers is used by accounts that have ordered before. The owner reads the flag
 * as "this code has left the people it was meant for" and may disable it or cap its uses.
 */
export const SHARED_NEW_ACCOUNT_SHARE = 0.6;

/** Whether a code's uses look like a code shared publicly (see the two constants above). */
export function isSharedPublicly(uses: number, newAccounts: number): boolean {
  return uses >= SHARED_MIN_USES && newAccounts >= uses * SHARED_NEW_ACCOUNT_SHARE;
}

/** "8 of its 12 uses were new accounts' first orders." */
export function sharedReason(uses: number, newAccounts: number): string {
  return `${newAccounts} of its ${uses} uses were new accounts' first orders.`;
}

/**
 * What a sale, a code or an offer brought and cost, over the orders it priced or discounted.
 * `orders` and `pairs` count every order placed, whatever became of it; `revenue` and `discount`
 * only the orders not cancelled (a refused or returned parcel is cancelled), as the shop keeps
 * those. `refused` and `returned` are among `orders`.
 */
export interface PromotionFigures {
  orders: number;
  /** A sale's: the pairs on the lines it priced. A code's or an offer's: the pairs of its orders. */
  pairs: number;
  /** The orders' totals (what the customer pays), of the orders not cancelled. */
  revenue: number;
  /**
   * A sale's: (price - sale price) x quantity on its lines. A code's or an offer's: what it took off
   * each order (orders.discount_amount). Of the orders not cancelled.
   */
  discount: number;
  /** Refused at the door. */
  refused: number;
  /** Taken and sent back later. */
  returned: number;
}

export interface SaleReportRow extends PromotionFigures {
  saleId: string;
  name: string;
  /** Karachi wall time ("2026-11-27T00:00"), as the owner scheduled it. */
  startsAt: string;
  endsAt: string;
}

export interface CodeReportRow extends PromotionFigures {
  codeId: string;
  code: string;
  /** The orders that ever took it (discount_codes.uses, whatever the period) and its cap; null: no cap. */
  uses: number;
  maxUses: number | null;
  /** Of its orders (its uses in the period), those that were the account's first order. */
  newAccounts: number;
  /** isSharedPublicly(orders, newAccounts): over all its uses when no period is asked. */
  sharedPublicly: boolean;
}

export interface OfferReportRow extends PromotionFigures {
  offerId: string;
  name: string;
}

export interface PromotionsReport {
  /** The period asked, Karachi days (YYYY-MM-DD); null: no bound on that side. */
  from: string | null;
  to: string | null;
  /** Every sale that has started, the latest start first (with zeros where the period has none of its orders). */
  sales: SaleReportRow[];
  /** Every code, the most used first. */
  codes: CodeReportRow[];
  /** Every offer, the most orders first. */
  offers: OfferReportRow[];
}

/** The screen's words for the figures, the same in every table. */
export const PROMOTION_WORDS = {
  revenue: "Revenue: the totals of its orders that were not cancelled (refused and returned parcels are cancelled).",
  discount: "Discount given: what it took off those same orders.",
  pairs: "Orders and pairs count every order placed, whatever became of it.",
  shared: "Shared publicly",
} as const;
