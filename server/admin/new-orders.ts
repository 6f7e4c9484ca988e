// The number of new (pending) orders, for the admin's live badge. Every instance answers from the
// shared database; a watcher per instance counts once for all of its open streams, when an order
// signal arrives (server/orders/order-signals.ts: this instance's orders at once, other instances'
// through Redis) and on a slow timer that catches whatever no signal announced (no Redis, Redis
// away, a change made by hand). See docs/decisions/009-new-order-alerts.md. No HTTP here.
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import type { OrderSignals } from "../orders/order-signals.ts";

export async function countNewOrders(db: Db): Promise<number> {
  return db.$count(orders, eq(orders.status, "pending"));
}

export interface NewOrderWatch {
  /** Calls `listener` with the count soon, then with every change; answers the unsubscribe. */
  watch(listener: (count: number) => void): () => void;
  close(): void;
}

export interface NewOrderWatchOptions {
  db: Db;
  signals: OrderSignals;
  /** How often to count again without a signal. */
  recheckMs: number;
  logError(error: unknown, message: string): void;
}

/** A burst of signals (a batch of orders, several admins moving orders) is counted once. */
const SIGNAL_DELAY_MS = 50;

export function startNewOrderWatch(options: NewOrderWatchOptions): NewOrderWatch {
  const listeners = new Set<(count: number) => void>();
  // Listeners that have not had a first answer yet.
  const waiting = new Set<(count: number) => void>();
  let last: number | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let soon: NodeJS.Timeout | undefined;

  async function recount(): Promise<void> {
    const count = await countNewOrders(options.db);
    const changed = count !== last;
    last = count;
    for (const listener of listeners) {
      if (changed || waiting.has(listener)) listener(count);
    }
    waiting.clear();
  }

  function refresh(): void {
    if (listeners.size === 0) return;
    if (running) {
      again = true;
      return;
    }
    running = recount()
      .catch((error: unknown) => options.logError(error, "could not count new orders; trying again"))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          refresh();
        }
      });
  }

  function wake(): void {
    if (soon || listeners.size === 0) return;
    soon = setTimeout(() => {
      soon = undefined;
      refresh();
    }, SIGNAL_DELAY_MS);
    soon.unref();
  }

  const unsubscribe = options.signals.subscribe(wake);
  const timer = setInterval(refresh, options.recheckMs);
  timer.unref();

  return {
    watch(listener) {
      listeners.add(listener);
      waiting.add(listener);
      wake();
      return () => {
        listeners.delete(listener);
        waiting.delete(listener);
        // Nobody watching: the next watcher's first answer must come from a fresh count.
        if (listeners.size === 0) last = undefined;
      };
    },
    close() {
      unsubscribe();
      clearInterval(timer);
      if (soon) clearTimeout(soon);
      listeners.clear();
      waiting.clear();
    },
  };
}
