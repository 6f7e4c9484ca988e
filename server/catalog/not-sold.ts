// The owner's not-sold words: listed, set and deleted from the admin, and looked up by the search
// for a query's words (a primary-key probe per typed word, like the synonyms: an edit counts at once).
import { asc, eq, sql } from "drizzle-orm";
import type { NotSoldKind, NotSoldWord } from "#shared/not-sold.ts";
import type { NotSoldMatch } from "#shared/search.ts";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { arrayParam, selectPrepared } from "../db/rows.ts";
import { notSoldWords } from "../db/schema.ts";

const toWord = (row: { word: string; kind: string; createdAt: Date }): NotSoldWord => ({
  word: row.word,
  kind: row.kind as NotSoldKind,
  createdAt: row.createdAt.toISOString(),
});

export async function listNotSold(db: Db): Promise<NotSoldWord[]> {
  return (await db.select().from(notSoldWords).orderBy(asc(notSoldWords.word))).map(toWord);
}

/** Adds the word or changes its kind; answers it and whether it is new. */
export async function setNotSold(
  db: Db,
  word: string,
  kind: NotSoldKind,
): Promise<{ word: NotSoldWord; created: boolean }> {
  const [row] = await db
    .insert(notSoldWords)
    .values({ word, kind })
    .onConflictDoUpdate({ target: notSoldWords.word, set: { kind } })
    .returning({
      word: notSoldWords.word,
      kind: notSoldWords.kind,
      createdAt: notSoldWords.createdAt,
      created: sql<boolean>`(xmax = 0)`,
    });
  if (!row) throw new BrokenPromise("the not-sold upsert answered no row");
  return { word: toWord(row), created: row.created };
}

export async function deleteNotSold(db: Db, word: string): Promise<boolean> {
  const rows = await db.delete(notSoldWords).where(eq(notSoldWords.word, word)).returning({ word: notSoldWords.word });
  return rows.length > 0;
}

/** The typed words on the list, in typed order. */
export async function notSoldOf(db: Db, words: readonly string[]): Promise<NotSoldMatch[]> {
  if (words.length === 0) return [];
  const rows = await selectPrepared<NotSoldMatch>(
    db,
    "search-not-sold",
    sql`select word, kind from not_sold_words where word = any(${arrayParam(words, "text")})`,
  );
  const kinds = new Map(rows.map((row) => [row.word, row.kind]));
  return [...new Set(words)].flatMap((word) => {
    const kind = kinds.get(word);
    return kind ? [{ word, kind }] : [];
  });
}
