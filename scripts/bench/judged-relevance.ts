// The judged relevance set (issue 52, tests/relevance/judged-queries.json and its README): queries as
// Karachi shoppers type them, each with graded judgements over the demo catalogue (2 = what was
// meant, 1 = acceptable, every other product 0), a third of every class kept aside and never tuned
// against. The measures the bench prints and the floor test holds:
// - NDCG@10 with graded gains (2^grade - 1) over the first ten shown, against the ideal order of
//   every judged product;
// - MRR: one over the place of the first product graded 2 (or 1, when none is graded 2);
// - the zero-result rate: queries with something to show that showed nothing.
// A query for what the shop does not sell has no judged product: it scores 1 on each only when the
// answer is empty.
import { readFileSync } from "node:fs";

export interface JudgedQuery {
  id: string;
  query: string;
  class: string;
  /** Kept aside: the ranking is never tuned against it. */
  holdout: boolean;
  /** Product names by grade; every product not named is 0. */
  judgements: { "2"?: string[]; "1"?: string[] };
  note?: string;
}

export const JUDGED_SET: readonly JudgedQuery[] = JSON.parse(
  readFileSync(new URL("../../tests/relevance/judged-queries.json", import.meta.url), "utf8"),
) as JudgedQuery[];

/** The products' sizes in stock, by name: a size asked for is judged over what the shop has in it. */
export type SizesInStock = ReadonlyMap<string, ReadonlySet<number>>;

/** The sizes a query asks for (37 to 46, as the search reads them: '42', 'size 42', '42 number'). */
const sizesAsked = (text: string) =>
  [...text.matchAll(/\b(3[7-9]|4[0-6])\b/g)].map((m) => Number(m[1])).filter((n) => n >= 37 && n <= 46);

/**
 * Each judged product's grade. The set was judged as if every size were in stock (its README); with
 * `stock`, a product without a size the query asks for is left out (the shop cannot show it, and a
 * shopkeeper would not), so the ideal order is what the shop could have shown; unless none has it.
 */
export function gradesOf(query: JudgedQuery, stock?: SizesInStock): Map<string, number> {
  const grades = new Map<string, number>();
  for (const name of query.judgements["1"] ?? []) grades.set(name, 1);
  for (const name of query.judgements["2"] ?? []) grades.set(name, 2);
  const sizes = sizesAsked(query.query);
  if (!stock || sizes.length === 0) return grades;
  const inStock = new Map([...grades].filter(([name]) => sizes.some((size) => stock.get(name)?.has(size))));
  // None of them in the size: the closest pairs the shop shows apart are judged as the set says.
  return inStock.size > 0 ? inStock : grades;
}

const gain = (grade: number) => 2 ** grade - 1;
const discount = (index: number) => 1 / Math.log2(index + 2);

/** NDCG@k of `ranked` (names, best first) against the graded judgements. */
export function gradedNdcgAt(k: number, ranked: readonly string[], grades: ReadonlyMap<string, number>): number {
  if (grades.size === 0) return ranked.length === 0 ? 1 : 0;
  let dcg = 0;
  ranked.slice(0, k).forEach((name, i) => {
    dcg += gain(grades.get(name) ?? 0) * discount(i);
  });
  const ideal = [...grades.values()]
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, grade, i) => sum + gain(grade) * discount(i), 0);
  return ideal === 0 ? 0 : dcg / ideal;
}

/** One over the place of the first result of the best grade judged (2, or 1 when none is 2); 0 when none is shown. */
export function reciprocalRank(ranked: readonly string[], grades: ReadonlyMap<string, number>): number {
  if (grades.size === 0) return ranked.length === 0 ? 1 : 0;
  const best = Math.max(...grades.values());
  const at = ranked.findIndex((name) => (grades.get(name) ?? 0) >= best);
  return at < 0 ? 0 : 1 / (at + 1);
}

export interface JudgedMeasures {
  ndcgAt10: number;
  mrr: number;
  /** Share of the queries with something to show that showed nothing. */
  zeroResultRate: number;
  queries: number;
}

export interface JudgedScore {
  all: JudgedMeasures;
  holdout: JudgedMeasures;
  byClass: Record<string, JudgedMeasures>;
  /** The queries scoring lowest, for reading: query, its NDCG@10 and the first five shown. */
  worst: { id: string; query: string; ndcgAt10: number; shown: string[] }[];
}

interface Row {
  query: JudgedQuery;
  /** Something judged could have been shown. */
  answerable: boolean;
  ndcg: number;
  rr: number;
  zero: boolean;
  shown: string[];
}

function measures(rows: readonly Row[]): JudgedMeasures {
  const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);
  const answerable = rows.filter((r) => r.answerable);
  return {
    ndcgAt10: mean(rows.map((r) => r.ndcg)),
    mrr: mean(rows.map((r) => r.rr)),
    zeroResultRate: answerable.length === 0 ? 0 : answerable.filter((r) => r.zero).length / answerable.length,
    queries: rows.length,
  };
}

/** Ranks every query with `search` (names shown, best first) and measures the whole set, the kept-aside part and each class. */
export async function scoreJudged(
  search: (query: string) => Promise<readonly string[]>,
  stock: SizesInStock,
  queries: readonly JudgedQuery[] = JUDGED_SET,
): Promise<JudgedScore> {
  const rows: Row[] = [];
  for (const query of queries) {
    const shown = [...(await search(query.query))];
    const grades = gradesOf(query, stock);
    rows.push({
      query,
      answerable: grades.size > 0,
      ndcg: gradedNdcgAt(10, shown, grades),
      rr: reciprocalRank(shown, grades),
      zero: shown.length === 0,
      shown,
    });
  }
  const byClass: Record<string, JudgedMeasures> = {};
  for (const name of new Set(rows.map((r) => r.query.class))) {
    byClass[name] = measures(rows.filter((r) => r.query.class === name));
  }
  return {
    all: measures(rows),
    holdout: measures(rows.filter((r) => r.query.holdout)),
    byClass,
    worst: [...rows]
      .sort((a, b) => a.ndcg - b.ndcg)
      .slice(0, 25)
      .map((r) => ({ id: r.query.id, query: r.query.query, ndcgAt10: r.ndcg, shown: r.shown.slice(0, 5) })),
  };
}

/** The sizes each product has in stock, from the products as the API lists them. */
export function sizesInStock(products: readonly { name: string; sizes: readonly { size: number; stock: number }[] }[]) {
  return new Map(products.map((p) => [p.name, new Set(p.sizes.filter((s) => s.stock > 0).map((s) => s.size))]));
}
