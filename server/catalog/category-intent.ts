// What a search's words mean in this shop (issue 52): a word that names one of its categories
// ('sports', 'sandal', 'chappal', 'heels'), as typed, through an owner's synonym (an occasion such as
// 'eid' means heels, khussa and chappals) or through a typo's correction, says which shelf the
// shopper means. Products on those shelves come before products that share the word only inside their
// name: 'sports shoes' puts the sports shoes before a sandal named "Sports Sandal". The categories'
// words are the database's own stems of the categories' names (the `categories` table), read once per
// database and kept: the categories are the shop's fixed list.
import { sql } from "drizzle-orm";
import type { CategorySlug } from "#shared/categories.ts";
import type { Db } from "../db/client.ts";
import { selectByShape } from "../db/rows.ts";
import type { Match } from "./search.ts";
import type { SearchTerm } from "./search-terms.ts";

/** Words every category's name has or that name no shelf: they say nothing about which one is meant. */
const NO_SHELF = new Set(["shoe"]);

const known = new WeakMap<Db, Promise<Map<string, Set<CategorySlug>>>>();

/** Each stem of the categories' names, with the categories whose names have it. */
export function categoryStems(db: Db): Promise<Map<string, Set<CategorySlug>>> {
  let stems = known.get(db);
  if (!stems) {
    stems = selectByShape<{ slug: CategorySlug; stem: string }>(
      db,
      sql`select c.slug, s.stem from categories c,
            unnest(tsvector_to_array(to_tsvector('english'::regconfig, c.name))) as s(stem)`,
    ).then((rows) => {
      const map = new Map<string, Set<CategorySlug>>();
      for (const { slug, stem } of rows) {
        if (NO_SHELF.has(stem)) continue;
        const slugs = map.get(stem) ?? new Set<CategorySlug>();
        slugs.add(slug);
        map.set(stem, slugs);
      }
      return map;
    });
    // A failed read is asked again next time, not kept.
    stems.catch(() => known.delete(db));
    known.set(db, stems);
  }
  return stems;
}

/** The stems a term may be found as: as typed, its synonyms' and its corrections. */
const stemsOfTerm = (term: SearchTerm) => [...term.exact.flat(), ...term.corrections];

/**
 * For each word that names a shelf, the categories it names; words naming none are left out. Empty
 * when no word names a shelf (then the ranking is the tiers' alone).
 */
export function shelvesNamed(
  terms: readonly SearchTerm[],
  stems: ReadonlyMap<string, ReadonlySet<CategorySlug>>,
): Set<CategorySlug>[] {
  const named: Set<CategorySlug>[] = [];
  for (const term of terms) {
    const shelves = new Set<CategorySlug>();
    for (const stem of stemsOfTerm(term)) for (const slug of stems.get(stem) ?? []) shelves.add(slug);
    if (shelves.size > 0) named.push(shelves);
  }
  return named;
}

/** How many of the words naming a shelf name this product's: 0 when none does. */
export const shelfHits = (match: Match, named: readonly ReadonlySet<CategorySlug>[]) =>
  named.reduce((hits, shelves) => hits + (shelves.has(match.category_slug) ? 1 : 0), 0);

/**
 * The matches with the products on the shelves the words name first (the most such words first),
 * each group in the order it had (the tiers' and the meanings'). Unchanged when no word names a shelf.
 */
export function shelvesFirst(matches: readonly Match[], named: readonly ReadonlySet<CategorySlug>[]): Match[] {
  if (named.length === 0) return [...matches];
  const hits = new Map(matches.map((m) => [m.id, shelfHits(m, named)]));
  return [...matches].sort((a, b) => (hits.get(b.id) ?? 0) - (hits.get(a.id) ?? 0));
}
