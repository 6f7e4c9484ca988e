// WhatsApp parcel updates turned off by the customer (issue 53): the signed link in a parcel mail or
// message opens /whatsapp-updates?token=…, whose page is read on the server (GET /api/whatsapp-updates
// answers the same) and whose button posts POST /api/whatsapp-updates/stop (as a plain form without
// scripts: server/web/no-script/forms.ts). Replying STOP to the shop's WhatsApp number does the same
// (server/confirmation/whatsapp-inbound.ts). Mails keep coming either way, and so does the
// failed-delivery question on WhatsApp.
import { z } from "zod";
import { strictBody } from "./strict-body.ts";

export const WHATSAPP_UPDATES_PATH = "/api/whatsapp-updates";
export const WHATSAPP_UPDATES_STOP_PATH = "/api/whatsapp-updates/stop";

/**
 * Exactly what a stop stops (docs/decisions/043-parcel-messages.md, "Gaps closed"): the parcel's three
 * steps and the ask to review its pairs (server/reviews/request-whatsapp.ts reads the same stop).
 */
const WHAT_STOPS = "on its way, out for delivery, delivered, and the ask to review your pairs";

/**
 * What still comes on WhatsApp after a stop, and why: each needs the customer's answer. The failed
 * delivery's question is how a parcel the rider could not hand over is saved from going back.
 */
const STILL_ASKED =
  "We still message you on WhatsApp when we need your answer: if a courier could not deliver a parcel (so that it is not sent back), and to confirm a new order.";

/** The page's own sentences (app/routes/whatsapp-updates.tsx). */
export const WHATSAPP_UPDATES_TEXTS = {
  whatStops: `The updates are these messages: ${WHAT_STOPS}.`,
  stillAsked: STILL_ASKED,
  sending: (order: string, ending: string) =>
    `We send WhatsApp updates about order ${order} and your other parcels to the number ending ${ending}.`,
  off: (ending: string) => `WhatsApp updates about your parcels are off for the number ending ${ending}.`,
  mailsStill: "Our e-mails still come.",
  stopButton: "Stop WhatsApp updates",
  stopping: "Stopping…",
  deadLinkTitle: "WhatsApp updates",
} as const;

export const WHATSAPP_UPDATES_MESSAGES = {
  deadLink: "This link is not valid. Please use the link in our latest message, or contact us.",
  noMobile: "This order's phone number cannot get WhatsApp messages, so there is nothing to stop.",
  stopped: (ending: string) =>
    `Done: we will send no more WhatsApp updates about your parcels to the number ending ${ending} (${WHAT_STOPS}). ${STILL_ASKED} Our e-mails still come. To start the updates again, send START to our WhatsApp number.`,
  alreadyStopped: (ending: string) =>
    `WhatsApp updates about your parcels are already off for the number ending ${ending} (${WHAT_STOPS}). ${STILL_ASKED} Our e-mails still come.`,
} as const;

const token = z
  .string({ error: WHATSAPP_UPDATES_MESSAGES.deadLink })
  .min(20, { error: WHATSAPP_UPDATES_MESSAGES.deadLink })
  .max(200, { error: WHATSAPP_UPDATES_MESSAGES.deadLink });

export const whatsappUpdatesQuerySchema = z.object({ token });
export const whatsappUpdatesStopSchema = strictBody({ token });

/** What the page shows: the order, the number's last four digits (never the whole), and whether updates are off. */
export interface WhatsAppUpdatesView {
  order: string;
  phoneEnding: string;
  stopped: boolean;
  /** After a stop: what it did, in the customer's words. */
  message: string | null;
}
