// The searches that found nothing or little, counted per query per day for the owner's
// /admin/searches (decision 025). Recording is one statement that also drops days past the 30 kept,
// and it never fails a search: the shopper's answer does not wait for it, and an error is only logged.
import { sql } from "drizzle-orm";
import type { SearchMiss } from "#shared/not-sold.ts";
import { z } from "#shared/zod.ts";
import type { Db } from "../db/client.ts";
import { arrayParam, selectRows } from "../db/rows.ts";

/** A search with at most this many products is a miss worth the owner's look. */
export const FEW_RESULTS = 2;
/** Days kept and shown. */
export const MISS_DAYS = 30;
const QUERY_MAX = 200;

export async function recordMiss(db: Db, query: string, dropped: readonly string[], results: number): Promise<void> {
  const text = query.slice(0, QUERY_MAX);
  if (text === "" || results > FEW_RESULTS) return;
  await db.execute(sql`with pruned as (
      delete from search_misses where day < current_date - ${MISS_DAYS}::int
    )
    insert into search_misses (day, query, count, dropped, results)
    values (current_date, ${text}, 1, ${arrayParam([...dropped], "text")}, ${results})
    on conflict (day, query) do update
      set count = search_misses.count + 1, dropped = excluded.dropped, results = excluded.results`);
}

const missRow = z.object({
  query: z.string(),
  count: z.number(),
  dropped: z.array(z.string()),
  results: z.number(),
  lastDay: z.string(),
});

/** The last 30 days' misses, most searched first. */
export async function listMisses(db: Db, limit = 200): Promise<SearchMiss[]> {
  return selectRows(
    db,
    missRow,
    // The dropped words and results are the last day's: what the search does with the query now.
    sql`select m.query, m.count, l.dropped, l.results, to_char(m.last, 'YYYY-MM-DD') as "lastDay"
        from (select query, sum(count)::int as count, max(day) as last from search_misses
              where day >= current_date - ${MISS_DAYS}::int group by query) m
        join search_misses l on l.query = m.query and l.day = m.last
        order by m.count desc, m.query limit ${limit}`,
  );
}
