// Product search that stays fast at 100,000 products and forgives typos.
//
// 1. Interpret: each typed word becomes its English stem when the catalogue knows that stem
//    ('heels' -> heel), else the nearest catalogue words by trigram similarity ('chapal' ->
//    chappal). The similarity runs over `search_words`, the catalogue's vocabulary (a few
//    thousand rows), never over the products. A word that is neither known nor near anything
//    means no product can match, and no product query runs.
// 2. Rank: products whose name matches come first, then those that match through their category
//    or description; inside each tier, catalogue order (position, as the owner arranged it).
//    That order is what a btree walks, so a broad query ('heel': a tenth of the catalogue) reads
//    only the first rows of the walk, and a narrow one ('tilla') gathers its few matches
//    from the GIN index. Which case a query is cannot be known beforehand (two common words may
//    never meet), so the walk is capped and the gather runs only when the walk came up short.
import { type SQL, sql } from "drizzle-orm";
import { SEARCH_RESULT_LIMIT } from "#shared/catalog.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";

/** Distinct words of a query that count (a longer query is cut, in the order to_tsvector lists them). */
const MAX_QUERY_WORDS = 8;
/** Nearest catalogue words a misspelt word may stand for. */
const MAX_CORRECTIONS = 3;
/**
 * Rows the catalogue-order walk may read before giving up on it. A tier whose matches are rarer
 * than limit/WALK_ROWS (about 2.4%) is gathered instead, which then reads at most a few thousand.
 */
const WALK_ROWS = 2_000;

interface QueryWord {
  word: string;
  stem: string;
  known: boolean;
  near: string[];
}

/** The typed words as a tsquery over catalogue lexemes, or undefined when nothing can match. */
export async function interpretQuery(db: Db, query: string): Promise<string | undefined> {
  // `%` takes its threshold from the connection (0.25, server/db/client.ts) and uses the index.
  const words = await selectRows<QueryWord>(
    db,
    sql`select w.word, l.stem, l.known,
          case when l.known then '{}'::text[] else
            array(select d.lexeme from search_words d where d.word % w.word
                  group by d.lexeme order by max(similarity(d.word, w.word)) desc, d.lexeme
                  limit ${MAX_CORRECTIONS}) end as near
        from unnest(tsvector_to_array(to_tsvector('simple'::regconfig, ${query}))) with ordinality as w(word, n)
        cross join lateral (select s.stem, exists (select 1 from search_words d where d.lexeme = s.stem) as known
                            from (select search_lexeme(w.word) as stem) s) l
        where l.stem is not null
        order by w.n
        limit ${MAX_QUERY_WORDS}`,
  );
  if (words.length === 0) return undefined;
  const terms: string[] = [];
  for (const { stem, known, near } of words) {
    if (known) terms.push(lexeme(stem));
    else if (near.length > 0) terms.push(`(${near.map(lexeme).join(" | ")})`);
    else return undefined;
  }
  return terms.join(" & ");
}

/** A lexeme quoted for tsquery input: no operator inside it is read as one. */
function lexeme(value: string): string {
  return `'${value.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}

/** Ids of the best matches, best first: products named for the query, then those matching elsewhere. */
export async function rankedProductIds(db: Db, tsquery: string): Promise<string[]> {
  const q = sql`${tsquery}::tsquery`;
  const tiers: SQL[] = [sql`p.name_vector @@ ${q}`, sql`p.search_vector @@ ${q} and not (p.name_vector @@ ${q})`];
  const ids: string[] = [];
  for (const match of tiers) {
    const wanted = SEARCH_RESULT_LIMIT - ids.length;
    if (wanted <= 0) break;
    ids.push(...(await firstInCatalogueOrder(db, match, wanted)));
  }
  return ids;
}

/**
 * One statement: the capped walk, and, only when it came up short, the gather. The gather is a
 * materialized CTE behind a one-time filter on the walk's count, so it is never run when the walk
 * was enough, and the planner cannot turn it back into a walk of its own.
 */
async function firstInCatalogueOrder(db: Db, match: SQL, limit: number): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`with walked as materialized (
          select p.id, p.position
          from (select id, position, name_vector, search_vector from products
                where archived_at is null order by position, id limit ${WALK_ROWS}) p
          where ${match}
          limit ${limit}
        ), gathered as materialized (
          select p.id, p.position from products p where p.archived_at is null and ${match}
        ), walk_was_enough as (
          select count(*) = ${limit} as yes from walked
        )
        select id from (
          select id, position from walked where (select yes from walk_was_enough)
          union all
          (select id, position from gathered where not (select yes from walk_was_enough)
           order by position, id limit ${limit})
        ) found
        order by position, id`,
  );
  return rows.map((row) => row.id);
}
