// Search latency, one request at a time: p50/p95 per query and over all of them, and whether
// the typo 'chapal' still finds a Chappal first.
import type { Product } from "#shared/catalog.ts";
import { get } from "./http.ts";
import { quantile } from "./stats.ts";

export const SEARCH_QUERIES = ["chapal", "peshawri", "heel", "black loafer", "khussa", "sneakers", "zzqq"] as const;

export interface SearchResult {
  perQuery: { query: string; results: number; first: string; p50Ms: number; p95Ms: number }[];
  p50Ms: number;
  p95Ms: number;
  samples: number;
  typoFindsChappal: boolean;
}

const searchUrl = (base: string, query: string) => `${base}/api/products/search?query=${encodeURIComponent(query)}`;

export async function measureSearch(
  base: string,
  options: { rounds: number; timeLimitMs: number },
): Promise<SearchResult> {
  const headers = { accept: "application/json", "accept-encoding": "gzip, deflate, br" };
  const perQuery = new Map<string, number[]>();
  const firsts = new Map<string, { results: number; first: string }>();
  for (const query of SEARCH_QUERIES) {
    const answer = await get(searchUrl(base, query), { headers: { accept: "application/json" } });
    if (answer.status !== 200) throw new Error(`search '${query}' answered ${answer.status}`);
    const products = JSON.parse(answer.body.toString("utf8")) as Product[];
    firsts.set(query, { results: products.length, first: products[0]?.name ?? "" });
    perQuery.set(query, []);
    await get(searchUrl(base, query), { headers }); // warm
  }
  const started = performance.now();
  // Round-robin over the queries so drift in the machine's load spreads over all of them.
  for (let round = 0; round < options.rounds && performance.now() - started < options.timeLimitMs; round++) {
    for (const query of SEARCH_QUERIES) {
      const answer = await get(searchUrl(base, query), { headers });
      if (answer.status !== 200) throw new Error(`search '${query}' answered ${answer.status}`);
      perQuery.get(query)?.push(answer.ms);
    }
  }
  const all = [...perQuery.values()].flat();
  return {
    perQuery: SEARCH_QUERIES.map((query) => {
      const samples = perQuery.get(query) ?? [];
      const first = firsts.get(query) ?? { results: 0, first: "" };
      return { query, ...first, p50Ms: quantile(samples, 0.5), p95Ms: quantile(samples, 0.95) };
    }),
    p50Ms: quantile(all, 0.5),
    p95Ms: quantile(all, 0.95),
    samples: all.length,
    typoFindsChappal: /chappal/i.test(firsts.get("chapal")?.first ?? ""),
  };
}
