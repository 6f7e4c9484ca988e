// Every path that is not the API or a file goes to React Router's request handler. The
// adapter turns Fastify's request into a Web Request and the Web Response back into a reply,
// so compression and security headers apply to pages like any other answer.
import { createRequest } from "@remix-run/node-fetch-server";
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import type { RouterContextProvider } from "react-router";
import { NEEDS_SCRIPTS_NOTICE } from "#shared/posted-form.ts";
import { badRequest, HttpError, notFound } from "../http/errors.ts";
import { isApiPath, requestPath, requestTarget } from "../http/request-path.ts";
import { postedFormContext } from "./context.ts";
import { databaseWasAway } from "./database-away.ts";
import type { FormPosts } from "./no-script/forms.ts";
import { type NoScriptPages, noScriptPagesContext } from "./no-script/pages.ts";
import { type CachedPage, isCacheablePage, type PageCache, type StalePage, withNonce } from "./page-cache.ts";
import {
  asPageRead,
  postedFormOf,
  postedOnceBefore,
  postedOnceCookie,
  readPostedBody,
  refusedMethodPage,
} from "./posted-form.ts";
import { withoutTracking } from "./tracking-params.ts";

const PAGES_ARE_READ = "Pages can only be read (GET).";

export type PageHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export interface WebOptions {
  /**
   * The shop's own origin (PUBLIC_URL's): every page is rendered as an address of it. The request's
   * Host, X-Forwarded-Host and Forwarded are never read, so no visitor can make a page (kept for
   * everyone) from another address than the one it is kept under (issue 45, finding 1).
   */
  origin: string;
  handler: () => Promise<PageHandler>;
  /** The services page loaders read, with the CSP nonce the page's scripts are to carry. */
  loadContext: (nonce: string) => RouterContextProvider;
  /** Anonymous pages kept rendered (server/web/page-cache.ts); without it every page is rendered. */
  pageCache?: PageCache | undefined;
  /**
   * The plain form posts the server answers itself, without JavaScript (sign-in, Add to Cart,
   * checkout: server/web/no-script/forms.ts), and the cookie session's reads for the pages they
   * lead to (no-script/pages.ts); never given to a page kept for everyone. Issue 46.
   */
  noScript?: { forms: FormPosts; pages: (request: FastifyRequest) => NoScriptPages } | undefined;
}

export async function registerPages(app: FastifyInstance, options: WebOptions): Promise<void> {
  const origin = new URL(options.origin);
  const own = { host: origin.host, protocol: origin.protocol };
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
        // "GET * HTTP/1.1" (a server-wide OPTIONS target sent with another method) names no page.
        const target = requestTarget(request.url);
        if (target === undefined) throw badRequest("Ask for a page by its path, such as /men.");
        const handle = await options.handler();
        const cache = options.pageCache;
        const started = performance.now();
        if (cache && request.method === "GET" && isCacheablePage(pathOf(target))) {
          let renderedHere = false;
          // An advert's click ids and campaign tags change nothing on the page: one page for all.
          const key = withoutTracking(target);
          const page = await cache.page(key, async () => {
            renderedHere = true;
            const pageContext = options.loadContext(cache.placeholder);
            // Shared by every visitor asking for this address meanwhile, and kept for the next: made
            // from the shop's origin and the key alone (no visitor's cookie or header can reach what
            // others are sent), and not cut short when the visitor who happened to ask first goes away.
            const response = await handle(new Request(`${origin.origin}${key}`), pageContext);
            const body = Buffer.from(await response.arrayBuffer());
            // A loader found the database away: the cache sends its kept page, stale, if it has one.
            const databaseAway = databaseWasAway(pageContext);
            return { status: response.status, headers: response.headers, body, databaseAway };
          });
          if (page.stale) sendStale(reply, page.stale);
          else reply.header("server-timing", renderedHere ? renderTiming(started) : KEPT_TIMING);
          return sendCachedPage(reply, page);
        }
        const context = options.loadContext(reply.cspNonce.script);
        // A form posted before (or without) React: the server answers sign-in, Add to Cart and the
        // checkout itself; any other form gets the same page again, with what was typed. Its body
        // is read here, before the Web Request is made, which would take the stream.
        if (posted) {
          const path = pathOf(request.url);
          const body = await readPostedBody(request.raw);
          const answer = await options.noScript?.forms(request, path, body);
          if (answer?.kind === "refused")
            return reply.code(403).type("text/html; charset=utf-8").send(refusedFormPage());
          if (answer?.kind === "redirect") {
            if (answer.cookies.length > 0) reply.header("set-cookie", answer.cookies);
            return reply.code(303).header("cache-control", "no-store").redirect(answer.location, 303);
          }
          let notice = answer?.notice;
          if (!answer) {
            if (postedOnceBefore(request.headers.cookie, path)) notice = NEEDS_SCRIPTS_NOTICE;
            else reply.header("set-cookie", postedOnceCookie(path));
          }
          context.set(postedFormContext, postedFormOf(path, body, notice));
        }
        const noScript = options.noScript?.pages(request);
        if (noScript) context.set(noScriptPagesContext, noScript);
        // The raw request in origin form, so createRequest builds the address from the shop's
        // origin and the target alone (an absolute-form target would otherwise be appended to it).
        request.raw.url = target;
        const read = createRequest(request.raw, reply.raw, own);
        const response = await handle(posted ? asPageRead(read) : read, context);
        reply.header("server-timing", renderTiming(started));
        // A page that read a shopper's cookie session is theirs alone: kept by no cache on the way.
        if (noScript?.personal) response.headers.set("cache-control", "private, no-store");
        return sendWebResponse(reply, response);
      },
    });
  });
}

