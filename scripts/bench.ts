// `npm run bench`: measures the budgets of docs/architecture.md section 4 side by side in one run and prints
// a markdown table (also written to .tmp/bench.md). See docs/benchmarks.md.
//
//   npm run bench [-- --quick] [-- --skip-lighthouse]     DATABASE_URL=postgres://… for PostgreSQL
//   npm run bench -- --sale-day | --sale-opening | --pages | --couriers | --search-scale    one part alone
import { randomBytes } from "node:crypto";
import { access, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import type { Product, ProductList } from "#shared/catalog.ts";
import { CATEGORY_SLUGS } from "#shared/categories.ts";
import type { SearchPage } from "#shared/search.ts";
import { nginxAvailable, startNginx } from "../tests/scale/cluster/nginx.ts";
import { prepareBigCatalogue } from "./bench/catalogue-100k.ts";
import { timeStart } from "./bench/cold-start.ts";
import { measureCourierSync } from "./bench/courier-sync.ts";
import { customerRoutes } from "./bench/customer-routes.ts";
import { type FirstTapPage, measureFirstTaps, summarise } from "./bench/first-tap.ts";
import { BROWSER_ACCEPT_ENCODING } from "./bench/http.ts";
import { measureImages } from "./bench/images.ts";
import { type JudgedMeasures, type JudgedScore, scoreJudged, sizesInStock } from "./bench/judged-relevance.ts";
import { measureLighthouse as lighthouseRuns, warmPages } from "./bench/lighthouse.ts";
import { type PairResult, runPair } from "./bench/load.ts";
import { SLOW_MACHINE_INDEX } from "./bench/machine-index.ts";
import { documentOnWire, FIRST_WINDOW_BYTES, measurePageJs } from "./bench/page-weight.ts";
import {
  measureColdPage,
  measurePagePairs,
  measureStaticCopies,
  PAGE_CONNECTIONS,
  staticFilePath,
} from "./bench/pages.ts";
import { miniSearchRanker, type RelevanceScore, scoreRelevance, shownBy } from "./bench/relevance.ts";
import { Report } from "./bench/report.ts";
import { measureSaleDay, saleDaySkipReason } from "./bench/sale-day.ts";
import { measureSaleOpening } from "./bench/sale-opening.ts";
import {
  INSTANT_REQUESTS,
  type LatencyResult,
  LIST_REQUESTS,
  measureLatency,
  SEARCH_REQUESTS,
} from "./bench/search.ts";
import { measureSearchScale } from "./bench/search-scale.ts";
import { type BenchServer, startBenchServer } from "./bench/serve.ts";
import { fmt, kb, median } from "./bench/stats.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** What a browser that stops at brotli sends (Safari): the search sets are measured with it too. */
const BROTLI_ONLY = "gzip, deflate, br";
const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    "skip-lighthouse": { type: "boolean", default: false },
    // Only issue 34's sale day (needs DATABASE_URL and nginx): three minutes instead of the whole bench.
    "sale-day": { type: "boolean", default: false },
    // Only issue 51's sale opening (needs DATABASE_URL and nginx, about 2 minutes): a scheduled sale
    // opens under a crowd of browsers and 100 shoppers fight over a code with 50 uses.
    "sale-opening": { type: "boolean", default: false },
    // Only issue 35's pages: against a static file, not in cache, first tap and Lighthouse on every
    // customer route (the last two not with --skip-lighthouse).
    pages: { type: "boolean", default: false },
    // Only issue 49's couriers by API: a shopper's latency with no courier work, during a sync, and
    // during a sync and a booking with a courier that is down; and what a sync of 200 parcels costs.
    couriers: { type: "boolean", default: false },
    // Only issue 52's speed: the judged set's queries at 10,000 products on PGlite and on PostgreSQL
    // (a scratch database on DATABASE_URL's server, else 127.0.0.1:5432; skipped when not reachable).
    "search-scale": { type: "boolean", default: false },
  },
});
const quick = args.quick;
const skipLighthouse = quick || args["skip-lighthouse"];
const serverUrl = process.env.DATABASE_URL || undefined;
const log = (line: string) => process.stderr.write(`${line}\n`);
const started = performance.now();
const report = new Report();
/** Set by a part whose outcome is wrong, not merely slow (a code granted more or less than it may be). */
let failedLoudly = false;

const LOAD = quick
  ? { rounds: 2, durationMs: 1_500, connections: 50 }
  : { rounds: 3, durationMs: 5_000, connections: 50 };
const SEARCH = quick ? { rounds: 10, timeLimitMs: 20_000 } : { rounds: 40, timeLimitMs: 90_000 };
const BIG_CATALOGUE = 100_000;
// Declared before the run below uses them (the functions at the end are hoisted, constants are not).
const FIRST_TAP_LOADS = 5;
const FIRST_TAP_BUDGET = "≤ 200 ms, none lost";
// Issue 54: every customer route hydrated within 3.5 s of navigation at p75 on the phone profile.
const INTERACTIVE_BUDGET = "≤ 3,500 ms";
// Issue 17's goal: performance 98 or more, the median of 5 runs; the other three categories stay 100.
const LIGHTHOUSE_RUNS = 5;
/** As on a slow machine (issue 54): fewer runs, each is slower to simulate and the bench is long. */
const SLOW_RUNS = 3;
const LIGHTHOUSE_BUDGET = "≥ 98 / 100 / 100 / 100";
const MB = 1_048_576;
const IDLE_SETTLE_MS = 5_000;

