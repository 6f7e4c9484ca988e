// The confirmation sweep on a timer: every instance runs one (server/jobs/interval.ts). The state
// lives in the orders (reminded_at, status, held_at), so a restart loses nothing, and each sweep's
// statements claim what they act on, so several instances never remind or cancel one order twice.
import { type IntervalJob, startIntervalJob } from "../jobs/interval.ts";
import type { ConfirmationService, SweepOutcome } from "./service.ts";

export function startConfirmationJob(options: {
  service: ConfirmationService;
  everyMs: number;
  /** After a sweep that did something: wake the outbox, publish returned stock. */
  afterSweep(outcome: SweepOutcome): void;
  logError(error: unknown, message: string): void;
}): IntervalJob {
  return startIntervalJob({
    name: "confirmation sweep",
    everyMs: options.everyMs,
    run: () => options.service.sweep(new Date()),
    after: (outcome) => {
      if (outcome.reminded.length > 0 || outcome.cancelled.length > 0) options.afterSweep(outcome);
    },
    logError: options.logError,
  });
}
