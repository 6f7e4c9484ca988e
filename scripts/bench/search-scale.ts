// Issue 52's speed: "search p95 ≤ 20 ms at 10,000 products on PostgreSQL and on PGlite". One bench
// server on a PGlite catalogue of 10,000 generated products (cached as the 100,000 one is) and one on
// a scratch PostgreSQL database with the same catalogue, both up at once; the judged set's queries
// (tests/relevance/judged-queries.json) asked of the search page's answer (`/api/search`) and of the
// plain search (`/api/products/search`) on both, one request at a time, round-robin over all four,
// so the machine's drift falls on every figure alike. PostgreSQL not reachable: its figures are skipped.
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createScratchDatabase, type ScratchDatabase } from "#server/db/scratch.ts";
import { cacheDirFor, prepareBigCatalogue } from "./catalogue-100k.ts";
import { JUDGED_SET } from "./judged-relevance.ts";
import type { Report } from "./report.ts";
import { measureLatency } from "./search.ts";
import { type BenchServer, startBenchServer } from "./serve.ts";
import { fmt, quantile } from "./stats.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PRODUCTS = 10_000;
const BUDGET_MS = 20;
const BUDGET = `p95 ≤ ${BUDGET_MS} ms`;
/** Where the scratch database goes when the bench has no DATABASE_URL of its own. */
const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";
const ENDPOINTS = [
  { path: "/api/search", label: "the search page's `/api/search`" },
  { path: "/api/products/search", label: "`/api/products/search`" },
] as const;
/**
 * Full: every judged query, 3 rounds (4,224 measured requests with both databases, 1,056 a figure;
 * about 4 minutes at load 5 on 2 cores). Quick: every fourth query (88), 2 rounds.
 */
const FULL = { every: 1, rounds: 3, timeLimitMs: 180_000 };
const QUICK = { every: 4, rounds: 2, timeLimitMs: 60_000 };

interface Served {
  database: "PGlite" | "PostgreSQL";
  server: BenchServer;
}

export async function measureSearchScale(options: {
  /** The run's data directory: the PostgreSQL bench server keeps its files (pictures) in a folder of it. */
  dataDir: string;
  /** The PostgreSQL server to make the scratch database on (the bench's DATABASE_URL, else 127.0.0.1:5432). */
  serverUrl: string | undefined;
  quick: boolean;
  report: Report;
  log: (line: string) => void;
}): Promise<void> {
  const { report, log } = options;
  const plan = options.quick ? QUICK : FULL;
  const queries = JUDGED_SET.filter((_, i) => i % plan.every === 0).map((q) => q.query);
  const figure = (database: string) => `Search at ${fmt(PRODUCTS, 0)} products, ${database}`;
  const served: Served[] = [];
  let scratch: ScratchDatabase | undefined;
  try {
    log(`search at ${fmt(PRODUCTS, 0)} products: the PGlite catalogue (cached in .tmp/)…`);
    const lite = await prepareBigCatalogue({ count: PRODUCTS, log });
    report.notes.push(
      lite.cached
        ? `The ${fmt(PRODUCTS, 0)}-product PGlite catalogue came from the cache in ${path.relative(ROOT, cacheDirFor(PRODUCTS))}/.`
        : `Generating ${fmt(PRODUCTS, 0)} products on PGlite took ${fmt(lite.generatedMs / 1000, 0)} s.`,
    );
    served.push({ database: "PGlite", server: await startBenchServer({ dataDir: lite.dataDir ?? options.dataDir }) });

    const postgres = options.serverUrl ?? LOCAL_POSTGRES;
    const where = new URL(postgres).host;
    try {
      scratch = await createScratchDatabase(postgres, "shop_bench_search");
    } catch (error) {
      const why = `PostgreSQL at ${where} cannot be reached (${error instanceof Error ? error.message : String(error)})`;
      log(`the PostgreSQL figure is skipped: ${why}`);
      report.skip(figure("PostgreSQL"), BUDGET, why);
    }
    if (scratch) {
      log(`search at ${fmt(PRODUCTS, 0)} products: generating them in ${scratch.name} on ${where}…`);
      const big = await prepareBigCatalogue({ count: PRODUCTS, databaseUrl: scratch.url, log });
      report.notes.push(
        `Generating ${fmt(PRODUCTS, 0)} products on PostgreSQL took ${fmt(big.generatedMs / 1000, 0)} s.`,
      );
      served.push({
        database: "PostgreSQL",
        server: await startBenchServer({
          dataDir: path.join(options.dataDir, "search-scale"),
          databaseUrl: scratch.url,
        }),
      });
    }

    // Every request by its absolute address (measureLatency's base left empty), so that one round
    // asks every query of every endpoint of every database.
    const asked = new Map<string, { database: string; endpoint: string; query: string }>();
    for (const { database, server } of served) {
      for (const endpoint of ENDPOINTS) {
        for (const query of queries) {
          asked.set(`${server.base}${endpoint.path}?query=${encodeURIComponent(query)}`, {
            database,
            endpoint: endpoint.label,
            query,
          });
        }
      }
    }
    const loadBefore = loadavg();
    log(
      `search at ${fmt(PRODUCTS, 0)} products: ${queries.length} judged queries × ${ENDPOINTS.length} endpoints × ` +
        `${served.map((s) => s.database).join(" and ")}, a warm-up round, then up to ${plan.rounds} rounds…`,
    );
    const result = await measureLatency("", [...asked.keys()], plan);
    const load = `load average ${[loadBefore, loadavg()].map((l) => l.map((n) => n.toFixed(1)).join(" / ")).join(" before, ")} after`;
    const rounds = Math.round(result.samples / asked.size);

    for (const { database } of served) {
      const mine = result.perRequest.flatMap((r) => {
        const what = asked.get(r.path);
        return what?.database === database ? [{ ...r, ...what }] : [];
      });
      for (const endpoint of ENDPOINTS) {
        const times = mine.filter((r) => r.endpoint === endpoint.label).flatMap((r) => r.samplesMs);
        const p95 = quantile(times, 0.95);
        report.add(
          `${figure(database)}, ${endpoint.label} (judged set: ${queries.length} queries × ${rounds} rounds, one at a time)`,
          `p50 ${fmt(quantile(times, 0.5))} ms, p95 ${fmt(p95)} ms (${load})`,
          BUDGET,
          p95 <= BUDGET_MS,
        );
      }
      report.detail(
        `${figure(database)}: the slowest five queries (by their median over ${rounds} rounds: a query's p95 of so few is its worst hiccup)`,
        ["Query", "Asked of", "Results", "p50 ms", "p95 ms"],
        [...mine]
          .sort((a, b) => b.p50Ms - a.p50Ms)
          .slice(0, 5)
          .map((r) => [`'${r.query}'`, r.endpoint, String(r.results), fmt(r.p50Ms), fmt(r.p95Ms)]),
      );
    }
  } finally {
    for (const { server } of served) await server.stop();
    await scratch?.drop();
  }
}
