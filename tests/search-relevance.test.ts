// Search relevance on the labelled query set (scripts/bench/relevance-queries.json): the measures
// themselves, the query set's integrity, and ours above MiniSearch on both measures, through the
// real HTTP layer on the demo catalogue, as the search page answers (its results, or else the closest
// pairs it shows apart). `npm run bench` prints the same table.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product, ProductList } from "#shared/catalog.ts";
import { CATEGORY_SLUGS } from "#shared/categories.ts";
import type { SearchPage } from "#shared/search.ts";
import {
  miniSearchRanker,
  ndcgAt,
  QUERY_SET,
  type RelevanceScore,
  scoreRelevance,
  shownBy,
  successAt,
} from "../scripts/bench/relevance.ts";
import { createTestApp, type TestApp } from "./support/app.ts";

describe("the measures", () => {
  const relevant = new Set(["a", "b"]);
  it("success@3 counts a relevant result among the first three", () => {
    expect(successAt(3, ["x", "y", "a", "b"], relevant)).toBe(1);
    expect(successAt(3, ["x", "y", "z", "a"], relevant)).toBe(0);
    expect(successAt(3, [], relevant)).toBe(0);
  });
  it("nDCG@5 is 1 for the ideal order and less the lower the relevant results stand", () => {
    expect(ndcgAt(5, ["a", "b", "x"], relevant)).toBe(1);
    expect(ndcgAt(5, ["b", "a"], relevant)).toBe(1);
    const ideal = 1 + 1 / Math.log2(3);
    expect(ndcgAt(5, ["x", "a", "y", "b"], relevant)).toBeCloseTo((1 / Math.log2(3) + 1 / Math.log2(5)) / ideal, 10);
    expect(ndcgAt(5, ["x", "y", "z", "w", "v", "a"], relevant)).toBe(0);
  });
  it("with nothing relevant (what the shop does not sell), only an empty answer scores", () => {
    expect(successAt(3, [], new Set())).toBe(1);
    expect(ndcgAt(5, [], new Set())).toBe(1);
    expect(successAt(3, ["x"], new Set())).toBe(0);
    expect(ndcgAt(5, ["x"], new Set())).toBe(0);
  });
});

describe("the labelled query set", () => {
  it("holds at least 60 queries of every kind a Karachi shopper types", () => {
    expect(QUERY_SET.length).toBeGreaterThanOrEqual(60);
    const kinds = new Set(QUERY_SET.map((q) => q.kind));
    const all = ["english", "roman-urdu", "misspelt", "size", "price", "colour", "gender"];
    for (const kind of [...all, "price-word", "occasion", "nearest", "not-sold"]) {
      expect(kinds).toContain(kind);
    }
    expect(new Set(QUERY_SET.map((q) => q.query)).size).toBe(QUERY_SET.length);
  });
});

describe("ours against MiniSearch on the demo catalogue", () => {
  let t: TestApp;
  let ours: RelevanceScore;
  let library: RelevanceScore;
  beforeAll(async () => {
    t = await createTestApp();
    const products: Product[] = [];
    for (const slug of CATEGORY_SLUGS) {
      for (let page = 1; ; page++) {
        const list = (await t.app.inject({ url: `/api/products?category=${slug}&page=${page}` })).json<ProductList>();
        products.push(...list.products);
        if (!list.hasMore) break;
      }
    }
    const names = new Set(products.map((p) => p.name));
    for (const { query, kind, relevant } of QUERY_SET) {
      // Only a query for what the shop does not sell has nothing relevant (its right answer is empty).
      expect(relevant.length > 0 || kind === "not-sold", query).toBe(true);
      for (const name of relevant) expect(names, `${query}: ${name}`).toContain(name);
    }
    ours = await scoreRelevance(async (query) => {
      const res = await t.app.inject({ url: `/api/search?query=${encodeURIComponent(query)}` });
      expect(res.statusCode, query).toBe(200);
      return shownBy(res.json<SearchPage>());
    });
    library = await scoreRelevance(miniSearchRanker(products));
  }, 120_000);
  afterAll(() => t?.close());

  it("ours has the higher success@3", () => {
    expect(ours.successAt3, `ours missed: ${ours.misses.join(", ")}`).toBeGreaterThan(library.successAt3);
  });
  it("ours has the higher nDCG@5", () => {
    expect(ours.ndcgAt5).toBeGreaterThan(library.ndcgAt5);
  });
  it("ours is at least as good as MiniSearch on each class of issue 36: price words, occasions, nearest pairs, not sold", () => {
    for (const kind of ["price-word", "occasion", "nearest", "not-sold"]) {
      const [a, b] = [ours.byKind[kind], library.byKind[kind]];
      expect(a?.successAt3, kind).toBeGreaterThanOrEqual(b?.successAt3 ?? 1);
      expect(a?.ndcgAt5, kind).toBeGreaterThanOrEqual(b?.ndcgAt5 ?? 1);
    }
  });
  it("ours finds something relevant in the first three for at least 9 queries in 10", () => {
    expect(ours.successAt3, `ours missed: ${ours.misses.join(", ")}`).toBeGreaterThanOrEqual(0.9);
  });
});
