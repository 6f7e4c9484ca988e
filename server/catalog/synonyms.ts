// The owner's search synonyms: listed, set (added or changed) and deleted from the admin, and the
// synonyms of a query's words looked up by the search (a primary-key probe per typed word, so an
// edit takes effect with the next search and nothing is cached).
import { asc, eq, sql } from "drizzle-orm";
import type { Synonym } from "#shared/synonyms.ts";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { arrayParam, selectPrepared } from "../db/rows.ts";
import { searchSynonyms } from "../db/schema.ts";

function toSynonym(row: { word: string; means: string; createdAt: Date }): Synonym {
  return { word: row.word, means: row.means, createdAt: row.createdAt.toISOString() };
}

export async function listSynonyms(db: Db): Promise<Synonym[]> {
  const rows = await db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.word));
  return rows.map(toSynonym);
}

/** Adds the word or changes what it means; answers the synonym and whether it is new. */
export async function setSynonym(db: Db, word: string, means: string): Promise<{ synonym: Synonym; created: boolean }> {
  const [row] = await db
    .insert(searchSynonyms)
    .values({ word, means })
    .onConflictDoUpdate({ target: searchSynonyms.word, set: { means } })
    .returning({
      word: searchSynonyms.word,
      means: searchSynonyms.means,
      createdAt: searchSynonyms.createdAt,
      // xmax is 0 on a row this statement inserted, set on one it updated.
      created: sql<boolean>`(xmax = 0)`,
    });
  if (!row) throw new BrokenPromise("the synonym upsert answered no row");
  return { synonym: toSynonym(row), created: row.created };
}

/** Answers whether there was such a word. */
export async function deleteSynonym(db: Db, word: string): Promise<boolean> {
  const rows = await db
    .delete(searchSynonyms)
    .where(eq(searchSynonyms.word, word))
    .returning({ word: searchSynonyms.word });
  return rows.length > 0;
}

/** What each of the words means, for the words that have a synonym. */
export async function synonymsOf(db: Db, words: readonly string[]): Promise<Map<string, string>> {
  if (words.length === 0) return new Map();
  const rows = await selectPrepared<{ word: string; means: string }>(
    db,
    "search-synonyms",
    sql`select word, means from search_synonyms where word = any(${arrayParam(words, "text")})`,
  );
  return new Map(rows.map((row) => [row.word, row.means]));
}
