// The words that name the shop's shelves (issue 52): the database's own stems of its categories'
// names ('sport', 'sandal', 'chappal', 'heel', 'loafer', 'formal'…), read once per database and kept
// (the categories are the shop's fixed list). A shelf's word is what a shopper most likely meant: a
// misspelling nothing else explains is read as one (search-terms.ts), and when several words find
// nothing together, a shelf's word is the last one given up (search-page.ts).
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { selectByShape } from "../db/rows.ts";

/** Words every category's name has or that name no shelf: they say nothing about which one is meant. */
const NO_SHELF = new Set(["shoe"]);

const known = new WeakMap<Db, Promise<ReadonlySet<string>>>();

/** The stems of the categories' names. */
export function shelfWords(db: Db): Promise<ReadonlySet<string>> {
  let words = known.get(db);
  if (!words) {
    words = selectByShape<{ stem: string }>(
      db,
      sql`select distinct s.stem from categories c,
            unnest(tsvector_to_array(to_tsvector('english'::regconfig, c.name))) as s(stem)`,
    ).then((rows) => new Set(rows.map((row) => row.stem).filter((stem) => !NO_SHELF.has(stem))));
    // A failed read is asked again next time, not kept.
    words.catch(() => known.delete(db));
    known.set(db, words);
  }
  return words;
}
