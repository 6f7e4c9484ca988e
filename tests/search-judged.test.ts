// Search on the judged set (issue 52, tests/relevance/judged-queries.json): the set's integrity, the
// graded measures themselves, and the floor the shop's search holds through the real HTTP layer on the
// demo catalogue, as the search page answers (its results, or the closest pairs it shows apart).
// Issue 52's goal is NDCG@10 0.90 over the whole set and over the part kept aside, no class below
// 0.80: reached on both and in every class, 0.931 whole and 0.914 kept aside
// (docs/decisions/042-search-judged-set.md). The floors below are what the search measured when
// they were set (2026-11-29, the same on PGlite and PostgreSQL), a little below, so a change that
// ranks worse fails here; raise them as the ranking improves.
// `npm run bench` prints the same measures, with MiniSearch's beside them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product, ProductList } from "#shared/catalog.ts";
import { CATEGORY_SLUGS } from "#shared/categories.ts";
import type { SearchPage } from "#shared/search.ts";
import {
  gradedNdcgAt,
  gradesOf,
  JUDGED_SET,
  type JudgedScore,
  reciprocalRank,
  scoreJudged,
  sizesInStock,
} from "../scripts/bench/judged-relevance.ts";
import { shownBy } from "../scripts/bench/relevance.ts";
import { createTestApp, type TestApp } from "./support/app.ts";

/** Measured 0.931 over the whole set and 0.914 kept aside (goal: 0.90 on both). */
const WHOLE_FLOOR = 0.92;
const KEPT_ASIDE_FLOOR = 0.9;
/** Each class's floor: measured, less 0.02 (goal: 0.80 for every class; every class is above it). */
const CLASS_FLOORS: Record<string, number> = {
  category: 0.9,
  colour: 0.88,
  gender: 0.92,
  long: 0.88,
  mixed: 0.9,
  "not-sold": 0.98,
  occasion: 0.88,
  "one-word": 0.94,
  price: 0.9,
  "price-word": 0.87,
  "roman-urdu": 0.86,
  size: 0.93,
  typo: 0.93,
};

describe("the graded measures", () => {
  const grades = new Map([
    ["a", 2],
    ["b", 1],
  ]);
  it("NDCG@10 is 1 for the ideal order, less when a lower grade comes first, 0 with nothing judged shown", () => {
    expect(gradedNdcgAt(10, ["a", "b", "x"], grades)).toBe(1);
    const ideal = 3 + 1 / Math.log2(3);
    expect(gradedNdcgAt(10, ["b", "a"], grades)).toBeCloseTo((1 + 3 / Math.log2(3)) / ideal, 10);
    expect(gradedNdcgAt(10, ["x", "y"], grades)).toBe(0);
  });
  it("MRR takes the place of the first product of the best grade judged", () => {
    expect(reciprocalRank(["x", "b", "a"], grades)).toBeCloseTo(1 / 3, 10);
    expect(reciprocalRank(["b"], new Map([["b", 1]]))).toBe(1);
    expect(reciprocalRank([], grades)).toBe(0);
  });
  it("for what the shop does not sell, only an empty answer scores", () => {
    expect(gradedNdcgAt(10, [], new Map())).toBe(1);
    expect(reciprocalRank(["x"], new Map())).toBe(0);
  });
});

describe("the judged set", () => {
  it("holds at least 300 queries, at least 20 of every class, a third of each kept aside, ids unique", () => {
    expect(JUDGED_SET.length).toBeGreaterThanOrEqual(300);
    expect(new Set(JUDGED_SET.map((q) => q.id)).size).toBe(JUDGED_SET.length);
    const classes = new Set(JUDGED_SET.map((q) => q.class));
    for (const name of classes) {
      const of = JUDGED_SET.filter((q) => q.class === name);
      expect(of.length, name).toBeGreaterThanOrEqual(20);
      const aside = of.filter((q) => q.holdout).length / of.length;
      expect(aside, name).toBeGreaterThan(0.25);
      expect(aside, name).toBeLessThan(0.45);
    }
  });
});

describe("the shop's search on the judged set", () => {
  let t: TestApp;
  let ours: JudgedScore;
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
    for (const query of JUDGED_SET) {
      for (const name of gradesOf(query).keys()) expect(names, `${query.id} ${query.query}: ${name}`).toContain(name);
    }
    ours = await scoreJudged(async (query) => {
      const res = await t.app.inject({ url: `/api/search?query=${encodeURIComponent(query)}` });
      expect(res.statusCode, query).toBe(200);
      return shownBy(res.json<SearchPage>());
    }, sizesInStock(products));
  }, 300_000);
  afterAll(() => t?.close());

  const worst = () => ours.worst.map((w) => `${w.query} (${w.ndcgAt10.toFixed(2)}): ${w.shown.join(", ")}`).join("\n");

  it(`keeps NDCG@10 at ${WHOLE_FLOOR} or more over the whole set`, () => {
    expect(ours.all.ndcgAt10, worst()).toBeGreaterThanOrEqual(WHOLE_FLOOR);
  });
  it(`keeps NDCG@10 at ${KEPT_ASIDE_FLOOR} or more over the part kept aside, never tuned against`, () => {
    expect(ours.holdout.ndcgAt10).toBeGreaterThanOrEqual(KEPT_ASIDE_FLOOR);
  });
  it("has a floor for every class of the set", () => {
    expect(Object.keys(CLASS_FLOORS).sort()).toEqual([...new Set(JUDGED_SET.map((q) => q.class))].sort());
  });
  for (const [name, floor] of Object.entries(CLASS_FLOORS)) {
    it(`keeps the ${name} queries at NDCG@10 ${floor} or more`, () => {
      expect(ours.byClass[name]?.ndcgAt10, worst()).toBeGreaterThanOrEqual(floor);
    });
  }
});
