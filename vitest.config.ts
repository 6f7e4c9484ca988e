import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    // Every test file opens its own database, so files run in parallel safely.
    pool: "forks",
    // Migrates and seeds the databases every file copies, once per run (tests/support/templates.ts).
    globalSetup: ["tests/support/templates.global.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
