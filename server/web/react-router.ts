// Every path that is not the API or a file goes to React Router's request handler. The
// adapter turns Fastify's request into a Web Request and the Web Response back into a reply,
// so compression and security headers apply to pages like any other answer.
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createRequest } from "@remix-run/node-fetch-server";
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import type { RouterContextProvider } from "react-router";
import { HttpError, notFound } from "../http/errors.ts";
import { isApiPath, requestPath } from "../http/request-path.ts";
import { postedFormContext } from "./context.ts";
import { asPageRead, readPostedForm, refusedMethodPage } from "./posted-form.ts";

const PAGES_ARE_READ = "Pages can only be read (GET).";

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
        if (isApiPath(requestPath(request.url)))
          throw notFound(`There is nothing at ${request.method} ${requestPath(request.url)}.`);
        const posted = request.method === "POST";
        // Pages are only read (forms post to the API from React): React Router would answer other
        // methods (OPTIONS, TRACE, PUT...) with a logged error and a 500. A browser never sends
        // those from a form, but a person may see the answer: HTML for them, JSON for programs.
        if (!posted && request.method !== "GET" && request.method !== "HEAD") {
          if (!request.headers.accept?.includes("text/html"))
            throw new HttpError(405, PAGES_ARE_READ, { allow: "GET, HEAD, POST" });
          return reply
            .code(405)
            .header("allow", "GET, HEAD, POST")
            .type("text/html; charset=utf-8")
            .send(refusedMethodPage(request.method));
        }
        const handle = await options.handler();
        const context = options.loadContext(request, reply);
        // A form posted before React could take it: the same page again, with what was typed.
        // Its body is read here, before the Web Request is made, which would take the stream.
        if (posted) context.set(postedFormContext, await readPostedForm(request.raw, pathOf(request.url)));
        const read = createRequest(request.raw, reply.raw);
        return sendWebResponse(reply, await handle(posted ? asPageRead(read) : read, context));
      },
    });
  });
}

const pathOf = (url: string) => url.split(/[?#]/, 1)[0] ?? "/";

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
