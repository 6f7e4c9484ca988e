// Latency of search-like reads, one request at a time: p50/p95 per request and over all of them.
// Three sets: search (typed words, Roman Urdu, sizes, prices and colours read from the text, and
// explicit filters), instant results as a shopper types, and filtered, sorted list pages.
import type { Product } from "#shared/catalog.ts";
import { BROWSER_ACCEPT_ENCODING, get } from "./http.ts";
import { quantile } from "./stats.ts";

const q = encodeURIComponent;
const search = (text: string, params = "") => `/api/products/search?query=${q(text)}${params}`;

export const SEARCH_REQUESTS: readonly string[] = [
  search("chapal"),
  search("peshawri"),
  search("heel"),
  search("black loafer"),
  search("khussa"),
  search("sneakers"),
  search("zzqq"),
  search("jutti"),
  search("ladies heels"),
  search("black formal 42"),
  search("sneakers under 5000"),
  search("peshawari chappal 42"),
  search("heel", "&size=38&sort=price-asc"),
  search("loafer", "&colour=black&maxPrice=6000"),
  // Issue 36's words, as the search page asks (with its closest pairs): a price word, an occasion, a
  // price nothing is under, what the shop does not sell.
  "/api/search?query=sasta%20chappal",
  "/api/search?query=shadi%20gents",
  "/api/search?query=peshawari%20under%201000",
  "/api/search?query=school%20shoes%20for%20kids",
];

/** What a shopper's box sends while typing 'chappal', 'khussa' and 'sneakers 42'. */
export const INSTANT_REQUESTS: readonly string[] = ["ch", "cha", "chap", "kh", "khus", "sn", "snea", "sneakers 4"].map(
  (text) => `/api/search/instant?query=${q(text)}`,
);

export const LIST_REQUESTS: readonly string[] = [
  "/api/products?category=men-formal-shoes&size=42&sort=price-asc",
  "/api/products?category=women-heels-sandals&colour=black&colour=gold&maxPrice=6000",
  "/api/products?category=men-sneakers-casual-shoes&sale=1&sort=discount&page=3",
  "/api/products/size?size=40&gender=women&sort=newest",
];

export interface LatencyResult {
  /** Per request, with its own samples (for figures over a subset of the requests). */
  perRequest: { path: string; results: number; first: string; p50Ms: number; p95Ms: number; samplesMs: number[] }[];
  p50Ms: number;
  p95Ms: number;
  samples: number;
}

function productsOf(body: Buffer): Product[] {
  const parsed = JSON.parse(body.toString("utf8")) as Product[] | { products: Product[] };
  return Array.isArray(parsed) ? parsed : parsed.products;
}

export async function measureLatency(
  base: string,
  paths: readonly string[],
  options: { rounds: number; timeLimitMs: number; acceptEncoding?: string },
): Promise<LatencyResult> {
  const headers = { accept: "application/json", "accept-encoding": options.acceptEncoding ?? BROWSER_ACCEPT_ENCODING };
  const samples = new Map<string, number[]>();
  const firsts = new Map<string, { results: number; first: string }>();
  for (const path of paths) {
    const answer = await get(`${base}${path}`, { headers: { accept: "application/json" } });
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    const products = productsOf(answer.body);
    firsts.set(path, { results: products.length, first: products[0]?.name ?? "" });
    samples.set(path, []);
    await get(`${base}${path}`, { headers }); // warm
  }
  const started = performance.now();
  // Round-robin over the requests so drift in the machine's load spreads over all of them.
  for (let round = 0; round < options.rounds && performance.now() - started < options.timeLimitMs; round++) {
    for (const path of paths) {
      const answer = await get(`${base}${path}`, { headers });
      if (answer.status !== 200 && answer.status !== 304) throw new Error(`${path} answered ${answer.status}`);
      samples.get(path)?.push(answer.ms);
    }
  }
  const all = [...samples.values()].flat();
  return {
    perRequest: paths.map((path) => {
      const times = samples.get(path) ?? [];
      const first = firsts.get(path) ?? { results: 0, first: "" };
      return { path, ...first, p50Ms: quantile(times, 0.5), p95Ms: quantile(times, 0.95), samplesMs: times };
    }),
    p50Ms: quantile(all, 0.5),
    p95Ms: quantile(all, 0.95),
    samples: all.length,
  };
}
