// One buyer's review on the product page (issue 53): the stars, the name the review carries (first
// name and the surname's initial, nothing else of the buyer), the size bought, the fit found, the
// words, the photos, and the shop's public reply under it.
import { boughtSize, type PublicReview, REVIEW_FIT_LABELS } from "#shared/review-words.ts";
import { karachiDate } from "../../lib/dates.ts";
import { Stars } from "./Stars.tsx";

/** A review's photo as a WebP, served only while its review is published (server/reviews/photos.ts). */
const reviewPhotoUrl = (photoId: string) => `/api/reviews/photos/${encodeURIComponent(photoId)}`;

export function ReviewItem({ review }: { review: PublicReview }) {
  const count = review.photos.length;
  return (
    <article className="min-w-0 py-5" aria-label={`Review by ${review.author}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <p>
          <span className="font-semibold text-stone-900">{review.author}</span>{" "}
          <span className="text-stone-600">{boughtSize(review.size)}</span>
        </p>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600">
        <span className="rounded-full bg-stone-100 px-2 py-0.5 font-medium text-stone-800">
          {REVIEW_FIT_LABELS[review.fit]}
        </span>
        <time dateTime={review.createdAt}>{karachiDate(review.createdAt)}</time>
      </p>
      {review.body && <p className="mt-2 whitespace-pre-line break-words text-stone-800">{review.body}</p>}
      {count > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={`Photos from ${review.author}`}>
          {review.photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={reviewPhotoUrl(photo.id)} className="block rounded-lg focus-visible:outline-2">
                <img
                  src={`${reviewPhotoUrl(photo.id)}?size=thumb`}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  decoding="async"
                  alt={`${review.author}'s pair, ${index + 1} of ${count}`}
                  className="h-24 w-auto max-w-full rounded-lg bg-stone-100 object-cover sm:h-28"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.answer && (
        <div className="mt-3 rounded-lg border-l-4 border-brand-600 bg-stone-50 px-4 py-3">
          <p className="text-sm font-semibold text-stone-900">Reply from the shop</p>
          <p className="mt-1 whitespace-pre-line break-words text-sm text-stone-800">{review.answer}</p>
        </div>
      )}
    </article>
  );
}
