// A delivery the courier could not make (issue 49, docs/decisions/035-couriers-by-api.md): the
// customer's choice on /delivery-attempt (try again, correct the address or phone, cancel), the
// owner's queue at /admin/attempts, and the words both read.
import { AREA_NAME_MAX } from "./areas.ts";
import { ORDER_MESSAGES, phoneNumberSchema } from "./orders.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

export const ATTEMPT_CHOICES = ["reattempt", "correct", "cancel"] as const;
export type AttemptChoice = (typeof ATTEMPT_CHOICES)[number];

/** The three buttons, as the customer reads them. */
export const ATTEMPT_CHOICE_LABELS: Record<AttemptChoice, string> = {
  reattempt: "Try again tomorrow",
  correct: "Correct my address or phone",
  cancel: "Cancel my order",
};

/** What the owner's queue says of the customer's choice. */
export const ATTEMPT_CHOICE_DONE: Record<AttemptChoice, string> = {
  reattempt: "try again",
  correct: "new address or phone",
  cancel: "cancel, send it back",
};

/**
 * asking: the customer was asked; answered: they chose, the advice is being sent; advised: the
 * courier has the advice; to_call: the owner must call the courier (no advice call, or it failed);
 * closed: done (delivered, back, or closed by the owner).
 */
export const ATTEMPT_STATES = ["asking", "answered", "advised", "to_call", "closed"] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];

export const ATTEMPT_STATE_LABELS: Record<AttemptState, string> = {
  asking: "waiting for the customer",
  answered: "answered",
  advised: "courier advised",
  to_call: "call the courier",
  closed: "closed",
};

/** An open task this close to the courier's return is flagged: nobody has answered, or the courier must be called. */
export const ATTEMPT_DUE_SOON_HOURS = 24;

export const ATTEMPT_MESSAGES = {
  deadLink: "This link is not valid. Please use the link in our latest message, or contact us.",
  notOpen: "This delivery can no longer be changed from here: the parcel has been delivered or is on its way back.",
  alreadyAnswered: "You have already told us what to do. To change it, please contact us.",
  notFound: "There is no such delivery attempt.",
  thanks: {
    reattempt: "Thank you. We have asked the courier to try again.",
    correct: "Thank you. We have sent your corrected details to the courier.",
    cancel: "Your order will be cancelled and the parcel sent back to us. Thank you for letting us know.",
  } satisfies Record<AttemptChoice, string>,
  closed: "Closed.",
} as const;

/** The customer's page (/delivery-attempt), besides the labels and messages above. */
export const ATTEMPT_PAGE_TEXTS = {
  couldNotDeliver: (courier: string, reason: string) => `${courier} could not deliver your parcel: ${reason}`,
  toPay: "To pay on delivery",
  tellUsBefore: (when: string) => `Please tell us before ${when}, or it goes back to us.`,
  question: "What should we do with your parcel?",
  correctionTitle: "Your correct address and phone",
  sendCorrection: "Send my corrected details",
  cancelQuestion: "Are you sure?",
  cancelWarning: "Your order will be cancelled and the parcel sent back to us.",
  cancelYes: "Yes, cancel my order",
  keepOrder: "No, keep my order",
  /** Without JavaScript the dialog cannot ask: the server answers the page with this question instead. */
  cancelAskAgain: "Are you sure? Your order will be cancelled and the parcel sent back to us.",
  /** Without JavaScript the form is opened by the server: the page answers with it and this line. */
  correctionAsk: "Please type your address, area and phone, then press Send my corrected details.",
  yourChoice: "Your choice",
  deadLinkTitle: "Your parcel",
} as const;

/** The owner's queue (/admin/attempts) and the dashboard's card. */
export const ATTEMPT_QUEUE_TEXTS = {
  empty: "No failed deliveries to handle.",
  dueSoon: "Due soon",
  returnsBy: (when: string) => `Returns by ${when}`,
  dashboard: (open: number, dueSoon: number) => `Failed deliveries: ${open} waiting, ${dueSoon} due soon`,
  recordAnswer: "Record the customer's answer",
  adviseAgain: "Send advice again",
  close: "Close",
  answered: (order: string, choice: AttemptChoice) => `${order}: recorded "${ATTEMPT_CHOICE_DONE[choice]}".`,
  advised: (order: string) => `${order}: the advice was sent again.`,
} as const;