await access(path.join(ROOT, "build", "server", "index.js")).catch(() => {
  throw new Error("No production build: run `npm run build` first.");
});

// --- the database for this run -----------------------------------------------------------------
const dataDir = await mkdtemp(path.join(tmpdir(), "shop-bench-"));
let benchDbName: string | undefined;
let databaseUrl: string | undefined;
if (serverUrl) {
  benchDbName = `shop_bench_${Date.now()}_${randomBytes(2).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${benchDbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${benchDbName}`;
  databaseUrl = url.toString();
}
const dbLabel = databaseUrl ? `PostgreSQL (database ${benchDbName})` : "PGlite (embedded)";
log(`bench on ${dbLabel}${quick ? ", quick" : ""}`);

let server: BenchServer | undefined;
try {
  if (args["sale-day"]) {
    await section("Sale day", saleDay);
  } else if (args["sale-opening"]) {
    await section("Sale opening", saleOpening);
  } else if (args.couriers) {
    await section("Couriers by API", () => measureCourierSync({ dataDir, databaseUrl, quick, report, log }));
  } else if (args["search-scale"]) {
    await section("Search at 10,000 products", searchScale);
  } else if (args.pages) {
    server = await startBenchServer({ dataDir, databaseUrl });
    log("rendering the pictures of every customer route…");
    await warmPages(server.base, customerRoutes(server.productId));
    await measurePages(server);
    // The browser's half (about 35 minutes on 2 cores) unless --skip-lighthouse.
    if (!skipLighthouse) {
      await measureFirstTap(server);
      await measureLighthouse(server);
    }
  } else {
    await everythingElse();
  }
} finally {
  await server?.stop();
  if (serverUrl && benchDbName) await adminQuery(serverUrl, `drop database if exists ${benchDbName} with (force)`);
  await rm(dataDir, { recursive: true, force: true });
}

async function everythingElse(): Promise<void> {
  // 1. Cold start and warm restart of `node server/start.ts`.
  await section("Cold start", async () => {
    log("cold start…");
    const first = await timeStart({ dataDir, databaseUrl });
    const warm = await timeStart({ dataDir, databaseUrl });
    const startText = (t: { readyMs: number; startupMs: number | undefined }) =>
      `${fmt(t.readyMs, 0)} ms to /readyz 200 (server's own startupMs ${t.startupMs ?? "n/a"})`;
    report.add("Cold start, first start (migrate + seed)", startText(first));
    report.add("Cold start, warm restart", startText(warm));
  });

  server = await startBenchServer({ dataDir, databaseUrl });
  await section("Server memory idle after start", async () => {
    if (!server) return;
    // What start-up allocated and freed (V8 compiling PGlite's WebAssembly) settles within seconds.
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    const idle = await server.rss();
    const budgetMb = databaseUrl ? 200 : 300;
    report.add(
      `Server memory idle after start (VmRSS, ${IDLE_SETTLE_MS / 1000} s after ready)`,
      `${fmt(idle / MB, 0)} MB (peak while starting ${fmt((await server.peakRss()) / MB, 0)} MB)`,
      `≤ ${budgetMb} MB (${databaseUrl ? "PostgreSQL" : "PGlite"})`,
      idle <= budgetMb * MB,
    );
  });
  await measureDemo(server);
  await server.stop();
  server = undefined;

  // 8. Checkout on PostgreSQL.
  await section("Checkout on PostgreSQL", checkout);

  // 9. Search on the generated 100,000-product catalogue.
  if (quick) {
    report.skip(`Search at ${fmt(BIG_CATALOGUE, 0)} products, p95`, "< 15 ms", "--quick");
  } else {
    await section(`Search at ${fmt(BIG_CATALOGUE, 0)} products`, async () => {
      log(`generating ${fmt(BIG_CATALOGUE, 0)} products (cached on PGlite)…`);
      const big = await prepareBigCatalogue({ count: BIG_CATALOGUE, databaseUrl, log });
      report.notes.push(
        big.cached
          ? `The ${fmt(BIG_CATALOGUE, 0)}-product PGlite catalogue came from the cache in .tmp/bench-100k/.`
          : `Generating ${fmt(BIG_CATALOGUE, 0)} products took ${fmt(big.generatedMs / 1000, 0)} s.`,
      );
      server = await startBenchServer({ dataDir: big.dataDir ?? dataDir, databaseUrl });
      await measureReads(server.base, `${fmt(BIG_CATALOGUE, 0)} generated products`, true);
      // Its memory and its PGlite given back before the next part starts its own servers.
      await server.stop();
      server = undefined;
    });
  }

  // 9b. Issue 52: the judged set's queries at 10,000 products, on PGlite and on PostgreSQL side by side.
  await section("Search at 10,000 products", searchScale);

  // 10. Sale day: three instances behind nginx, a crowd, and a locked row.
  await section("Sale day", saleDay);

  // 11. Sale opening: a scheduled sale starts under a crowd; a code with 50 uses, 100 shoppers.
  await section("Sale opening", saleOpening);
}

