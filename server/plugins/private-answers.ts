// Answers that carry a token or personal data must not be kept by a browser, a proxy or a CDN
// (docs/security.md, "Answers that must not be cached"). The rule is by default, not per route:
// every answer under /api says `Cache-Control: no-store` (sessions, my details, the cart, orders,
// resets, everything under /api/admin, and every refusal), unless its route declares
// `config: { publicData: true }`: the catalogue, which is the same for everyone and caches itself.
// A route added later is private until someone decides otherwise. Outside /api (pages, pictures,
// built files), an address that carries a token (a reset link) is private too.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isApiPath, requestPath } from "../http/request-path.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The answer holds nothing personal (the catalogue): it keeps its own caching headers. */
    publicData?: boolean;
  }
}

export const NO_STORE = "no-store";

export function registerPrivateAnswers(app: FastifyInstance): void {
  // onSend runs for every answer, errors and 404s included, after the route set its own headers.
  app.addHook("onSend", async (request, reply) => {
    if (isPrivate(request)) reply.header("cache-control", NO_STORE);
  });
}

const TOKEN_IN_QUERY = /[?&][^=&]*token[^=&]*=/i;

function isPrivate(request: FastifyRequest): boolean {
  if (isApiPath(requestPath(request.url))) return request.routeOptions.config?.publicData !== true;
  return TOKEN_IN_QUERY.test(request.url);
}
