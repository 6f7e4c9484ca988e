// The first-tap bench's arithmetic (scripts/bench/first-tap-stats.ts) on entries shaped like the
// ones Chromium's Event Timing API reports for a tap: pointerdown, pointerup and click sharing one
// interactionId, mixed with events of no interaction and with a later tap.
import { describe, expect, it } from "vitest";
import { type EventTimingLike, p75, tapLatency } from "../scripts/bench/first-tap-stats.ts";

const tap = (id: number, start: number, durations: [number, number, number]): EventTimingLike[] => [
  { name: "pointerdown", startTime: start, duration: durations[0], interactionId: id },
  { name: "pointerup", startTime: start + 40, duration: durations[1], interactionId: id },
  { name: "click", startTime: start + 42, duration: durations[2], interactionId: id },
];

describe("tapLatency", () => {
  it("is the longest event of the tap's interaction", () => {
    expect(tapLatency(tap(7, 1000, [24, 184, 176]))).toEqual({ interactionId: 7, latencyMs: 184 });
  });

  it("ignores entries without an interactionId and entries of other interactions", () => {
    const entries: EventTimingLike[] = [
      { name: "pointerover", startTime: 990, duration: 400, interactionId: 0 },
      { name: "mousemove", startTime: 995, duration: 300 },
      ...tap(7, 1000, [24, 48, 56]),
      ...tap(8, 3000, [16, 600, 600]),
    ];
    expect(tapLatency(entries)).toEqual({ interactionId: 7, latencyMs: 56 });
  });

  it("takes the first tap at or after the given time, whatever the order of the list", () => {
    const entries = [...tap(9, 5000, [32, 32, 40]), ...tap(8, 3000, [16, 600, 600]), ...tap(7, 1000, [24, 48, 56])];
    expect(tapLatency(entries, 2000)).toEqual({ interactionId: 8, latencyMs: 600 });
  });

  it("counts every event of the interaction in its maximum, not only the tap events", () => {
    const entries = [
      ...tap(3, 100, [16, 24, 32]),
      { name: "gotpointercapture", startTime: 101, duration: 90, interactionId: 3 },
    ];
    expect(tapLatency(entries)?.latencyMs).toBe(90);
  });

  it("is undefined when the browser reported no tap (every event under the threshold)", () => {
    expect(tapLatency([{ name: "pointermove", startTime: 1, duration: 40, interactionId: 0 }])).toBeUndefined();
    expect(tapLatency([])).toBeUndefined();
  });
});

describe("p75", () => {
  it("is the nearest-rank 75th percentile", () => {
    expect(p75([40, 10, 30, 20, 50])).toBe(40);
    expect(p75([100])).toBe(100);
  });

  it("is NaN for no samples", () => {
    expect(p75([])).toBeNaN();
  });
});
