// The customer's own 'stop WhatsApp updates' (issue 53) over HTTP: no session, the signed link is the
// permission. Reading changes nothing (mail scanners open links); only the button's POST stops
// (whatsapp-updates.ts). The page (/whatsapp-updates) reads the same service in its loader, and its
// plain form post comes here through server/web/no-script/forms.ts.
import type { FastifyInstance } from "fastify";
import {
  WHATSAPP_UPDATES_PATH,
  WHATSAPP_UPDATES_STOP_PATH,
  type WhatsAppUpdatesView,
  whatsappUpdatesQuerySchema,
  whatsappUpdatesStopSchema,
} from "#shared/whatsapp-updates.ts";
import { parseOr400 } from "../http/errors.ts";
import type { WhatsAppUpdates } from "./whatsapp-updates.ts";

export function registerWhatsAppUpdateRoutes(app: FastifyInstance, updates: WhatsAppUpdates) {
  app.get(WHATSAPP_UPDATES_PATH, async (request) => {
    const { token } = parseOr400(whatsappUpdatesQuerySchema, request.query);
    return updates.view(token);
  });

  app.post(WHATSAPP_UPDATES_STOP_PATH, async (request): Promise<WhatsAppUpdatesView> => {
    const { token } = parseOr400(whatsappUpdatesStopSchema, request.body);
    const { already, ...view } = await updates.stop(token);
    request.log.info({ already }, "WhatsApp parcel updates stopped by link");
    return view;
  });
}
