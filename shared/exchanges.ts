// Exchanging a pair after delivery (issue 33, docs/decisions/019-exchanges.md): the customer asks
// from Track Your Order within the owner's window, with the reason, photos for a fault and the size
// wanted (taken from stock at once); the owner approves, with what the customer pays or is owed, or
// refuses with a message. Request schemas both sides validate with, and the answers both read.
import { sizeSchema } from "./cart.ts";
import { formatRs } from "./money.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

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

const reasonError = `Choose why: ${EXCHANGE_REASONS.join(", ")}.`;

/** POST /api/orders/:id/exchanges */
export const exchangeRequestInputSchema = strictBody({
  lineNo: z
    .number({ error: EXCHANGE_MESSAGES.lineNotFound })
    .int({ error: EXCHANGE_MESSAGES.lineNotFound })
    .min(1, { error: EXCHANGE_MESSAGES.lineNotFound })
    .max(20, { error: EXCHANGE_MESSAGES.lineNotFound }),
  reason: z.enum(EXCHANGE_REASONS, { error: reasonError }),
  wantedSize: sizeSchema,
  note: z
    .string({ error: "The note must be text." })
    .trim()
    .max(EXCHANGE_NOTE_MAX, { error: `The note can be at most ${EXCHANGE_NOTE_MAX} characters long.` })
    .optional()
    .transform((v) => (v ? v : undefined)),
  photoIds: z
    .array(z.uuid({ error: EXCHANGE_MESSAGES.photoNotFound }), { error: EXCHANGE_MESSAGES.photoNotFound })
    .max(EXCHANGE_MAX_PHOTOS, { error: EXCHANGE_MESSAGES.tooManyPhotos })
    .optional()
    .default([]),
}).refine((input) => input.reason !== "faulty" || input.photoIds.length > 0, {
  error: EXCHANGE_MESSAGES.photoNeeded,
  path: ["photoIds"],
});
export type ExchangeRequestInput = z.output<typeof exchangeRequestInputSchema>;

const differenceError = `The difference must be a whole number of rupees from -${EXCHANGE_DIFFERENCE_MAX} to ${EXCHANGE_DIFFERENCE_MAX}.`;
const ownerMessage = z
  .string({ error: "The message must be text." })
  .trim()
  .max(EXCHANGE_MESSAGE_MAX, { error: `The message can be at most ${EXCHANGE_MESSAGE_MAX} characters long.` });

/** POST /api/admin/exchanges/:id/approve: what the customer pays on delivery (+) or is owed (-). */
export const exchangeApproveInputSchema = strictBody({
  priceDifference: z
    .number({ error: differenceError })
    .int({ error: differenceError })
    .min(-EXCHANGE_DIFFERENCE_MAX, { error: differenceError })
    .max(EXCHANGE_DIFFERENCE_MAX, { error: differenceError })
    .optional()
    .default(0),
  message: ownerMessage.optional().transform((v) => (v ? v : undefined)),
});

/** POST /api/admin/exchanges/:id/refuse: the customer is told why. */
export const exchangeRefuseInputSchema = strictBody({
  message: ownerMessage.min(1, { error: "Please tell the customer why." }),
});

/** POST /api/admin/exchanges/:id/received: the pair came back; back on sale unless it is faulty. */
export const exchangeReceivedInputSchema = strictBody({
  restock: z.boolean({ error: "restock must be true or false." }),
});

const daysError = (what: string, max: number) => `${what} must be a whole number of days from 1 to ${max}.`;
/** PUT /api/admin/exchange-settings */
export const exchangeSettingsSchema = strictBody({
  windowDays: z
    .number({ error: daysError("The exchange window", 30) })
    .int({ error: daysError("The exchange window", 30) })
    .min(1, { error: daysError("The exchange window", 30) })
    .max(30, { error: daysError("The exchange window", 30) }),
  answerWithinDays: z
    .number({ error: daysError("The time to answer", 14) })
    .int({ error: daysError("The time to answer", 14) })
    .min(1, { error: daysError("The time to answer", 14) })
    .max(14, { error: daysError("The time to answer", 14) }),
});
export type ExchangeSettings = z.output<typeof exchangeSettingsSchema>;

export const exchangeIdParamsSchema = z.object({ id: z.uuid({ error: EXCHANGE_MESSAGES.notFound }) });

/** An exchange request as its customer reads it on Track Your Order. */
export interface Exchange {
  _id: string;
  orderId: string;
  lineNo: number;
  product: { productId: string; name: string; imageUrl: string | null };
  /** The pair coming back, and the size wanted instead. */
  size: number;
  wantedSize: number;
  reason: ExchangeReason;
  note: string | null;
  status: ExchangeStatus;
  /** Positive: paid on the exchange's delivery; negative: owed by the shop. */
  priceDifference: number;
  ownerMessage: string | null;
  createdAt: string;
  decidedAt: string | null;
  /** When a request nobody answered lapses and its reserved pair is released. */
  answerBy: string | null;
  receivedAt: string | null;
  /** The approved exchange's own order (its parcel, courier and tracking). */
  exchangeOrderId: string | null;
  photoCount: number;
}

/** An exchange as the owner reads it: who asked, and the photos (served by the owner's API). */
export interface AdminExchange extends Exchange {
  /** The account's own e-mail, where every mail about it goes. */
  customer: { name: string; phone: string; email: string; username: string; emailVerified: boolean };
  photos: { _id: string; url: string; width: number; height: number }[];
  decidedBy: string | null;
}

export interface AdminExchangeList {
  exchanges: AdminExchange[];
  page: number;
  hasMore: boolean;
  total: number;
}

export const ADMIN_EXCHANGE_VIEWS = ["waiting", "approved", "closed"] as const;
export const adminExchangesQuerySchema = z.object({
  view: z
    .enum(ADMIN_EXCHANGE_VIEWS, { error: `view must be one of: ${ADMIN_EXCHANGE_VIEWS.join(", ")}.` })
    .default("waiting"),
  page: z.coerce.number({ error: "page must be a whole number from 1." }).int().min(1).default(1),
});

/** What an order offers its customer: the last moment to ask, and the requests made. */
export interface OrderExchanges {
  /** Until when this delivered order's pairs can be exchanged; null when they cannot (any more). */
  until: string | null;
  requests: Exchange[];
  /** Set on an exchange's own order: the order whose pair it replaces. */
  replacesOrderId: string | null;
}

/** What the approved difference means for the customer, in words; null when there is none. */
export function differenceLine(priceDifference: number): string | null {
  if (priceDifference > 0) return `You pay ${formatRs(priceDifference)} when the new pair is delivered.`;
  if (priceDifference < 0) return `The shop owes you ${formatRs(-priceDifference)}; we will contact you to pay it.`;
  return null;
}
