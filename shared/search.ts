// What a search answers (GET /api/search, the search page) and the instant results as the shopper
// types (GET /api/search/instant). The list filters, sort and page are those of every list
// (shared/listing.ts); the search adds what it read from the typed text.
import type { Product, ProductSummary } from "./catalog.ts";
import type { ListFilters } from "./listing.ts";

/** The instant results start at this many typed characters; a shorter text answers an empty list. */
export const INSTANT_MIN_CHARS = 2;
export const INSTANT_LIMIT = 5;
/**
 * The most matches a search ranks and counts: a broad query ('shoes' at 100,000 products) says
 * "240 shoes" and offers ten pages, which is more than a shopper reads before refining.
 */
export const SEARCH_MAX_RESULTS = 240;

/** A filter read from the typed text ('42', 'under 5000', 'kala', 'ladies'), shown as a removable chip. */
export interface UnderstoodFilter {
  key: string;
  label: string;
  /** The typed text without the words this filter came from (the chip's remove link searches it). */
  queryWithout: string;
}

export interface SearchPage {
  query: string;
  products: Product[];
  /** Matches in all (at most SEARCH_MAX_RESULTS). */
  total: number;
  page: number;
  pages: number;
  understood: UnderstoodFilter[];
  /** Typed words that matched nothing and were left out ('No results for "ladies"; showing heels'). */
  dropped: string[];
  /** The typed words the results match (neither filters nor dropped). */
  words: string[];
  /** The filters in effect: the address's and those read from the text. */
  filters: ListFilters;
}

export interface InstantResults {
  query: string;
  products: ProductSummary[];
  total: number;
}

/** 'No results for "ladies"; showing heels' (the page's line when words were dropped). */
export function droppedLine(dropped: readonly string[], words: readonly string[]): string {
  const quoted = dropped.map((word) => `“${word}”`).join(", ");
  return words.length > 0 ? `No results for ${quoted}; showing ${words.join(" ")}` : `No results for ${quoted}`;
}
