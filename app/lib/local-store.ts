// A value kept in localStorage (docs/product.md section 3: keys token, user, cart) that React
// components can subscribe to. On the server, and before hydration, it is the initial value.
import { useSyncExternalStore } from "react";

export interface LocalStore<T> {
  get(): T;
  set(next: T): void;
  remove(): void;
  use(): T;
}

export function createLocalStore<T>(key: string, initial: T, parse: (raw: string) => T | undefined): LocalStore<T> {
  const listeners = new Set<() => void>();
  let cached: { raw: string | null; value: T } | undefined;

  const read = (): T => {
    if (typeof window === "undefined") return initial;
    let raw: string | null = null;
    try {
      raw = window.localStorage.getItem(key);
    } catch {
      return initial; // storage disabled (private mode, blocked cookies)
    }
    if (cached && cached.raw === raw) return cached.value;
    let value = initial;
    if (raw !== null) {
      try {
        value = parse(raw) ?? initial;
      } catch {
        value = initial;
      }
    }
    cached = { raw, value };
    return value;
  };

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const write = (raw: string | null) => {
    try {
      if (raw === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, raw);
    } catch {
      // Quota or disabled storage: the value still lives for this page view.
    }
    notify();
  };

  if (typeof window !== "undefined") {
    // Another tab changed it.
    window.addEventListener("storage", (event) => {
      if (event.key === key || event.key === null) notify();
    });
  }

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  return {
    get: read,
    set: (next) => write(JSON.stringify(next)),
    remove: () => write(null),
    use: () => useSyncExternalStore(subscribe, read, () => initial),
  };
}
