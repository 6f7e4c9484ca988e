// Security headers with a nonce-based Content-Security-Policy: the bearer token lives in
// localStorage (SPEC.md section 3), so no script may run unless this server wrote it.
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): Promise<void> {
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // helmet adds this response's nonce to script-src and style-src.
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
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
