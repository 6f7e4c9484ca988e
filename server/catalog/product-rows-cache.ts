// The products a search shows (its page of 48, the instant box's 5), kept by id until they change.
// A search ranks ids in a few statements of its own; reading the page's products whole (pictures
// and sizes folded in) was a fifth of its time at 100,000 products, and the same products come up
// in search after search. Like the read cache (read-cache.ts), a change published on
// `CatalogChanges` (an order's stock, an admin's edit) drops the changed products at once, and an
// entry expires at the next whole second (freshness.ts) in case a change never arrives (Redis away).
import type { CatalogChange, CatalogChanges } from "./changes.ts";
import { expiresAtBoundary } from "./freshness.ts";
import type { ProductRow } from "./queries.ts";

export interface ProductRowsCacheOptions {
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}

/** About 3 KB a product as JavaScript objects: a few MB at most. */
export const DEFAULT_PRODUCT_ROWS_CACHE: ProductRowsCacheOptions = { maxEntries: 2_000, ttlMs: 1_000 };

export interface ProductRowsCache {
  /**
   * The rows of `ids`, in their order, missing ones left out (as `load` leaves out a product
   * archived or deleted); `load` is asked only for the ids not kept.
   */
  rows(ids: readonly string[], load: (ids: string[]) => Promise<ProductRow[]>): Promise<ProductRow[]>;
  readonly size: number;
}

interface Entry {
  row: ProductRow;
  expiresAt: number;
}

export function createProductRowsCache(
  changes: CatalogChanges,
  options: ProductRowsCacheOptions = DEFAULT_PRODUCT_ROWS_CACHE,
): ProductRowsCache {
  const now = options.now ?? Date.now;
  // A Map keeps insertion order: re-inserting on every hit makes its first key the least recently used.
  const entries = new Map<string, Entry>();
  // Bumped by every change, so rows read before a change are never kept after it.
  let generation = 0;

  changes.subscribe((change: CatalogChange) => {
    generation++;
    if (!change.productIds) entries.clear();
    else for (const id of change.productIds) entries.delete(id);
  });

  const kept = (id: string): ProductRow | undefined => {
    const entry = entries.get(id);
    if (!entry) return undefined;
    entries.delete(id);
    if (entry.expiresAt <= now()) return undefined;
    entries.set(id, entry);
    return entry.row;
  };

  return {
    async rows(ids, load) {
      const found = new Map<string, ProductRow>();
      const missing: string[] = [];
      for (const id of ids) {
        const row = kept(id);
        if (row) found.set(id, row);
        else missing.push(id);
      }
      if (missing.length > 0) {
        const started = generation;
        const expiresAt = expiresAtBoundary(now(), options.ttlMs);
        const loaded = await load(missing);
        for (const row of loaded) found.set(row.id, row);
        if (started === generation) {
          for (const row of loaded) entries.set(row.id, { row, expiresAt });
          for (const oldest of entries.keys()) {
            if (entries.size <= options.maxEntries) break;
            entries.delete(oldest);
          }
        }
      }
      return ids.flatMap((id) => found.get(id) ?? []);
    },
    get size() {
      return entries.size;
    },
  };
}
