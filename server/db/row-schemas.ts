// Row schemas that several raw statements share, for `selectRows` (rows.ts). Column names are the
// statements' own (snake_case); a number is a number only where the SQL casts it (`::int`, `::float8`).
import { z } from "zod";
import { CATEGORY_SLUGS } from "#shared/categories.ts";
import { FIT_NOTES } from "#shared/fit-note.ts";
import { ORDER_STATUSES, RETURN_KINDS } from "#shared/order-life.ts";
import { matchedRuleSchema } from "#shared/risk-rules.ts";

export const orderStatusColumn = z.enum(ORDER_STATUSES);
export const returnKindColumn = z.enum(RETURN_KINDS).nullable();
/** orders.risk_rules: the owner's rules the order matched when it was placed (migration 0032). */
export const matchedRulesColumn = z.array(matchedRuleSchema);

/** `select count(*)::int as n ...` */
export const countRow = z.object({ n: z.number() });

/** A statement's `returning id`, or a select of ids. */
export const idRow = z.object({ id: z.string() });

/** One size of a product and its stock, as a row or inside a json_agg. */
export const sizeStock = z.object({ size: z.number(), stock: z.number() });

/**
 * A product's own columns with its pictures and sizes folded in as JSON arrays, as the shop's reads
 * (catalog/queries.ts) and the owner's (admin/products.ts) select them; each adds its own columns.
 */
export const productRowBase = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category_slug: z.enum(CATEGORY_SLUGS),
  features: z.array(z.string()),
  price: z.number(),
  discount_price: z.number(),
  colour: z.string().nullable(),
  fit_note: z.enum(FIT_NOTES).nullable(),
  images: z.array(z.object({ id: z.string(), alt: z.string(), width: z.number(), height: z.number() })),
  sizes: z.array(sizeStock),
});

/**
 * A product's review sums (migration 0043, kept by server/reviews/sums.ts): selected with the product
 * by the shop's reads, so its page and cards know its stars without reading a review.
 */
export const reviewSumColumns = {
  rating_count: z.number(),
  rating_sum: z.number(),
  fit_small: z.number(),
  fit_true: z.number(),
  fit_large: z.number(),
};
