// How the shop's process is started, wherever it is started: `npm start` (package.json), the
// Dockerfile and the bench's server. Each costs nothing in speed that the bench could see and keeps
// resident memory down (docs/benchmarks.md, "Memory"); tests/runtime-flags.test.ts keeps the copies equal.

/**
 * V8 sizes the young generation by the machine's memory: 64 MB semi-spaces on a 24 GB machine,
 * which a request burst fills and keeps resident (128 MB). 16 MB, V8's old default, holds a
 * request's garbage as well. After each full collection V8 lets the old generation grow to up to
 * four times what survived before it collects again; under a read burst that was ~250 MB of heap
 * (garbage) on a ~60 MB live set, and the pages stay resident. Twice is enough: the bench's peak fell
 * 60–110 MB more with the same reads and checkouts per second (docs/benchmarks.md, "Memory").
 */
export const NODE_FLAGS = ["--max-semi-space-size=16", "--heap-growing-percent=100"] as const;

/**
 * glibc gives every thread that allocates its own malloc arena (V8's compiler threads, libvips,
 * libuv's pool) and rarely hands their freed memory back; two arenas are enough for one event loop.
 * glibc also raises its mmap threshold each time a large block is freed, so that libvips' buffers for
 * rendering a picture (AVIF encoding) come from the arena afterwards and stay there (~80 MB after
 * the first pictures); a fixed 128 KB threshold gives every large block back when it is freed.
 */
export const START_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" } as const;
