// Product search that stays fast at 100,000 products, forgives typos and takes the list filters.
//
// Ranking is a series of tiers, each asked of the database in turn until enough matches are found
// (decisions 006 and 012): products whose name has the words in typed order, next to each other;
// whose name has every word as typed; as typed or as its synonyms; whose name has them through a typo
// correction; then those matching through their category or description, as typed and then
// corrected. Inside a tier, the owner's order (category position, product position).
//
// Each tier is one statement: a walk of the catalogue order (a btree that carries every column the
// walk reads, migration 0010, so the walk never visits the table) capped at WALK_ROWS rows (and
// LONG_WALK_ROWS more when its matches were dense but too few), and only when the walks came up
// short, a gather of the tier's matches from a GIN index. The list filters are conditions inside
// both (`filterConditions`, alias q), so a filter never makes the search read the catalogue whole;
// the gather asks one index for the words and the filters' lexemes together (`filterLexemesQuery`,
// migration 0013), so it reads only the matches that can pass them.
import { type SQL, sql } from "drizzle-orm";
import { CATEGORIES, CATEGORY_SLUGS, type CategorySlug } from "#shared/categories.ts";
import type { ListFilters } from "#shared/listing.ts";
import type { Db } from "../db/client.ts";
import { arrayParam, selectByShape } from "../db/rows.ts";
import { filterConditions } from "./listing.ts";
import { filterLexemesQuery } from "./search-filter-lexemes.ts";
import { meaningQueries, type SearchTerm, tsqueriesOf } from "./search-terms.ts";

/**
 * Rows the catalogue-order walk reads before it judges the tier: enough matches, dense enough to
 * walk on (LONG_WALK_ROWS), or too rare, gathered from the index instead. Small, because a rare
 * tier's walk is pure cost (1,000 against 3,000: the bench's 22 searches at 100,000 products took
 * 0.94 of the time, the same answers; docs/benchmarks.md).
 */
const WALK_ROWS = 1_000;
/**
 * Rows the walk may go on for when its first WALK_ROWS had matches, but too few: a gather reads
 * every match from the table, so for a common word under a broad filter ('heel' in size 38, about
 * 8% of the catalogue) reading on in the index is cheaper.
 */
const LONG_WALK_ROWS = 11_000;
/** How much more than enough the first walk's rate must promise before the walk goes on. */
const DENSE_MARGIN = 1.25;
/**
 * What a row the gather reads costs, in rows of the walk: the gather visits the table, the walk only
 * its covering index. The walk goes on only when, at its first rate, it would read fewer rows than
 * the gather costs: at 10,000 products a word in 0.3% of them ('eid sandal') walked 9,000 rows for
 * 12 matches (29 ms on a loaded machine) where the gather read 230 index entries and 15 rows (2.6 ms).
 */
const GATHER_ROW_COST = 4;

/** A match with what the search's sorts order by (read from the walk, no second look-up). */
export interface Match {
  id: string;
  category_slug: CategorySlug;
  position: number;
  discount_price: number;
  discount_percent: number;
  created_at: string;
  colour: string | null;
  /** Found through the product's name (a name tier), not only its category or description. */
  named?: boolean;
  /**
   * Which of the words' meanings the product's text has (their places, from 1, in `meaningsOf`'s
   * list), read by the tier's own statement from the row it walked; null when none were asked.
   */
  meaning_hits?: number[] | null;
}

/** The filters as SQL on alias q, gender included (a gender is its categories). */
export function searchFilterSql(filters: ListFilters): SQL {
  const where = filterConditions(filters);
  if (filters.gender === null) return where;
  const slugs = CATEGORIES.filter((c) => c.gender === filters.gender).map((c) => c.slug);
  return sql`${where} and q.category_slug in ${slugs}`;
}

/** The filters as the walk and the gather apply them: exactly, and for the gather also indexed. */
interface TierFilters {
  where: SQL;
  /** The filters' lexemes (tsquery text), absent when no filter is set. */
  lexemes: string | undefined;
}

const tierFiltersOf = (filters: ListFilters): TierFilters => ({
  where: searchFilterSql(filters),
  lexemes: filterLexemesQuery(filters),
});

const categoryPosition = (slug: CategorySlug) => CATEGORY_SLUGS.indexOf(slug);
export const byOwnerOrder = (a: Match, b: Match) =>
  categoryPosition(a.category_slug) - categoryPosition(b.category_slug) ||
  a.position - b.position ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A ranking tier: the products whose name, or whole searchable text, matches a tsquery. */
interface Tier {
  vector: "name" | "search";
  query: string;
}

const VECTOR_COLUMN: Record<Tier["vector"], SQL> = { name: sql`q.name_vector`, search: sql`q.search_vector` };

/** The tier's condition on a row (the walk's, and the exclusion of earlier tiers' matches). */
const matchOf = ({ vector, query }: Tier): SQL => sql`${VECTOR_COLUMN[vector]} @@ ${query}::tsquery`;

