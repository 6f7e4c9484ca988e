// Lighthouse (default config: mobile, simulated throttling) on the pages of GUIDE.md section 4,
// in headless Chromium from Debian's packages; the median of `runs` runs per page and category.
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { median } from "./stats.ts";

export const LIGHTHOUSE_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];

export interface LighthousePage {
  path: string;
  /** Median score 0..100 per category. */
  scores: Record<LighthouseCategory, number>;
  /** Audits below 1 in any run (category performance: with the metric value), for the reader. */
  failing: string[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export async function measureLighthouse(
  base: string,
  paths: string[],
  options: { runs: number; log: (line: string) => void },
): Promise<LighthousePage[]> {
  const chrome = await launch({ chromePath: "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
  try {
    const pages: LighthousePage[] = [];
    for (const path of paths) {
      const runs: Record<LighthouseCategory, number>[] = [];
      const failing = new Map<string, string>();
      const lcp: number[] = [];
      const tbt: number[] = [];
      const cls: number[] = [];
      for (let run = 0; run < options.runs; run++) {
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...LIGHTHOUSE_CATEGORIES],
          maxWaitForLoad: 45_000,
        });
        if (!result) throw new Error(`lighthouse gave no result for ${path}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`lighthouse on ${path}: ${lhr.runtimeError.message}`);
        const score = (c: LighthouseCategory) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
        runs.push({
          performance: score("performance"),
          accessibility: score("accessibility"),
          "best-practices": score("best-practices"),
          seo: score("seo"),
        });
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
        options.log(`  lighthouse ${path} run ${run + 1}: ${JSON.stringify(runs.at(-1))}`);
      }
      const scores = Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((c) => [c, median(runs.map((r) => r[c]))])) as Record<
        LighthouseCategory,
        number
      >;
      pages.push({
        path,
        scores,
        failing: [...failing.values()],
        lcpMs: median(lcp),
        tbtMs: median(tbt),
        cls: median(cls),
      });
    }
    return pages;
  } finally {
    chrome.kill();
  }
}