const machine = `${availableParallelism()} × ${cpus()[0]?.model.trim() ?? "cpu"}, load average ${loadavg()
  .map((l) => l.toFixed(1))
  .join(" ")}`;
const markdown = report.toMarkdown(
  [
    `## npm run bench — ${new Date().toISOString()}`,
    "",
    `Database: ${dbLabel}. Node ${process.version}. Machine: ${machine}.`,
    `Mode: ${quick ? "quick" : "full"}; took ${fmt((performance.now() - started) / 1000, 0)} s.`,
  ].join("\n"),
);
await mkdir(path.join(ROOT, ".tmp"), { recursive: true });
await writeFile(path.join(ROOT, ".tmp", "bench.md"), markdown);
console.log(markdown);
if (failedLoudly) log("THE BENCH FAILED: see the rows marked 'no' under \"Sale opening\" above.");
process.exit(failedLoudly ? 1 : 0);

// --- helpers -------------------------------------------------------------------------------------

/** Runs one part of the bench; a failure becomes a row of the table instead of ending the run. */
async function section(figure: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`${figure} failed: ${message}`);
    report.add(figure, `error: ${message.split("\n")[0] ?? ""}`, "—", "error");
  }
}

function searchScale(): Promise<void> {
  return measureSearchScale({ dataDir, serverUrl, quick, report, log });
}

/** Issue 35: anonymous pages against a static file of the same server, and a page not in cache. */
async function measurePages(server: BenchServer): Promise<void> {
  const staticFile = await staticFilePath(path.join(ROOT, "build", "client"));
  // The last is a sale post's crowd: Facebook gives every click its own `fbclid`.
  const pages = [
    { path: "/men" },
    { path: "/" },
    { path: `/products/${server.productId}` },
    { path: "/men", uniqueParam: "fbclid" },
  ];
  await section("Anonymous pages against a static file", async () => {
    log(`pages: ${LOAD.rounds}× (page, ${staticFile}) of ${LOAD.durationMs} ms, ${PAGE_CONNECTIONS} connections…`);
    const pairs = await measurePagePairs(server.base, pages, staticFile, LOAD);
    for (const { path: page, uniqueParam, pair } of pairs) {
      const address = `${page.replace(server.productId, "{id}")}${uniqueParam ? `?${uniqueParam}={a new one each}` : ""}`;
      const figure = `Page \`GET ${address}\` vs a static file (${PAGE_CONNECTIONS} connections)`;
      report.add(figure, pairText(pair), "≥ 0.50 of the static file", pair.ratio >= 0.5);
    }
    const copies = await measureStaticCopies(server.base, staticFile, LOAD);
    report.add(
      `The stylesheet \`GET ${staticFile}\` as its brotli copy vs compressed per response (${PAGE_CONNECTIONS} connections)`,
      pairText(copies),
      "≥ 1.00 (the copy is no slower)",
      copies.ratio >= 1,
    );
  });
  await section("A page not in the page cache", async () => {
    for (const page of ["/men", "/search?query=chappal"]) {
      const cold = await measureColdPage(server.base, page, quick ? 50 : 200);
      report.add(
        `Page \`GET ${page}\` not in the page cache, one at a time (median rendered; as the client waited)`,
        `${fmt(cold.renderMedianMs)} ms; ${fmt(cold.medianMs)} ms (kept: ${fmt(cold.cachedMedianMs)} ms; nothing remembered, a second apart: ${fmt(cold.unrememberedRenderMedianMs)} ms; ${fmt(cold.unrememberedMedianMs)} ms), ${cold.requests} requests`,
        "≤ 5 ms rendered",
        cold.renderMedianMs <= 5,
      );
    }
  });
}

