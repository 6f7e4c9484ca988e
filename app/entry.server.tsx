// Renders each page with the response's CSP nonce on every script React Router writes.
import { renderToReadableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  redirectDocument,
  ServerRouter,
} from "react-router";
import {
  appContext,
  DATABASE_AWAY_STATUS,
  databaseWasAway,
  noteDatabaseAway,
  setDatabaseAwayHeaders,
} from "./lib/context.server.ts";
import { NonceProvider } from "./lib/nonce.tsx";
import { stylesheetsBeforeScripts } from "./lib/stylesheet-first.server.ts";

export const streamTimeout = 5_000;

/** Sees every loader's error before React Router hides its message from the page. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (noteDatabaseAway(error, context as RouterContextProvider)) {
    // Expected while the database restarts: one line, not a stack per page view.
    console.warn(`${new URL(request.url).pathname} answered ${DATABASE_AWAY_STATUS}: the database is unavailable`);
    return;
  }
  // handleRequest's own 503 (below) comes back here on its way to the second render.
  if (error instanceof Response && error.status === DATABASE_AWAY_STATUS) return;
  // What React Router's own handler logs: an internal 404 or 405 carries the Error inside.
  const logged = isRouteErrorResponse(error) && "error" in error && error.error ? error.error : error;
  if (!request.signal.aborted) console.error(logged);
};

/**
 * A navigation in the browser fetches the next page's data (`/men.data`); while the database is away
 * its error would reach the page as "Unexpected Server Error". Instead the browser is sent to load the
 * page itself, which answers the 503 page above (a full load: no loop through here).
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) => {
  if (request.method !== "GET" || !databaseWasAway(context as RouterContextProvider)) return response;
  return redirectDocument(pageAddressOf(request.url));
};

/** The page a data request reads for: `/men.data?_routes=…` is `/men`, `/_.data` is `/`. */
function pageAddressOf(dataUrl: string): string {
  const url = new URL(dataUrl);
  const pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return search ? `${pathname}?${search}` : pathname;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (databaseWasAway(loadContext)) {
    // React Router renders the page again with this as the route error, which both the server and
    // the browser's hydration read as a 503 (app/components/RouteError.tsx shows the friendly page);
    // the loader's own error arrives sanitized, "Unexpected Server Error", and would hydrate as that.
    if (responseStatusCode !== DATABASE_AWAY_STATUS) throw new Response(null, { status: DATABASE_AWAY_STATUS });
    setDatabaseAwayHeaders(responseHeaders);
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(appContext);
  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;
  // Every page is sent whole, never streamed: the loaders have all finished before React renders
  // (none defers data behind a Suspense boundary), so the rest of the render takes a millisecond or
  // two, and waiting for it costs no measurable time to first byte (docs/decisions). In exchange an
  // instance that dies mid-page, or a render that fails after its first part, cannot leave a 200
  // cut short: the status is known before anything is sent, and server/web/react-router.ts sends
  // the page with a Content-Length, so a broken connection is seen as broken.
  await body.allReady;

  const html = stylesheetsBeforeScripts(await new Response(body).text());

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}
