// One log line when a Redis connection is lost and one when it is back, instead of a warning with a
// stack trace for every retry (ioredis retries several times a second: a 20 s outage wrote about
// 1,450 lines). The reason is kept as its message only: the stack says nothing about an outage.
import type { Redis } from "ioredis";

export interface OutageLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** What went wrong, in one line: during an outage a stack trace repeats itself on every event. */
export const reasonOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Watches `connection`; answers what to call when connecting fails outside its events (the first connect). */
export function logRedisOutages(connection: Redis, log: OutageLog, what: string): (err: unknown) => void {
  let down = false;
  const failed = (err: unknown) => {
    if (down) return;
    down = true;
    log.warn({ reason: reasonOf(err) }, `redis unavailable (${what})`);
  };
  connection.on("error", failed);
  connection.on("ready", () => {
    if (!down) return;
    down = false;
    log.info({}, `redis is back (${what})`);
  });
  return failed;
}
