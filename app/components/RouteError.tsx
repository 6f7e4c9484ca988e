import { isRouteErrorResponse, useRouteError } from "react-router";
import { BrieflyUnavailable } from "./BrieflyUnavailable.tsx";
import { NotFound } from "./NotFound.tsx";

/**
 * Error states of docs/product.md section 8: 'Error: {message}' replacing the page; 404s get their
 * own page, and so does a 503 (the database away, app/entry.server.tsx).
 */
export function RouteError({ notFound }: { notFound?: React.ReactNode }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <>{notFound ?? <NotFound />}</>;
  if (isRouteErrorResponse(error) && error.status === 503) return <BrieflyUnavailable />;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "string"
      ? error.data
      : error.statusText
    : error instanceof Error
      ? error.message
      : "Something went wrong.";
  return (
    <div className="page">
      <title>Error | Karachi Shoe Shop</title>
      <h1 className="sr-only">Something went wrong</h1>
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
        Error: {message}
      </p>
    </div>
  );
}