/** Sections 2–7: everything measured on the demo catalogue by one bench server. */
async function measureDemo(server: BenchServer): Promise<void> {
  const base = server.base;
  const pageLabel = routeLabel(server);
  // 2. Each customer route's JavaScript on first load (issue 54: 100 KB gzip or less on every one).
  await section("Page JavaScript", async () => {
    log("each customer route's JavaScript…");
    const rows: string[][] = [];
    for (const path of customerRoutes(server.productId)) {
      const js = await measurePageJs(base, path);
      const page = await documentOnWire(base, path);
      const pageBytes = page.headerBytes + page.bodyBytes;
      rows.push([
        pageLabel(path),
        String(js.files.length),
        kb(js.totalGzipBytes),
        `${pageBytes.toLocaleString("en")} B${pageBytes > FIRST_WINDOW_BYTES ? " (over)" : ""}`,
      ]);
      if (path === "/") {
        report.detail(
          "Home page scripts",
          ["File", "Raw", "gzip -9"],
          [...js.files]
            .sort((a, b) => b.gzipBytes - a.gzipBytes)
            .map((f) => [f.url, kb(f.rawBytes), kb(f.gzipBytes)])
            .concat([["(inline scripts)", "", kb(js.inlineGzipBytes)]]),
        );
      }
      report.add(
        `JavaScript, first load (gzip -9) \`${pageLabel(path)}\``,
        `${kb(js.totalGzipBytes)} (${js.files.length} files)`,
        "≤ 100 KB",
        js.totalGzipBytes <= 100 * 1024,
      );
    }
    report.detail(
      "First-load JavaScript per customer route, and the page itself as Chrome is sent it",
      [
        "Route",
        "Files",
        "gzip -9",
        `Page on the wire (headers too; first window ${FIRST_WINDOW_BYTES.toLocaleString("en")} B)`,
      ],
      rows,
    );
  });

  // 3. Image bytes per width.
  await section("Image bytes", async () => {
    log("image sizes…");
    for (const set of await measureImages(base, server.imageId)) {
      report.add(
        `Image bytes, ${set.label} (AVIF / WebP)`,
        set.widths.map((w) => `${w.width}w ${kb(w.avif)} / ${kb(w.webp)}`).join("; "),
      );
    }
  });

  // 4. Catalogue reads against the ceiling, interleaved. The memory peak counts from here.
  await server.resetPeak();
  const reads: [string, string, string][] = [
    ["Catalogue read: category page", server.categoryPath, "/__bench/memory/category"],
    ["Catalogue read: product detail", server.productPath, "/__bench/memory/product"],
  ];
  for (const [label, realPath, ceilingPath] of reads) {
    const figure = `${label} (\`GET ${realPath.replace(server.productId, "{id}")}\`)`;
    await section(figure, async () => {
      log(`${label}: ${LOAD.rounds}× (real, ceiling) of ${LOAD.durationMs} ms…`);
      const pair = await runPair(`${base}${realPath}`, `${base}${ceilingPath}`, LOAD);
      report.add(figure, pairText(pair), "≥ 0.80 of ceiling", pair.ratio >= 0.8);
    });
  }
  await measurePages(server);
  await section("Server memory", async () => {
    const peak = await server.peakRss();
    report.add(
      "Server memory peak during the load tests (VmHWM)",
      `${fmt(peak / MB, 0)} MB`,
      "≤ 450 MB",
      peak <= 450 * MB,
    );
    report.add("Server memory after the load tests (VmRSS)", `${fmt((await server.rss()) / MB, 0)} MB`);
  });

  // 5. Search on the demo catalogue: how well it finds, and how fast.
  await section("Search relevance", async () => {
    log("search relevance…");
    await measureRelevance(base);
  });
  await measureReads(base, "demo catalogue", false);

  // 6. The first tap on a phone; Lighthouse does not tap, so it runs under --skip-lighthouse too.
  // The pictures rendered first, as the shop's background job would have by then.
  if (!quick) await warmPages(server.base, customerRoutes(server.productId));
  await measureFirstTap(server);

  // 7. Lighthouse.
  await measureLighthouse(server);
}

/** A customer route as the report names it: the product page's id as `{id}`. */
// A declaration, not a const: `--pages` calls measureLighthouse from the top, above this line.
function routeLabel(server: BenchServer): (page: string) => string {
  return (page) => page.replace(server.productId, "{id}");
}

