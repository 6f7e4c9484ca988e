import { Link } from "react-router";

export const PAGE_NOT_FOUND = "Page not found";

/** The page of a 404; its title and "noindex" are the route's meta (errorPageMeta, RouteError.tsx). */
export function NotFound() {
  return (
    <div className="page text-center">
      <h1 className="page-title">{PAGE_NOT_FOUND}</h1>
      <p className="mt-3 text-stone-600">
        We couldn't find that page. It may have moved, or the address may be mistyped.
      </p>
      <Link to="/" className="button-primary mt-6">
        Back to Home
      </Link>
    </div>
  );
}
