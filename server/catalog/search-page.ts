// A page of search results: the typed text read into words and filters, the address's filters
// merged in, words that match nothing dropped (and said so), the matches ranked, sorted when the
// shopper asked for another order, and one page of them read whole.
import { CATEGORIES } from "#shared/categories.ts";
import { type Colour, LIST_PAGE_SIZE, type ListQuery, pagesOf, type Sort } from "#shared/listing.ts";
import { SEARCH_MAX_RESULTS, type SearchPage } from "#shared/search.ts";
import type { Db } from "../db/client.ts";
import { findListPage } from "./listing.ts";
import { findProductsByIds, type ProductRow } from "./queries.ts";
import { mergeFilters, tokenize, understandQuery } from "./query-understanding.ts";
import { anyMatch, byOwnerOrder, type Match, rankedMatches } from "./search.ts";
import { type SearchTerm, searchTermsOf } from "./search-terms.ts";
import { synonymsOf } from "./synonyms.ts";

const time = (m: Match) => new Date(m.created_at).getTime();
const SORTED: Record<Exclude<Sort, "featured">, (a: Match, b: Match) => number> = {
  newest: (a, b) => time(b) - time(a),
  "price-asc": (a, b) => a.discount_price - b.discount_price,
  "price-desc": (a, b) => b.discount_price - a.discount_price,
  discount: (a, b) => b.discount_percent - a.discount_percent || byOwnerOrder(a, b),
};

export interface SearchRows extends Omit<SearchPage, "products"> {
  rows: ProductRow[];
}

/** What a search reads from: the database, the colour palette, and how it reads whole products. */
export interface SearchSource {
  db: Db;
  /** Where the ranking statements go (`Database.searchDb`: planned once for any words); else `db`. */
  searchDb?: Db;
  palette: readonly Colour[];
  /** The products of the ids, in their order (the service's keeps them between searches). */
  productsByIds?: (ids: string[]) => Promise<ProductRow[]>;
}

export async function searchRows(
  { db, searchDb = db, palette, productsByIds = (ids) => findProductsByIds(db, ids) }: SearchSource,
  text: string,
  list: ListQuery,
  pageSize = LIST_PAGE_SIZE,
  /** As the shopper types: the last word, unfinished, also matches the words it begins. */
  typing = false,
): Promise<SearchRows> {
  const synonyms = await synonymsOf(db, tokenize(text));
  const read = understandQuery(text, synonyms, palette);
  const { filters, understood } = mergeFilters(list, read);
  const base = { query: text, page: list.page, understood, filters };
  const offset = (list.page - 1) * pageSize;

  // Only filters ('kala 42'): the filtered list of the whole catalogue (of the gender).
  if (read.words.length === 0) {
    const categories = CATEGORIES.filter((c) => filters.gender === null || c.gender === filters.gender).map(
      (c) => c.slug,
    );
    const { rows, total } = await findListPage(db, categories, { ...filters, sort: list.sort, page: list.page });
    return { ...base, rows: rows.slice(0, pageSize), total, pages: pagesOf(total), dropped: [], words: [] };
  }

  const last = read.words.at(-1)?.word ?? null;
  const typingWord = typing && last !== null && tokenize(text).at(-1) === last ? last : null;
  const terms = await searchTermsOf(db, read.words, typingWord);
  // A word with nothing to be found as (not in the catalogue, not near anything) is dropped at once.
  const dropped = terms
    .filter((t) => t.exact.length === 0 && t.corrections.length === 0 && !t.prefix)
    .map((t) => t.word);
  let kept = terms.filter((t) => !dropped.includes(t.word));
  let matches = kept.length > 0 ? await rankedMatches(searchDb, kept, filters, SEARCH_MAX_RESULTS) : [];
  if (matches.length === 0 && kept.length > 1) {
    const narrowed = await keepWordsThatMatch(searchDb, kept, filters);
    dropped.push(...kept.filter((t) => !narrowed.includes(t)).map((t) => t.word));
    kept = narrowed;
    if (kept.length > 0) matches = await rankedMatches(searchDb, kept, filters, SEARCH_MAX_RESULTS);
  }
  if (list.sort !== "featured")
    matches = [...matches].sort((a, b) => SORTED[list.sort as Exclude<Sort, "featured">](a, b));
  const ids = matches.slice(offset, offset + pageSize).map((m) => m.id);
  const rows = await productsByIds(ids);
  const words = kept.map((t) => t.word);
  const orderedDropped = read.words.map((w) => w.word).filter((w) => dropped.includes(w));
  return { ...base, rows, total: matches.length, pages: pagesOf(matches.length), dropped: orderedDropped, words };
}

/**
 * The largest set of the words that still finds something together, built from the last typed
 * word back: in 'ladies heels' or 'peshawari chappal' the last word is what the shopper is
 * looking for and the earlier ones describe it, so those are what goes first. Called when all of
 * `terms` together found nothing, so that candidate is not asked again.
 */
async function keepWordsThatMatch(
  db: Db,
  terms: readonly SearchTerm[],
  filters: Parameters<typeof anyMatch>[2],
): Promise<SearchTerm[]> {
  let kept: SearchTerm[] = [];
  for (const term of [...terms].reverse()) {
    const candidate = [term, ...kept];
    if (candidate.length < terms.length && (await anyMatch(db, candidate, filters))) kept = candidate;
  }
  return kept;
}
