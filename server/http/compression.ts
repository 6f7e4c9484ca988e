// How the shop compresses its answers. Most are compressed as they are sent (@fastify/compress,
// registered in server/app.ts with these settings); an answer kept in memory and sent many times
// (the catalogue's read cache) is compressed once per encoding instead of once per request.
import zlib from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Below about 2 KB (an order's answer, a cart, a session) compressing saves a packet at most and
 * costs more CPU than the request's own work; catalogue lists and pages are far larger.
 */
export const COMPRESS_MIN_BYTES = 2048;

/** Brotli's quality: 4 is within a few percent of the smallest for JSON, at a fraction of the CPU. */
export const BROTLI_QUALITY = 4;

export type Encoding = "zstd" | "br" | "gzip";

// Preferred first, as @fastify/compress prefers them for the answers it compresses itself: zstd
// (Chrome 123+, Firefox 126+) is within 1-4% of brotli's size on the shop's JSON and HTML at about
// a quarter of its CPU, and decompresses faster on a phone; brotli is 5-10% smaller than gzip.
const negotiator = new Negotiator<Encoding>({ supportedValues: ["zstd", "br", "gzip"] });

/** The encoding to answer in for this Accept-Encoding header, or undefined for none. */
function acceptedEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (typeof header !== "string" || header === "") return undefined;
  return negotiator.negotiate(header) ?? undefined;
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === "zstd") return zlib.zstdCompressSync(body);
  return encoding === "br"
    ? zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : zlib.gzipSync(body);
}

/** A JSON body kept in memory, with each encoding made the first time a client asks for it. */
export interface Precompressed {
  body: Buffer;
  encoded(encoding: Encoding): Buffer;
}

export function precompressed(body: Buffer): Precompressed {
  const made = new Map<Encoding, Buffer>();
  return {
    body,
    encoded(encoding) {
      let bytes = made.get(encoding);
      if (!bytes) {
        bytes = compress(body, encoding);
        made.set(encoding, bytes);
      }
      return bytes;
    },
  };
}

/**
 * Sends a JSON body kept in memory, already compressed when the client takes an encoding (the
 * compression plugin leaves an answer that has its Content-Encoding alone).
 */
export function sendJson(request: FastifyRequest, reply: FastifyReply, answer: Precompressed): FastifyReply {
  reply.type("application/json; charset=utf-8");
  // Added to what is there (CORS varies by Origin), never replacing it.
  const vary = reply.getHeader("vary");
  const listed = vary === undefined ? [] : String(vary).split(/\s*,\s*/);
  if (!listed.some((name) => name.toLowerCase() === "accept-encoding"))
    reply.header("vary", [...listed, "Accept-Encoding"].join(", "));
  const encoding =
    answer.body.length >= COMPRESS_MIN_BYTES ? acceptedEncoding(request.headers["accept-encoding"]) : undefined;
  if (!encoding) return reply.send(answer.body);
  return reply.header("content-encoding", encoding).send(answer.encoded(encoding));
}
