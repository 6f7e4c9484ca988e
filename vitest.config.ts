import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
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
