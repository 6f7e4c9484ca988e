// The words that name the shop's shelves (issue 52): the database's own stems of its categories'
// names ('sport', 'sandal', 'chappal', 'heel', 'loafer', 'formal'…), read once per database and kept
// (the categories are the shop's fixed list). A shelf's word is what a shopper most likely meant: a
// misspelling nothing else explains is read as one (search-terms.ts), and when several words find
// nothing together, a shelf's word is the last one given up (search-page.ts).
import { sql } from "drizzle-orm";
import type { CategorySlug } from "#shared/categories.ts";
import type { Db } from "../db/client.ts";
import { selectByShape } from "../db/rows.ts";

/** Words every category's name has or that name no shelf: they say nothing about which one is meant. */
const NO_SHELF = new Set(["shoe"]);

/** The shelf words, and each category's name as stems ('sport', 'shoe'). */
export interface Shelves {
  words: ReadonlySet<string>;
  namesOf: ReadonlyMap<CategorySlug, readonly string[]>;
}

const known = new WeakMap<Db, Promise<Shelves>>();

/** The stems of the categories' names. */
export function shelvesOf(db: Db): Promise<Shelves> {
  let shelves = known.get(db);
  if (!shelves) {
    shelves = selectByShape<{ stem: string; slug: CategorySlug }>(
      db,
      sql`select distinct s.stem, c.slug from categories c,
            unnest(tsvector_to_array(to_tsvector('english'::regconfig, c.name))) as s(stem)
          order by c.slug`,
    ).then((rows) => {
      const namesOf = new Map<CategorySlug, string[]>();
      for (const { stem, slug } of rows) namesOf.set(slug, [...(namesOf.get(slug) ?? []), stem]);
      const words = new Set(rows.map((row) => row.stem).filter((stem) => !NO_SHELF.has(stem)));
      return { words, namesOf };
    });
    // A failed read is asked again next time, not kept.
    shelves.catch(() => known.delete(db));
    known.set(db, shelves);
  }
  return shelves;
}
