// A request the shop refused with 503 "for now" (a checkout that waited its bounded time for stock
// another order held, nginx's "busy for a moment") is sent again after the Retry-After it gave, a
// few times. Only for requests that are safe to repeat: the checkout sends the same
// Idempotency-Key each time, so a retry never orders twice (docs/scaling.md, "Timeouts").
import type { ApiResult } from "./api-client.ts";

export interface RetryBusyOptions {
  /** Sends in all, the first included. */
  tries?: number;
  /** The longest wait between two sends, whatever Retry-After says. */
  maxWaitSeconds?: number;
  /** Waits that long (a timer in the browser). */
  wait?: (ms: number) => Promise<void>;
}

/** Waits used when an answer gives no Retry-After. */
const DEFAULT_WAIT_SECONDS = 2;

export async function retryWhileBusy<T>(
  send: () => Promise<ApiResult<T>>,
  options: RetryBusyOptions = {},
): Promise<ApiResult<T>> {
  const { tries = 3, maxWaitSeconds = 5, wait = sleep } = options;
  let result = await send();
  for (let sent = 1; sent < tries && !result.ok && result.status === 503; sent++) {
    await wait(Math.min(result.retryAfter ?? DEFAULT_WAIT_SECONDS, maxWaitSeconds) * 1000);
    result = await send();
  }
  return result;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
