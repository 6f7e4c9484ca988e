// Stars out of five (issue 53): a row of grey stars under a row of filled ones cut at the rating's
// share, so 4.3 fills four and a third. Read by a screen reader as words (`starsLabel`), or not at
// all where the number is written beside them.
import { Star } from "lucide-react";
import { starsLabel } from "#shared/review-words.ts";

const FIVE = [1, 2, 3, 4, 5];

const starRow = (className: string) => (
  <span className="flex">
    {FIVE.map((n) => (
      <Star key={n} aria-hidden="true" strokeWidth={1.5} className={`shrink-0 ${className}`} />
    ))}
  </span>
);

export function Stars({
  rating,
  large = false,
  decorative = false,
}: {
  rating: number;
  large?: boolean;
  /** The rating is written beside them in words: the stars are not read out. */
  decorative?: boolean;
}) {
  const size = large ? "size-6" : "size-4";
  const filled = `${Math.min(Math.max(rating / 5, 0), 1) * 100}%`;
  return (
    <span
      className="relative inline-flex shrink-0 align-middle"
      {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": starsLabel(rating) })}
    >
      {starRow(`${size} fill-stone-200 text-stone-300`)}
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: filled }}>
        {starRow(`${size} fill-amber-500 text-amber-600`)}
      </span>
    </span>
  );
}
