// [Ours] What a discount code (discount-codes.ts) and an automatic offer (offers.ts) share in the
// owner's forms (issue 51): which lines they are for, and when, in Karachi wall time as the sales
// screen takes it. One copy, so the two forms say a bad scope or window in the same words.

import { CATEGORIES } from "./categories.ts";
import { formatRs } from "./money.ts";
import { karachiTime, SALE_PRODUCTS_MAX, WALL_TIME } from "./scheduled-sales.ts";
import { z } from "./zod.ts";

export const PROMOTION_MESSAGES = {
  products: `Choose at most ${SALE_PRODUCTS_MAX} products.`,
  productId: "A chosen product is not a valid product id.",
  categories: "Choose categories by their names from the list.",
  unknownProducts: (ids: readonly string[]) => `These products are not in the catalogue: ${ids.join(", ")}.`,
  unknownCategories: (slugs: readonly string[]) => `These categories are not in the catalogue: ${slugs.join(", ")}.`,
  window: "The end must be after the start.",
  endPassed: "The end has passed: choose a later end, or none.",
  enabled: "enabled must be true or false.",
} as const;

/** The lines it is for: none named means every line of the cart (shared/promotions.ts). */
export const scopeFields = {
  productIds: z
    .array(z.uuid({ error: PROMOTION_MESSAGES.productId }), { error: PROMOTION_MESSAGES.products })
    .max(SALE_PRODUCTS_MAX, { error: PROMOTION_MESSAGES.products })
    // Each once: the form's picker cannot repeat one, a hand-made body could.
    .transform((ids) => [...new Set(ids)])
    .default([]),
  categorySlugs: z
    .array(z.string({ error: PROMOTION_MESSAGES.categories }).trim().min(1, { error: PROMOTION_MESSAGES.categories }), {
      error: PROMOTION_MESSAGES.categories,
    })
    .max(CATEGORIES.length, { error: PROMOTION_MESSAGES.categories })
    .transform((slugs) => [...new Set(slugs)])
    .default([]),
};

/** From a start, to an end or for as long as the owner leaves it on (null, or left out). */
export const windowFields = {
  startsAt: karachiTime,
  endsAt: karachiTime.nullish().transform((end) => end ?? null),
  enabled: z.boolean({ error: PROMOTION_MESSAGES.enabled }).default(true),
};

/** Only when both are times: a malformed one has its own message already. */
export const windowInOrder = (input: { startsAt: string; endsAt: string | null }) =>
  input.endsAt === null ||
  !(WALL_TIME.test(input.startsAt) && WALL_TIME.test(input.endsAt)) ||
  input.endsAt > input.startsAt;

export const CATEGORY_WORDS = new Map<string, string>(
  CATEGORIES.map((c) => [c.slug, `${c.gender === "men" ? "Men" : "Women"} · ${c.name}`]),
);

/** "every product", or "3 products and Men · Sandals". */
export function scopeWords(scope: { productIds: readonly string[]; categorySlugs: readonly string[] }): string {
  const parts: string[] = [];
  const n = scope.productIds.length;
  if (n > 0) parts.push(n === 1 ? "1 product" : `${n} products`);
  for (const slug of scope.categorySlugs) parts.push(CATEGORY_WORDS.get(slug) ?? slug);
  if (parts.length === 0) return "every product";
  return parts.length === 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** "Rs.3,000 or more" / "any order". */
export const minimumWords = (minimum: number) => (minimum > 0 ? `orders of ${formatRs(minimum)} or more` : "any order");
