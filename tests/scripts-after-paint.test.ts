// The server's rewrite of React Router's scripts into the inert form the head script releases
// after the largest pictures are painted (app/lib/scripts-after-paint.server.ts). The page test
// (tests/pages.test.ts) checks a whole page; this one the stream's edges: a tag cut between chunks.
import { describe, expect, it } from "vitest";
import { holdScriptsUntilPaint } from "../app/lib/scripts-after-paint.server.ts";

const PAGE =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/shell-B.js" nonce="n1"/><link rel="stylesheet" href="/a.css"/></head>' +
  '<body><p>A shoe described as &quot;type=&quot;module&quot;&quot;</p><script nonce="n1">window.x = 1 < 2;</script>' +
  '<script nonce="n1" type="module" async="">import * as route0 from "/assets/root-C.js";</script></body></html>';
const HELD =
  '<!DOCTYPE html><html><head><link rel="modulepreload-after-paint" href="/assets/entry.client-A.js" nonce="n1"/>' +
  '<link rel="modulepreload-after-paint" href="/assets/shell-B.js" nonce="n1"/><link rel="stylesheet" href="/a.css"/></head>' +
  '<body><p>A shoe described as &quot;type=&quot;module&quot;&quot;</p><script nonce="n1">window.x = 1 < 2;</script>' +
  '<script nonce="n1" type="module-after-paint" async="">import * as route0 from "/assets/root-C.js";</script></body></html>';

/** The rewrite of these chunks, read back as text, and how many chunks it sent. */
async function rewriteBytes(chunks: Uint8Array[]): Promise<{ html: string; chunks: number }> {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const out: string[] = [];
  const decoder = new TextDecoder();
  for await (const chunk of holdScriptsUntilPaint(source)) out.push(decoder.decode(chunk, { stream: true }));
  return { html: out.join("") + decoder.decode(), chunks: out.length };
}

const encoder = new TextEncoder();
const rewrite = (chunks: string[]) => rewriteBytes(chunks.map((chunk) => encoder.encode(chunk)));

describe("holdScriptsUntilPaint", () => {
  it("writes the module preloads and the module script inert, and nothing else differently", async () => {
    expect((await rewrite([PAGE])).html).toBe(HELD);
  });

  it("rewrites a tag that arrives cut between two chunks, wherever the cut falls", async () => {
    for (let cut = 1; cut < PAGE.length; cut++) {
      const { html } = await rewrite([PAGE.slice(0, cut), PAGE.slice(cut)]);
      if (html !== HELD) throw new Error(`cut at ${cut} (${JSON.stringify(PAGE.slice(cut - 10, cut + 10))}): ${html}`);
    }
  });

  it("passes a character cut between two chunks through whole", async () => {
    const bytes = encoder.encode("<p>Rs. 4,500 — کھسہ</p>");
    const { html } = await rewriteBytes([...bytes].map((byte) => new Uint8Array([byte])));
    expect(html).toBe("<p>Rs. 4,500 — کھسہ</p>");
  });

  it("sends what is complete at once, keeping back only an unfinished tag", async () => {
    const { chunks } = await rewrite(["<html><head>", "<title>Shoes</title>", "</head><body>", "</body></html>"]);
    expect(chunks).toBe(4);
  });
});
