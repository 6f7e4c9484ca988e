// Which browser specs run where, and how `npm test` splits them between its Playwright processes.
// Read by playwright.config.ts and scripts/test.ts.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const E2E_DIR = import.meta.dirname;

/**
 * A customer's journeys whose code is the same at every width (accounts, cart, checkout, the address
 * book, signing in and coming back, search, hostile text, hydration, Back after Load more, confirming
 * an order, an exchange, a back-in-stock alert, the size advice): they run at phone width, where the
 * shop's customers are. Their screens are measured at 768 and 1280 px, with
 * their dialogs open, by layout.spec.ts; what changes with the width (the header, the filters, the
 * search box, the owner's screens) runs in both projects.
 */
export const PHONE_ONLY_SPECS = [
  "accounts.spec.ts",
  "cart.spec.ts",
  "checkout.spec.ts",
  "address-book.spec.ts",
  "sign-in-return.spec.ts",
  "search.spec.ts",
  "xss.spec.ts",
  "hydration.spec.ts",
  "list-return.spec.ts",
  "checkout-busy.spec.ts",
  "order-confirmation.spec.ts",
  "exchanges.spec.ts",
  "exchange-photo-upload.spec.ts",
  "stock-alerts.spec.ts",
  "size-advice.spec.ts",
  "size-and-area.spec.ts",
  "early-tap-feedback.spec.ts",
  // Issue 46's smaller findings: it looks at each at 375 and 1280 px itself.
  "shopper-details.spec.ts",
  // Issue 46 item 6: its presses at 375 px by mouse and by tap, and at 1280 px, set their own viewports.
  "press-at-edge.spec.ts",
  // Ordering with JavaScript off, sign-in to the order placed (issue 46).
  "no-script-order.spec.ts",
  // A failed delivery (issue 49): the customer's page at 390 px, the owner's queue at 390 and 1280 px,
  // and the page without JavaScript; it sets its own viewports.
  "delivery-attempts.spec.ts",
  // The light links' clicks (decision 050): the same listener at every width.
  "light-links.spec.ts",
  // An Escape pressed as a dialog shows (decision 051): a slowed phone is where it was lost.
  "dialog-escape.spec.ts",
  // The phone menu as a popover (decision 055): the header's button is a phone's.
  "phone-menu.spec.ts",
  // An error page's title after a link (Preact leaves a <title> in the body): the same at every width.
  "error-titles.spec.ts",
];

/**
 * The owner's journeys (orders, confirmation, dispatch, courier files, the delivery report, the
 * customers, slips, CSV and the stock grid): in the PGlite pass they run at
 * desktop width, where the owner works through a day's orders; the PostgreSQL pass runs the owner's
 * tools and dispatch at phone width (POSTGRES_JOURNEYS), and layout.spec.ts measures every owner's
 * screen at 320 and 375 px with its dialogs open.
 */
export const DESKTOP_ONLY_SPECS = [
  "admin-confirmation.spec.ts",
  "admin-customers.spec.ts",
  "admin-dispatch.spec.ts",
  "admin-orders.spec.ts",
  "courier-imports.spec.ts",
  "delivery-report.spec.ts",
  "owner-tools.spec.ts",
  // The customer's order words and the owner's dashboard: it looks at both at 375 and 1280 px itself.
  "order-words.spec.ts",
];

/**
 * The PostgreSQL pass (DATABASE_URL set: CI's second) runs, at phone width, the journeys where the
 * browser writes through the database what matters most to the shop: an account, a cart, an order
 * placed, confirmed, dispatched and exchanged, the owner's order tools. Every other spec is about the
 * browser (layout, hydration, early taps, pictures, dialogs) or reads the catalogue, and every query
 * and write of every route runs on PostgreSQL in the Vitest pass, through the real HTTP layer.
 */
