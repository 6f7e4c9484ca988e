// How long a request may wait on the database, and why (docs/scaling.md, "Timeouts"). nginx gives
// an instance 30 s to answer (deploy/nginx/shop.conf, proxy_read_timeout): everything here is well
// inside that, so an answer the shop decides on still reaches the customer.

/**
 * Any one statement on a server, a lock wait included (PostgreSQL's `statement_timeout`, set when
 * each connection starts). A shop statement takes milliseconds; one that has not answered in 10 s
 * is waiting on something (a lock held by hand, a stuck session) and holds a connection others need.
 */
export const STATEMENT_TIMEOUT_MS = 10_000;

/**
 * How long a checkout waits for a row another transaction locked (`lock_timeout`, set in its
 * transaction): another order holds a stock row for milliseconds, so 4 s of waiting means something
 * else holds it (an owner's edit, a session left open), and the customer is better told to try again.
 */
export const CHECKOUT_LOCK_TIMEOUT_MS = 4_000;

/**
 * The whole checkout, from its request's arrival: the order statement is sent only while this
 * leaves it its whole STATEMENT_TIMEOUT_MS, so a checkout answers within 20 s, 10 s before nginx
 * would answer 503 for it (and an order is never placed after the customer was told it failed).
 */
export const CHECKOUT_DEADLINE_MS = 20_000;

/**
 * A checkout waits this long for one of the checkout slots (server/orders/checkout-slots.ts)
 * before it is refused.
 */
export const CHECKOUT_SLOT_WAIT_MS = 2_000;

/** What a refusal for waiting too long tells the client to wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** SQLSTATE 55P03 (lock_not_available: lock_timeout) and 57014 (query_canceled: statement_timeout). */
const WAITED_TOO_LONG = new Set(["55P03", "57014"]);

/** True when a statement was ended for waiting or running too long (it wrote nothing). */
export function isDatabaseTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 6; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === "string" && WAITED_TOO_LONG.has(code)) return true;
    current = cause;
  }
  return false;
}
