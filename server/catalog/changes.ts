// Who changed the catalogue tells everyone who keeps a copy of it. Writers (the admin, an order
// that takes stock, a cancellation that returns it) publish after their transaction commits;
// readers (the catalogue cache) subscribe. In one process this is a plain fan-out; with Redis the
// same interface carries the change to every instance.

export interface CatalogChange {
  /** The products whose name, price, pictures or stock changed; undefined means "anything may have". */
  productIds?: string[];
}

export interface CatalogChanges {
  /** Announces a committed change. Never throws: a listener's failure is its own. */
  publish(change: CatalogChange): void;
  /** Calls `listener` for every change published from now on; answers the unsubscribe. */
  subscribe(listener: (change: CatalogChange) => void): () => void;
}

export function createLocalCatalogChanges(): CatalogChanges {
  const listeners = new Set<(change: CatalogChange) => void>();
  return {
    publish(change) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch {
          // A broken listener must not undo or block the write that published.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
