import { Link } from "react-router";
import type { ListQuery } from "#shared/listing.ts";
import type { HrefOf } from "./list-links.ts";

/** Page numbers to show: the first, the last, and two either side of the current one. */
function pageNumbers(page: number, pages: number): (number | "gap")[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  const result: (number | "gap")[] = [];
  for (const n of shown) {
    const last = result.at(-1);
    if (typeof last === "number" && n > last + 1) result.push("gap");
    result.push(n);
  }
  return result;
}

const itemClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-stone-300 px-3 font-semibold text-stone-800 hover:border-brand-700 hover:text-brand-700 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white";

/** Real links to every page (`?page=N`): they work without JavaScript and can be shared. */
export function Pagination({
  query,
  page,
  pages,
  hrefOf,
}: {
  query: ListQuery;
  /** The first and the last page shown (more than one after 'Load more'). */
  page: { first: number; last: number };
  pages: number;
  hrefOf: HrefOf;
}) {
  if (pages <= 1) return null;
  const to = (n: number) => hrefOf({ ...query, page: n });
  return (
    <nav aria-label="Pages" className="mt-6">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page.first > 1 && (
          <li>
            <Link to={to(page.first - 1)} className={itemClass} rel="prev">
              Previous
            </Link>
          </li>
        )}
        {pageNumbers(page.last, pages).map((n, index) =>
          n === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-stone-500">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={to(n)}
                className={itemClass}
                aria-label={`Page ${n}`}
                aria-current={n >= page.first && n <= page.last ? "page" : undefined}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page.last < pages && (
          <li>
            <Link to={to(page.last + 1)} className={itemClass} rel="next">
              Next
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
