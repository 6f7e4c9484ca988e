// A page's JavaScript on first load: every <script src> and <link rel="modulepreload">
// the HTML names, plus the inline scripts, each gzipped at level 9 and summed.
import zlib from "node:zlib";
import { BROWSER_ACCEPT_ENCODING, get } from "./http.ts";

export interface PageWeight {
  files: { url: string; rawBytes: number; gzipBytes: number }[];
  inlineGzipBytes: number;
  externalGzipBytes: number;
  totalGzipBytes: number;
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

export function scriptUrls(html: string): { urls: string[]; inline: string[] } {
  const urls = new Set<string>();
  const inline: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attribute(match[1] ?? "", "src");
    if (src) urls.add(src);
    else if (!/type\s*=\s*["']?application\/(ld\+)?json/i.test(match[1] ?? "") && match[2]?.trim())
      inline.push(match[2]);
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(match[0], "rel");
    const href = attribute(match[0], "href");
    const rels = rel?.split(/\s+/) ?? [];
    if (href && rels.includes("modulepreload")) urls.add(href);
  }
  return { urls: [...urls], inline };
}

const gzipSize = (bytes: Buffer | string) => zlib.gzipSync(bytes, { level: 9 }).length;

export async function measurePageJs(base: string, path = "/"): Promise<PageWeight> {
  const page = await get(`${base}${path}`, { headers: { accept: "text/html" } });
  if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}`);
  const { urls, inline } = scriptUrls(page.body.toString("utf8"));
  const files: PageWeight["files"] = [];
  for (const url of urls) {
    const absolute = new URL(url, `${base}/`);
    if (absolute.origin !== new URL(base).origin) throw new Error(`script from another origin: ${url}`);
    const answer = await get(absolute.href);
    if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`);
    files.push({ url, rawBytes: answer.body.length, gzipBytes: gzipSize(answer.body) });
  }
  const inlineGzipBytes = inline.length > 0 ? gzipSize(inline.join("\n")) : 0;
  const externalGzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  return { files, inlineGzipBytes, externalGzipBytes, totalGzipBytes: externalGzipBytes + inlineGzipBytes };
}

/**
 * A server's first flight on a new connection: TCP's initial window of 10 segments of 1,460 bytes
 * (RFC 6928), which Lighthouse's simulation uses too. A page larger on the wire waits one more round
 * trip on a phone's link before its last byte arrives (decision 054).
 */
export const FIRST_WINDOW_BYTES = 14_600;

/** A page as a shopper's browser is sent it: the status line and headers, and the compressed body. */
export async function documentOnWire(base: string, path: string): Promise<{ headerBytes: number; bodyBytes: number }> {
  const page = await get(`${base}${path}`, {
    headers: { accept: "text/html", "accept-encoding": BROWSER_ACCEPT_ENCODING },
  });
  if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}`);
  const lines = Object.entries(page.headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => `${name}: ${v}\r\n`),
  );
  const headerBytes = Buffer.byteLength(`HTTP/1.1 200 OK\r\n${lines.join("")}\r\n`);
  return { headerBytes, bodyBytes: page.body.length };
}
