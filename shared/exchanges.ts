// Exchanging a pair after delivery (issue 33, docs/decisions/019-exchanges.md): the customer asks
// from Track Your Order within the owner's window, with the reason, photos for a fault and the size
// wanted (taken from stock at once); the owner approves, with what the customer pays or is owed, or
// refuses with a message. Request schemas both sides validate with, and the answers both read; the
// words, limits and labels are in shared/exchange-words.ts (re-exported here), without zod.
import { sizeSchema } from "./cart.ts";
import {
  EXCHANGE_DIFFERENCE_MAX,
  EXCHANGE_MAX_PHOTOS,
  EXCHANGE_MESSAGE_MAX,
  EXCHANGE_MESSAGES,
  EXCHANGE_NOTE_MAX,
  EXCHANGE_REASONS,
  type ExchangeReason,
  type ExchangeStatus,
} from "./exchange-words.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

export * from "./exchange-words.ts";

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
