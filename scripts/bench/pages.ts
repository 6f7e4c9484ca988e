// Issue 35's figures: anonymous pages against a static file of the same server, side by side, with
// 16 connections (the wrk runs); and a page not in the page cache, one request at a time.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { BROWSER_ACCEPT_ENCODING } from "./http.ts";
import { BROWSER_HEADERS, type PairResult, runPair } from "./load.ts";
import { median } from "./stats.ts";

export const PAGE_CONNECTIONS = 16;

/** A page to load: its path, and a parameter given a new value on every request, if any. */
export interface PageLoad {
  path: string;
  uniqueParam?: string;
}

export interface PagePair extends PageLoad {
  pair: PairResult;
}

export interface ColdPage {
  path: string;
  /** Median over requests to addresses never asked before (each a miss), in ms, as the client waited. */
  medianMs: number;
  /** The same misses as the server timed its loaders and render (its Server-Timing header). */
  renderMedianMs: number;
  /** The same page asked again and again (a hit), for comparison. */
  cachedMedianMs: number;
  /**
   * Misses more than a second apart, so nothing under the page is remembered either (the reads
   * of server/catalog/remembered-reads.ts, the search's rows): the first view after a change.
   */
  unrememberedMedianMs: number;
  unrememberedRenderMedianMs: number;
  requests: number;
}

/**
 * The static file the pages are held against: the site's stylesheet (56 KB), served by
 * @fastify/static from disk and compressed per response like a page (`PER_RESPONSE`).
 */
export async function staticFilePath(clientDir: string): Promise<string> {
  const assets = await readdir(path.join(clientDir, "assets"));
  const css = assets.find((name) => name.endsWith(".css"));
  if (!css) throw new Error("no stylesheet in the build");
  return `/assets/${css}`;
}

/**
 * The ceiling's requests ask for zstd alone, as issue 35 measured it: the build's brotli and gzip
 * copies of the stylesheet (decision 053) do not answer them, so it is compressed per response, with
 * the zstd a page gets. Held against the copies, a page would be measured against reading a
 * compressed file from disk, a ceiling the pages never had (see `measureStaticCopies`).
 */
const PER_RESPONSE = { ...BROWSER_HEADERS, "accept-encoding": "zstd" };

export async function measurePagePairs(
  base: string,
  pages: PageLoad[],
  ceilingPath: string,
  options: { rounds: number; durationMs: number },
): Promise<PagePair[]> {
  const pairs: PagePair[] = [];
  for (const page of pages) {
    const pair = await runPair(`${base}${page.path}`, `${base}${ceilingPath}`, {
      ...options,
      connections: PAGE_CONNECTIONS,
      uniqueParam: page.uniqueParam,
      ceilingHeaders: PER_RESPONSE,
    });
    pairs.push({ ...page, pair });
  }
  return pairs;
}

/**
 * The stylesheet as a browser gets it now (the build's brotli copy, read from disk) against the same
 * file compressed per response, side by side: what decision 053's copies save the server.
 */
export function measureStaticCopies(
  base: string,
  staticPath: string,
  options: { rounds: number; durationMs: number },
): Promise<PairResult> {
  return runPair(`${base}${staticPath}`, `${base}${staticPath}`, {
    ...options,
    connections: PAGE_CONNECTIONS,
    ceilingHeaders: PER_RESPONSE,
  });
}

/** Misses a second apart: each waits out the remembered reads (about 25 s in all). */
const UNREMEMBERED_REQUESTS = 21;

/** One request at a time: `requests` misses (a query no one asked before), then as many hits. */
export async function measureColdPage(base: string, page: string, requests: number): Promise<ColdPage> {
  const headers = { accept: "text/html", "accept-encoding": BROWSER_ACCEPT_ENCODING };
  const timed = async (url: string) => {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    const ms = performance.now() - started;
    // The server's own figure for the page (server/web/react-router.ts): loaders and render.
    const render = /render;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "");
    return { ms, renderMs: render ? Number(render[1]) : Number.NaN };
  };
  const separator = page.includes("?") ? "&" : "?";
  const run = `${Date.now().toString(36)}`;
  // Warm the render path (JIT) on addresses of their own first.
  for (let i = 0; i < 20; i++) await timed(`${base}${page}${separator}warm=${run}-${i}`);
  const misses: Array<{ ms: number; renderMs: number }> = [];
  for (let i = 0; i < requests; i++) misses.push(await timed(`${base}${page}${separator}cold=${run}-${i}`));
  const hits: number[] = [];
  for (let i = 0; i < requests; i++) hits.push((await timed(`${base}${page}`)).ms);
  const unremembered: Array<{ ms: number; renderMs: number }> = [];
  for (let i = 0; i < UNREMEMBERED_REQUESTS; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    unremembered.push(await timed(`${base}${page}${separator}after=${run}-${i}`));
  }
  return {
    path: page,
    medianMs: median(misses.map((m) => m.ms)),
    renderMedianMs: median(misses.map((m) => m.renderMs)),
    cachedMedianMs: median(hits),
    unrememberedMedianMs: median(unremembered.map((m) => m.ms)),
    unrememberedRenderMedianMs: median(unremembered.map((m) => m.renderMs)),
    requests,
  };
}
