import { useLocation } from "react-router";

export const BRIEFLY_UNAVAILABLE_TITLE = "We'll be right back";

/**
 * The page for a 503 (the database away: server/web/database-away.ts). Try again is a plain link,
 * not a React Router one: a whole new load of the address gets this page again, with its 503 and
 * Retry-After, if the shop is still away, and the page itself once it is back. Its title and
 * "noindex" are the route's meta (errorPageMeta, RouteError.tsx).
 */
export function BrieflyUnavailable() {
  const { pathname, search } = useLocation();
  return (
    <div className="page text-center">
      <h1 className="page-title">{BRIEFLY_UNAVAILABLE_TITLE}</h1>
      <p role="alert" className="mx-auto mt-3 max-w-md text-stone-600">
        The shop is briefly unavailable. Please try again in a moment.
      </p>
      <a href={`${pathname}${search}`} className="button-primary mt-6">
        Try again
      </a>
    </div>
  );
}
