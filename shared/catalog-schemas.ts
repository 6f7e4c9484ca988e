// Request schemas of the catalogue API (SPEC.md section 7), used by the API and by page loaders.
import { z } from "zod";
import { SEARCH_QUERY_MAX } from "./catalog.ts";
import { CATEGORY_SLUGS, type CategorySlug, GENDERS, isCategorySlug } from "./categories.ts";
import { MAX_SIZE, MIN_SIZE } from "./sizes.ts";

export const productIdSchema = z.uuid({ error: "That is not a valid product id." });

const pageSchema = z.coerce
  .number({ error: "page must be a whole number from 1." })
  .int({ error: "page must be a whole number from 1." })
  .min(1, { error: "page must be a whole number from 1." })
  .max(10_000, { error: "page must be a whole number from 1 to 10000." })
  .default(1);

export const categoryQuerySchema = z.object({
  category: z
    .string({ error: "Choose a category, e.g. ?category=men-formal-shoes." })
    .refine(isCategorySlug, {
      error: `Unknown category. Categories are: ${CATEGORY_SLUGS.join(", ")}.`,
    })
    .transform((v) => v as CategorySlug),
  page: pageSchema,
});

export const searchQuerySchema = z.object({
  query: z
    .string({ error: "Type what you are looking for, e.g. ?query=chappal." })
    .trim()
    .min(1, { error: "Type what you are looking for, e.g. ?query=chappal." })
    .max(SEARCH_QUERY_MAX, { error: `A search can be at most ${SEARCH_QUERY_MAX} characters long.` }),
});

/** Men or women: the size listing's optional narrowing, in the API and in /buy/{size}?gender= alike. */
export const genderSchema = z.enum(GENDERS, { error: `Gender must be one of: ${GENDERS.join(", ")}.` });

const sizeError = `Size must be a whole number from ${MIN_SIZE} to ${MAX_SIZE}.`;
export const sizeQuerySchema = z.object({
  page: pageSchema,
  gender: genderSchema.optional(),
  size: z
    .string({ error: sizeError })
    .regex(/^\d{1,3}$/, { error: sizeError })
    .transform(Number)
    .pipe(z.number().int().min(MIN_SIZE, { error: sizeError }).max(MAX_SIZE, { error: sizeError })),
});
