// The timer behind the owner's sweeps (server/jobs/interval.ts): a run each tick, one at a time, and
// when a run says something falls due sooner than the next tick (a scheduled sale's start, issue 51),
// one more run at that moment. On Vitest's fake clock: no waiting on the machine's.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startIntervalJob } from "#server/jobs/interval.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function job(dueInMs: (run: number) => number | null) {
  let runs = 0;
  const handle = startIntervalJob({
    name: "test",
    everyMs: 1000,
    run: async () => ++runs,
    after: () => undefined,
    dueInMs,
    logError: (error) => {
      throw error;
    },
  });
  return { handle, runs: () => runs };
}

describe("startIntervalJob", () => {
  it("runs once a tick when nothing falls due sooner", async () => {
    const { handle, runs } = job(() => null);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs()).toBe(3);
    await handle.close();
  });

  it("runs again at the moment a run says something falls due, before the next tick", async () => {
    // After the first run: due in 250 ms; after the others, nothing.
    const { handle, runs } = job((run) => (run === 1 ? 250 : null));
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs()).toBe(1);
    await vi.advanceTimersByTimeAsync(249);
    expect(runs()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs()).toBe(2);
    await vi.advanceTimersByTimeAsync(750);
    expect(runs()).toBe(3);
    await handle.close();
  });

  it("sets no early run for an edge after the next tick, nor once closed", async () => {
    const { handle, runs } = job(() => 5000);
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs()).toBe(2);
    await handle.close();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs()).toBe(2);
  });
});