async function measureLighthouse(server: BenchServer): Promise<void> {
  const base = server.base;
  const pages = customerRoutes(server.productId);
  const pageLabel = routeLabel(server);
  if (skipLighthouse) {
    for (const page of pages)
      report.skip(`Lighthouse mobile \`${pageLabel(page)}\``, LIGHTHOUSE_BUDGET, "--skip-lighthouse or --quick");
    return;
  }
  log(
    `lighthouse (${LIGHTHOUSE_RUNS} runs per page, then ${SLOW_RUNS} as on a machine of index ${SLOW_MACHINE_INDEX}, direct and through nginx with TLS and HTTP/2)…`,
  );
  // Production serves the pages through deploy/nginx/shop.conf with TLS and HTTP/2 (decision 056):
  // the slow pass runs both ways, side by side per route, the shop's own server (HTTP/1.1) first.
  const front = nginxAvailable() ? await startNginx([new URL(base).host], { tls: true }) : undefined;
  if (!front) report.notes.push("Lighthouse through nginx (TLS, HTTP/2) skipped: no nginx at /usr/sbin/nginx.");
  // This machine as it is, then as a cheap phone's class of machine (issue 54), side by side per route.
  const slowName = `, as index ${SLOW_MACHINE_INDEX}`;
  const direct = base.replace("127.0.0.1", "localhost");
  const passes = [
    { runs: LIGHTHOUSE_RUNS, asIndex: undefined, name: "", base: direct },
    { runs: SLOW_RUNS, asIndex: SLOW_MACHINE_INDEX, name: slowName, base: direct },
    ...(front
      ? [{ runs: SLOW_RUNS, asIndex: SLOW_MACHINE_INDEX, name: `${slowName}, TLS and HTTP/2`, base: front.url }]
      : []),
  ];
  try {
    for (const pagePath of pages) {
      const label = pageLabel(pagePath);
      for (const pass of passes) {
        const figure = `Lighthouse mobile \`${label}\`${pass.name} (perf / a11y / best practices / SEO)`;
        await section(figure, async () => {
          const [page] = await lighthouseRuns(pass.base, [pagePath], {
            runs: pass.runs,
            asIndex: pass.asIndex,
            shopBase: base,
            log,
          });
          if (!page) throw new Error("no result");
          const s = page.scores;
          report.add(
            figure,
            `${s.performance} / ${s.accessibility} / ${s["best-practices"]} / ${s.seo} (FCP ${fmt(page.fcpMs, 0)} ms, LCP ${fmt(page.lcpMs, 0)} ms, TBT ${fmt(page.tbtMs, 0)} ms, CLS ${fmt(page.cls, 3)}); index ${page.machineIndex}, CPU ×${fmt(page.cpuSlowdown, 1)}`,
            LIGHTHOUSE_BUDGET,
            s.performance >= 98 && s.accessibility === 100 && s["best-practices"] === 100 && s.seo === 100,
          );
          if (page.failing.length > 0)
            report.notes.push(`Lighthouse ${label}${pass.name} audits below 1: ${page.failing.join(", ")}.`);
        });
      }
    }
  } finally {
    await front?.stop();
  }
}

async function measureFirstTap(server: BenchServer): Promise<void> {
  const figure = (page: string) => `First tap ${page} (p75 of ${FIRST_TAP_LOADS}, 4x CPU, slow 4G)`;
  if (quick) return report.skip(figure("on every customer route"), FIRST_TAP_BUDGET, "--quick");
  await section("First tap", async () => {
    log(`first tap (${FIRST_TAP_LOADS} loads per page)…`);
    const pages = await measureFirstTaps(server.base, server.productId, { loads: FIRST_TAP_LOADS, log });
    for (const page of pages) {
      report.add(figure(page.label), firstTapText(page), FIRST_TAP_BUDGET, page.p75Ms <= 200 && page.lost === 0);
      report.add(
        `Interactive ${page.label.replace(/, .*$/, "")} (hydrated, p75 of ${page.loads.length}, 4x CPU, slow 4G)`,
        `${fmt(page.hydratedP75Ms, 0)} ms (${page.loads.map((l) => (l.hydratedMs === undefined ? "never" : fmt(l.hydratedMs, 0))).join(", ")}); index ${page.machineIndex}`,
        INTERACTIVE_BUDGET,
        page.hydratedP75Ms <= 3_500,
      );
    }
    const loads = pages.flatMap((p) => p.loads);
    const all = summarise("", loads, median(pages.map((p) => p.machineIndex)));
    report.add(
      `Interactive, every customer route (hydrated, p75 of ${loads.length}, 4x CPU, slow 4G)`,
      `${fmt(all.hydratedP75Ms, 0)} ms; median index ${all.machineIndex}`,
      INTERACTIVE_BUDGET,
      all.hydratedP75Ms <= 3_500,
    );
    report.add(
      `First tap, every customer route (p75 of ${loads.length})`,
      firstTapText(all),
      FIRST_TAP_BUDGET,
      all.p75Ms <= 200 && all.lost === 0,
    );
    report.notes.push(
      "First tap: latency is the Event Timing API's (the longest event of the tap's interaction, as INP); " +
        "'to effect' is from the tap to the menu, size mark, cart count or sheet appearing; a tap whose effect " +
        "never appears within 15 s is lost. Taps before hydration are counted as such.",
    );
  });
}

function firstTapText(page: FirstTapPage): string {
  const early = page.loads.filter((l) => !l.hydratedAtTap).length;
  return (
    `p75 ${fmt(page.p75Ms, 0)} ms (${page.loads.map((l) => l.latencyMs ?? "<16").join(", ")}); ` +
    `to effect p75 ${fmt(page.effectP75Ms, 0)} ms; lost ${page.lost} of ${page.loads.length}` +
    (early > 0 ? `; ${early} tapped before hydration` : "") +
    `; index ${page.machineIndex}`
  );
}

function pairText(pair: PairResult): string {
  const { real, ceiling } = pair;
  const errors = real.errors + real.non200 + ceiling.errors + ceiling.non200;
  return (
    `${fmt(real.rps, 0)} req/s (p50 ${fmt(real.p50Ms)} ms, p95 ${fmt(real.p95Ms)} ms) vs ceiling ` +
    `${fmt(ceiling.rps, 0)} req/s (p50 ${fmt(ceiling.p50Ms)} ms, p95 ${fmt(ceiling.p95Ms)} ms): ratio ${fmt(pair.ratio, 2)}` +
    `, median of ${pair.rounds} rounds${errors > 0 ? `, ${errors} errors` : ""}`
  );
}

