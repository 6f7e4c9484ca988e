// Security headers with a nonce-based Content-Security-Policy: the bearer token lives in
// localStorage (SPEC.md section 3), so no script may run unless this server wrote it.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): Promise<void> {
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
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", thisAnswersNonce],
        styleSrc: ["'self'", thisAnswersNonce],
        // Inline style attributes (React's style prop, carousel transforms) cannot run code.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: options.https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only when the shop's public address is https (PUBLIC_URL; a TLS proxy in front is the
    // usual setup): browsers ignore it over plain http, and a local http shop must stay reachable.
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // The same as frame-ancestors 'none', for browsers that predate it.
    frameguard: { action: "deny" },
  });
  // A shoe shop needs no camera, microphone, location, payment or sensor APIs: none may be used.
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
  });
}

export const PERMISSIONS_POLICY =
  "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()";
