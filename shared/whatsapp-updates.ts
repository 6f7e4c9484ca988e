// WhatsApp parcel updates turned off by the customer (issue 53): the signed link in a parcel mail or
// message opens /whatsapp-updates?token=…, whose page reads GET /api/whatsapp-updates and whose
// button posts POST /api/whatsapp-updates/stop. Replying STOP to the shop's WhatsApp number does the
// same (server/confirmation/whatsapp-inbound.ts). Mails keep coming either way.
import { z } from "zod";
import { strictBody } from "./strict-body.ts";

export const WHATSAPP_UPDATES_PATH = "/api/whatsapp-updates";
export const WHATSAPP_UPDATES_STOP_PATH = "/api/whatsapp-updates/stop";

export const WHATSAPP_UPDATES_MESSAGES = {
  deadLink: "This link is not valid. Please use the link in our latest message, or contact us.",
  noMobile: "This order's phone number cannot get WhatsApp messages, so there is nothing to stop.",
  stopped: (ending: string) =>
    `Done: we will send no more WhatsApp updates about your parcels to the number ending ${ending}. Our e-mails still come. To start them again, send START to our WhatsApp number.`,
  alreadyStopped: (ending: string) =>
    `WhatsApp updates about your parcels are already off for the number ending ${ending}. Our e-mails still come.`,
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
