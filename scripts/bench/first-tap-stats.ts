// The pure half of the first-tap bench (first-tap.ts): turning the browser's Event Timing entries
// into one interaction's latency, and the 75th percentile over loads. Kept apart so a unit test can
// feed it entries shaped like the browser's (tests/bench-first-tap.test.ts).
import { quantile } from "./stats.ts";

/** The fields of a PerformanceEventTiming the bench reads; plain objects once out of the page. */
export interface EventTimingLike {
  name: string;
  startTime: number;
  duration: number;
  /** 0 (or absent) for events that are not part of a discrete interaction, e.g. pointermove. */
  interactionId?: number;
}

/** The events a tap is made of; an interaction's latency is the longest of its events (INP's rule). */
const TAP_EVENTS = new Set(["pointerdown", "pointerup", "click"]);

export interface TapLatency {
  interactionId: number;
  latencyMs: number;
}

/**
 * The first tap interaction that starts at or after `fromMs` (the page's clock) and its latency:
 * the maximum duration among all entries of that interaction. Undefined when the browser reported
 * none, which with a 16 ms duration threshold means every event of the tap took under 16 ms.
 */
export function tapLatency(entries: readonly EventTimingLike[], fromMs = 0): TapLatency | undefined {
  let first: EventTimingLike | undefined;
  for (const entry of entries) {
    if (!entry.interactionId || !TAP_EVENTS.has(entry.name) || entry.startTime < fromMs) continue;
    if (!first || entry.startTime < first.startTime) first = entry;
  }
  if (!first?.interactionId) return undefined;
  const id = first.interactionId;
  const durations = entries.filter((e) => e.interactionId === id).map((e) => e.duration);
  return { interactionId: id, latencyMs: Math.max(...durations) };
}

/** Nearest-rank 75th percentile, as the Web Vitals report INP over page loads; NaN for none. */
export function p75(samples: readonly number[]): number {
  return quantile(samples, 0.75);
}
