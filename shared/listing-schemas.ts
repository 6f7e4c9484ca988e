// The request schema of a list's filters, sort and page (listing.ts), for the API (Fastify's parsed
// query, where a repeated key is an array) and the page loaders (URLSearchParams via queryObject).
import { GENDERS } from "./categories.ts";
import { type ListQuery, SORTS } from "./listing.ts";
import { MAX_SIZE, MIN_SIZE } from "./sizes.ts";
import { z } from "./zod.ts";

/** The most values one repeated filter takes (there are ten sizes and fifteen colours). */
const MAX_VALUES = 20;
const MAX_PRICE = 10_000_000;

const sizeError = `Sizes must be whole numbers from ${MIN_SIZE} to ${MAX_SIZE}, e.g. size=42.`;
const colourError = "A colour is a palette name such as black or brown, e.g. colour=black.";
const priceError = (name: string) => `${name} must be a whole number of rupees, e.g. ${name}=5000.`;
const pageError = "page must be a whole number from 1 to 10000.";

/** One value or several (a repeated key): always a list, at most MAX_VALUES long. */
const many = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(item).max(MAX_VALUES, { error: `Choose at most ${MAX_VALUES} values of one filter.` }),
  );

const wholeNumber = (error: string, min: number, max: number) =>
  z
    .string({ error })
    .regex(/^\d{1,9}$/, { error })
    .transform(Number)
    .pipe(z.number().int().min(min, { error }).max(max, { error }));

const price = (name: string) => wholeNumber(priceError(name), 0, MAX_PRICE).optional();

/**
 * A plain GET form sends its empty fields too (`minPrice=&gender=`): an empty value is no filter,
 * so the form works without JavaScript and its addresses stay valid.
 */
const withoutEmptyValues = (input: unknown) => {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const values = (Array.isArray(value) ? value : [value]).filter((v) => v !== "");
    if (values.length > 0) kept[key] = Array.isArray(value) ? values : values[0];
  }
  return kept;
};

const listQueryObject = z
  .object({
    size: many(wholeNumber(sizeError, MIN_SIZE, MAX_SIZE)),
    colour: many(
      z
        .string({ error: colourError })
        .max(30, { error: colourError })
        .regex(/^[a-z]+(-[a-z]+)*$/, { error: colourError }),
    ),
    minPrice: price("minPrice"),
    maxPrice: price("maxPrice"),
    sale: z.enum(["1", "true"], { error: "sale takes 1 (only products on sale), e.g. sale=1." }).optional(),
    gender: z.enum(GENDERS, { error: `Gender must be one of: ${GENDERS.join(", ")}.` }).optional(),
    sort: z.enum(SORTS, { error: `Sort must be one of: ${SORTS.join(", ")}.` }).optional(),
    page: wholeNumber(pageError, 1, 10_000).optional(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    error: "The lowest price (minPrice) must not be above the highest (maxPrice).",
    path: ["minPrice"],
  })
  .transform(
    (q): ListQuery => ({
      sizes: [...new Set(q.size)].sort((a, b) => a - b),
      colours: [...new Set(q.colour)],
      minPrice: q.minPrice ?? null,
      maxPrice: q.maxPrice ?? null,
      onSale: q.sale !== undefined,
      gender: q.gender ?? null,
      sort: q.sort ?? "featured",
      page: q.page ?? 1,
    }),
  );

export const listQuerySchema = z.preprocess(withoutEmptyValues, listQueryObject);

/** URLSearchParams as Fastify parses a query string: a repeated key becomes an array. */
export function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    object[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return object;
}
