// The list filters as a tsquery over `products.filter_vector` (migration 0012): a search tier's
// gather ANDs it to its words, so PostgreSQL intersects the two GIN indexes and reads from the
// table only the matches that can pass the filters. The query only narrows: the exact filter
// conditions stay (`searchFilterSql`), so where a lexeme stands for more than its filter (a
// price bucket, 'sale' for any discount) the exact condition decides.
import { CATEGORIES } from "#shared/categories.ts";
import type { ListFilters } from "#shared/listing.ts";
import { MAX_SIZE, MIN_SIZE } from "#shared/sizes.ts";

/** A price bucket is this many rupees wide (`p:<discount_price / 1000>`, migration 0012). */
const PRICE_BUCKET = 1_000;
/** The last bucket holds every price from LAST_BUCKET * PRICE_BUCKET up. */
const LAST_BUCKET = 20;

/** A lexeme quoted for tsquery input (slugs carry '-', which the tsquery parser would split on). */
const quoted = (value: string) => `'${value.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
const anyOf = (lexemes: readonly string[]) => `(${lexemes.map(quoted).join(" | ")})`;

function priceBuckets(min: number | null, max: number | null): string[] | null {
  const bucket = (price: number) => Math.min(Math.max(Math.floor(price / PRICE_BUCKET), 0), LAST_BUCKET);
  const from = min === null ? 0 : bucket(min);
  const to = max === null ? LAST_BUCKET : bucket(max);
  if (from === 0 && to === LAST_BUCKET) return null; // every bucket: no narrowing
  const buckets: string[] = [];
  for (let b = from; b <= to; b++) buckets.push(`p:${b}`);
  return buckets;
}

/** The filters present as a tsquery on filter_vector, or undefined when none narrows. */
export function filterLexemesQuery(filters: ListFilters): string | undefined {
  const parts: string[] = [];
  if (filters.gender !== null)
    parts.push(anyOf(CATEGORIES.filter((c) => c.gender === filters.gender).map((c) => `k:${c.slug}`)));
  if (filters.colours.length > 0) parts.push(anyOf(filters.colours.map((c) => `c:${c}`)));
  // A size outside the range is never in stock: the exact condition (a zero mask) finds nothing either.
  const sizes = filters.sizes.filter((s) => s >= MIN_SIZE && s <= MAX_SIZE);
  if (filters.sizes.length > 0) parts.push(sizes.length > 0 ? anyOf(sizes.map((s) => `s:${s}`)) : quoted("s:none"));
  if (filters.onSale) parts.push(quoted("sale"));
  const prices = priceBuckets(filters.minPrice, filters.maxPrice);
  if (prices !== null) parts.push(prices.length > 0 ? anyOf(prices) : quoted("p:none"));
  return parts.length > 0 ? parts.join(" & ") : undefined;
}
