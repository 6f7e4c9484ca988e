import { defineConfig, devices } from "@playwright/test";
import { E2E_ADMIN } from "./e2e/admin-account.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium.ts";

/** Specs whose outcome does not depend on which database serves the shop (see testIgnore). */
const BROWSER_ONLY_SPECS = [
  "layout.spec.ts",
  "early-taps.spec.ts",
  "hydration.spec.ts",
  "size-guide.spec.ts",
  "xss.spec.ts",
  "product-pictures.spec.ts",
  "search-combobox.spec.ts",
  "storefront.spec.ts",
  "shop-by-size.spec.ts",
  "list-filters.spec.ts",
  "layout-scroll.spec.ts",
  "early-forms.spec.ts",
  "list-return.spec.ts",
  "filters-open.spec.ts",
];

/**
 * A customer's journeys whose code is the same at every width (accounts, cart, checkout, the address
 * book, signing in and coming back, search, hostile text, hydration, Back after Load more): they run
 * at phone width, where the shop's customers are. Their screens are measured at 768 and 1280 px, with
 * their dialogs open, by layout.spec.ts; what changes with the width (the header, the filters, the
 * search box, the owner's screens) runs in both projects.
 */
const PHONE_ONLY_SPECS = [
  "accounts.spec.ts",
  "cart.spec.ts",
  "checkout.spec.ts",
  "address-book.spec.ts",
  "sign-in-return.spec.ts",
  "search.spec.ts",
  "xss.spec.ts",
  "hydration.spec.ts",
  "list-return.spec.ts",
];

// The built shop on its own port and its own fresh data folder (and database, see scripts/test.ts).
const port = Number(process.env.E2E_PORT ?? 3107);
// Worker processes load this file again but inherit the environment, so they see the same folder;
// specs read mails from `${E2E_DATA_DIR}/outbox`.
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${Date.now()}`;
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: "e2e",
  // Specs about the browser rather than the data (layout at four widths, hydration and early taps,
  // pictures, dialogs, rendering of hostile text, reading the catalogue) run in the PGlite pass only:
  // the PostgreSQL pass CI runs next repeats the ones that write through the database (accounts,
  // cart, checkout, the owner's tools), and the integration tests run every query on both.
  testIgnore: process.env.DATABASE_URL ? BROWSER_ONLY_SPECS : [],
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
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
  projects: [
    { name: "phone", use: { ...devices["Pixel 7"], browserName: "chromium" } },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      testIgnore: [...(process.env.DATABASE_URL ? BROWSER_ONLY_SPECS : []), ...PHONE_ONLY_SPECS],
    },
  ],
  webServer: {
    command: `node scripts/e2e-server.ts`,
    url: `http://127.0.0.1:${port}/readyz`,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      RATE_LIMIT_SCALE: "100",
      // Rendering every demo picture ahead takes about 13 CPU-minutes, a core of this 2-core machine
      // for the whole run; the few pictures the specs show are rendered on request instead.
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
  },
});
