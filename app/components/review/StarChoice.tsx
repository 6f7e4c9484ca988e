// The stars of a review as five radios (1-5): arrow keys move between them, a screen reader reads
// '4 out of 5 stars', and each is a 44 px target on a phone. The chosen number and those below it fill.
import { starsLabel } from "#shared/review-words.ts";

export function StarChoice({
  name,
  value,
  onChange,
  disabled,
}: {
  name: string;
  value: number;
  onChange(rating: number): void;
  disabled?: boolean;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="font-semibold text-stone-900">Your stars</legend>
      <div className="star-choice mt-1 flex">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="grid size-11 cursor-pointer place-items-center has-[:focus-visible]:outline-3">
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
              aria-label={starsLabel(n)}
            />
            <span aria-hidden="true" className={`text-3xl ${n <= value ? "text-amber-500" : "text-stone-300"}`}>
              ★
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
