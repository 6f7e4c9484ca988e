import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    // Every test file opens its own database, so files run in parallel safely.
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