/** Search, instant results and filtered list pages, one request at a time. */
async function measureReads(base: string, label: string, budgeted: boolean): Promise<void> {
  const sets: [string, readonly string[], string][] = [
    ["Search with words read as filters", SEARCH_REQUESTS, "p95 < 15 ms"],
    ["Instant results as a shopper types", INSTANT_REQUESTS, "p95 < 15 ms"],
    ["Filtered, sorted list pages", LIST_REQUESTS, "—"],
  ];
  for (const [name, paths, budget] of sets) {
    await section(`${name}, ${label}`, async () => {
      log(`${name.toLowerCase()}, ${label}…`);
      const result = await measureLatency(base, paths, SEARCH);
      const withBudget = budgeted && budget !== "—";
      report.add(
        `${name}, ${label} (sequential, ${result.samples} requests)`,
        `p50 ${fmt(result.p50Ms)} ms, p95 ${fmt(result.p95Ms)} ms`,
        withBudget ? budget : "—",
        withBudget ? result.p95Ms < 15 : "—",
      );
      report.detail(
        `${name} per request, ${label}`,
        ["Request", "Results", "First result", "p50 ms", "p95 ms"],
        rows(result),
      );
      if (withBudget) {
        // Side by side: what a browser that stops at brotli (Safari) costs the same requests.
        const brotli = await measureLatency(base, paths, { ...SEARCH, acceptEncoding: BROTLI_ONLY });
        report.add(
          `${name}, ${label}, answered in brotli (\`${BROTLI_ONLY}\`; above: \`${BROWSER_ACCEPT_ENCODING}\`)`,
          `p50 ${fmt(brotli.p50Ms)} ms, p95 ${fmt(brotli.p95Ms)} ms`,
          "—",
          "—",
        );
      }
    });
  }
}

function rows(result: LatencyResult): string[][] {
  return result.perRequest.map((r) => [`\`${r.path}\``, String(r.results), r.first, fmt(r.p50Ms), fmt(r.p95Ms)]);
}

/** success@3 and nDCG@5 on the labelled query set, ours and MiniSearch's over the same products. */
async function measureRelevance(base: string): Promise<void> {
  const json = async <T>(path: string): Promise<T> => {
    const answer = await fetch(`${base}${path}`);
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
    return (await answer.json()) as T;
  };
  const products: Product[] = [];
  for (const slug of CATEGORY_SLUGS) {
    for (let page = 1; ; page++) {
      const list = await json<ProductList>(`/api/products?category=${slug}&page=${page}`);
      products.push(...list.products);
      if (!list.hasMore) break;
    }
  }
  const ours = await scoreRelevance(async (query) =>
    shownBy(await json<SearchPage>(`/api/search?query=${encodeURIComponent(query)}`)),
  );
  const library = await scoreRelevance(miniSearchRanker(products));
  const pair = (a: number, b: number) => `ours ${fmt(a, 3)}, MiniSearch ${fmt(b, 3)}`;
  report.add(
    "Search relevance, success@3",
    pair(ours.successAt3, library.successAt3),
    "ours above",
    ours.successAt3 > library.successAt3,
  );
  report.add(
    "Search relevance, nDCG@5",
    pair(ours.ndcgAt5, library.ndcgAt5),
    "ours above",
    ours.ndcgAt5 > library.ndcgAt5,
  );
  const kinds = Object.keys(ours.byKind);
  const cell = (score: RelevanceScore, kind: string) =>
    `${fmt(score.byKind[kind]?.successAt3 ?? 0, 2)} / ${fmt(score.byKind[kind]?.ndcgAt5 ?? 0, 2)}`;
  report.detail(
    "Search relevance by kind of query (success@3 / nDCG@5)",
    ["Kind", "Queries", "Ours", "MiniSearch"],
    kinds.map((kind) => [kind, String(ours.byKind[kind]?.queries ?? 0), cell(ours, kind), cell(library, kind)]),
  );
  await measureJudged(products, json);
  if (ours.misses.length > 0)
    report.notes.push(`Queries ours found nothing relevant for in the first three: ${ours.misses.join(", ")}.`);
  if (library.misses.length > 0)
    report.notes.push(
      `Queries MiniSearch found nothing relevant for in the first three: ${library.misses.join(", ")}.`,
    );
}

/**
 * Issue 52's judged set (tests/relevance/judged-queries.json): NDCG@10, MRR and the zero-result rate
 * over the whole set and the part kept aside, and NDCG@10 by class, ours beside MiniSearch's.
 */