/**
 * The same condition with the filters' lexemes, as one GIN index answers it (migration 0013; the
 * expression must stay the index's): no word matches a filter lexeme, so on the vector joined with
 * the filters' it is exact.
 */
function indexedMatchOf({ vector, query }: Tier, lexemes: string | undefined): SQL {
  const both = lexemes === undefined ? query : `(${query}) & ${lexemes}`;
  return sql`(${VECTOR_COLUMN[vector]} || q.filter_vector) @@ ${both}::tsquery`;
}

/** Up to `want` matches of every term under the filters, best first. */
export async function rankedMatches(
  db: Db,
  terms: readonly SearchTerm[],
  filters: ListFilters,
  want: number,
  /** 'shoes' followed the words ('court shoes'): the products named with the words then 'shoe' first. */
  { thenShoe = false }: { thenShoe?: boolean } = {},
): Promise<Match[]> {
  const { full, exact, literal, phrase, phraseThen } = tsqueriesOf(terms, thenShoe ? "shoe" : undefined);
  if (!full) return [];
  const tiers: Tier[] = [];
  if (phraseThen) tiers.push({ vector: "name", query: phraseThen });
  const phraseAt = tiers.length;
  if (phrase) tiers.push({ vector: "name", query: phrase });
  if (literal && literal !== exact) tiers.push({ vector: "name", query: literal });
  if (exact) tiers.push({ vector: "name", query: exact });
  if (full !== exact) tiers.push({ vector: "name", query: full });
  if (exact) tiers.push({ vector: "search", query: exact });
  if (full !== exact) tiers.push({ vector: "search", query: full });

  const where = tierFiltersOf(filters);
  const several = wordsOfSeveralMeanings(terms);
  const meanings = several.flatMap((term) => term.meanings);
  const found: Match[] = [];
  const tierOf = new Map<string, number>();
  for (const [index, tier] of tiers.entries()) {
    const wanted = want - found.length;
    if (wanted <= 0) break;
    // A product is in the first tier it matches: later tiers leave out the earlier ones' matches.
    const rows = await firstInCatalogueOrder(db, tier, tiers.slice(0, index), where, wanted, meanings);
    const named = tier.vector === "name";
    for (const row of rows) tierOf.set(row.id, index);
    found.push(...rows.sort(byOwnerOrder).map((row) => ({ ...row, named })));
    // Every tier is inside the last (the words, with their synonyms and corrections, anywhere in
    // the product). When several words were not found as a phrase, one check of that spares the
    // other tiers their walks if the words are never found together, as often while a shopper is
    // still typing ('sneakers 4'). After one word's first tier it would mostly cost a statement:
    // its synonyms usually find what the word as typed did not.
    const phraseFoundNothing = index === phraseAt && phrase !== undefined && found.length === 0;
    if (phraseFoundNothing && tiers.length > 2 && !(await anythingMatches(db, full, where))) return [];
  }
  return inMeaningOrder(several, found, tierOf);
}

/** The words with two meanings or more, each with its meanings best first (meaningQueries). */
function wordsOfSeveralMeanings(terms: readonly SearchTerm[]): { index: number; meanings: string[] }[] {
  return terms
    .map((term, index) => ({ index, meanings: meaningQueries(term) }))
    .filter((term) => term.meanings.length > 1);
}

/**
 * Inside each tier, the products found through a word's earlier meanings first, then the owner's
 * order (the sort is stable). A word's synonyms are listed best first: 'eid' means eid, festive,
 * khussa, peshawari, heel, chappal, kolhapuri, so in 'eid ke liye sandal' the festive heels and
 * sandals come before a chappal that is only a sandal by its category (issue 46). Asked only when
 * a word has two meanings or more: one statement over the matches' ids (at most SEARCH_MAX_RESULTS),
 * by primary key. At 100,000 products a broad tier holds its first matches in catalogue order
 * (decision 012), and this orders those.
 */
function inMeaningOrder(
  several: readonly { index: number; meanings: string[] }[],
  found: Match[],
  tierOf: ReadonlyMap<string, number>,
): Match[] {
  if (several.length === 0 || found.length < 2) return found;
  // Each word's best meaning the product has; a word it has only through a typo counts as its last.
  const rank = (m: Match) => {
    const hits = new Set(m.meaning_hits ?? []);
    let sum = 0;
    let offset = 0;
    for (const term of several) {
      const best = term.meanings.findIndex((_, ord) => hits.has(offset + ord + 1));
      sum += best === -1 ? term.meanings.length : best;
      offset += term.meanings.length;
    }
    return sum;
  };
  const ranks = new Map(found.map((m) => [m.id, rank(m)]));
  const tier = (m: Match) => tierOf.get(m.id) ?? 0;
  return [...found].sort((a, b) => tier(a) - tier(b) || (ranks.get(a.id) ?? 0) - (ranks.get(b.id) ?? 0));
}

