// [Ours] Scheduled sales (issue 51, docs/decisions/040-scheduled-sales.md): what the owner sends to
// /api/admin/sales, what it answers, and every sentence about a sale. Times travel as Karachi wall
// time ("2026-11-27T00:00"), as the owner picks them; the server keeps instants.
import { formatRs } from "./money.ts";
import { productTagSchema, TAG_MESSAGES } from "./product-tags.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

export const SALE_NAME_MAX = 80;
export const SALE_PRODUCTS_MAX = 500;
export const SALE_PERCENT_MAX = 90;

export const SALE_MESSAGES = {
  name: `Give the sale a name of 1 to ${SALE_NAME_MAX} characters.`,
  scope: "scope must be products, category or tag.",
  products: `Choose 1 to ${SALE_PRODUCTS_MAX} products.`,
  unknownProducts: "Some of the chosen products are not in the catalogue.",
  category: "Choose a category.",
  unknownCategory: "That category is not in the catalogue.",
  tag: `Choose a tag. ${TAG_MESSAGES.tag}`,
  unknownTag: "No product carries that tag: tag the products first.",
  pricing: "pricing must be percent or price.",
  percent: `Enter a percent off from 1 to ${SALE_PERCENT_MAX}.`,
  price: "Enter the sale price in whole rupees, like 2999.",
  time: "Enter the time as YYYY-MM-DDTHH:MM, Karachi time.",
  window: "The sale must end after it starts.",
  endPassed: "The end has passed: choose a later end.",
  showEndsIn: "showEndsIn must be true or false.",
  badId: "That is not a valid sale id.",
  notFound: "No sale has that id.",
  started: "This sale has started: only its end can change now (or end it now).",
  ended: "This sale has ended.",
  overlap: (other: string) => `Some of these products are already in the sale "${other}" at the same time.`,
} as const;

/**
 * Karachi wall time to the minute, as a datetime-local field gives it. Exported for the discount
 * codes and offers (discount-codes.ts, offers.ts), whose windows the owner picks the same way.
 */
export const WALL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
export const karachiTime = z.string({ error: SALE_MESSAGES.time }).regex(WALL_TIME, { error: SALE_MESSAGES.time });

const scope = z.discriminatedUnion(
  "scope",
  [
    strictBody({
      scope: z.literal("products"),
      productIds: z
        .array(z.uuid({ error: SALE_MESSAGES.unknownProducts }), { error: SALE_MESSAGES.products })
        .min(1, { error: SALE_MESSAGES.products })
        .max(SALE_PRODUCTS_MAX, { error: SALE_MESSAGES.products }),
    }),
    strictBody({
      scope: z.literal("category"),
      categorySlug: z.string({ error: SALE_MESSAGES.category }).trim().min(1, { error: SALE_MESSAGES.category }),
    }),
    // Every product that carries the tag when the sale starts (and, for the price of the moment, at any moment of it).
    strictBody({
      scope: z.literal("tag"),
      tag: z.string({ error: SALE_MESSAGES.tag }).pipe(productTagSchema),
    }),
  ],
  { error: () => SALE_MESSAGES.scope },
);

const pricing = z.discriminatedUnion(
  "pricing",
  [
    strictBody({
      pricing: z.literal("percent"),
      percent: z
        .number({ error: SALE_MESSAGES.percent })
        .int({ error: SALE_MESSAGES.percent })
        .min(1, { error: SALE_MESSAGES.percent })
        .max(SALE_PERCENT_MAX, { error: SALE_MESSAGES.percent }),
    }),
    strictBody({
      pricing: z.literal("price"),
      price: z
        .number({ error: SALE_MESSAGES.price })
        .int({ error: SALE_MESSAGES.price })
        .min(1, { error: SALE_MESSAGES.price })
        .max(10_000_000, { error: SALE_MESSAGES.price }),
    }),
  ],
  { error: () => SALE_MESSAGES.pricing },
);

/** POST /api/admin/sales and PUT /api/admin/sales/:id (before it starts). */
export const saleInputSchema = strictBody({
  name: z
    .string({ error: SALE_MESSAGES.name })
    .trim()
    .min(1, { error: SALE_MESSAGES.name })
    .max(SALE_NAME_MAX, { error: SALE_MESSAGES.name }),
  what: scope,
  how: pricing,
  startsAt: karachiTime,
  endsAt: karachiTime,
  showEndsIn: z.boolean({ error: SALE_MESSAGES.showEndsIn }).default(false),
}).refine(
  // Only when both are times: a malformed one has its own message already.
  (input) => !(WALL_TIME.test(input.startsAt) && WALL_TIME.test(input.endsAt)) || input.endsAt > input.startsAt,
  { error: SALE_MESSAGES.window, path: ["endsAt"] },
);
export type SaleInput = z.output<typeof saleInputSchema>;
export type SaleScope = SaleInput["what"];
export type SalePricing = SaleInput["how"];

/** POST /api/admin/sales/:id/end: a started sale's new end (Karachi time), or "now". */
export const saleEndSchema = strictBody({
  endsAt: z.union([z.literal("now"), karachiTime], { error: SALE_MESSAGES.time }),
});

export const saleIdParamsSchema = z.object({ id: z.uuid({ error: SALE_MESSAGES.badId }) });

export type SaleState = "scheduled" | "on" | "ended";

export interface ScheduledSale {
  _id: string;
  name: string;
  what: SaleScope;
  how: SalePricing;
  /** Karachi wall time, as entered. */
  startsAt: string;
  endsAt: string;
  showEndsIn: boolean;
  state: SaleState;
  /** Products it covers now (a category's or a tag's as the catalogue has them). */
  productCount: number;
  savedAt: string;
}

/** "20% off" / "Rs.2,999". */
export function pricingWords(how: SalePricing): string {
  return how.pricing === "percent" ? `${how.percent}% off` : `${formatRs(how.price)} each`;
}

/** The one rounding of a sale price (half up to the rupee), as SQL's sale_price() (migration 0036). */
export function salePrice(how: SalePricing, priceOfTheDay: number): number {
  return how.pricing === "percent"
    ? Math.round((priceOfTheDay * (100 - how.percent)) / 100)
    : Math.min(how.price, priceOfTheDay);
}
