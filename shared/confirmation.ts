// The customer's confirmation of a cash-on-delivery order (docs/product.md section 4a; the design in
// docs/decisions/017-order-confirmation.md): what the customer and the owner read, and the payloads.
import { type Order, orderNumber, statusLabel } from "./orders.ts";
import { z } from "./zod.ts";

export const CONFIRM_ACTIONS = ["confirm", "cancel"] as const;
export type ConfirmAction = (typeof CONFIRM_ACTIONS)[number];

/** The owner's times, in minutes after the order was placed: at most 14 days. */
export const CONFIRMATION_LIMITS = { minRemind: 5, maxCancel: 20_160 } as const;
export const DEFAULT_CONFIRMATION_SETTINGS = { remindAfterMinutes: 720, cancelAfterMinutes: 2_880 } as const;

/** How long a mailed link or WhatsApp button works after the order was placed. */
export const CONFIRM_LINK_DAYS = 14;

export const CONFIRMATION_MESSAGES = {
  askTitle: "Please confirm your order",
  ask: "We deliver cash-on-delivery orders only once you confirm them. Is everything right?",
  confirmButton: "Yes, confirm my order",
  cancelButton: "Cancel this order",
  confirmed: "Thank you! Your order is confirmed. Our rider will bring it to you.",
  cancelled: "Your order is cancelled. Nothing will be delivered and you pay nothing.",
  alreadyConfirmed: "This order is already confirmed. Our rider will bring it to you.",
  alreadyCancelled: "This order is already cancelled.",
  linkInvalid:
    "This link is not valid. Please use the link in your latest e-mail, or sign in and open Track Your Order.",
  linkExpired: "This link has expired. Please sign in and open Track Your Order, or call us.",
  orderNotFound: "No order found.",
  actionInvalid: 'action must be "confirm" or "cancel".',
  tokenInvalid: "The confirmation link is missing or incomplete. Please open the whole link from your e-mail.",
  settingsTimes: "The reminder must come at least 5 minutes before the cancellation, which can be at most 14 days.",
} as const;

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

export const CONFIRMATION_EVENT_KINDS = [
  "asked",
  "reminded",
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
