// How the shop's process is started, wherever it is started: `npm start` (package.json), the
// Dockerfile and the bench's server. Each costs nothing in speed that the bench could see and keeps
// resident memory down (docs/benchmarks.md, "Memory"); tests/runtime-flags.test.ts keeps the copies equal.

/**
 * V8 sizes the young generation by the machine's memory: 64 MB semi-spaces on a 24 GB machine,
 * which a request burst fills and keeps resident (128 MB). 16 MB, V8's old default, holds a
 * request's garbage as well.
 */
export const NODE_FLAGS = ["--max-semi-space-size=16"] as const;

/**
 * glibc gives every thread that allocates its own malloc arena (V8's compiler threads, libvips,
 * libuv's pool) and rarely hands their freed memory back; two arenas are enough for one event loop.
 */
export const START_ENV = { MALLOC_ARENA_MAX: "2" } as const;
