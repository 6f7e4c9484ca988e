// The load generator, run in its own process (load.ts forks it) so it never shares an event
// loop with the server: `connections` keep-alive connections each send GETs back to back until
// the time is up, then it reports the count, errors and latency quantiles to its parent.
import http from "node:http";
import { quantile } from "./stats.ts";

export interface LoadRequest {
  url: string;
  connections: number;
  durationMs: number;
  headers: Record<string, string>;
  /** A parameter given a new value on every request, as Facebook's `fbclid` is on every click. */
  uniqueParam?: string;
}

export interface LoadResult {
  requests: number;
  errors: number;
  non200: number;
  bytes: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

const MAX_SAMPLES = 2_000_000;

let sent = 0;
const urlOf = (request: LoadRequest) =>
  request.uniqueParam
    ? `${request.url}${request.url.includes("?") ? "&" : "?"}${request.uniqueParam}=${process.pid}-${sent++}`
    : request.url;

function once(agent: http.Agent, request: LoadRequest): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(urlOf(request), { agent, headers: request.headers }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on("error", reject);
      response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
    req.on("error", reject);
  });
}

async function run(request: LoadRequest): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: request.connections });
  const latencies = new Float64Array(MAX_SAMPLES);
  let count = 0;
  let errors = 0;
  let non200 = 0;
  let bytes = 0;
  const started = performance.now();
  const deadline = started + request.durationMs;
  async function connection() {
    while (performance.now() < deadline && count < MAX_SAMPLES) {
      const t0 = performance.now();
      try {
        const answer = await once(agent, request);
        if (answer.status !== 200) non200++;
        bytes += answer.bytes;
        latencies[count++] = performance.now() - t0;
      } catch {
        errors++;
        if (errors > 1_000) return;
      }
    }
  }
  await Promise.all(Array.from({ length: request.connections }, connection));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const samples = latencies.subarray(0, count);
  return {
    requests: count,
    errors,
    non200,
    bytes,
    seconds,
    rps: count / seconds,
    p50Ms: quantile(samples, 0.5),
    p95Ms: quantile(samples, 0.95),
    p99Ms: quantile(samples, 0.99),
  };
}

process.once("message", (message) => {
  run(message as LoadRequest).then(
    (result) => process.send?.({ ok: true, result }, () => process.exit(0)),
    (error: unknown) => process.send?.({ ok: false, error: String(error) }, () => process.exit(1)),
  );
});
