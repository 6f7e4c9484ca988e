// Reading the admin's live count of new orders the way the admin screens do: fetch with the bearer
// token, the event stream read as it arrives (shared/new-orders.ts).
import type { FastifyInstance } from "fastify";
import { EVENT_STREAM_TYPE, NEW_ORDER_STREAM_PATH, readCountEvents } from "#shared/new-orders.ts";

export interface CountStream {
  /** Every count received so far, in order. */
  counts: number[];
  /** Waits (up to `ms`) for a count that `accept` takes; answers it. */
  until(accept: (count: number) => boolean, ms?: number): Promise<number>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Listens on a free local port (once) and answers the base address. */
export async function listening(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === "object") return `http://127.0.0.1:${address.port}`;
  return (await app.listen({ port: 0, host: "127.0.0.1" })).replace("localhost", "127.0.0.1");
}

export async function openCountStream(baseUrl: string, token: string): Promise<CountStream> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}${NEW_ORDER_STREAM_PATH}`, {
    headers: { authorization: `Bearer ${token}`, accept: EVENT_STREAM_TYPE },
    signal: abort.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`);
  const counts: number[] = [];
  const waiters = new Set<() => void>();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const read = readCountEvents(buffer + value);
        buffer = read.rest;
        counts.push(...read.counts);
        for (const wake of waiters) wake();
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    counts,
    ended,
    async until(accept, ms = 5_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = counts.find(accept);
        if (found !== undefined) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching count within ${ms} ms; received ${JSON.stringify(counts)}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    close: () => abort.abort(),
  };
}
