// The reviews narrowed by the fit their buyers found (issue 53): plain links to the page's own address
// with `?fit=`, so the server renders the narrowed list and they work without JavaScript; the one
// shown is marked for assistive technology (aria-current) and to the eye.
import { Link } from "react-router";
import { FIT_NOTES, type FitNote } from "#shared/fit-note.ts";
import { REVIEW_FIT_LABELS, type ReviewSummary } from "#shared/review-words.ts";

const PILL =
  "inline-flex min-h-11 items-center rounded-full border border-stone-300 px-4 text-sm font-medium text-stone-800 " +
  "hover:border-brand-700 hover:text-brand-700 aria-[current=page]:border-stone-900 aria-[current=page]:bg-stone-900 " +
  "aria-[current=page]:text-white";

export function ReviewFitFilter({
  summary,
  chosen,
  hrefFor,
}: {
  summary: ReviewSummary;
  chosen: FitNote | null;
  /** The page's address showing the reviews of that fit (null: all of them). */
  hrefFor: (fit: FitNote | null) => string;
}) {
  // A fit nobody reported is not offered (it would show an empty list), unless it is the one asked for.
  const fits = FIT_NOTES.filter((fit) => summary.fit[fit] > 0 || fit === chosen);
  const link = (fit: FitNote | null, label: string, count: number) => (
    <li key={fit ?? "all"}>
      <Link to={hrefFor(fit)} preventScrollReset aria-current={fit === chosen ? "page" : undefined} className={PILL}>
        {label}
        <span className="ml-1.5 tabular-nums opacity-80">({count})</span>
      </Link>
    </li>
  );
  return (
    <nav aria-label="Reviews by fit">
      <ul className="flex flex-wrap gap-2">
        {link(null, "All", summary.count)}
        {fits.map((fit) => link(fit, REVIEW_FIT_LABELS[fit], summary.fit[fit]))}
      </ul>
    </nav>
  );
}
