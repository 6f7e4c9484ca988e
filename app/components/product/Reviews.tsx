// The product's reviews from its buyers (issue 53), under its details: the average in stars and
// words, how many, what most found of the fit, the reviews narrowed by fit, and the reviews
// themselves (photos first, then newest). The page draws it only when the product has reviews.
import type { FitNote } from "#shared/fit-note.ts";
import { groupThousands } from "#shared/money.ts";
import { fitSummarySentence, type PublicReview, REVIEW_FIT_LABELS, type ReviewSummary } from "#shared/review-words.ts";
import { ReviewFitFilter } from "./ReviewFitFilter.tsx";
import { ReviewItem } from "./ReviewItem.tsx";
import { Stars } from "./Stars.tsx";

const reviewCount = (count: number) => `${groupThousands(count)} ${count === 1 ? "review" : "reviews"}`;

export function Reviews({
  summary,
  reviews,
  fit,
  hrefFor,
}: {
  summary: ReviewSummary;
  /** The reviews shown: all, or those of the fit chosen. */
  reviews: readonly PublicReview[];
  fit: FitNote | null;
  hrefFor: (fit: FitNote | null) => string;
}) {
  const sentence = fitSummarySentence(summary);
  const matching = fit ? summary.fit[fit] : summary.count;
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="mt-14 scroll-mt-24">
      <h2 id="reviews-title" className="page-title">
        Reviews
      </h2>
      <div className="mt-5 grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:gap-12">
        <div className="flex min-w-0 flex-col gap-3">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Stars rating={summary.average} large decorative />
            <span>
              <span className="text-3xl font-extrabold text-stone-900">{summary.average.toFixed(1)}</span>
              <span className="text-stone-600"> out of 5</span>
            </span>
          </p>
          <p className="text-stone-700">{reviewCount(summary.count)}</p>
          {sentence && <p className="font-semibold text-stone-800">{sentence}</p>}
          <ReviewFitFilter summary={summary} chosen={fit} hrefFor={hrefFor} />
        </div>
        <div className="min-w-0">
          {reviews.length === 0 ? (
            <p className="py-5 text-stone-700">
              {fit ? `No buyer has said "${REVIEW_FIT_LABELS[fit].toLowerCase()}" yet.` : "No reviews to show yet."}
            </p>
          ) : (
            <ol className="divide-y divide-stone-200 border-y border-stone-200" aria-label="Reviews from buyers">
              {reviews.map((review) => (
                <li key={review.id}>
                  <ReviewItem review={review} />
                </li>
              ))}
            </ol>
          )}
          {matching > reviews.length && reviews.length > 0 && (
            <p className="mt-3 text-sm text-stone-600">
              {`Showing ${reviews.length} of ${matching}: those with photos first, then the newest.`}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