/**
 * Whether any product matches the words anywhere, with their synonyms and corrections (the last
 * tier, which holds every other), under the filters: the tier's own bounded statement with a limit
 * of 1. A plain `select 1 … limit 1` was cheaper on PGlite before its plans were kept (decision
 * 047), but planned once for any words on a server it may walk the whole table for words that never
 * meet (tests/scale/catalog-plans.test.ts: 'peshawari heel' at 30,000 products).
 */
async function anythingMatches(db: Db, full: string, filters: TierFilters): Promise<boolean> {
  return (await firstInCatalogueOrder(db, { vector: "search", query: full }, [], filters, 1)).length > 0;
}

/** Whether any product matches every term under the filters (one bounded statement). */
export async function anyMatch(db: Db, terms: readonly SearchTerm[], filters: ListFilters): Promise<boolean> {
  const { full } = tsqueriesOf(terms);
  return full ? anythingMatches(db, full, tierFiltersOf(filters)) : false;
}

/**
 * One statement: the capped walk; only when it came up short, either a longer walk (the walk's
 * matches were dense enough that one further stretch of the catalogue order should find the rest)
 * or else, or when that too came up short, the gather. Each later step is a materialized CTE
 * behind a one-time filter on the counts before it, so it is never run when not needed, and the
 * planner cannot turn the gather back into a walk of its own. Every path answers the same: the
 * first `limit` matches in catalogue order.
 */
async function firstInCatalogueOrder(
  db: Db,
  tier: Tier,
  earlier: readonly Tier[],
  filters: TierFilters,
  limit: number,
  meanings: readonly string[] = [],
): Promise<Match[]> {
  const { where, lexemes } = filters;
  const notEarlier = earlier.length === 0 ? sql`` : sql` and not (${sql.join(earlier.map(matchOf), sql` or `)})`;
  const match = sql`${matchOf(tier)}${notEarlier}`;
  // The index answers the words and narrows by the filters; the exact filter conditions stay.
  const gather = sql`${indexedMatchOf(tier, lexemes)}${notEarlier}`;
  // The meanings each match has, from the search_vector the walk already reads (no second look-up).
  const hits =
    meanings.length === 0
      ? sql`null::int[]`
      : sql`array(select m.i::int from unnest(${arrayParam(meanings, "text")}) with ordinality as m(query, i)
                  where q.search_vector @@ m.query::tsquery order by m.i)`;
  const columns = sql`q.id, q.category_slug, q.position, q.discount_price, q.discount_percent, q.created_at, q.colour,
    ${hits} as meaning_hits`;
  // archived_at is only in the index's predicate (every row walked is unarchived): read from the
  // table, it would cost the walk its index-only scan.
  const walkColumns = sql`id, category_slug, position, discount_price, discount_percent, created_at, colour,
    sizes_in_stock, null::timestamptz as archived_at, name_vector, search_vector`;
  // The further walk is worth it when, at the first walk's rate, it finds what is missing with a margin.
  const dense = Math.ceil((limit * WALK_ROWS * DENSE_MARGIN) / (WALK_ROWS + LONG_WALK_ROWS));
  // The walk's lengths are written into the text (they never change): planned once for any
  // parameters (selectByShape), a LIMIT given as a parameter would be guessed at a tenth of the table.
  const walkRows = sql.raw(String(WALK_ROWS));
  const longWalkRows = sql.raw(String(LONG_WALK_ROWS));
  return selectByShape<Match>(
    db,
    sql`with walked as materialized (
          select ${columns}
          from (select ${walkColumns} from products where archived_at is null
                order by position, id limit ${walkRows}) q
          where ${match} and ${where}
          limit ${limit}
        ), walked_count as (
          select count(*)::int as n from walked
        ), catalogue as (
          -- The planner's own count of the products (no scan); never counted yet, taken as large.
          select case when c.reltuples < 0 then 1e6 else c.reltuples end as rows
          from pg_class c where c.oid = 'products'::regclass
        ), walked_further as materialized (
          select ${columns}
          from (select ${walkColumns} from products where archived_at is null
                order by position, id offset ${walkRows} limit ${longWalkRows}) q
          where ${match} and ${where} and (select n >= ${dense} and n < ${limit}
            -- (limit - n) / rate rows walked against rate x catalogue rows gathered, rate = n / WALK_ROWS.
            and n::float8 * n * ${sql.raw(String(GATHER_ROW_COST))} * (select rows from catalogue)
              >= (${limit} - n)::float8 * ${walkRows} * ${walkRows}
            from walked_count)
          limit (select ${limit} - n from walked_count)
        ), walks_were_enough as (
          select (select n from walked_count) + (select count(*) from walked_further) = ${limit} as yes
        ), gathered as materialized (
          select ${columns} from products q where ${gather} and ${where}
        )
        select * from (
          select * from walked where (select yes from walks_were_enough)
          union all
          select * from walked_further where (select yes from walks_were_enough)
          union all
          (select * from gathered where not (select yes from walks_were_enough)
           order by position, id limit ${limit})
        ) found
        order by position, id`,
  );
}
