// Security headers with a nonce-based Content-Security-Policy: the bearer token lives in
// localStorage (docs/product.md section 3), so no script may run unless this server wrote it.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * `formTargets`: origins besides the shop's a page's form may post to: a hosted payment page the
 * owner configured (JazzCash's, issue 50), where the customer's browser takes the signed form.
 */
export interface SecurityOptions {
  https: boolean;
  formTargets?: readonly string[] | undefined;
}

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  // One nonce per answer for both scripts and styles (helmet's own option makes two). The browser
  // can read a nonce only from an element that carries it, and the page's elements that do are
  // scripts; with one nonce the client can hand it to the libraries that inject <style> elements
  // (Radix's scroll lock, see app/lib/style-nonce.ts) and style-src needs no 'unsafe-inline'.
  const nonces = new WeakMap<ServerResponse, string>();
  const nonceOf = (response: ServerResponse) => {
    const nonce = nonces.get(response) ?? randomBytes(16).toString("base64");
    nonces.set(response, nonce);
    return nonce;
  };
  const thisAnswersNonce = (_request: IncomingMessage, response: ServerResponse) => `'nonce-${nonceOf(response)}'`;
  app.decorateReply("cspNonce", {
    getter() {
      const nonce = nonceOf(this.raw);
      return { script: nonce, style: nonce };
    },
  });
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options, [thisAnswersNonce]) },
    crossOriginEmbedderPolicy: false,
    // HSTS only when the shop's public address is https (PUBLIC_URL; a TLS proxy in front is the
    // usual setup): browsers ignore it over plain http, and a local http shop must stay reachable.
    strictTransportSecurity: options.https ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
    referrerPolicy: { policy: REFERRER_POLICY },
    // The same as frame-ancestors 'none', for browsers that predate it.
    frameguard: { action: "deny" },
  });
  // A shoe shop needs no camera, microphone, location, payment or sensor APIs: none may be used.
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (
      isSubresource(String(reply.getHeader("content-type") ?? "")) &&
      !WORKERS.has(request.headers["sec-fetch-dest"] ?? "")
    ) {
      // Fastify's removeHeader takes it off the raw response too, where helmet wrote it.
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    }
    return payload;
  });
}

/**
 * What only a document obeys: the scripts it may run, the frames it may sit in, the windows it shares,
 * the features it may use. A script, a stylesheet or a picture is never a document that runs anything
 * (opened on its own, the browser shows its text or its pixels), so these rules say nothing on it, and
 * the policy's nonce there is about 450 bytes that never compress (a fresh one per answer). Dropped
 * from those answers only, a script's headers go from 1,168 bytes to 496: about 11 KB less on the
 * cart's first load (issue 54, decision 054). What such an answer keeps does act on it: `nosniff`
 * (it is read only as its own type), `Cross-Origin-Resource-Policy`, the `Referrer-Policy` of the
 * requests a stylesheet makes, and HSTS. An SVG can run script when opened on its own, so it keeps them all, as do
 * pages, the API's answers, every error and a script fetched to run as a worker.
 */
const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "permissions-policy",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
] as const;

/** A script fetched to run as a worker obeys its own answer's policy: it keeps them all. */
const WORKERS = new Set(["worker", "sharedworker", "serviceworker"]);

const SUBRESOURCE_TYPES = /^(application\/javascript|text\/javascript|text\/css|image\/(avif|webp|jpeg|png))\s*(;|$)/i;

/** A script, a stylesheet or a raster picture: an answer no browser runs as a document. */
function isSubresource(contentType: string): boolean {
  return SUBRESOURCE_TYPES.test(contentType);
}

type NonceSource = (request: IncomingMessage, response: ServerResponse) => string;

/** The policy of every answer; `scriptsAndStyles` adds this answer's nonce where pages need one. */
function cspDirectives({ https, formTargets = [] }: SecurityOptions, scriptsAndStyles: NonceSource[]) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...scriptsAndStyles],
    styleSrc: ["'self'", ...scriptsAndStyles],
    // Inline style attributes (React's style prop, carousel transforms) cannot run code.
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'", ...formTargets],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: https ? [] : null,
  };
}

const HSTS_MAX_AGE = 31_536_000;
const REFERRER_POLICY = "strict-origin-when-cross-origin";

/**
 * The same headers as written by helmet and the hook above, as fixed text, for the refusals Node
 * or Fastify make before any hook runs (server/plugins/early-refusals.ts). Such an answer holds
 * no script, so its policy has no nonce: scripts and styles from this server only, stricter still.
 * `tests/security/early-refusals.test.ts` compares them with a routed answer's, so they stay the same.
 */
export function baselineSecurityHeaders(options: SecurityOptions): [string, string][] {
  const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const csp = Object.entries(cspDirectives(options, []))
    .filter(([, values]) => values !== null)
    .map(([name, values]) => [kebab(name), ...(values ?? [])].join(" "))
    .join(";");
  return [
    ["Content-Security-Policy", csp],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Origin-Agent-Cluster", "?1"],
    ["Referrer-Policy", REFERRER_POLICY],
    ...(options.https
      ? [["Strict-Transport-Security", `max-age=${HSTS_MAX_AGE}; includeSubDomains`] as [string, string]]
      : []),
    ["X-Content-Type-Options", "nosniff"],
    ["X-DNS-Prefetch-Control", "off"],
    ["X-Download-Options", "noopen"],
    ["X-Frame-Options", "DENY"],
    ["X-Permitted-Cross-Domain-Policies", "none"],
    ["X-XSS-Protection", "0"],
    ["Permissions-Policy", PERMISSIONS_POLICY],
  ];
}

export const PERMISSIONS_POLICY =
  "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()";
