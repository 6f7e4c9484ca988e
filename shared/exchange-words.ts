// An exchange's words, limits and labels (issue 33, docs/decisions/019-exchanges.md), without zod: Track
// Your Order and the cart import them, and the request schemas beside them (shared/exchanges.ts, which
// re-exports them for the server) would bring zod's 25 KB to those pages' first load (issue 54,
// decision 045).
import { formatRs } from "./money.ts";

export const EXCHANGE_REASONS = ["too_small", "too_large", "faulty", "other"] as const;
export type ExchangeReason = (typeof EXCHANGE_REASONS)[number];
export const EXCHANGE_REASON_LABELS: Record<ExchangeReason, string> = {
  too_small: "Too small",
  too_large: "Too large",
  faulty: "Faulty",
  other: "Something else",
};

export const EXCHANGE_STATUSES = ["requested", "approved", "refused", "expired"] as const;
export type ExchangeStatus = (typeof EXCHANGE_STATUSES)[number];
/** How the customer and the owner read where a request stands. */
export const EXCHANGE_STATUS_LABELS: Record<ExchangeStatus, string> = {
  requested: "Waiting for the shop",
  approved: "Approved",
  refused: "Refused",
  expired: "Expired: the shop did not answer in time",
};

export const EXCHANGE_NOTE_MAX = 500;
export const EXCHANGE_MESSAGE_MAX = 500;
export const EXCHANGE_MAX_PHOTOS = 4;
export const EXCHANGE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const EXCHANGE_PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/**
 * The most pixels a photo may have (docs/product.md, "Exchange photos"): every phone's usual setting
 * (12 MP; 24 MP on recent iPhones) passes, a 48-50 MP "high resolution" shot (2.5-4.3 s to decode,
 * issue 45) does not; a screenshot of it does.
 */
export const EXCHANGE_PHOTO_MAX_MEGAPIXELS = 25;
/** Photos of one account not yet on a request (three requests' worth); the rest wait or expire. */
export const EXCHANGE_PHOTOS_HELD_MAX = 12;
/** Photos one account may add in an hour (five requests' worth, with retries). */
export const EXCHANGE_PHOTOS_PER_HOUR = 20;
/** A photo no request used within this is deleted. */
export const EXCHANGE_PHOTO_KEEP_HOURS = 24;
/** The largest difference the owner can ask or owe on one exchange. */
export const EXCHANGE_DIFFERENCE_MAX = 100_000;

export const EXCHANGE_MESSAGES = {
  orderNotFound: "No order of yours has that id.",
  notDelivered: "Only a delivered order can be exchanged.",
  windowClosed: (days: number) =>
    `Exchanges are possible within ${days} days of delivery; this order's time has passed.`,
  lineNotFound: "This order has no such pair.",
  alreadyAsked: "You already asked to exchange this pair.",
  sizeNotOffered: (size: number) => `This shoe does not come in size ${size}.`,
  sizeSoldOut: (size: number) => `Size ${size} is sold out just now: please choose another size.`,
  photoNeeded: "Please add at least one photo that shows the fault.",
  photoNotFound: "One of the photos was not found: please add it again.",
  tooManyPhotos: `At most ${EXCHANGE_MAX_PHOTOS} photos, please.`,
  photoType: "Upload a JPEG, PNG or WebP photo.",
  photoTooBig: `The photo is too big: at most ${EXCHANGE_PHOTO_MAX_BYTES / 1024 / 1024} MB, please.`,
  photoTooManyPixels: (megapixels: number) =>
    `This photo has ${megapixels} megapixels; we take at most ${EXCHANGE_PHOTO_MAX_MEGAPIXELS}. Please take it at your camera's usual setting rather than its high-resolution mode, or send a screenshot of it.`,
  photosHeld: `You have added ${EXCHANGE_PHOTOS_HELD_MAX} photos that are not on a request yet, the most we keep. Please send your request with the photos you added; photos not used within ${EXCHANGE_PHOTO_KEEP_HOURS} hours are removed.`,
  photosPerHour: (minutes: number) =>
    `You have added ${EXCHANGE_PHOTOS_PER_HOUR} photos in the last hour, the most we take. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  notFound: "No exchange request has that id.",
  notWaiting: (status: ExchangeStatus) =>
    `This request is ${EXCHANGE_STATUS_LABELS[status].toLowerCase()}: it can no longer be approved or refused.`,
  notApproved: "Only an approved exchange's pair can be received.",
  alreadyReceived: "The pair of this exchange was already received.",
  requested: "Thank you. We received your exchange request and will answer it soon.",
} as const;

/** What the approved difference means for the customer, in words; null when there is none. */
export function differenceLine(priceDifference: number): string | null {
  if (priceDifference > 0) return `You pay ${formatRs(priceDifference)} when the new pair is delivered.`;
  if (priceDifference < 0) return `The shop owes you ${formatRs(-priceDifference)}; we will contact you to pay it.`;
  return null;
}