export const POSTGRES_JOURNEYS = [
  "accounts.spec.ts",
  "cart.spec.ts",
  "checkout.spec.ts",
  "order-confirmation.spec.ts",
  "admin-dispatch.spec.ts",
  "exchanges.spec.ts",
  "owner-tools.spec.ts",
  // An order placed with JavaScript off: the cookie session and the plain forms (issue 46).
  "no-script-order.spec.ts",
  // The owner's cash-on-delivery rules and risk view (issue 50): a rule's cap, fee and advance at
  // checkout, and a blocked phone refused, written through the database.
  "risk-rules.spec.ts",
  "cod-risk.spec.ts",
  // An advance asked, its receipt sent and verified by the owner, the order confirmed once (issue 50).
  "advance-payment.spec.ts",
  // An advance paid on JazzCash's page (the stand-in), cancelled once and then paid (issue 50).
  "advance-online.spec.ts",
  // A scheduled sale started now, ended now, and one scheduled, edited and removed (issue 51).
  "scheduled-sales.spec.ts",
  // An offer in the cart, a code that beats it at checkout, the order keeping the discount (issue 51).
  "offers-and-codes.spec.ts",
];

type Timings = Record<string, Partial<Record<"phone" | "desktop", number>>>;

/** Seconds per spec and project from a run of the suite (see shardsFor). */
const TIMINGS_FILE = path.join(E2E_DIR, "timings.json");
/** What a spec not yet in timings.json is taken to cost per project: about a median spec. */
const UNKNOWN_SPEC_SECONDS = 20;

export function allSpecs(): string[] {
  return readdirSync(E2E_DIR)
    .filter((name) => name.endsWith(".spec.ts"))
    .sort();
}

/** The specs a pass runs, with the projects each runs in. */
export function specsOfPass(postgres: boolean): { spec: string; projects: ("phone" | "desktop")[] }[] {
  return allSpecs()
    .filter((spec) => !postgres || POSTGRES_JOURNEYS.includes(spec))
    .map((spec) => ({
      spec,
      projects:
        postgres || PHONE_ONLY_SPECS.includes(spec)
          ? ["phone"]
          : DESKTOP_ONLY_SPECS.includes(spec)
            ? ["desktop"]
            : ["phone", "desktop"],
    }));
}

/**
 * Spec files split into `count` groups of about equal time, longest first onto the least loaded:
 * Playwright's own `--shard` splits by the number of tests, and one shard finished two minutes
 * after the other. The times come from e2e/timings.json (relative times are what matter; refresh
 * it from `.tmp/reports/e2e-timings.json`, which every `npm test` writes).
 */
export function shardsFor(postgres: boolean, count: number): string[][] {
  const timings = JSON.parse(readFileSync(TIMINGS_FILE, "utf8")) as Timings;
  const weighted = specsOfPass(postgres).map(({ spec, projects }) => ({
    spec,
    seconds: projects.reduce((sum, project) => sum + (timings[spec]?.[project] ?? UNKNOWN_SPEC_SECONDS), 0),
  }));
  weighted.sort((a, b) => b.seconds - a.seconds || a.spec.localeCompare(b.spec));
  const shards = Array.from({ length: count }, () => ({ specs: [] as string[], seconds: 0 }));
  for (const { spec, seconds } of weighted) {
    const lightest = shards.reduce((best, shard) => (shard.seconds < best.seconds ? shard : best));
    lightest.specs.push(spec);
    lightest.seconds += seconds;
  }
  return shards.map((shard) => shard.specs).filter((specs) => specs.length > 0);
}

/** Seconds per spec and project measured by a run, in timings.json's shape. */
export function timingsOf(reports: { suites: ReportSuite[] }[]): Timings {
  const timings: Timings = {};
  const walk = (suite: ReportSuite, file: string) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const project = test.projectName === "desktop" ? "desktop" : "phone";
        const seconds = test.results.reduce((sum, result) => sum + result.duration / 1000, 0);
        const entry = timings[file] ?? {};
        timings[file] = entry;
        entry[project] = Math.round(((entry[project] ?? 0) + seconds) * 10) / 10;
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const report of reports) for (const suite of report.suites) walk(suite, suite.file);
  return Object.fromEntries(Object.entries(timings).sort(([a], [b]) => a.localeCompare(b)));
}

export interface ReportSuite {
  file: string;
  specs?: { tests: { projectName: string; results: { duration: number }[] }[] }[];
  suites?: ReportSuite[];
}
