// Anonymous pages kept as rendered HTML (issue 35). A page is the same for every visitor (the
// session lives in localStorage, so the server cannot personalise it) except for its CSP nonce:
// it is rendered once with a placeholder nonce, kept split around the `nonce="…"` attributes, and
// every response gets its own nonce put back in. A change published on `CatalogChanges` (every
// instance hears it through Redis) drops every page: any page may list the changed product. An
// entry also ends at the next whole `maxAgeMs` after its render began, with the reads under it
// (server/catalog/freshness.ts): the bound on a stale page when a change message is lost.
// While the database is away (issue 45), a kept page past that end is still sent, marked stale, for
// up to `staleWhileAwayMs` after its render, instead of the 503 page (docs/decisions/026).
import { randomBytes } from "node:crypto";
import type { CatalogChanges } from "../catalog/changes.ts";
import { expiresAtBoundary } from "../catalog/freshness.ts";

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The HTML cut at each placeholder nonce: joined with a response's nonce, it is that response's page. */
  parts: Buffer[];
  bytes: number;
}

export interface PageCacheOptions {
  maxBytes: number;
  maxEntries: number;
  maxAgeMs: number;
  /**
   * How long after its render a kept page may still be sent while the database is away (a render of
   * it found the database unavailable); 10 minutes when not given. Within the same bytes and entries.
   */
  staleWhileAwayMs?: number;
  now?: () => number;
}

/** About 300 pages of 100 KB: every listing, product and common search of the demo shop. */
export const DEFAULT_PAGE_CACHE: PageCacheOptions = { maxBytes: 32 * 1024 * 1024, maxEntries: 2_000, maxAgeMs: 1_000 };

/** A restart or a failover takes seconds to a minute; a page older than this is too old to show as the shop. */
export const STALE_WHILE_AWAY_MS = 10 * 60_000;

/** A rendered page as React Router answered it, to be kept only if every visitor would get the same. */
export interface RenderedPage {
  status: number;
  headers: Headers;
  body: Buffer;
  /** A loader found the database away (server/web/database-away.ts): the body is the 503 page. */
  databaseAway?: boolean;
}

/** A page as sent: kept, just rendered, or kept and past its freshness because the database is away. */
export interface ServedPage extends CachedPage {
  stale?: StalePage;
}

export interface StalePage {
  /** Whole seconds since its render began. */
  ageSeconds: number;
  /** Whole seconds of freshness left, rounded down: negative, how long ago it stopped being fresh. */
  ttlSeconds: number;
}

export interface PageCache {
  /**
   * The placeholder nonce pages are rendered with: random per process, 22 URL-safe characters, so
   * nobody outside can write it, and only ever replaced inside a `nonce="…"` attribute.
   */
  readonly placeholder: string;
  /**
   * The kept page for `key`, or else `render`'s, rendered once for a crowd asking at the same time
   * (a 503 page too, but only a 200 HTML page that sets no cookie is kept). When the render finds
   * the database away, the kept page past its freshness instead, marked `stale`, if it is young enough.
   */
  page(key: string, render: () => Promise<RenderedPage>): Promise<ServedPage>;
  readonly size: { entries: number; bytes: number };
}

interface Entry extends CachedPage {
  renderedAt: number;
  /** Fresh until then; afterwards sent only while the database is away, until `staleUntil`. */
  expiresAt: number;
  staleUntil: number;
  /**
   * Set when a render of this page found the database away: until a render reads it again, the
   * page is sent stale at once, and rendered again (in the background) at most once a second.
   */
  away?: { nextTryAt: number };
}

