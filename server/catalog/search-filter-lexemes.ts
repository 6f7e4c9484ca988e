// The list filters as a tsquery over `products.filter_vector` (migrations 0012 and 0013): a search
// tier's gather ANDs it to its words and asks one GIN index for both, so it reads from the table
// only the matches that can pass the filters. Every lexeme begins with '#', which no word has. The
// query only narrows: the exact filter conditions stay (`searchFilterSql`), so where a lexeme
// stands for more than its filter (a price bucket is a thousand rupees wide) the exact condition
// decides.
import type { ListFilters } from "#shared/listing.ts";

/** A price bucket is this many rupees wide (`#p:<discount_price / 1000>`, migration 0013). */
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
  for (let b = from; b <= to; b++) buckets.push(`#p:${b}`);
  return buckets;
}

/**
 * The colour and price filters as a tsquery on filter_vector, or undefined when neither is set.
 * Sizes, 'on sale' and a gender have no lexemes: each holds half the catalogue or more (migration
 * 0013), so only their exact conditions filter.
 */
export function filterLexemesQuery(filters: ListFilters): string | undefined {
  const parts: string[] = [];
  if (filters.colours.length > 0) parts.push(anyOf(filters.colours.map((c) => `#c:${c}`)));
  const prices = priceBuckets(filters.minPrice, filters.maxPrice);
  if (prices !== null) parts.push(prices.length > 0 ? anyOf(prices) : quoted("#p:none"));
  return parts.length > 0 ? parts.join(" & ") : undefined;
}
