// Lighthouse (default config: mobile, simulated throttling) on the pages of docs/architecture.md section 4,
// in headless Chromium from Debian's packages; the median of `runs` runs per page and category.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../chromium.ts";
import { get } from "./http.ts";
import { benchmarkIndexOf, cpuSlowdownFor, LIGHTHOUSE_CPU_SLOWDOWN } from "./machine-index.ts";
import { median } from "./stats.ts";

export const LIGHTHOUSE_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];

export interface LighthousePage {
  path: string;
  /** Median score 0..100 per category. */
  scores: Record<LighthouseCategory, number>;
  /** Audits below 1 in any run (category performance: with the metric value), for the reader. */
  failing: string[];
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** This machine's benchmark index, read just before each run: the median of the readings. */
  machineIndex: number;
  /** The CPU slowdown Lighthouse simulated (the median of the runs'): its own 4, or what makes this machine one of `asIndex`. */
  cpuSlowdown: number;
}

/**
 * chrome-launcher starts the browser itself: it must be told to run headless. The TLS front
 * (startNginx's `tls`) has a certificate made for the run, which no authority signed.
 */
const CHROME_FLAGS = ["--headless=new", "--ignore-certificate-errors", ...CHROMIUM_ARGS];

/**
 * Has the bench's server render every picture the pages name (as `server/start.ts`'s background job
 * does for all of them), then fetches each once, so the runs measure serving the rendered pictures,
 * as a shop does once its job is done (before, a shopper is sent the SVG drawing).
 */
export async function warmPages(base: string, paths: string[], limit = 600): Promise<number> {
  const urls = new Set<string>();
  for (const path of paths) {
    const page = await get(`${base}${path}`, { headers: { accept: "text/html" } });
    for (const match of page.body.toString("utf8").matchAll(/\/images\/[A-Za-z0-9/_.-]+\.(?:avif|webp)/g)) {
      urls.add(match[0]);
    }
  }
  let fetched = 0;
  for (const url of [...urls].slice(0, limit)) {
    const rendered = await fetch(`${base}/__bench/render-picture`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: url }),
      signal: AbortSignal.timeout(120_000),
    });
    if (!rendered.ok) throw new Error(`rendering ${url}: ${rendered.status} ${await rendered.text()}`);
    await get(`${base}${url}`, { timeoutMs: 120_000 });
    fetched++;
  }
  return fetched;
}

type RunnerResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
type Result = RunnerResult["lhr"];

/**
 * LIGHTHOUSE_REPORTS=<folder>: each run's report and its trace kept whole, to read which tasks
 * blocked the main thread and what ran in them (docs/benchmarks.md, "Lighthouse on this machine").
 */
async function keepReport(url: string, result: RunnerResult): Promise<void> {
  const folder = process.env.LIGHTHOUSE_REPORTS;
  if (!folder) return;
  await mkdir(folder, { recursive: true });
  const name = `${new URL(url).pathname.replace(/\W+/g, "_")}-${Date.now()}`;
  await writeFile(join(folder, `${name}.report.json`), JSON.stringify(result.lhr));
  await writeFile(join(folder, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
}

/** One Lighthouse run; a run that fails to record (NO_NAVSTART and the like) is tried again, twice. */
async function runOnce(url: string, port: number, cpuSlowdown: number, log: (line: string) => void): Promise<Result> {
  let problem = "";
  for (let attempt = 1; attempt <= 3; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...LIGHTHOUSE_CATEGORIES],
      maxWaitForLoad: 45_000,
      // Merged into the mobile preset's slow 4G; only the CPU's factor changes.
      throttling: { cpuSlowdownMultiplier: cpuSlowdown },
    });
    if (result && !result.lhr.runtimeError) {
      await keepReport(url, result);
      return result.lhr;
    }
    problem = result?.lhr.runtimeError?.message ?? "no result";
    log(`  lighthouse ${url} attempt ${attempt}: ${problem}`);
  }
  throw new Error(`lighthouse on ${url}: ${problem}`);
}

/**
 * This machine's index in the browser Lighthouse drives, from a tab of its own (Lighthouse's own
 * reading comes only with a run's report, after the run it should have set the slowdown of).
 */
async function readIndex(port: number): Promise<number> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    return await benchmarkIndexOf(browser);
  } finally {
    await browser.close();
  }
}

/**
 * `asIndex`: measure as on a machine of that benchmark index (issue 54: about 1,400, a cheap
 * phone's class), the CPU slowdown set from this machine's index read before each run.
 */
export async function measureLighthouse(
  base: string,
  paths: string[],
  options: { runs: number; log: (line: string) => void; asIndex?: number; shopBase?: string },
): Promise<LighthousePage[]> {
  // The pictures are rendered by the shop itself, not through a TLS front (`shopBase`).
  const warmed = await warmPages(options.shopBase ?? base, paths);
  options.log(`  warmed ${warmed} pictures`);
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const pages: LighthousePage[] = [];
    for (const path of paths) {
      const indices: number[] = [];
      const slowdowns: number[] = [];
      const runs: Record<LighthouseCategory, number>[] = [];
      const failing = new Map<string, string>();
      const fcp: number[] = [];
      const lcp: number[] = [];
      const tbt: number[] = [];
      const cls: number[] = [];
      for (let run = 0; run < options.runs; run++) {
        // Read before each run, not once a page: a shared machine's speed drifts by half within
        // minutes (1,594-2,698 in one page's runs, 2026-11-30), and a slowdown set from a stale
        // reading measures another machine than `asIndex`.
        const machineIndex = await readIndex(chrome.port);
        const cpuSlowdown = options.asIndex ? cpuSlowdownFor(machineIndex, options.asIndex) : LIGHTHOUSE_CPU_SLOWDOWN;
        indices.push(machineIndex);
        slowdowns.push(cpuSlowdown);
        const lhr = await runOnce(`${base}${path}`, chrome.port, cpuSlowdown, options.log);
        const score = (c: LighthouseCategory) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
        runs.push({
          performance: score("performance"),
          accessibility: score("accessibility"),
          "best-practices": score("best-practices"),
          seo: score("seo"),
        });
        fcp.push(lhr.audits["first-contentful-paint"]?.numericValue ?? Number.NaN);
        lcp.push(lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN);
        tbt.push(lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN);
        cls.push(lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN);
        for (const category of LIGHTHOUSE_CATEGORIES) {
          for (const ref of lhr.categories[category]?.auditRefs ?? []) {
            const audit = lhr.audits[ref.id];
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
              failing.set(ref.id, audit.displayValue ? `${ref.id} (${audit.displayValue})` : ref.id);
            }
          }
        }
        // Lighthouse's own measure of this machine's speed: its throttled figures scale with it.
        const speed = lhr.environment.benchmarkIndex;
        options.log(
          `  lighthouse ${path} run ${run + 1}: ${JSON.stringify(runs.at(-1))}, benchmark index ${machineIndex} before, ${speed} in the run, CPU ×${cpuSlowdown.toFixed(1)}`,
        );
      }
      const scores = Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((c) => [c, median(runs.map((r) => r[c]))])) as Record<
        LighthouseCategory,
        number
      >;
      pages.push({
        path,
        scores,
        failing: [...failing.values()],
        fcpMs: median(fcp),
        lcpMs: median(lcp),
        tbtMs: median(tbt),
        cls: median(cls),
        machineIndex: median(indices),
        cpuSlowdown: median(slowdowns),
      });
    }
    return pages;
  } finally {
    chrome.kill();
  }
}
