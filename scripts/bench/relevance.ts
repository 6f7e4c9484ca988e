// Search relevance on the labelled query set (relevance-queries.json: what a Karachi shopper types,
// in English, Roman Urdu, misspelt, with sizes, prices, colours and genders, price words and
// occasions, with nothing within the price or size asked for, and for what the shop does not sell,
// each with the demo products that should come first, or none). success@3: a relevant product among
// the first three; nDCG@5: how high the relevant ones stand in the first five (binary relevance, 1 is
// perfect). A query with no relevant product (what the shop does not sell) scores 1 on both only when
// the answer is empty: showing anything for 'socks' is showing the wrong thing.
// The same measure for our search and for MiniSearch, a general-purpose library with typo
// tolerance, set up as its documentation recommends, over the same products.
import { readFileSync } from "node:fs";
import MiniSearch from "minisearch";
import type { Product } from "#shared/catalog.ts";
import { categoryBySlug, GENDER_LABEL } from "#shared/categories.ts";
import type { SearchPage } from "#shared/search.ts";

export interface LabelledQuery {
  query: string;
  kind: string;
  /** Names of the demo products that should come first. */
  relevant: string[];
}

export const QUERY_SET: readonly LabelledQuery[] = JSON.parse(
  readFileSync(new URL("./relevance-queries.json", import.meta.url), "utf8"),
) as LabelledQuery[];

/** 1 when a relevant result is among the first k, else 0 (with nothing relevant: 1 when nothing is shown). */
export function successAt(k: number, ranked: readonly string[], relevant: ReadonlySet<string>): number {
  if (relevant.size === 0) return ranked.length === 0 ? 1 : 0;
  return ranked.slice(0, k).some((name) => relevant.has(name)) ? 1 : 0;
}

/** Normalised discounted cumulative gain of the first k results, with binary relevance. */
export function ndcgAt(k: number, ranked: readonly string[], relevant: ReadonlySet<string>): number {
  if (relevant.size === 0) return ranked.length === 0 ? 1 : 0;
  const gain = (position: number) => 1 / Math.log2(position + 2);
  let dcg = 0;
  ranked.slice(0, k).forEach((name, i) => {
    if (relevant.has(name)) dcg += gain(i);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(k, relevant.size); i++) ideal += gain(i);
  return ideal === 0 ? 0 : dcg / ideal;
}

export interface RelevanceScore {
  successAt3: number;
  ndcgAt5: number;
  /** Per kind of query (english, roman-urdu, misspelt, size, price, colour, gender, price-word, occasion, nearest, not-sold). */
  byKind: Record<string, { successAt3: number; ndcgAt5: number; queries: number }>;
  /** Queries whose first three held nothing relevant. */
  misses: string[];
}

/** Ranks the whole query set with `search` (names, best first) and averages both measures. */
export async function scoreRelevance(
  search: (query: string) => Promise<readonly string[]>,
  queries: readonly LabelledQuery[] = QUERY_SET,
): Promise<RelevanceScore> {
  const rows: { kind: string; success: number; ndcg: number; query: string }[] = [];
  for (const { query, kind, relevant } of queries) {
    const ranked = await search(query);
    const set = new Set(relevant);
    rows.push({ kind, query, success: successAt(3, ranked, set), ndcg: ndcgAt(5, ranked, set) });
  }
  const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);
  const byKind: RelevanceScore["byKind"] = {};
  for (const kind of new Set(rows.map((r) => r.kind))) {
    const of = rows.filter((r) => r.kind === kind);
    byKind[kind] = {
      successAt3: mean(of.map((r) => r.success)),
      ndcgAt5: mean(of.map((r) => r.ndcg)),
      queries: of.length,
    };
  }
  return {
    successAt3: mean(rows.map((r) => r.success)),
    ndcgAt5: mean(rows.map((r) => r.ndcg)),
    byKind,
    misses: rows.filter((r) => r.success === 0).map((r) => r.query),
  };
}

/**
 * MiniSearch over the products' name, category (with its gender), colour, description and
 * features, with the options its documentation recommends for search-as-you-type with typo
 * tolerance: prefix matching, fuzzy matching within 20% of a term's length, and a boost for the
 * name. Terms are OR-combined (its default), ranked by BM25.
 */
export function miniSearchRanker(products: readonly Product[]): (query: string) => Promise<string[]> {
  const index = new MiniSearch({
    fields: ["name", "category", "colour", "description", "features"],
    storeFields: ["name"],
    searchOptions: { boost: { name: 3, category: 2 }, prefix: true, fuzzy: 0.2 },
  });
  index.addAll(
    products.map((p) => {
      const category = categoryBySlug(p.category);
      return {
        id: p._id,
        name: p.name,
        category: `${GENDER_LABEL[category.gender]} ${category.name}`,
        colour: p.colour ?? "",
        description: p.description,
        features: p.features.join(" "),
      };
    }),
  );
  return async (query) => index.search(query).map((hit) => String(hit.name));
}

/**
 * What a shopper is shown for a search (GET /api/search, the search page's answer): the results, or
 * when nothing matches exactly, the closest pairs shown apart (decision 025); then, below a few
 * results, the "more" sections (issue 52).
 */
export function shownBy(answer: SearchPage): string[] {
  const shown = answer.products.length > 0 ? answer.products : (answer.nearest?.products ?? []);
  // Then the "more" sections below a few results (issue 52), in the page's order.
  return [...shown, ...answer.related.flatMap((section) => section.products)].map((p) => p.name);
}
