// Catalogue changes between instances: with REDIS_URL, a change published here reaches this
// instance's listeners at once and every other instance's through a Redis channel, so a price
// edit or a sale made on one instance drops the cached answers of all of them. Redis being away
// never fails the write that published: the message is lost, and the caches' few-second expiry
// (read-cache.ts) bounds how long another instance shows the old answer.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { logRedisOutages, type OutageLog, reasonOf } from "../redis-outage.ts";
import { type CatalogChange, type CatalogChanges, createLocalCatalogChanges } from "./changes.ts";

export const CATALOG_CHANNEL = "shop:catalog-changes";

interface Message {
  from: string;
  productIds?: string[];
}

type Log = OutageLog;

export interface SharedCatalogChanges extends CatalogChanges {
  close(): Promise<void>;
}

export async function createRedisCatalogChanges(url: string, log: Log): Promise<SharedCatalogChanges> {
  const local = createLocalCatalogChanges();
  // Messages from this instance come back on the channel too; they were delivered locally already.
  const instance = randomUUID();
  const options = { maxRetriesPerRequest: 1, connectTimeout: 2_000, enableOfflineQueue: false, lazyConnect: true };
  const publisher = new Redis(url, options);
  // A subscriber keeps its subscription across reconnects, which needs the offline queue.
  const subscriber = new Redis(url, { ...options, enableOfflineQueue: true });
  await Promise.all(
    [publisher, subscriber].map((c) => c.connect().catch(logRedisOutages(c, log, "catalogue changes"))),
  );
  subscriber.on("message", (_channel: string, text: string) => {
    const message = parse(text);
    if (message && message.from !== instance) local.publish({ productIds: message.productIds });
  });
  await subscriber
    .subscribe(CATALOG_CHANNEL)
    .catch((err: unknown) => log.warn({ reason: reasonOf(err) }, "could not subscribe to catalogue changes"));

  return {
    publish(change: CatalogChange) {
      local.publish(change);
      const message: Message = { from: instance, productIds: change.productIds };
      publisher
        .publish(CATALOG_CHANNEL, JSON.stringify(message))
        .catch((err: unknown) => log.warn({ reason: reasonOf(err) }, "catalogue change not sent to other instances"));
    },
    subscribe: local.subscribe,
    async close() {
      await Promise.all([publisher, subscriber].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}

function parse(text: string): Message | undefined {
  try {
    const value = JSON.parse(text) as Partial<Message>;
    if (typeof value.from !== "string") return undefined;
    const ids = Array.isArray(value.productIds) ? value.productIds.filter((id) => typeof id === "string") : undefined;
    return { from: value.from, productIds: ids };
  } catch {
    return undefined;
  }
}
