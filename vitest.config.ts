import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Files that open no database (pure functions, the source's structure, the bench's scripts): the
 * PostgreSQL pass of CI (DATABASE_URL set) has nothing to add to the PGlite pass's run of them.
 */
const DATABASE_FREE_TESTS = [
  "tests/admin-orders-whatsapp.test.ts",
  "tests/architecture.test.ts",
  "tests/bench-first-tap.test.ts",
  "tests/cart-room.test.ts",
  "tests/demo-catalogue.test.ts",
  // PGlite itself, to build the shop as an older migration left it.
  "tests/migration-couriers.test.ts",
  "tests/return-to.test.ts",
  "tests/runtime-flags.test.ts",
  "tests/scripts-after-paint.test.ts",
  "tests/search-understanding.test.ts",
];

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    exclude: process.env.DATABASE_URL ? DATABASE_FREE_TESTS : [],
    // Every test file opens its own database, so files run in parallel safely.
    pool: "forks",
    // Vitest's default is one fewer than the cores: one at a time on CI's 2 cores. A file spends much of
    // its time waiting (HTTP round trips, PostgreSQL, timers), so two at a time take 190 s instead of
    // 390-550 s (docs/benchmarks.md, "The test suite").
    maxWorkers: Math.max(2, availableParallelism()),
    // Migrates and seeds the databases every file copies, once per run (tests/support/templates.ts).
    globalSetup: ["tests/support/templates.global.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
