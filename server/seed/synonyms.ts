// The search synonyms a new shop starts with (synonyms.json): the English and Roman Urdu words
// Karachi shoppers type. Seeded only into a shop that has neither products nor synonyms yet, like
// the demo catalogue, so a synonym the owner deleted stays deleted after a restart.
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { synonymInputSchema } from "#shared/synonyms.ts";
import type { Db } from "../db/client.ts";
import { selectRowsAsserted } from "../db/rows.ts";
import { searchSynonyms } from "../db/schema.ts";

export function readSeedSynonyms(): { word: string; means: string }[] {
  const file = JSON.parse(readFileSync(new URL("./synonyms.json", import.meta.url), "utf8")) as {
    synonyms: Record<string, string>;
  };
  // Checked by the same schema as the admin's input: a bad row in the file fails the start loudly.
  return Object.entries(file.synonyms).map(([word, means]) => synonymInputSchema.parse({ word, means }));
}

/** Adds the seed synonyms to a new shop; answers how many it added. */
export async function seedSynonyms(db: Db): Promise<number> {
  const [state] = await selectRowsAsserted<{ fresh: boolean }>(
    db,
    sql`select not exists (select 1 from products) and not exists (select 1 from search_synonyms) as fresh`,
  );
  if (!state?.fresh) return 0;
  const rows = readSeedSynonyms();
  await db.insert(searchSynonyms).values(rows).onConflictDoNothing();
  return rows.length;
}
