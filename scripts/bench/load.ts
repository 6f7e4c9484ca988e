// Runs one load test in a separate process (load-worker.ts) and answers its figures.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { BROWSER_ACCEPT_ENCODING } from "./http.ts";
import type { LoadRequest, LoadResult } from "./load-worker.ts";
import { median } from "./stats.ts";

export type { LoadResult } from "./load-worker.ts";

const WORKER = fileURLToPath(new URL("./load-worker.ts", import.meta.url));

/** What a browser sends; the server compresses both the real answers and the ceiling's alike. */
export const BROWSER_HEADERS = { accept: "application/json", "accept-encoding": BROWSER_ACCEPT_ENCODING };

export function runLoad(request: LoadRequest): Promise<LoadResult> {
  const child = fork(WORKER, [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`load generator overran on ${request.url}`));
    }, request.durationMs + 30_000);
    child.once("message", (message) => {
      clearTimeout(timer);
      const answer = message as { ok: boolean; result?: LoadResult; error?: string };
      if (answer.ok && answer.result) resolve(answer.result);
      else reject(new Error(answer.error ?? "load generator failed"));
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
    });
    child.send(request);
  });
}

export interface PairResult {
  real: LoadResult;
  ceiling: LoadResult;
  /** Median over rounds of real req/s divided by ceiling req/s measured in the same round. */
  ratio: number;
  rounds: number;
}

/** Real and ceiling interleaved (A, B, A, B, …); each figure is the median round. */
export async function runPair(
  realUrl: string,
  ceilingUrl: string,
  options: {
    rounds: number;
    durationMs: number;
    connections: number;
    uniqueParam?: string | undefined;
    /** Headers of the ceiling's requests in place of a browser's. */
    ceilingHeaders?: Record<string, string>;
  },
): Promise<PairResult> {
  const base = { connections: options.connections, headers: BROWSER_HEADERS };
  const real = { ...base, url: realUrl, uniqueParam: options.uniqueParam };
  const ceiling = { ...base, url: ceilingUrl, headers: options.ceilingHeaders ?? BROWSER_HEADERS };
  // Warm both paths (JIT, caches, connection pools) before anything is counted.
  await runLoad({ ...real, durationMs: 1_000 });
  await runLoad({ ...ceiling, durationMs: 1_000 });
  const reals: LoadResult[] = [];
  const ceilings: LoadResult[] = [];
  for (let round = 0; round < options.rounds; round++) {
    reals.push(await runLoad({ ...real, durationMs: options.durationMs }));
    ceilings.push(await runLoad({ ...ceiling, durationMs: options.durationMs }));
  }
  const ratios = reals.map((real, i) => real.rps / (ceilings[i]?.rps ?? Number.NaN));
  return { real: medianRun(reals), ceiling: medianRun(ceilings), ratio: median(ratios), rounds: options.rounds };
}

function medianRun(runs: LoadResult[]): LoadResult {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  const run = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!run) throw new Error("no load runs");
  return run;
}
