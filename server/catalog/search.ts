// Product search that stays fast at 100,000 products, forgives typos and takes the list filters.
//
// Ranking is a series of tiers, each asked of the database in turn until enough matches are found
// (decisions 006 and 012): products whose name has the words in typed order, next to each other;
// whose name has every word as typed; as typed or as its synonyms; whose name has them through a typo
// correction; then those matching through their category or description, as typed and then
// corrected. Inside a tier, the owner's order (category position, product position).
//
// Each tier is one statement: a walk of the catalogue order (a btree that carries every column the
// walk reads, migration 0010, so the walk never visits the table) capped at WALK_ROWS rows,
// and only when the walk came up short, a gather of the tier's matches from its GIN index. The
// list filters are conditions inside both (`filterConditions`, alias q), so a filter never makes
// the search read the catalogue whole; the gather also asks the filters of their own GIN index
// (`filterLexemesQuery`, migration 0012), so it reads only the matches that can pass them.
import { type SQL, sql } from "drizzle-orm";
import { CATEGORIES, CATEGORY_SLUGS, type CategorySlug } from "#shared/categories.ts";
import type { ListFilters } from "#shared/listing.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { filterConditions } from "./listing.ts";
import { filterLexemesQuery } from "./search-filter-lexemes.ts";
import { type SearchTerm, tsqueriesOf } from "./search-terms.ts";

/**
 * Rows the catalogue-order walk may read before giving up on it. A tier whose matches are rarer
 * than wanted/WALK_ROWS is gathered from its index instead.
 */
const WALK_ROWS = 3_000;

/** A match with what the search's sorts order by (read from the walk, no second look-up). */
export interface Match {
  id: string;
  category_slug: CategorySlug;
  position: number;
  discount_price: number;
  discount_percent: number;
  created_at: string;
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

/** Up to `want` matches of every term under the filters, best first. */
export async function rankedMatches(
  db: Db,
  terms: readonly SearchTerm[],
  filters: ListFilters,
  want: number,
): Promise<Match[]> {
  const { full, exact, literal, phrase } = tsqueriesOf(terms);
  if (!full) return [];
  const tsq = (text: string) => sql`${text}::tsquery`;
  const tiers: SQL[] = [];
  if (phrase) tiers.push(sql`q.name_vector @@ ${tsq(phrase)}`);
  if (literal && literal !== exact) tiers.push(sql`q.name_vector @@ ${tsq(literal)}`);
  if (exact) tiers.push(sql`q.name_vector @@ ${tsq(exact)}`);
  if (full !== exact) tiers.push(sql`q.name_vector @@ ${tsq(full)}`);
  if (exact) tiers.push(sql`q.search_vector @@ ${tsq(exact)}`);
  if (full !== exact) tiers.push(sql`q.search_vector @@ ${tsq(full)}`);

  const where = tierFiltersOf(filters);
  const found: Match[] = [];
  for (const [index, tier] of tiers.entries()) {
    const wanted = want - found.length;
    if (wanted <= 0) break;
    // A product is in the first tier it matches: later tiers leave out the earlier ones' matches.
    const earlier = tiers.slice(0, index);
    const match = earlier.length === 0 ? tier : sql`${tier} and not (${sql.join(earlier, sql` or `)})`;
    const rows = await firstInCatalogueOrder(db, match, where, wanted);
    found.push(...rows.sort(byOwnerOrder));
  }
  return found;
}

/** Whether any product matches every term under the filters (one bounded statement). */
export async function anyMatch(db: Db, terms: readonly SearchTerm[], filters: ListFilters): Promise<boolean> {
  const { full } = tsqueriesOf(terms);
  if (!full) return false;
  const rows = await firstInCatalogueOrder(db, sql`q.search_vector @@ ${full}::tsquery`, tierFiltersOf(filters), 1);
  return rows.length > 0;
}

/**
 * One statement: the capped walk, and, only when it came up short, the gather. The gather is a
 * materialized CTE behind a one-time filter on the walk's count, so it is never run when the walk
 * was enough, and the planner cannot turn it back into a walk of its own.
 */
async function firstInCatalogueOrder(db: Db, match: SQL, filters: TierFilters, limit: number): Promise<Match[]> {
  const { where, lexemes } = filters;
  // Only narrows (the exact conditions stay): PostgreSQL ANDs this GIN scan with the words' one.
  const narrowed = lexemes === undefined ? sql`` : sql` and q.filter_vector @@ ${lexemes}::tsquery`;
  const columns = sql`q.id, q.category_slug, q.position, q.discount_price, q.discount_percent, q.created_at`;
  return selectRows<Match>(
    db,
    sql`with walked as materialized (
          select ${columns}
          from (select id, category_slug, position, discount_price, discount_percent, created_at, colour,
                       -- archived_at is only in the index's predicate (every row walked is unarchived):
                       -- read from the table, it would cost the walk its index-only scan.
                       sizes_in_stock, null::timestamptz as archived_at, name_vector, search_vector
                from products where archived_at is null order by position, id limit ${WALK_ROWS}) q
          where ${match} and ${where}
          limit ${limit}
        ), gathered as materialized (
          select ${columns} from products q where ${match} and ${where}${narrowed}
        ), walk_was_enough as (
          select count(*) = ${limit} as yes from walked
        )
        select * from (
          select * from walked where (select yes from walk_was_enough)
          union all
          (select * from gathered where not (select yes from walk_was_enough)
           order by position, id limit ${limit})
        ) found
        order by position, id`,
  );
}
