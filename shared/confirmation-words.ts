// What the customer reads of an order's confirmation (docs/product.md section 4a) and the two answers,
// without zod: Track Your Order and the success page import them, and the payload schemas beside them
// (shared/confirmation.ts, which re-exports them for the server) would bring zod's 25 KB to those
// pages' first load (issue 54, decision 045).

export const CONFIRM_ACTIONS = ["confirm", "cancel"] as const;
export type ConfirmAction = (typeof CONFIRM_ACTIONS)[number];

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
  /** The owner's times form: what was typed is not a time (issue 46: '1 day' was answered with settingsTimes). */
  timeUnreadable: (field: string, typed: string) =>
    typed.trim() === ""
      ? `${field}: please type a time, such as 6 hours, 1 day or 30 minutes.`
      : `${field}: "${typed.trim()}" is not a time we can read. Type a number with minutes, hours, days or weeks, such as 6 hours, 1 day or 30 minutes.`,
} as const;
