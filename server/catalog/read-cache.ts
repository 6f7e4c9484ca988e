// The catalogue's public reads (a product, a category page, a size listing) kept as the exact
// bytes of their JSON answer with a strong ETag, until the catalogue changes. A change published
// on `CatalogChanges` drops the answers that hold the changed products and every list (a list
// may gain or lose any product). Entries also expire at the next whole second (freshness.ts), which bounds a stale
// answer when a change never arrives (Redis away, or several instances without REDIS_URL).
// Each answer is compressed once per encoding a client asks for, not once per request.
import { createHash } from "node:crypto";
import { type Precompressed, precompressed } from "../http/compression.ts";
import type { CatalogChange, CatalogChanges } from "./changes.ts";
import { expiresAtBoundary } from "./freshness.ts";

export interface CachedAnswer extends Precompressed {
  etag: string;
}

interface Entry extends CachedAnswer {
  /** The products in the answer; a list entry is dropped on any change. */
  productIds: ReadonlySet<string> | "list";
  expiresAt: number;
}

export interface ReadCacheOptions {
  maxEntries: number;
  maxBytes: number;
  ttlMs: number;
  now?: () => number;
}

export interface ReadCache {
  /** The cached answer for `key`, or else `load`'s, serialised (and kept unless a change came meanwhile). */
  answer(key: string, load: () => Promise<CachedSource>): Promise<CachedAnswer>;
  readonly size: { entries: number; bytes: number };
}

export interface CachedSource {
  value: unknown;
  /** The products the answer shows, or "list" for lists. */
  productIds: readonly string[] | "list";
}

export const DEFAULT_READ_CACHE: ReadCacheOptions = { maxEntries: 2_000, maxBytes: 64 * 1024 * 1024, ttlMs: 1_000 };

export function createReadCache(changes: CatalogChanges, options: ReadCacheOptions = DEFAULT_READ_CACHE): ReadCache {
  const now = options.now ?? Date.now;
  // A Map keeps insertion order: re-inserting on every hit makes its first key the least recently used.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  // Bumped by every change, so a load that started before a change is never stored after it.
  let generation = 0;

  const remove = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.body.length;
  };

  changes.subscribe((change: CatalogChange) => {
    generation++;
    const changed = change.productIds;
    for (const [key, entry] of entries) {
      if (!changed || entry.productIds === "list" || changed.some((id) => (entry.productIds as Set<string>).has(id))) {
        remove(key, entry);
      }
    }
  });

  return {
    async answer(key, load) {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      if (hit) remove(key, hit);
      const started = generation;
      const startedAt = now();
      const source = await load();
      const body = Buffer.from(JSON.stringify(source.value));
      const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
      const entry: Entry = {
        ...precompressed(body),
        etag,
        productIds: source.productIds === "list" ? "list" : new Set(source.productIds),
        expiresAt: expiresAtBoundary(startedAt, options.ttlMs),
      };
      if (started === generation && body.length <= options.maxBytes) {
        const previous = entries.get(key);
        if (previous) remove(key, previous);
        entries.set(key, entry);
        bytes += body.length;
        for (const [oldKey, oldEntry] of entries) {
          if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
          remove(oldKey, oldEntry);
        }
      }
      return entry;
    },
    get size() {
      return { entries: entries.size, bytes };
    },
  };
}