const addressText = z
  .string({ error: ORDER_MESSAGES.addressLine })
  .trim()
  .min(1, { error: ORDER_MESSAGES.addressLine })
  .max(300, { error: "At most 300 characters, please." });

/** The customer's (or, on the phone, the owner's) answer. A correction needs the address, the area and the phone. */
const answerShape = {
  choice: z.enum(ATTEMPT_CHOICES, { error: "Please choose what we should do with your parcel." }),
  addressLine: addressText.optional(),
  area: z
    .string({ error: ORDER_MESSAGES.areaRequired })
    .trim()
    .max(AREA_NAME_MAX, { error: ORDER_MESSAGES.area })
    .optional(),
  landmark: z
    .string({ error: ORDER_MESSAGES.landmark })
    .trim()
    .max(100, { error: ORDER_MESSAGES.landmark })
    .optional()
    .transform((v) => (v ? v : undefined)),
  phoneNumber: phoneNumberSchema.optional(),
};

const needsCorrection = <
  T extends {
    choice: AttemptChoice;
    addressLine?: string | undefined;
    area?: string | undefined;
    phoneNumber?: string | undefined;
  },
>(
  answer: T,
  ctx: z.core.$RefinementCtx<T>,
) => {
  if (answer.choice !== "correct") return;
  if (!answer.addressLine) ctx.addIssue({ code: "custom", path: ["addressLine"], message: ORDER_MESSAGES.addressLine });
  if (!answer.area) ctx.addIssue({ code: "custom", path: ["area"], message: ORDER_MESSAGES.areaRequired });
  if (!answer.phoneNumber)
    ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: ORDER_MESSAGES.invalidPhone });
};

/** POST /api/delivery-attempts/answer: the signed token is the permission. */
export const attemptAnswerSchema = strictBody({
  token: z.string({ error: ATTEMPT_MESSAGES.deadLink }).min(20, { error: ATTEMPT_MESSAGES.deadLink }).max(200, {
    error: ATTEMPT_MESSAGES.deadLink,
  }),
  ...answerShape,
}).superRefine(needsCorrection);
export type AttemptAnswerInput = z.output<typeof attemptAnswerSchema>;

/** POST /api/admin/attempts/:id/answer: the owner phoned the customer. */
export const ownerAttemptAnswerSchema = strictBody(answerShape).superRefine(needsCorrection);
export type OwnerAttemptAnswer = z.output<typeof ownerAttemptAnswerSchema>;

/** GET /api/delivery-attempts?token=…: the page's read. */
export const attemptTokenQuerySchema = z.object({
  token: z.string({ error: ATTEMPT_MESSAGES.deadLink }).min(20, { error: ATTEMPT_MESSAGES.deadLink }).max(200, {
    error: ATTEMPT_MESSAGES.deadLink,
  }),
});

export const attemptIdParamsSchema = z.object({ id: z.uuid({ error: ATTEMPT_MESSAGES.notFound }) });

/** The customer's page: what the courier said, and the choice still open (or the one made). */
export interface AttemptPage {
  order: string;
  courier: string;
  /** The courier's words for why it could not deliver. */
  reason: string;
  reportedAt: string;
  /** When the courier sends the parcel back if nobody answers. */
  returnBy: string;
  /** What the rider collects at the door: the total less a paid advance (issue 50). */
  dueOnDelivery: number;
  canAnswer: boolean;
  choice: AttemptChoice | null;
  /** Why the choice is closed, when it is. */
  notice: string | null;
}

/** One task of the owner's Attempts queue. */
export interface AdminAttempt {
  _id: string;
  orderId: string;
  customer: string;
  phoneNumber: string;
  courier: string;
  trackingNumber: string | null;
  reason: string;
  reportedAt: string;
  returnBy: string;
  state: AttemptState;
  choice: AttemptChoice | null;
  correction: { addressLine: string; area: string; landmark: string | null; phoneNumber: string } | null;
  answeredAt: string | null;
  answeredVia: "link" | "whatsapp" | "owner" | null;
  adviceError: string | null;
  /** Open and within ATTEMPT_DUE_SOON_HOURS of the courier's return, or past it. */
  dueSoon: boolean;
}

export interface AdminAttemptList {
  attempts: AdminAttempt[];
  /** Open tasks flagged as due soon (the dashboard's badge). */
  dueSoon: number;
}
