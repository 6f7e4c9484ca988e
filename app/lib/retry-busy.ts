// A checkout the shop could not take for now is sent again, the same request with the same
// Idempotency-Key (the cart's, app/lib/checkout-key.ts), for about 30 s: a 503 (stock another order
// holds, the database away for a moment, nginx with no instance to ask), a 502 or 504, or no answer
// at all. Only for requests that are safe to repeat: with the key, every send after the first
// answers the first order or places it once (docs/decisions/022-bounded-waits.md).
import type { ApiResult } from "./api-client.ts";

/** How long after the first send another one may still start. */
export const RETRY_BUDGET_MS = 30_000;
/** The first wait when the answer asks for none; each wait after it doubles, up to MAX_WAIT_MS. */
const FIRST_WAIT_MS = 1_000;
/** The longest wait between two sends, whatever Retry-After says (the database's 30 s included). */
const MAX_WAIT_MS = 8_000;

export interface RetryBusyOptions {
  budgetMs?: number;
  /** Waits that long, or until `signal` aborts (a timer in the browser). */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  /** Told of each answer that will be sent again, before the wait (the page says it is still trying). */
  onRetry?: (result: ApiResult<unknown>) => void;
  /** Stops the tries (the page was left): the last answer is returned. */
  signal?: AbortSignal;
}

/** An answer that says "not now" rather than "no": the same request a little later may work. */
export function isNotNow(result: ApiResult<unknown>): boolean {
  return !result.ok && (result.status === 0 || result.status === 502 || result.status === 503 || result.status === 504);
}

export async function retryWhileBusy<T>(
  send: () => Promise<ApiResult<T>>,
  options: RetryBusyOptions = {},
): Promise<ApiResult<T>> {
  const { budgetMs = RETRY_BUDGET_MS, wait = sleep, now = Date.now, onRetry, signal } = options;
  const deadline = now() + budgetMs;
  let result = await send();
  for (let retry = 0; isNotNow(result) && !signal?.aborted; retry++) {
    // Backing off, cut short at the end of the budget, but never sooner than the answer asked.
    const backoff = Math.min(FIRST_WAIT_MS * 2 ** retry, MAX_WAIT_MS);
    const asked = Math.min((result.ok ? 0 : (result.retryAfter ?? 0)) * 1000, MAX_WAIT_MS);
    const left = deadline - now();
    if (left <= 0) break;
    onRetry?.(result);
    await wait(Math.max(asked, Math.min(backoff, left)), signal);
    if (signal?.aborted) break;
    result = await send();
  }
  return result;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
  });
}
