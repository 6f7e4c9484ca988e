// When a kept answer of the catalogue must go, if no change message drops it first.

/**
 * The next whole multiple of `ttlMs` on the wall clock after `madeAt`, not `ttlMs` after it: every
 * cache of the catalogue (the API's read cache, the search's rows, the sizes in stock, a page's
 * remembered reads, the kept pages) ends its entries at the same instants, so a cache stacked on
 * another is never staler than one period. A page rendered at 0.99 s from a read made at 0.2 s goes
 * at 1.0 s with the read, where expiring each a full `ttlMs` after it was made would add the layers
 * up (a page of 1 s on a read of 1 s). With `ttlMs` = 1 s this is issue 35's bound on a change whose
 * message is lost (Redis away): every page of every instance shows it within a second. `madeAt` is
 * when the entry's reading began.
 */
export function expiresAtBoundary(madeAt: number, ttlMs: number): number {
  return Math.floor(madeAt / ttlMs) * ttlMs + ttlMs;
}
