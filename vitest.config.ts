import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Files that open no database (pure functions, the source's structure, the bench's scripts): the
 * PostgreSQL pass of CI (DATABASE_URL set) has nothing to add to the PGlite pass's run of them.
 */
const DATABASE_FREE_TESTS = [
  "tests/admin-orders-whatsapp.test.ts",
  "tests/area-spelling.test.ts",
  "tests/architecture.test.ts",
  "tests/bench-first-tap.test.ts",
  "tests/cash-aging.test.ts",
  "tests/checkout-busy.test.ts",
  "tests/courier-api-trax.test.ts",
  "tests/courier-api-leopards.test.ts",
  "tests/courier-api-postex.test.ts",
  "tests/courier-api-mp.test.ts",
  "tests/courier-api-tcs.test.ts",
  "tests/sealed-credentials.test.ts",
  "tests/courier-cells.test.ts",
  "tests/courier-headers.test.ts",
  "tests/cart-room.test.ts",
  "tests/demo-catalogue.test.ts",
  "tests/domain-arrows.test.ts",
  // PGlite itself, to build the shop as an older migration left it.
  "tests/migration-couriers.test.ts",
  "tests/jazzcash-signer.test.ts",
  "tests/nearest-sentence.test.ts",
  "tests/order-risk-words.test.ts",
  "tests/return-to.test.ts",
  "tests/runtime-flags.test.ts",
  "tests/search-understanding.test.ts",
  // nginx in front of a plain HTTP server.
  "tests/scale/nginx-hosts.test.ts",
];

/**
 * Files that replace a library module with a spy (vi.mock): they need a module registry of their own.
 * Every other file shares its worker's modules with the files before it (isolate: false), which
 * halves the suite (300 s to 154 s on CI's 2 cores: each file otherwise spent about 2 s importing the
 * server again). That is safe because no file changes what a module holds for the next: each opens
 * its own app and database (tests/support/app.ts), and keys, caches and timers live in the app.
 */
const OWN_MODULES_TESTS = ["tests/security/accounts.test.ts"];

const skipped = process.env.DATABASE_URL ? DATABASE_FREE_TESTS : [];

export default defineConfig({
  test: {
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
    projects: [
      {
        extends: true,
        test: {
          name: "shared modules",
          include: ["tests/**/*.test.ts"],
          exclude: [...skipped, ...OWN_MODULES_TESTS],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "own modules", include: OWN_MODULES_TESTS, exclude: skipped, isolate: true },
      },
    ],
  },
});
