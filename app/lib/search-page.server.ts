// The search page's loader: the typed text and the list state from the address, one page of
// results with what the search read from the text (filters) and left out (dropped words), in the
// shape every list page answers (ListPageData) so the list's controls and grid draw it alike.
import { data } from "react-router";
import { type ProductSummary, SEARCH_QUERY_MAX, toListSummary } from "#shared/catalog.ts";
import { searchQuerySchema } from "#shared/catalog-schemas.ts";
import type { Gender } from "#shared/categories.ts";
import type { ListPageData } from "#shared/listing.ts";
import { listQuerySchema, queryObject } from "#shared/listing-schemas.ts";
import type { NotSoldMatch, UnderstoodFilter } from "#shared/search.ts";
import { type AppContext, isDatabaseUnavailable } from "./context.server.ts";
import { emptyList, readListPage } from "./list-page.server.ts";

export interface SearchPageData {
  /** The text as searched ('' before anything was typed). */
  text: string;
  /** Null before anything was typed. */
  list: ListPageData | null;
  understood: UnderstoodFilter[];
  dropped: string[];
  words: string[];
  /** Words for what the shop does not sell, whether no word matched, and what to search instead. */
  notSold: NotSoldMatch[];
  unmatched: boolean;
  instead: string | null;
  /** No exact results, but the closest pairs outside the price, sizes or colours asked for. */
  nearest: { sentence: string; products: ProductSummary[] } | null;
  /** A few results: more of what the words mean, each section apart below them (issue 52). */
  related: { sentence: string; products: ProductSummary[] }[];
  /** The one size the text asked for ('heels 38'): the cards tell its stock. */
  textSize: number | null;
  /** The gender the text named ('ladies heels') when the address names none: the text's chip owns it. */
  textGender: Gender | null;
}

export async function loadSearchPage(context: AppContext, request: Request) {
  const params = new URL(request.url).searchParams;
  const raw = params.get("query") ?? "";
  const typed = searchQuerySchema.safeParse({ query: raw.slice(0, SEARCH_QUERY_MAX) });
  const answer = {
    text: raw.trim(),
    list: null,
    understood: [],
    dropped: [],
    words: [],
    notSold: [],
    unmatched: false,
    instead: null,
    nearest: null,
    related: [],
    textSize: null,
    textGender: null,
  };
  if (!typed.success) return data<SearchPageData>(answer);
  const text = typed.data.query;

  try {
    const { list, status, found } = await readListPage(context, params, (query) =>
      context.catalog.searchPage(text, query),
    );
    return data<SearchPageData>(
      {
        text,
        list,
        understood: found?.understood ?? [],
        dropped: found?.dropped ?? [],
        words: found?.words ?? [],
        notSold: found?.notSold ?? [],
        unmatched: found?.unmatched ?? false,
        instead: found?.instead ?? null,
        nearest: found?.nearest
          ? { sentence: found.nearest.sentence, products: found.nearest.products.map(toListSummary) }
          : null,
        related: (found?.related ?? []).map((section) => ({
          sentence: section.sentence,
          products: section.products.map(toListSummary),
        })),
        textSize: found?.filters.sizes.length === 1 ? (found.filters.sizes[0] ?? null) : null,
        textGender: list.query.gender === null ? (found?.filters.gender ?? null) : null,
      },
      { status },
    );
  } catch (error) {
    // The database away is not "no results": the page answers 503 like every other (app/entry.server.tsx).
    if (isDatabaseUnavailable(error)) throw error;
    // docs/product.md section 8: a failed search is only logged; the shopper sees no results.
    console.error("search failed", error);
    const query = listQuerySchema.safeParse(queryObject(params));
    const list = emptyList(await context.catalog.colours(), query.success ? query.data : undefined);
    return data<SearchPageData>({ ...answer, text, list });
  }
}
