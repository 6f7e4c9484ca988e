// sharp (libvips) loaded on the first picture to render or check, not at start: a shop whose
// variants are already on disk serves them as files and never needs it, and loading it maps
// libvips and starts its threads (about 20 MB of resident memory, measured in docs/benchmarks.md).
import type sharpModule from "sharp";

type SharpFactory = typeof sharpModule;

let loading: Promise<SharpFactory> | undefined;

export function loadSharp(): Promise<SharpFactory> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    // One thread per image: renders then share the cores with requests instead of taking them all.
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
