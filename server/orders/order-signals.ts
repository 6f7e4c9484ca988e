// "The orders changed": an order was placed or moved, so whatever shows a count of orders (the
// admin's live badge of new orders) should count again. In one process a plain fan-out; with
// REDIS_URL the signal also reaches every other instance through a Redis channel, so an order
// placed through one instance updates the admins watching through another at once. The signal
// carries nothing but "count again": the database stays the one source of the numbers, and a lost
// message (Redis away) only delays an update until the watchers' own slow re-check.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { logRedisOutages, type OutageLog, reasonOf } from "../redis-outage.ts";

export const ORDERS_CHANNEL = "shop:orders-changed";

export interface OrderSignals {
  /** Announces a committed change to some order. Never throws. */
  publish(): void;
  /** Calls `listener` for every change published from now on (here or, with Redis, anywhere); answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** True when other instances hear this one's signals (Redis), so watchers may re-check rarely. */
  readonly shared: boolean;
  close(): Promise<void>;
}

type Log = OutageLog;

export function createLocalOrderSignals(): OrderSignals {
  const listeners = new Set<() => void>();
  return {
    publish() {
      for (const listener of listeners) {
        try {
          listener();
        } catch {
          // A broken listener must not fail the write that published.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    shared: false,
    close: async () => {},
  };
}

export async function createRedisOrderSignals(url: string, log: Log): Promise<OrderSignals> {
  const local = createLocalOrderSignals();
  // This instance's own messages come back on the channel; they were delivered locally already.
  const instance = randomUUID();
  const options = { maxRetriesPerRequest: 1, connectTimeout: 2_000, enableOfflineQueue: false, lazyConnect: true };
  const publisher = new Redis(url, options);
  // A subscriber keeps its subscription across reconnects, which needs the offline queue.
  const subscriber = new Redis(url, { ...options, enableOfflineQueue: true });
  await Promise.all([publisher, subscriber].map((c) => c.connect().catch(logRedisOutages(c, log, "order signals"))));
  subscriber.on("message", (_channel: string, from: string) => {
    if (from !== instance) local.publish();
  });
  await subscriber
    .subscribe(ORDERS_CHANNEL)
    .catch((err: unknown) => log.warn({ reason: reasonOf(err) }, "could not subscribe to order signals"));

  return {
    publish() {
      local.publish();
      publisher
        .publish(ORDERS_CHANNEL, instance)
        .catch((err: unknown) => log.warn({ reason: reasonOf(err) }, "order signal not sent to other instances"));
    },
    subscribe: local.subscribe,
    shared: true,
    async close() {
      await Promise.all([publisher, subscriber].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
