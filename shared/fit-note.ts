// How a style fits against the size chart, as the owner judges it (issue 33, size advice), and the
// size the product page suggests from it and the shopper's own size. No zod here: the product page
// imports it (the admin input's schema is in admin.ts); the database checks the same three values.
import type { SizeStock } from "./catalog.ts";

export const FIT_NOTES = ["runs-small", "true-to-size", "runs-large"] as const;
export type FitNote = (typeof FIT_NOTES)[number];

/** The owner's choices in the product form. */
export const FIT_NOTE_LABELS: Readonly<Record<FitNote, string>> = {
  "runs-small": "Runs small",
  "true-to-size": "True to size",
  "runs-large": "Runs large",
};

/** What the product page says of the fit, before it knows the shopper's size. */
export const FIT_NOTE_SENTENCES: Readonly<Record<FitNote, string>> = {
  "runs-small": "This style runs small: most people take one size up.",
  "true-to-size": "This style is true to size: take your usual size.",
  "runs-large": "This style runs large: most people take one size down.",
};

/**
 * What it says instead when the buyers' reviews speak for the fit (issue 53, `buyersFit` in
 * reviews.ts): their word goes before the owner's, and the page says whose it is.
 */
export const BUYERS_FIT_SENTENCES: Readonly<Record<FitNote, string>> = {
  "runs-small": "Buyers say this style runs small: most take one size up.",
  "true-to-size": "Buyers say this style is true to size: take your usual size.",
  "runs-large": "Buyers say this style runs large: most take one size down.",
};

const SIZE_STEP: Readonly<Record<FitNote, number>> = { "runs-small": 1, "true-to-size": 0, "runs-large": -1 };

/**
 * The size to pick for a shopper whose own size is `mySize`, among the sizes the product comes in:
 * `offered` false when the product does not come in it (say so rather than suggest another size),
 * `inStock` false when it does but that size is sold out.
 */
export interface SizeSuggestion {
  size: number;
  offered: boolean;
  inStock: boolean;
}

export function suggestSize(fit: FitNote, mySize: number, sizes: readonly SizeStock[]): SizeSuggestion {
  const size = mySize + SIZE_STEP[fit];
  const offered = sizes.find((s) => s.size === size);
  return { size, offered: offered !== undefined, inStock: (offered?.stock ?? 0) > 0 };
}

/** The sentence under the fit note once the shopper's size is known. */
export function suggestionSentence(mySize: number, suggestion: SizeSuggestion): string {
  const { size } = suggestion;
  if (!suggestion.offered) return `Your size is ${mySize}: this style would be ${size}, which it does not come in.`;
  if (!suggestion.inStock) return `Your size is ${mySize}: pick ${size} in this style. ${size} is sold out just now.`;
  return `Your size is ${mySize}: pick ${size} in this style.`;
}
