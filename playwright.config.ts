import { defineConfig, devices } from "@playwright/test";
import { E2E_ADMIN } from "./e2e/admin-account.ts";
import { DESKTOP_ONLY_SPECS, PHONE_ONLY_SPECS, specsOfPass } from "./e2e/spec-sets.ts";
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from "./scripts/chromium.ts";

/**
 * The specs this process runs: a shard's list from scripts/test.ts (E2E_SPECS), or every spec of
 * the pass (e2e/spec-sets.ts: the PostgreSQL pass runs the journeys that write through the database).
 */
const specs = process.env.E2E_SPECS
  ? process.env.E2E_SPECS.split(",")
  : specsOfPass(Boolean(process.env.DATABASE_URL)).map((entry) => entry.spec);

// The built shop on its own port and its own fresh data folder (and database, see scripts/test.ts).
const port = Number(process.env.E2E_PORT ?? 3107);
// Worker processes load this file again but inherit the environment, so they see the same folder;
// specs read mails from `${E2E_DATA_DIR}/outbox`.
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${Date.now()}`;
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: "e2e",
  testMatch: specs.map((spec) => `**/${spec}`),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The first visits render images on a 2-core machine shared with the browser: allow for it.
  expect: { timeout: 15_000 },
  timeout: 90_000,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
  projects: [
    // A Pixel 7 (its viewport, touch, mobile user agent) drawn at 1 device pixel per CSS pixel: layout,
    // taps and every check here are in CSS pixels, and at the phone's own 2.625 Chromium rasters seven
    // times the pixels and the pictures' srcset fetches (and renders) the 1024 px variants; the same
    // specs took 24% less time (docs/benchmarks.md, "The test suite").
    {
      name: "phone",
      use: { ...devices["Pixel 7"], deviceScaleFactor: 1, browserName: "chromium" },
      // The owner's journeys are the desktop's in the PGlite pass; the PostgreSQL pass runs them here.
      testIgnore: process.env.DATABASE_URL ? [] : DESKTOP_ONLY_SPECS.map((spec) => `**/${spec}`),
    },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      // The PostgreSQL pass runs at phone width: what depends on the width is checked in the PGlite pass.
      testIgnore: process.env.DATABASE_URL ? "**/*" : PHONE_ONLY_SPECS.map((spec) => `**/${spec}`),
    },
  ],
  webServer: {
    command: `node scripts/e2e-server.ts`,
    url: `http://127.0.0.1:${port}/readyz`,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      // The address the browser opens: a form posted without JavaScript must come from it (the
      // Origin check of docs/security.md), and pages name it.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      RATE_LIMIT_SCALE: "100",
      // Rendering every demo picture ahead takes about 13 CPU-minutes, a core of this 2-core machine
      // for the whole run; the few pictures the specs show are sent as their SVG drawings instead.
      RENDER_PICTURES_AHEAD: "false",
      // Specs share a few customers who place more orders than a real customer may hold open
      // (owner-tools prints 50 slips of one customer); tests/orders-limits.test.ts tests the limits.
      MAX_OPEN_ORDERS: "1000",
      MAX_OPEN_PAIRS: "10000",
      // The shop owner of e2e/admin.spec.ts, made before the shop starts (scripts/e2e-server.ts).
      E2E_ADMIN_EMAIL: E2E_ADMIN.email,
      E2E_ADMIN_PASSWORD: E2E_ADMIN.password,
    },
    reuseExistingServer: false,
    timeout: 120_000,
    // Without it Playwright kills the server outright, and scripts/e2e-server.ts never removes its
    // data folder (hundreds of MB of .tmp/e2e-data-* after a few runs).
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
