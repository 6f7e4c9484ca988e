// The loader half of /whatsapp-updates?token=… (issue 53): what the 'stop WhatsApp updates' link
// names, read on the server so the page shows it at once, works without JavaScript, and a mail
// scanner that opens the link only reads. A link that is incomplete, forged or names an order whose
// phone is no mobile is the page's own 4xx, as the API answers it: the page still renders, with the
// message and the way on. Back from a plain form post that stopped them (server/web/no-script/forms.ts,
// `stopped=1`), the page says what the press did, as the API's answer says it to the page's script.
import { DomainError } from "#server/domain-errors.ts";
import { statusOfDomainError } from "#server/http/domain-status.ts";
import {
  WHATSAPP_UPDATES_MESSAGES,
  type WhatsAppUpdatesView,
  whatsappUpdatesQuerySchema,
} from "#shared/whatsapp-updates.ts";
import type { AppContext } from "./context.server.ts";

export type WhatsAppUpdatesPage =
  | { token: string; view: WhatsAppUpdatesView; problem: null; status: 200 }
  | { token: null; view: null; problem: string; status: number };

export async function loadWhatsAppUpdates(context: AppContext, request: Request): Promise<WhatsAppUpdatesPage> {
  const query = new URL(request.url).searchParams;
  const parsed = whatsappUpdatesQuerySchema.safeParse({ token: query.get("token") ?? "" });
  const refused = (problem: string, status: number): WhatsAppUpdatesPage => ({
    token: null,
    view: null,
    problem,
    status,
  });
  if (!parsed.success) return refused(WHATSAPP_UPDATES_MESSAGES.deadLink, 400);
  try {
    const read = await context.whatsappUpdates.view(parsed.data.token);
    const pressed = query.get("stopped") === "1" && read.stopped;
    const view = pressed ? { ...read, message: WHATSAPP_UPDATES_MESSAGES.stopped(read.phoneEnding) } : read;
    return { token: parsed.data.token, view, problem: null, status: 200 };
  } catch (error) {
    if (error instanceof DomainError && statusOfDomainError(error) < 500)
      return refused(error.message, statusOfDomainError(error));
    throw error;
  }
}
