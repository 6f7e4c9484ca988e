// The catalogue reads a storefront page makes, remembered as objects for a second. A page the
// page cache does not hold (an address with its own query, or any page just after a change) was
// rendered from 10-17 statements: /men reads five categories, their counts and the palette ten
// times. The same reads answer every page, so a miss costs the render alone (issue 35's "a page
// not in cache in 5 ms"). Like the read cache (read-cache.ts), a change published on
// `CatalogChanges` drops the entries it touches at once (a product's own entry, and every list),
// and an entry ends at the next whole `ttlMs` (freshness.ts), when the pages rendered from it end.
//
// The answers are shared between requests: loaders read them and never change them.
import type { CatalogChange, CatalogChanges } from "./changes.ts";
import { expiresAtBoundary } from "./freshness.ts";
import type { CatalogService } from "./service.ts";

export interface RememberedReadsOptions {
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}

/** A list page of 24 products is about 60 KB as objects: 300 entries stay under 20 MB. */
export const DEFAULT_REMEMBERED_READS: RememberedReadsOptions = { maxEntries: 300, ttlMs: 1_000 };

interface Entry {
  read: Promise<unknown>;
  /** The product an entry is about, or "any" for lists and other reads any change may alter. */
  about: string | "any";
  expiresAt: number;
}

export interface RememberedCatalog extends CatalogService {
  readonly size: number;
}

/**
 * `catalog` with its page reads remembered. A search page's answer is too: its miss is recorded by
 * the read, so the same search twice within the second counts once, as it does when the page is
 * kept. The search box's instant results and the API's searches are not page reads.
 */
export function rememberCatalogReads(
  catalog: CatalogService,
  changes: CatalogChanges,
  options: RememberedReadsOptions = DEFAULT_REMEMBERED_READS,
): RememberedCatalog {
  const now = options.now ?? Date.now;
  // A Map keeps insertion order: re-inserting on every hit makes its first key the least recently used.
  const entries = new Map<string, Entry>();

  changes.subscribe((change: CatalogChange) => {
    const changed = change.productIds;
    for (const [key, entry] of entries) {
      if (!changed || entry.about === "any" || changed.includes(entry.about)) entries.delete(key);
    }
  });

  const remember = <T>(key: string, about: string | "any", read: () => Promise<T>): Promise<T> => {
    const hit = entries.get(key);
    entries.delete(key);
    if (hit && hit.expiresAt > now()) {
      entries.set(key, hit);
      return hit.read as Promise<T>;
    }
    const entry: Entry = { read: read(), about, expiresAt: expiresAtBoundary(now(), options.ttlMs) };
    entries.set(key, entry);
    // A failed read is not remembered: the next request tries again.
    entry.read.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    while (entries.size > options.maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
    return entry.read as Promise<T>;
  };

  return {
    getProduct: (id) => remember(`product:${id}`, id, () => catalog.getProduct(id)),
    list: (scope, query) => remember(`list:${JSON.stringify([scope, query])}`, "any", () => catalog.list(scope, query)),
    colours: () => remember("colours", "any", () => catalog.colours()),
    pickByPositions: (slug, positions) =>
      remember(`pick:${slug}:${positions.join(",")}`, "any", () => catalog.pickByPositions(slug, positions)),
    sizesInStock: (gender) => remember(`sizes:${gender}`, "any", () => catalog.sizesInStock(gender)),
    categoryCovers: () => remember("covers", "any", () => catalog.categoryCovers()),
    allProductIds: () => remember("ids", "any", () => catalog.allProductIds()),
    search: (query, list) => catalog.search(query, list),
    searchPage: (text, list) =>
      remember(`search:${JSON.stringify([text, list])}`, "any", () => catalog.searchPage(text, list)),
    instant: (text) => catalog.instant(text),
    get size() {
      return entries.size;
    },
  };
}
