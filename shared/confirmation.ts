// The customer's confirmation of a cash-on-delivery order (docs/product.md section 4a; the design in
// docs/decisions/017-order-confirmation.md): what the customer and the owner read, and the payloads.
import { advanceDueMessage } from "./advance-due.ts";
import { CONFIRM_ACTIONS, CONFIRMATION_MESSAGES } from "./confirmation-words.ts";
import { statusLabel } from "./order-life.ts";
import { type Order, orderNumber } from "./orders.ts";
import { z } from "./zod.ts";

export * from "./confirmation-words.ts";

/** The owner's times, in minutes after the order was placed: at most 14 days. */
export const CONFIRMATION_LIMITS = { minRemind: 5, maxCancel: 20_160 } as const;
export const DEFAULT_CONFIRMATION_SETTINGS = { remindAfterMinutes: 720, cancelAfterMinutes: 2_880 } as const;

/** How long a mailed link or WhatsApp button works after the order was placed. */
export const CONFIRM_LINK_DAYS = 14;

/** A confirmed, cancelled or delivered order: the customer can no longer answer it here. */
export function tooLateMessage(status: Order["status"], contact: { phone: string }): string {
  return `This order is ${statusLabel(status)}, so it can no longer be changed here. Please call or WhatsApp ${contact.phone}.`;
}

/** The wait before an unanswered order is cancelled, as the customer reads it: 'within 2 days'. */
export function waitWords(minutes: number): string {
  if (minutes < 120) return `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hours`;
  return `${Math.round(hours / 24)} days`;
}

/** The line every confirmation request carries, on the page, in the mail and on WhatsApp. */
export function unansweredLine(order: Pick<Order, "_id">, cancelAfterMinutes: number): string {
  return `If we do not hear from you within ${waitWords(cancelAfterMinutes)}, order ${orderNumber(order._id)} is cancelled.`;
}

const tokenSchema = z
  .string({ error: CONFIRMATION_MESSAGES.tokenInvalid })
  .min(20, { error: CONFIRMATION_MESSAGES.tokenInvalid })
  .max(200, { error: CONFIRMATION_MESSAGES.tokenInvalid })
  .regex(/^[A-Za-z0-9._-]+$/, { error: CONFIRMATION_MESSAGES.tokenInvalid });

export const confirmationQuerySchema = z.object({ token: tokenSchema }).strict();

export const confirmActionSchema = z.enum(CONFIRM_ACTIONS, { error: CONFIRMATION_MESSAGES.actionInvalid });

/** POST /api/orders/confirmation: the mailed link's press. */
export const confirmByTokenSchema = z.object({ token: tokenSchema, action: confirmActionSchema }).strict();

/** POST /api/orders/{id}/answer: a signed-in customer's press on the success page or Track Order. */
export const answerBodySchema = z.object({ action: confirmActionSchema }).strict();

/** The link's page: the order to read before pressing, and whether a press still counts. */
export interface ConfirmationLinkView {
  order: Order;
  /** False once the order is no longer pending (the link was used, the owner moved it, it expired). */
  canAnswer: boolean;
  /** What to say instead of the buttons when it cannot be answered. */
  message?: string;
}

/** The answer to a press: the order as it is now and what to tell the customer. */
export interface ConfirmationAnswer {
  order: Order;
  message: string;
}

