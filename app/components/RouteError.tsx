import { isRouteErrorResponse, type MetaDescriptor, useRouteError } from "react-router";
import { SHOP_NAME } from "#shared/shop.ts";
import { BRIEFLY_UNAVAILABLE_TITLE, BrieflyUnavailable } from "./BrieflyUnavailable.tsx";
import { NotFound, PAGE_NOT_FOUND } from "./NotFound.tsx";

/**
 * An error page's title and "noindex", as route meta (the root's, and a route's own for an error it
 * shows): the router draws them in <head>. A <title> drawn in the page is hoisted there by React on
 * the server only; Preact in the browser (decision 048) leaves it in the body, so after a link the
 * tab kept the last page's title.
 */
export function errorPageMeta(error: unknown, notFound: string = PAGE_NOT_FOUND): MetaDescriptor[] {
  const page = errorPage(error);
  const name = page === "not-found" ? notFound : page === "unavailable" ? BRIEFLY_UNAVAILABLE_TITLE : "Error";
  return [{ title: `${name} | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];
}

/** Which page an error is shown as, for the page and its title alike. */
function errorPage(error: unknown): "not-found" | "unavailable" | "error" {
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  return status === 404 ? "not-found" : status === 503 ? "unavailable" : "error";
}

/**
 * Error states of docs/product.md section 8: 'Error: {message}' replacing the page; 404s get their
 * own page, and so does a 503 (the database away, app/entry.server.tsx).
 */
export function RouteError({ notFound }: { notFound?: React.ReactNode }) {
  const error = useRouteError();
  const page = errorPage(error);
  if (page === "not-found") return <>{notFound ?? <NotFound />}</>;
  if (page === "unavailable") return <BrieflyUnavailable />;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "string"
      ? error.data
      : error.statusText
    : error instanceof Error
      ? error.message
      : "Something went wrong.";
  return (
    <div className="page">
      <h1 className="sr-only">Something went wrong</h1>
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
        Error: {message}
      </p>
    </div>
  );
}