export function createPageCache(changes: CatalogChanges, options: PageCacheOptions = DEFAULT_PAGE_CACHE): PageCache {
  const now = options.now ?? Date.now;
  const staleWhileAwayMs = options.staleWhileAwayMs ?? STALE_WHILE_AWAY_MS;
  const placeholder = randomBytes(16).toString("base64url").slice(0, 22);
  const attribute = Buffer.from(`nonce="${placeholder}"`);
  // A Map keeps insertion order: re-inserting on every hit makes its first key the least recently used.
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<ServedPage>>();
  let bytes = 0;
  // Bumped by every change, so a render that started before a change is neither kept nor shared after it.
  let generation = 0;

  const remove = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };

  changes.subscribe(() => {
    generation++;
    entries.clear();
    rendering.clear();
    bytes = 0;
  });

  const keep = (key: string, page: CachedPage, renderStartedAt: number) => {
    if (page.bytes > options.maxBytes) return;
    const previous = entries.get(key);
    if (previous) remove(key, previous);
    entries.set(key, {
      ...page,
      renderedAt: renderStartedAt,
      expiresAt: expiresAtBoundary(renderStartedAt, options.maxAgeMs),
      staleUntil: renderStartedAt + staleWhileAwayMs,
    });
    bytes += page.bytes;
    for (const [oldKey, oldEntry] of entries) {
      if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
      remove(oldKey, oldEntry);
    }
  };

  const renderOnce = async (key: string, render: () => Promise<RenderedPage>): Promise<ServedPage> => {
    const started = generation;
    const startedAt = now();
    const rendered = await render();
    const page = cut(rendered, attribute);
    // A change since the render began has dropped every kept page, this one's too: nothing to keep or send stale.
    if (started !== generation) return page;
    const kept = entries.get(key);
    if (rendered.databaseAway) {
      if (!kept || kept.staleUntil <= now()) return page;
      kept.away = { nextTryAt: expiresAtBoundary(startedAt, options.maxAgeMs) };
      return stale(kept);
    }
    if (keepable(rendered)) keep(key, page, startedAt);
    // The database answered and the page is no longer one to keep (a 404, a 500): the old one goes.
    else if (kept) remove(key, kept);
    return page;
  };

  const stale = (entry: Entry): ServedPage => {
    const at = now();
    const ageSeconds = Math.floor((at - entry.renderedAt) / 1_000);
    return { ...entry, stale: { ageSeconds, ttlSeconds: Math.floor((entry.expiresAt - at) / 1_000) } };
  };

  const renderShared = (key: string, render: () => Promise<RenderedPage>): Promise<ServedPage> => {
    const pending = rendering.get(key);
    if (pending) return pending;
    const started = generation;
    const promise = renderOnce(key, render).finally(() => {
      if (started === generation && rendering.get(key) === promise) rendering.delete(key);
    });
    rendering.set(key, promise);
    return promise;
  };

  return {
    placeholder,
    page(key, render) {
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.staleUntil <= at) remove(key, hit);
      else if (hit && (hit.expiresAt > at || hit.away)) {
        entries.delete(key);
        entries.set(key, hit);
        if (hit.expiresAt > at) return Promise.resolve(hit);
        // The database was away at this page's last render: the kept page at once, while one
        // render a second asks the database again and, once it answers, takes the page's place.
        if (hit.away && hit.away.nextTryAt <= at && !rendering.has(key)) {
          hit.away.nextTryAt = expiresAtBoundary(at, options.maxAgeMs);
          // Nobody waits on it: were it to throw, the page stays as it is and is tried again next second.
          renderShared(key, render).catch(() => {});
        }
        return Promise.resolve(stale(hit));
      }
      return renderShared(key, render);
    },
    get size() {
      return { entries: entries.size, bytes };
    },
  };
}

/** Only a 200 HTML page that sets no cookie is the same for the next visitor: never a 503, 404 or 500. */
function keepable(rendered: RenderedPage): boolean {
  return (
    rendered.status === 200 &&
    !rendered.headers.has("set-cookie") &&
    (rendered.headers.get("content-type")?.startsWith("text/html") ?? false)
  );
}

/** The page cut at its placeholder nonces. */
function cut(rendered: RenderedPage, attribute: Buffer): CachedPage {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = rendered.body.indexOf(attribute); at !== -1; at = rendered.body.indexOf(attribute, from)) {
    parts.push(rendered.body.subarray(from, at));
    from = at + attribute.length;
  }
  parts.push(rendered.body.subarray(from));
  return { status: rendered.status, headers: [...rendered.headers], parts, bytes: rendered.body.length };
}

/** The page with `nonce` in each place the placeholder was. */
export function withNonce(page: CachedPage, nonce: string): Buffer {
  const attribute = Buffer.from(`nonce="${nonce}"`);
  const pieces: Buffer[] = [];
  page.parts.forEach((part, i) => {
    if (i > 0) pieces.push(attribute);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

/**
 * The storefront pages every visitor sees alike (issue 35, goal 1). Not the owner's screens, not
 * pages about one shopper's cart, order, mail link or password, and not React Router's data
 * requests (`.data`, no nonce, read by the browser while navigating).
 */
const CACHEABLE_PAGE =
  /^\/(?:|men|men\/All|women|women\/all|(?:men|women)\/[^/]+|products\/[^/]+|buy\/[^/]+|search|contact|exchange-policy|size-guide)\/?$/;

export function isCacheablePage(path: string): boolean {
  return CACHEABLE_PAGE.test(path) && !path.endsWith(".data") && !path.endsWith(".data/");
}
