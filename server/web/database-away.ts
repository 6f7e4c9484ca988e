// A page whose loader found the database away (a restart, a failover, the network) answers what the
// API answers (server/plugins/errors.ts): 503 with Retry-After, so a browser, a crawler and a load
// balancer all read "try again soon" instead of React Router's 500 "Unexpected Server Error".
// React Router hands the entry a loader's error already sanitized (its message and cause gone), so
// the entry's handleError, which still sees the original, notes it here for handleRequest to read.
import { createContext, type RouterContext, type RouterContextProvider } from "react-router";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../db/availability.ts";

/** The status a page answers while the database is away; its error boundary shows the friendly page. */
export const DATABASE_AWAY_STATUS = 503;

const KEY = Symbol.for("shoe-shop.database-away");
type WithKey = typeof globalThis & { [KEY]?: RouterContext<boolean> };
const registry = globalThis as WithKey;
// On globalThis for the reason of appContext (server/web/context.ts): Vite's two module graphs.
registry[KEY] ??= createContext<boolean>(false);
const databaseAwayContext: RouterContext<boolean> = registry[KEY];

/** Notes a loader's error that says the database is away; true when it did. */
export function noteDatabaseAway(error: unknown, context: RouterContextProvider): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  context.set(databaseAwayContext, true);
  return true;
}

export function databaseWasAway(context: Readonly<RouterContextProvider>): boolean {
  return context.get(databaseAwayContext);
}

/** Headers of the 503 page: when to come back, and never a stored copy of the outage. */
export function setDatabaseAwayHeaders(headers: Headers): void {
  headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
}
