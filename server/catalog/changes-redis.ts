// Catalogue changes between instances: with REDIS_URL, a change published here reaches this
// instance's listeners at once and every other instance's through a Redis channel, so a price
// edit or a sale made on one instance drops the cached answers of all of them. Redis being away
// never fails the write that published: the message is lost, and the caches' few-second expiry
// (read-cache.ts) bounds how long another instance shows the old answer.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { type CatalogChange, type CatalogChanges, createLocalCatalogChanges } from "./changes.ts";

export const CATALOG_CHANNEL = "shop:catalog-changes";

interface Message {
  from: string;
  productIds?: string[];
}

interface Log {
  warn(details: object, message: string): void;
}

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
  for (const connection of [publisher, subscriber]) {
    connection.on("error", (err: Error) => log.warn({ err }, "redis unavailable (catalogue changes)"));
  }
  await Promise.all(
    [publisher, subscriber].map((c) =>
      c.connect().catch((err: unknown) => log.warn({ err }, "redis unavailable at start (catalogue changes)")),
    ),
  );
  subscriber.on("message", (_channel: string, text: string) => {
    const message = parse(text);
    if (message && message.from !== instance) local.publish({ productIds: message.productIds });
  });
  await subscriber
    .subscribe(CATALOG_CHANNEL)
    .catch((err: unknown) => log.warn({ err }, "could not subscribe to catalogue changes"));

  return {
    publish(change: CatalogChange) {
      local.publish(change);
      const message: Message = { from: instance, productIds: change.productIds };
      publisher
        .publish(CATALOG_CHANNEL, JSON.stringify(message))
        .catch((err: unknown) => log.warn({ err }, "catalogue change not sent to other instances"));
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
