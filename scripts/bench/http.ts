// One GET over a keep-alive agent, timed, with the whole body read. Loopback only.
import http from "node:http";

export const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/**
 * What a shopper's browser accepts: Chrome since 123 (most of the shop's phones) and Firefox since
 * 126 add zstd, which the shop answers in when offered (@fastify/compress's first choice): about a
 * quarter of brotli's CPU for the same bytes (docs/benchmarks.md). Safari and older browsers stop at br.
 */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ms: number;
}

export function get(
  url: string,
  options: { headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<HttpAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: options.headers ?? {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
    });
    request.setTimeout(options.timeoutMs ?? 60_000, () => request.destroy(new Error(`timeout: GET ${url}`)));
    request.on("error", reject);
  });
}

/** Polls until the URL answers 200; answers the milliseconds waited, or throws after timeoutMs. */
export async function waitFor200(url: string, timeoutMs: number, intervalMs = 10): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      const answer = await get(url, { timeoutMs: 2_000 });
      if (answer.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** A free loopback port (asked of the OS, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = http.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
