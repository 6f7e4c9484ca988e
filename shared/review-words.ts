// What the product page says of reviews (issue 53, docs/decisions/044-reviews.md): the words, the
// answers it reads and the buyers' fit. No zod here: the product page imports it, and the request
// schemas of the form and the moderation (shared/reviews.ts) would bring zod's 25 KB (issue 54).
import { FIT_NOTES, type FitNote } from "./fit-note.ts";

/** Reviews the product page shows (photos first, then newest); the count and averages cover all. */
export const REVIEWS_ON_PAGE = 20;
/** Buyers' fit answers needed before they speak for the style (the summary, 'my size', the owner's hint). */
export const FIT_ANSWERS_TO_LEARN = 3;

/** How the buyer found the fit: the same three words the owner's fit note uses. */
export const REVIEW_FIT_LABELS: Readonly<Record<FitNote, string>> = {
  "runs-small": "Runs small",
  "true-to-size": "True to size",
  "runs-large": "Runs large",
};

export interface ReviewPhoto {
  id: string;
  width: number;
  height: number;
}

/** A review as the product page shows it: no phone, no address, no surname. */
export interface PublicReview {
  id: string;
  author: string;
  rating: number;
  fit: FitNote;
  size: number;
  body: string;
  photos: ReviewPhoto[];
  answer: string | null;
  createdAt: string;
}

/** The product's reviews in sum: kept on the product (server/reviews/moderation.ts). */
export interface ReviewSummary {
  count: number;
  /** One decimal; 0 when there are none. */
  average: number;
  fit: Readonly<Record<FitNote, number>>;
}

/** 'bought size 40': what marks a review as a real buyer's. */
export const boughtSize = (size: number) => `bought size ${size}`;

/** The buyers' fit, once enough of them answered and most agree; null while they have not. */
export function buyersFit(summary: ReviewSummary): FitNote | null {
  const answers = FIT_NOTES.reduce((sum, fit) => sum + summary.fit[fit], 0);
  if (answers < FIT_ANSWERS_TO_LEARN) return null;
  const [top] = [...FIT_NOTES].sort((a, b) => summary.fit[b] - summary.fit[a]);
  return top !== undefined && summary.fit[top] * 2 > answers ? top : null;
}

/** 'Most buyers say true to size (7 of 9)', or null while the buyers have not spoken. */
export function fitSummarySentence(summary: ReviewSummary): string | null {
  const fit = buyersFit(summary);
  if (fit === null) return null;
  const answers = FIT_NOTES.reduce((sum, f) => sum + summary.fit[f], 0);
  return `Most buyers say ${REVIEW_FIT_LABELS[fit].toLowerCase()} (${summary.fit[fit]} of ${answers})`;
}

/** The stars in words, for a screen reader and the JSON-LD's text. */
export const starsLabel = (rating: number) => `${rating} out of 5 stars`;
