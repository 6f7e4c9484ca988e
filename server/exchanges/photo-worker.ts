// Exchange photos decoded outside the request (issue 45, docs/decisions/019-exchanges.md "Photos"):
// a 12 MP photo takes about half a second of a core to decode and shrink, a 25 MP one over a second,
// and decoding them in their requests let three customers uploading at once double the time of an
// uncached page. Here each instance decodes one photo at a time, in the order they came: the queue
// is the `pending` rows, so it survives a restart, any instance may take any photo, and what waits
// is bounded by each account's quota (server/exchanges/photos.ts). An upload wakes this instance's
// worker; a timer wakes it too (a photo whose instance stopped mid-way) and deletes expired photos.
import { type IntervalJob, startIntervalJob } from "../jobs/interval.ts";
import type { ExchangePhotoService } from "./photos.ts";

export interface PhotoWorker {
  /** A photo is waiting: decode what waits, unless this instance is at it already. */
  wake(): void;
  close(): Promise<void>;
}

export function startPhotoWorker(options: {
  /** The photos to decode: the exchanges', and beside them the reviews' (composed in server/app.ts). */
  photos: Pick<ExchangePhotoService, "processNext" | "expire">;
  /** How often waiting photos are looked for and expired ones deleted (0: only when woken; tests). */
  everyMs: number;
  logError(error: unknown, message: string): void;
}): PhotoWorker {
  let closed = false;
  let running: Promise<void> | undefined;
  let wokenMeanwhile = false;

  async function drain(): Promise<void> {
    do {
      wokenMeanwhile = false;
      while (!closed && (await options.photos.processNext())) {
        // One photo after another: never two decodes at once on this instance.
      }
    } while (wokenMeanwhile && !closed);
  }

  function wake(): void {
    if (closed) return;
    if (running) {
      // A photo queued after the last look for one: look again before stopping.
      wokenMeanwhile = true;
      return;
    }
    running = drain()
      .catch((error: unknown) =>
        options.logError(error, "exchange photo worker failed; it tries again at the next upload or tick"),
      )
      .finally(() => {
        running = undefined;
      });
  }

  const sweep: IntervalJob = startIntervalJob({
    name: "exchange photo expiry",
    everyMs: options.everyMs,
    run: () => options.photos.expire(),
    after: () => wake(),
    logError: options.logError,
  });

  return {
    wake,
    async close() {
      closed = true;
      await sweep.close();
      await running;
    },
  };
}