async function measureJudged(products: readonly Product[], json: <T>(path: string) => Promise<T>): Promise<void> {
  const stock = sizesInStock(products);
  const ours = await scoreJudged(
    async (query) => shownBy(await json<SearchPage>(`/api/search?query=${encodeURIComponent(query)}`)),
    stock,
  );
  const library = await scoreJudged(miniSearchRanker(products), stock);
  const three = (m: JudgedMeasures) =>
    `NDCG@10 ${fmt(m.ndcgAt10, 3)}, MRR ${fmt(m.mrr, 3)}, zero results ${fmt(m.zeroResultRate * 100, 1)}%`;
  for (const [part, of] of [
    ["whole set", (score: JudgedScore) => score.all],
    ["kept aside", (score: JudgedScore) => score.holdout],
  ] as const) {
    report.add(
      `Judged search set, ${part} (${of(ours).queries} queries)`,
      `ours ${three(of(ours))}; MiniSearch ${three(of(library))}`,
      "NDCG@10 ≥ 0.90",
      of(ours).ndcgAt10 >= 0.9,
    );
  }
  report.detail(
    "Judged search set by class (NDCG@10; the goal: no class below 0.80)",
    ["Class", "Queries", "Ours", "MiniSearch"],
    Object.keys(ours.byClass)
      .sort()
      .map((name) => [
        name,
        String(ours.byClass[name]?.queries ?? 0),
        fmt(ours.byClass[name]?.ndcgAt10 ?? 0, 3),
        fmt(library.byClass[name]?.ndcgAt10 ?? 0, 3),
      ]),
  );
}

interface CheckoutFigures {
  buyers: number;
  orders: number;
  ordersPerSecond: number;
  p95Ms: number;
  failed: number;
  oversold: number;
  duplicates: number;
}

function isCheckoutFigures(value: unknown): value is CheckoutFigures {
  if (typeof value !== "object" || value === null) return false;
  const fields = ["buyers", "orders", "ordersPerSecond", "p95Ms", "failed", "oversold", "duplicates"];
  return fields.every((f) => typeof (value as Record<string, unknown>)[f] === "number");
}

