// Request schemas of the catalogue API (docs/product.md section 7), used by the API and by page loaders.
import { SEARCH_QUERY_MAX } from "./catalog.ts";
import { CATEGORY_SLUGS, type CategorySlug, GENDERS, isCategorySlug } from "./categories.ts";
import { MAX_SIZE, MIN_SIZE } from "./sizes.ts";
import { z } from "./zod.ts";

export const productIdSchema = z.uuid({ error: "That is not a valid product id." });

export const categoryQuerySchema = z.object({
  category: z
    .string({ error: "Choose a category, e.g. ?category=men-formal-shoes." })
    .refine(isCategorySlug, {
      error: `Unknown category. Categories are: ${CATEGORY_SLUGS.join(", ")}.`,
    })
    .transform((v) => v as CategorySlug),
});

const NO_QUERY = "Type what you are looking for, e.g. ?query=chappal.";
const QUERY_TOO_LONG = `A search can be at most ${SEARCH_QUERY_MAX} characters long.`;

export const searchQuerySchema = z.object({
  query: z
    .string({ error: NO_QUERY })
    .trim()
    .min(1, { error: NO_QUERY })
    .max(SEARCH_QUERY_MAX, { error: QUERY_TOO_LONG }),
});

/**
 * Instant results (GET /api/search/instant): the search's limits, but a blank or short query is
 * not an error: it is what the box holds while the shopper starts typing, and it answers no products.
 */
export const instantQuerySchema = z.object({
  query: z.string({ error: NO_QUERY }).trim().max(SEARCH_QUERY_MAX, { error: QUERY_TOO_LONG }),
});

/** Men or women: the size listing's optional narrowing, in the API and in /buy/{size}?gender= alike. */
export const genderSchema = z.enum(GENDERS, { error: `Gender must be one of: ${GENDERS.join(", ")}.` });

const sizeError = `Size must be a whole number from ${MIN_SIZE} to ${MAX_SIZE}.`;
export const sizeQuerySchema = z.object({
  gender: genderSchema.optional(),
  size: z
    .string({ error: sizeError })
    .regex(/^\d{1,3}$/, { error: sizeError })
    .transform(Number)
    .pipe(z.number().int().min(MIN_SIZE, { error: sizeError }).max(MAX_SIZE, { error: sizeError })),
});
