// At most so many checkouts of this instance hold a database connection at once, fewer than the
// pool has: a checkout can wait on a locked stock row (up to its lock timeout), and checkouts
// waiting on one hot row must never take every connection, or the catalogue, search and /readyz
// wait behind them (issue 34: 250 requests/s fell to 0 for a 30 s lock). A checkout that finds
// every slot taken waits a bounded time for one, then is refused with 503 and Retry-After.
import { ORDER_MESSAGES } from "#shared/orders.ts";
import { DomainError } from "../domain-errors.ts";

/** Connections of the pool kept for everything but checkouts (lists, product pages, sign-ins, /readyz). */
export const CONNECTIONS_KEPT_FOR_BROWSING = 4;

export interface CheckoutSlots {
  /** Runs `work` in a slot, once one is free within the wait; otherwise throws a "busy" DomainError. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

/** Slots for a pool of `poolSize` connections; on PGlite (one connection, no lock waits) no bound. */
export function checkoutSlotsFor(kind: "pglite" | "postgres", poolSize: number, waitMs: number): CheckoutSlots {
  if (kind === "pglite") return { run: (work) => work() };
  return createCheckoutSlots(Math.max(1, poolSize - CONNECTIONS_KEPT_FOR_BROWSING), waitMs);
}

export function createCheckoutSlots(limit: number, waitMs: number): CheckoutSlots {
  let running = 0;
  // Those waiting, first come first served; each is woken with its slot already counted.
  const waiting: (() => void)[] = [];

  const take = (): Promise<void> => {
    if (running < limit) {
      running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(wake), 1);
        reject(new DomainError("busy", ORDER_MESSAGES.busyNotPlaced));
      }, waitMs);
      waiting.push(wake);
    });
  };

  const give = () => {
    const next = waiting.shift();
    // The slot passes straight to the next in line: `running` stays as it is.
    if (next) next();
    else running--;
  };

  return {
    async run(work) {
      await take();
      try {
        return await work();
      } finally {
        give();
      }
    },
  };
}
