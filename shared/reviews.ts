// Reviews from buyers (issue 53, docs/decisions/044-reviews.md): the form a delivered pair's buyer
// fills from a signed link, the owner's moderation, and what the product page shows. The request
// schemas both sides validate with, the answers both read, and every sentence a person sees.

import { sizeSchema } from "./cart.ts";
import { productIdSchema } from "./catalog-schemas.ts";
import { FIT_NOTES, type FitNote } from "./fit-note.ts";
import type { PublicReview } from "./review-words.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

/** The page the request's link opens: `/review?token=…`. */
export const REVIEW_PAGE = "/review";
export const REVIEW_BODY_MAX = 1000;
export const REVIEW_ANSWER_MAX = 1000;
export const REVIEW_MAX_PHOTOS = 3;
/** Photos may be added to a review this long after it was sent (the form uploads them right after). */
export const REVIEW_PHOTO_WINDOW_MINUTES = 60;

export const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Why the owner keeps a review off the page; the customer is never told, the owner's list shows it. */
export const REJECT_REASONS = [
  "not-about-the-pair",
  "rude",
  "personal-details",
  "spam",
  "photo-not-of-the-pair",
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];
export const REJECT_REASON_LABELS: Readonly<Record<RejectReason, string>> = {
  "not-about-the-pair": "Not about the pair",
  rude: "Rude or offensive",
  "personal-details": "Gives someone's personal details",
  spam: "Advertising or spam",
  "photo-not-of-the-pair": "A photo not of the pair",
};

export const REVIEW_MESSAGES = {
  badLink: "This review link is not valid. Open the link in your mail or WhatsApp message again.",
  notYours: "That pair is not in the order this link is for.",
  notDelivered: "You can review a pair once it has been delivered.",
  already: "You have already reviewed this pair. Thank you!",
  ratingRequired: "Choose from 1 to 5 stars.",
  // In the buttons' own words (REVIEW_FIT_LABELS), not the API's values: the shopper reads it.
  fitRequired: "Say how it fits: runs small, true to size or runs large.",
  bodyTooLong: `Keep it to ${REVIEW_BODY_MAX} characters.`,
  answerTooLong: `Keep the answer to ${REVIEW_ANSWER_MAX} characters.`,
  reasonRequired: `Say why: one of ${REJECT_REASONS.join(", ")}.`,
  tooManyPhotos: `A review can have ${REVIEW_MAX_PHOTOS} photos at most.`,
  photosClosed: "Photos can be added only right after the review is sent.",
  reviewNotFound: "No review has that id.",
  thanks: "Thank you! Your review will appear once the shop has read it.",
  thanksLive: "Thank you! Your review is on the shoe's page.",
} as const;

const ratingSchema = z
  .number({ error: REVIEW_MESSAGES.ratingRequired })
  .int({ error: REVIEW_MESSAGES.ratingRequired })
  .min(1, { error: REVIEW_MESSAGES.ratingRequired })
  .max(5, { error: REVIEW_MESSAGES.ratingRequired });
export const reviewFitSchema = z.enum(FIT_NOTES, { error: REVIEW_MESSAGES.fitRequired });

/** POST /api/reviews: one pair of the link's order. */
export const reviewInputSchema = strictBody({
  token: z.string({ error: REVIEW_MESSAGES.badLink }).min(1, { error: REVIEW_MESSAGES.badLink }).max(200),
  productId: productIdSchema,
  size: sizeSchema,
  rating: ratingSchema,
  fit: reviewFitSchema,
  body: z.string().trim().max(REVIEW_BODY_MAX, { error: REVIEW_MESSAGES.bodyTooLong }).default(""),
  /** How many photos the form will add next (so a review with photos waits for the owner). */
  photoCount: z
    .number({ error: REVIEW_MESSAGES.tooManyPhotos })
    .int({ error: REVIEW_MESSAGES.tooManyPhotos })
    .min(0, { error: REVIEW_MESSAGES.tooManyPhotos })
    .max(REVIEW_MAX_PHOTOS, { error: REVIEW_MESSAGES.tooManyPhotos })
    .default(0),
});

/** What the form shows for the link's order: each pair delivered, and whether it is reviewed. */
export interface ReviewablePair {
  productId: string;
  name: string;
  size: number;
  image: string | null;
  reviewed: boolean;
}
export interface ReviewForm {
  firstName: string;
  pairs: ReviewablePair[];
}

/** The answer to a sent review: its id (photos are added to it next) and whether it is live. */
export interface ReviewSent {
  id: string;
  status: ReviewStatus;
  message: string;
}

/** The owner's moderation: publish, or keep off with a reason; and the public answer. */
export const reviewDecisionSchema = z.discriminatedUnion(
  "action",
  [
    strictBody({ action: z.literal("approve") }),
    strictBody({
      action: z.literal("reject"),
      reason: z.enum(REJECT_REASONS, { error: REVIEW_MESSAGES.reasonRequired }),
    }),
  ],
  { error: "Say approve, or reject with a reason." },
);
export type ReviewDecision = z.input<typeof reviewDecisionSchema>;
export const reviewAnswerSchema = strictBody({
  answer: z.string().trim().max(REVIEW_ANSWER_MAX, { error: REVIEW_MESSAGES.answerTooLong }),
});

/** The owner's rules. */
export const reviewSettingsSchema = strictBody({
  requestAfterDays: z
    .number({ error: "Days after delivery must be a whole number from 1 to 30." })
    .int({ error: "Days after delivery must be a whole number from 1 to 30." })
    .min(1, { error: "Days after delivery must be a whole number from 1 to 30." })
    .max(30, { error: "Days after delivery must be a whole number from 1 to 30." }),
  autoApproveMinStars: z
    .number({ error: "Stars to publish at once must be from 1 to 5, or null for none." })
    .int({ error: "Stars to publish at once must be from 1 to 5, or null for none." })
    .min(1, { error: "Stars to publish at once must be from 1 to 5, or null for none." })
    .max(5, { error: "Stars to publish at once must be from 1 to 5, or null for none." })
    .nullable(),
});
export type ReviewSettings = z.output<typeof reviewSettingsSchema>;

/** A review in the owner's list: the public one, with the pair, the order and where it stands. */
export interface AdminReview extends PublicReview {
  productId: string;
  productName: string;
  orderId: string;
  status: ReviewStatus;
  rejectReason: RejectReason | null;
}

/** A page of the owner's list, with how many reviews each status holds (the tabs' counts). */
export interface AdminReviewList {
  reviews: AdminReview[];
  counts: Record<ReviewStatus, number>;
  page: number;
  total: number;
  hasMore: boolean;
}

/** A style whose buyers say otherwise than the owner's fit note. */
export interface FitHint {
  productId: string;
  name: string;
  fitNote: FitNote | null;
  buyersFit: FitNote;
  sentence: string;
}
