// [Ours] Automatic offers, the owner's side (issue 51, docs/decisions/041-offers-and-codes.md): what
// /api/admin/offers takes and answers, and its sentences. A cart gets an offer without a code as
// soon as it qualifies (shared/promotions.ts); the columns and their checks are server/db/schema.ts's
// `offers`, which this schema matches so a bad input is a message, never a database error.
import { PROMOTION_MESSAGES, scopeFields, windowFields, windowInOrder } from "./promotion-inputs.ts";
import { OFFER_KINDS, type OfferKind } from "./promotions.ts";
import { SALE_PERCENT_MAX } from "./scheduled-sales.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

export const OFFER_NAME_MAX = 80;
export const OFFER_MIN_PAIRS_MAX = 10;

export const OFFER_MESSAGES = {
  ...PROMOTION_MESSAGES,
  name: `Give the offer a name of 1 to ${OFFER_NAME_MAX} characters: customers see it on their order.`,
  kind: `kind must be ${OFFER_KINDS.join(" or ")}.`,
  percent: `Enter a percent off from 1 to ${SALE_PERCENT_MAX}.`,
  minPairs: `Enter the pairs needed, from 2 to ${OFFER_MIN_PAIRS_MAX}.`,
  badId: "That is not a valid offer id.",
  notFound: "No offer has that id.",
  takenLocked: (name: string, orders: number) =>
    `"${name}" has been taken by ${ordersWords(orders)}: only its name, its end and whether it is on can change now.`,
  takenDelete: (name: string) => `"${name}" has been taken by an order; turn it off instead.`,
} as const;

const ordersWords = (n: number) => (n === 1 ? "1 order" : `${n} orders`);

const percent = z
  .number({ error: OFFER_MESSAGES.percent })
  .int({ error: OFFER_MESSAGES.percent })
  .min(1, { error: OFFER_MESSAGES.percent })
  .max(SALE_PERCENT_MAX, { error: OFFER_MESSAGES.percent });

const common = {
  name: z
    .string({ error: OFFER_MESSAGES.name })
    .trim()
    .min(1, { error: OFFER_MESSAGES.name })
    .max(OFFER_NAME_MAX, { error: OFFER_MESSAGES.name }),
  percent,
  ...scopeFields,
  ...windowFields,
};

/** POST /api/admin/offers and PUT /api/admin/offers/:id: every field, each time. */
export const offerInputSchema = z
  .discriminatedUnion(
    "kind",
    [
      strictBody({
        ...common,
        kind: z.literal("pairsPercent"),
        minPairs: z
          .number({ error: OFFER_MESSAGES.minPairs })
          .int({ error: OFFER_MESSAGES.minPairs })
          .min(2, { error: OFFER_MESSAGES.minPairs })
          .max(OFFER_MIN_PAIRS_MAX, { error: OFFER_MESSAGES.minPairs }),
      }),
      strictBody({ ...common, kind: z.literal("secondPairPercent") }),
    ],
    { error: () => OFFER_MESSAGES.kind },
  )
  .refine(windowInOrder, { error: PROMOTION_MESSAGES.window, path: ["endsAt"] });
export type OfferInput = z.output<typeof offerInputSchema>;

export const offerIdParamsSchema = z.object({ id: z.uuid({ error: OFFER_MESSAGES.badId }) });

export interface Offer {
  _id: string;
  name: string;
  kind: OfferKind;
  /** pairsPercent: the pairs needed; 2 (unused) for secondPairPercent. */
  minPairs: number;
  percent: number;
  productIds: string[];
  categorySlugs: string[];
  /** Karachi wall time, as entered. */
  startsAt: string;
  endsAt: string | null;
  enabled: boolean;
  /** Orders that took it. */
  orders: number;
  savedAt: string;
}

/** "Buy 2 pairs, get 10% off" / "Second pair 50% off". */
export const offerRuleWords = (offer: Pick<Offer, "kind" | "minPairs" | "percent">): string =>
  offer.kind === "pairsPercent"
    ? `Buy ${offer.minPairs} pairs, get ${offer.percent}% off`
    : `Second pair ${offer.percent}% off`;
