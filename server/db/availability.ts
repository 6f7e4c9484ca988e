// Tells a database that is away (restarting, unreachable, closed) from a query that is wrong, so
// the API can answer 503 "try again in a moment" for the first and keep 500 for the second.
// The pg Pool drops a broken connection and opens a new one on the next query: no restart needed.

/** What a 503 for a database that is away tells clients to wait (Retry-After): an API call or a page. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

/** SQLSTATE classes 08 (connection exception) and 57P0x (server shutting down, cannot connect now). */
const UNAVAILABLE_SQLSTATE = /^(08\d{3}|57P0[1-4])$/;
const UNAVAILABLE_ERRNO = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"]);
// pg and pg-pool report lost connections by message only; PGlite once closed likewise.
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed|PGlite is closed|Cannot use a pool after calling end/i;

/** True when `error`, or anything in its cause chain (Drizzle wraps driver errors), says the database is away. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 6; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}