const minutes = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of minutes.` })
    .int({ error: `${what} must be a whole number of minutes.` });

export const confirmationSettingsSchema = z
  .object({
    remindAfterMinutes: minutes("remindAfterMinutes").min(CONFIRMATION_LIMITS.minRemind, {
      error: CONFIRMATION_MESSAGES.settingsTimes,
    }),
    cancelAfterMinutes: minutes("cancelAfterMinutes").max(CONFIRMATION_LIMITS.maxCancel, {
      error: CONFIRMATION_MESSAGES.settingsTimes,
    }),
  })
  .strict()
  .refine((s) => s.cancelAfterMinutes > s.remindAfterMinutes, {
    error: CONFIRMATION_MESSAGES.settingsTimes,
    path: ["cancelAfterMinutes"],
  });
export type ConfirmationSettings = z.output<typeof confirmationSettingsSchema>;

/**
 * PUT /api/admin/confirmation-settings's answer: the times saved (for orders placed from now on), and
 * how many orders waiting for the customer keep other times: the ones they were told (issue 46).
 */
export interface ConfirmationSettingsSaved extends ConfirmationSettings {
  keptOrders: number;
}

/** What the owner reads after saving: '3 orders waiting for the customer keep the times they were told.' */
export function keptTimesLine(keptOrders: number): string {
  if (keptOrders === 0) return "No order waiting for the customer was told other times.";
  return keptOrders === 1
    ? "1 order waiting for the customer keeps the times it was told."
    : `${keptOrders} orders waiting for the customer keep the times they were told.`;
}

/** The words the owner may type for a wait, in minutes each (Roman Urdu 'din' and 'ghante' too). */
const WAIT_UNITS = new Map<string, number>([
  ...["m", "min", "mins", "minute", "minutes"].map((word) => [word, 1] as const),
  ...["h", "hr", "hrs", "hour", "hours", "ghanta", "ghante", "ghantay", "ghantey"].map((word) => [word, 60] as const),
  ...["d", "day", "days", "din"].map((word) => [word, 1440] as const),
  ...["w", "week", "weeks", "hafta", "haftay", "hafte"].map((word) => [word, 10_080] as const),
]);

/**
 * A wait as the owner types it, in whole minutes: '1 day', '24 h', '6 hours', '1 day and 12 hrs',
 * '2 weeks', '90 min'; a bare number is hours (the form's old unit). Undefined when it is not a time.
 */
export function parseWait(typed: string): number | undefined {
  const text = typed
    .trim()
    .toLowerCase()
    .replace(/,|\s+and\s+/g, " ")
    .trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 60);
  const part = /(\d+(?:\.\d+)?)\s*([a-z]+)\s*/y;
  let minutes = 0;
  let read = 0;
  for (let match = part.exec(text); match; match = part.exec(text)) {
    const unit = WAIT_UNITS.get(match[2] ?? "");
    if (unit === undefined) return undefined;
    minutes += Number(match[1]) * unit;
    read = part.lastIndex;
  }
  return read > 0 && read === text.length ? Math.round(minutes) : undefined;
}

/** Minutes as the form shows them, in words parseWait reads back: '2 weeks', '1 day', '12 hours', '2 hours 30 minutes'. */
export function waitInput(minutes: number): string {
  const amount = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (minutes > 0 && minutes % 10_080 === 0) return amount(minutes / 10_080, "week");
  if (minutes > 0 && minutes % 1440 === 0) return amount(minutes / 1440, "day");
  if (minutes % 60 === 0) return amount(minutes / 60, "hour");
  if (minutes < 60) return amount(minutes, "minute");
  return `${amount(Math.floor(minutes / 60), "hour")} ${amount(minutes % 60, "minute")}`;
}

export const CONFIRMATION_EVENT_KINDS = [
  "asked",
  "reminded",
  /** A WhatsApp request or reminder not sent: a daily limit of its number or account (docs/product.md section 9). */
  "skipped",
  "confirmed",
  "cancelled",
  "held",
  "released",
  "expired",
] as const;
export type ConfirmationEventKind = (typeof CONFIRMATION_EVENT_KINDS)[number];
export const CONFIRMATION_EVENT_CHANNELS = ["mail", "whatsapp", "shop", "link", "owner"] as const;
export type ConfirmationEventChannel = (typeof CONFIRMATION_EVENT_CHANNELS)[number];

/** One line of the owner's confirmation history of an order. */
export interface ConfirmationEvent {
  kind: ConfirmationEventKind;
  channel: ConfirmationEventChannel | null;
  at: string;
  /** The owner who held or released it; null for the customer and the job. */
  actor: string | null;
}

/** How the owner reads an event: 'Confirmed by the customer on WhatsApp'. */
export function confirmationEventWords(event: Pick<ConfirmationEvent, "kind" | "channel">): string {
  const on = {
    mail: "by e-mail",
    whatsapp: "on WhatsApp",
    shop: "in the shop",
    link: "by the e-mailed link",
    owner: "",
  };
  const how = event.channel ? on[event.channel] : "";
  switch (event.kind) {
    case "asked":
      return `Asked the customer to confirm ${how}`.trim();
    case "reminded":
      return `Reminded the customer ${how}`.trim();
    case "skipped":
      return `Not sent ${how}: the day's limit of messages to this number or from this account was reached (the e-mail went)`.trim();
    case "confirmed":
      return `Confirmed by the customer ${how}`.trim();
    case "cancelled":
      return `Cancelled by the customer ${how}`.trim();
    case "held":
      return "Held by the shop: no reminder, no automatic cancellation";
    case "released":
      return "Released by the shop: the confirmation times apply again";
    case "expired":
      return "Cancelled: the customer did not confirm in time";
  }
}

/** PUT /api/admin/orders/{id}/held: the owner holds an unconfirmed order, or lets the times apply again. */
export const holdBodySchema = z.object({ held: z.boolean({ error: "held must be true or false." }) }).strict();

/**
 * What the mails ask of a pending order: its confirmation, or for an unpaid advance (issue 50) the
 * advance, which is its confirmation; and the words of the link to its page.
 */
export function confirmationAsk(order: { advance: { amount: number; paidAt: string | null } | null }): {
  ask: string;
  /** The HTML mail's link, and the plain text's words before the address. */
  link: string;
  textLead: string;
} {
  if (order.advance !== null && order.advance.paidAt === null) {
    const see = "See your order and how to pay the advance";
    return { ask: advanceDueMessage(order.advance.amount), link: see, textLead: see };
  }
  return {
    ask: CONFIRMATION_MESSAGES.ask,
    link: "Confirm or cancel your order",
    textLead: "Confirm or cancel it here",
  };
}
