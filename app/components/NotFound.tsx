import { Link } from "react-router";

export function NotFound() {
  return (
    <div className="page text-center">
      <title>Page not found | Karachi Shoe Shop</title>
      <meta name="robots" content="noindex" />
      <h1 className="page-title">Page not found</h1>
      <p className="mt-3 text-stone-600">
        We couldn't find that page. It may have moved, or the address may be mistyped.
      </p>
      <Link to="/" className="button-primary mt-6">
        Back to Home
      </Link>
    </div>
  );
}
