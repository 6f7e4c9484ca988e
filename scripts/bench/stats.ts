// Small numeric helpers shared by the bench modules.

/** The q-th quantile (0..1) of the samples, nearest-rank; NaN when there are none. */
export function quantile(samples: ArrayLike<number>, q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = Float64Array.from(samples).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** The middle value; the mean of the two middle values for an even count. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function fmt(value: number, digits = 1): string {
  return Number.isFinite(value) ? round(value, digits).toLocaleString("en-US") : "n/a";
}

export function kb(bytes: number, digits = 1): string {
  return `${fmt(bytes / 1024, digits)} KB`;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
