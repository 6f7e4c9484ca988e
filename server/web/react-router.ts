// Every path that is not the API or a file goes to React Router's request handler. The
// adapter turns Fastify's request into a Web Request and the Web Response back into a reply,
// so compression and security headers apply to pages like any other answer.
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createRequest } from "@remix-run/node-fetch-server";
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import type { RouterContextProvider } from "react-router";
import { HttpError, notFound } from "../http/errors.ts";

export type PageHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export interface WebOptions {
  handler: () => Promise<PageHandler>;
  loadContext: (request: FastifyRequest, reply: FastifyReply) => RouterContextProvider;
}

export async function registerPages(app: FastifyInstance, options: WebOptions): Promise<void> {
  await app.register(async (scope) => {
    // React Router reads request bodies itself (form actions), so leave the stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

    // Every method, except one a root plugin answers on every path already: with CORS_ORIGINS
    // set, @fastify/cors owns OPTIONS /* for preflights (server/plugins/cors.ts).
    const method = app.supportedMethods.filter((m) => !app.hasRoute({ method: m as HTTPMethods, url: "/*" }));
    scope.route({
      method,
      url: "/*",
      handler: async (request, reply) => {
        if (request.url.startsWith("/api/"))
          throw notFound(`There is nothing at ${request.method} ${request.url.split("?")[0]}.`);
        // Pages are only read (forms post to the API): React Router would answer other methods
        // (OPTIONS, TRACE, PUT...) with a logged error and a 500.
        if (request.method !== "GET" && request.method !== "HEAD") {
          throw new HttpError(405, "Pages can only be read (GET).", { allow: "GET, HEAD" });
        }
        const handle = await options.handler();
        const response = await handle(createRequest(request.raw, reply.raw), options.loadContext(request, reply));
        return sendWebResponse(reply, response);
      },
    });
  });
}

function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  // Every page carries this response's own CSP nonce, so a stored copy must not be reused without
  // asking (and an ETag could never match); `no-cache` rather than `no-store` keeps the back and
  // forward cache. What makes pages cheap is elsewhere: the catalogue read cache and immutable assets.
  if (!response.headers.has("cache-control")) reply.header("cache-control", "no-cache");
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>));
}