async function checkout(): Promise<void> {
  const figure = "Checkout on PostgreSQL, 50 concurrent buyers";
  const budget = "≥ 500 orders/s; 0 oversold, 0 duplicated";
  const file = path.join(ROOT, "scripts", "bench-checkout.ts");
  if (!serverUrl) return report.skip(figure, budget, "needs DATABASE_URL (PostgreSQL)");
  const exists = await access(file).then(
    () => true,
    () => false,
  );
  if (!exists) return report.skip(figure, budget, "scripts/bench-checkout.ts does not exist yet");
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const run = module.benchCheckout;
  if (typeof run !== "function")
    return report.skip(figure, budget, "scripts/bench-checkout.ts exports no benchCheckout");
  log("checkout…");
  const result: unknown = await run({ databaseUrl: serverUrl, buyers: 50, durationMs: quick ? 3_000 : 10_000, log });
  if (!isCheckoutFigures(result)) return report.skip(figure, budget, "benchCheckout answered an unexpected shape");
  report.add(
    figure,
    `${fmt(result.ordersPerSecond, 0)} orders/s (${result.orders} orders, p95 ${fmt(result.p95Ms)} ms, ` +
      `${result.failed} failed); oversold ${result.oversold}, duplicated ${result.duplicates}`,
    budget,
    result.ordersPerSecond >= 500 && result.oversold === 0 && result.duplicates === 0,
  );
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Issue 34: exactly 50 sold, browsing p95 within 2x of the quiet run, no order after an error. */
async function saleDay(): Promise<void> {
  const why = saleDaySkipReason(serverUrl);
  if (why || !serverUrl) {
    report.skip("Sale day (3 instances behind nginx)", "50 sold, browse p95 ≤ 2x quiet", why ?? "");
    return;
  }
  const runs = await measureSaleDay(serverUrl, log);
  const quiet = runs.find((run) => run.label === "quiet");
  for (const run of runs) {
    const ratio = quiet ? run.browse.p95Ms / quiet.browse.p95Ms : Number.NaN;
    report.add(
      `Sale day, ${run.label}: pairs sold of 50`,
      `${run.sold} (placed ${run.checkouts.placed}, sold out ${run.checkouts.soldOut}, gave up ${run.checkouts.gaveUp})`,
      "exactly 50",
      run.sold === 50,
    );
    report.add(
      `Sale day, ${run.label}: browsing p50 / p95 (${fmt(run.browse.count, 0)} requests, ${run.browse.errors} not 200)`,
      `${fmt(run.browse.p50Ms, 0)} / ${fmt(run.browse.p95Ms, 0)} ms${run === quiet ? "" : ` (${fmt(ratio, 2)}x quiet)`}`,
      run === quiet ? "—" : "p95 ≤ 2x quiet, none failed",
      run === quiet ? "—" : ratio <= 2 && run.browse.errors === 0,
    );
    report.add(
      `Sale day, ${run.label}: pages served (stale while the database was away) / asked`,
      `${run.pages.served} (${run.pages.stale}) / ${run.pages.asked} (${Object.entries(run.pages.statuses)
        .map(([status, n]) => `${status}: ${n}`)
        .join(", ")}); duplicate orders ${run.duplicates}`,
      "no duplicate",
      run.duplicates === 0,
    );
    report.add(
      `Sale day, ${run.label}: orders after an error / answers unclear`,
      `${run.orderedAfterError} / ${run.unclearRefusals} (told placed but wrong: ${run.wrongOrders}; a buyer's checkout p95 ${fmt(run.checkoutP95Ms / 1000, 1)} s)`,
      "0 / 0",
      run.orderedAfterError === 0 && run.unclearRefusals === 0 && run.wrongOrders === 0,
    );
  }
  report.detail(
    "Sale day: checkout answers",
    ["run", "answers"],
    runs.map((run) => [
      run.label,
      Object.entries(run.checkouts.statuses)
        .map(([status, n]) => `${status}: ${n}`)
        .join(", "),
    ]),
  );
}

/** Issue 51: a scheduled sale opens under a crowd; exactly 50 of 100 shoppers get the code SALE50. */
async function saleOpening(): Promise<void> {
  const why = saleDaySkipReason(serverUrl);
  if (why || !serverUrl) {
    report.skip("Sale opening (3 instances behind nginx)", "50 codes granted of 50", why ?? "");
    return;
  }
  const run = await measureSaleOpening(serverUrl, log);
  const granted = run.codesGranted === 50 && run.placed === 50 && run.databaseProblems.length === 0;
  if (!granted) {
    failedLoudly = true;
    log(
      `SALE OPENING FAILED: ${run.codesGranted} codes granted, ${run.placed} told placed` +
        `${run.databaseProblems.length > 0 ? `; ${run.databaseProblems.join("; ")}` : ""}`,
    );
  }
  const others = Object.entries(run.otherAnswers)
    .map(([answer, n]) => `${answer}: ${n}`)
    .join(", ");
  report.add(
    "Sale opening: SALE50 (50 uses) codes granted to 100 shoppers at once",
    `${run.codesGranted} (orders placed ${run.placed}, refused "used as many times as the shop allows" ${run.refusedUsedUp}` +
      `${others ? `, other: ${others}` : ""}); database: uses ${run.database.uses}, code_uses ${run.database.codeUses}, ` +
      `orders with the code ${run.database.ordersWithCode}${run.databaseProblems.length > 0 ? `; WRONG: ${run.databaseProblems.join("; ")}` : ", each Rs.200 off and due = total"}`,
    "exactly 50; the rest refused with the used-up message",
    granted && run.refusedUsedUp === 50,
  );
  report.add(
    "Sale opening: checkout p50 / p95 / max (100 at once, with the code)",
    `${fmt(run.checkout.p50Ms, 0)} / ${fmt(run.checkout.p95Ms, 0)} / ${fmt(run.checkout.maxMs, 0)} ms (${run.checkout.sends} sends)`,
  );
  report.add(
    `Sale opening: pages p50 / p95 before the start (\`${run.categoryPath}\` and its products, HTML)`,
    `${fmt(run.pagesBefore.p50Ms, 1)} / ${fmt(run.pagesBefore.p95Ms, 1)} ms (${run.pagesBefore.count} pages)`,
  );
  report.add(
    "Sale opening: pages p50 / p95 after the start",
    `${fmt(run.pagesAfter.p50Ms, 1)} / ${fmt(run.pagesAfter.p95Ms, 1)} ms (${run.pagesAfter.count} pages, ${run.pagesNot200} of all not 200)`,
  );
  report.add(
    "Sale opening: the cache's bound (latest page asked after the start that showed the old price)",
    run.cacheBoundMs === undefined
      ? `none: no page asked after the start showed the old price (claimed ${fmt(run.appliedMs, 0)} ms, committed by ${fmt(run.appliedSeenMs, 0)} ms after its start)`
      : `asked ${fmt(run.cacheBoundMs, 0)} ms after the start, answered by ${fmt(run.cacheBoundAnsweredMs ?? Number.NaN, 0)} ms ` +
          `(${run.oldAfterStart} pages showed the old price after it; the sale job claimed the sale ${fmt(run.appliedMs, 0)} ms ` +
          `after its start, committed as seen by the bench by ${fmt(run.appliedSeenMs, 0)} ms)`,
    "about 1 s (≤ 1.5 s)",
    run.cacheBoundMs === undefined || run.cacheBoundMs <= 1_500,
  );
  if (run.latestOld.length > 0)
    report.detail(
      "Sale opening: the last pages asked after the start that showed the old price",
      ["page", "asked (ms after the start)", "answered (ms after the start)"],
      run.latestOld.map((s) => [s.kind, fmt(s.sentMs, 0), fmt(s.answeredMs, 0)]),
    );
  if (run.earlySale.length > 0)
    report.detail(
      "Sale opening: the first pages asked before the start that showed the sale price",
      ["page", "asked (ms after the start)", "answered (ms after the start)"],
      run.earlySale.map((s) => [s.kind, fmt(s.sentMs, 0), fmt(s.answeredMs, 0)]),
    );
  if (run.saleBeforeStart > 0 || run.pagesNeither > 0)
    report.notes.push(
      `Sale opening: ${run.saleBeforeStart} pages showed the sale price before the start; ${run.pagesNeither} showed neither price.`,
    );
}
