// Cross-origin use of the API and the pictures (docs/security.md, "Other origins"). Closed by
// default: without CORS_ORIGINS no answer carries Access-Control-Allow-Origin and no preflight is
// granted, so another site's script cannot read an answer even with a visitor's token. The
// listed origins (a mobile app's web view, a separately hosted client) may call /api, preflight
// included, and load /images; pages stay same-origin. Credentials are never allowed: the token is
// sent as an Authorization header, never a cookie.
import cors from "@fastify/cors";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "../http/errors.ts";
import { requestPath } from "../http/request-path.ts";

export const CORS_REFUSED = "This origin may not use the shop's API. Ask the shop to list it in CORS_ORIGINS.";

const OPEN_PATHS = ["/api/", "/images/"];
const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE"];
const ALLOWED_HEADERS = ["Authorization", "Content-Type", "Idempotency-Key"];
// Headers the shop's answers carry that a client needs to read (others are readable by default).
const EXPOSED_HEADERS = ["ETag", "Retry-After", "Idempotent-Replayed"];

export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  const listed = new Set(origins);
  const opens = (request: FastifyRequest) => OPEN_PATHS.some((prefix) => requestPath(request.url).startsWith(prefix));

  // A preflight from an origin that is not listed gets a clear refusal, not a silent 404.
  app.addHook("onRequest", async (request) => {
    const { origin } = request.headers;
    const preflight = request.method === "OPTIONS" && request.headers["access-control-request-method"] !== undefined;
    if (preflight && origin !== undefined && opens(request) && !listed.has(origin)) {
      throw new HttpError(403, CORS_REFUSED);
    }
  });

  await app.register(cors, {
    hideOptionsRoute: true,
    // Decided per request: a listed origin on an open path gets its own origin back; anyone else
    // nothing. Every answer says `Vary: Origin`, so a cache never hands one origin's answer to another.
    delegator: (request, callback) => {
      const { origin } = request.headers;
      const allowed = origin !== undefined && listed.has(origin) && opens(request);
      callback(
        null,
        allowed
          ? {
              origin,
              methods: METHODS,
              allowedHeaders: ALLOWED_HEADERS,
              exposedHeaders: EXPOSED_HEADERS,
              credentials: false,
              maxAge: 600,
              strictPreflight: false,
            }
          : { origin: false },
      );
    },
  });
}
