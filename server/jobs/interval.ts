// A sweep on a timer, one per instance (the confirmation sweep, the exchanges' expiry). The state
// lives in the database rows, so a restart loses nothing, and each sweep's statements claim what
// they act on, so several instances never act on one row twice. One run at a time per instance.
export interface IntervalJob {
  close(): Promise<void>;
}

export function startIntervalJob<T>(options: {
  everyMs: number;
  run(): Promise<T>;
  /** After a run: act on what it did (wake an outbox, publish returned stock). */
  after(outcome: T): void;
  logError(error: unknown, message: string): void;
  /** Names the job in the log line of a failed run. */
  name: string;
  /**
   * After a run: in how many ms something falls due (a sale's start), when the job knows; sooner than
   * the next tick, one more run is set for that moment, so an edge is not met up to a tick late.
   */
  dueInMs?(outcome: T): number | null;
}): IntervalJob {
  let closed = false;
  let running: Promise<void> | undefined;
  let early: ReturnType<typeof setTimeout> | undefined;
  const runEarly = (outcome: T) => {
    const due = options.dueInMs?.(outcome) ?? null;
    if (due === null || due >= options.everyMs || closed) return;
    clearTimeout(early);
    early = setTimeout(tick, Math.max(0, due));
    early.unref();
  };
  const tick = () => {
    if (closed || running) return;
    running = options
      .run()
      .then((outcome) => {
        options.after(outcome);
        runEarly(outcome);
      })
      .catch((error: unknown) => options.logError(error, `${options.name} failed; it runs again at the next tick`))
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
      clearTimeout(early);
      await running;
    },
  };
}
