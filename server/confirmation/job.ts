// The confirmation sweep on a timer: every instance runs one. The state lives in the orders
// (reminded_at, status, held_at), so a restart loses nothing, and each sweep's statements claim
// what they act on, so several instances never remind or cancel one order twice.
import type { ConfirmationService, SweepOutcome } from "./service.ts";

export interface ConfirmationJob {
  close(): Promise<void>;
}

export function startConfirmationJob(options: {
  service: ConfirmationService;
  everyMs: number;
  /** After a sweep that did something: wake the outbox, publish returned stock. */
  afterSweep(outcome: SweepOutcome): void;
  logError(error: unknown, message: string): void;
}): ConfirmationJob {
  let closed = false;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (closed || running) return;
    running = options.service
      .sweep(new Date())
      .then((outcome) => {
        if (outcome.reminded.length > 0 || outcome.cancelled.length > 0) options.afterSweep(outcome);
      })
      .catch((error: unknown) => options.logError(error, "confirmation sweep failed; it runs again at the next tick"))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = options.everyMs > 0 ? setInterval(tick, options.everyMs) : undefined;
  timer?.unref();
  return {
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