/** A form posted from another site (CSRF): refused, nothing done. */
function refusedFormPage(): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not sent</title><body style="font-family:system-ui,sans-serif;margin:2rem;line-height:1.5"><h1>This form was not sent from our shop</h1><p>Nothing was done. Please open the page on our site and send the form from there. <a href="/">Go to the home page</a>.</p></body></html>`;
}

const pathOf = (url: string) => url.split(/[?#]/, 1)[0] ?? "/";

/**
 * How the page was made, for the browser's developer tools and the bench (Server-Timing): the
 * milliseconds its loaders and render took here, or that it was a kept page (or one rendered for
 * another visitor who asked at the same moment).
 */
const renderTiming = (started: number) => `render;dur=${(performance.now() - started).toFixed(1)}`;
const KEPT_TIMING = 'page;desc="kept"';

/**
 * A kept page sent past its freshness because the database is away (docs/decisions/026): said in
 * Cache-Status (RFC 9211; a negative `ttl` is how many seconds past fresh) and Age (seconds since
 * it was rendered), which proxies, curl and the browser's developer tools all show.
 */
function sendStale(reply: FastifyReply, stale: StalePage) {
  reply.header("cache-status", `shop-pages; hit; ttl=${stale.ttlSeconds}; detail=database-unavailable`);
  reply.header("age", String(stale.ageSeconds));
  reply.header("server-timing", 'page;desc="stale"');
}

/** A kept page with this response's own nonce in it, matching its Content-Security-Policy header. */
function sendCachedPage(reply: FastifyReply, page: CachedPage) {
  reply.code(page.status);
  if (!page.headers.some(([name]) => name === "cache-control")) reply.header("cache-control", "no-cache");
  for (const [name, value] of page.headers) {
    if (name !== "set-cookie") reply.header(name, value);
  }
  return reply.send(withNonce(page, reply.cspNonce.script));
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  // Every page carries this response's own CSP nonce, so a stored copy must not be reused without
  // asking (and an ETag could never match); `no-cache` rather than `no-store` keeps the back and
  // forward cache. What makes pages cheap is the page cache (server/web/page-cache.ts), the catalogue read cache and immutable assets.
  if (!response.headers.has("cache-control")) reply.header("cache-control", "no-cache");
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  // A page is sent as one buffer, so it goes out with a Content-Length (compressed in one call too,
  // server/app.ts): were the instance to die while sending, the browser or the load balancer sees a
  // short body, never a complete-looking 200 (app/entry.server.tsx renders the page whole first).
  return reply.send(Buffer.from(await response.arrayBuffer()));
}
