// Work that should wait until the browser has shown what is already on screen. A frame callback
// runs just before the browser paints; a timeout set inside it runs in a task just after. The one
// place for the pattern: hydration (entry.client.tsx) and the filter sheet's form use it.

/** Runs `work` in a task of its own, after the next paint. */
export function afterNextPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0));
}
