// The customer's own 'stop WhatsApp updates' (issue 53): no session, the signed link is the
// permission (server/whatsapp/opt-outs.ts). Reading the page changes nothing (mail scanners open
// links); only the button's POST stops. A stop is kept by the order's number, so every later parcel
// to it stays quiet on WhatsApp; mails still come.
import type { FastifyInstance } from "fastify";
import { orderNumber } from "#shared/orders.ts";
import { mobileE164 } from "#shared/phone.ts";
import {
  WHATSAPP_UPDATES_MESSAGES,
  WHATSAPP_UPDATES_PATH,
  WHATSAPP_UPDATES_STOP_PATH,
  type WhatsAppUpdatesView,
  whatsappUpdatesQuerySchema,
  whatsappUpdatesStopSchema,
} from "#shared/whatsapp-updates.ts";
import type { Db } from "../db/client.ts";
import { conflict, notFound, parseOr400 } from "../http/errors.ts";
import { type LinkedOrder, stopUpdates, type UpdateLinks, updatesStopped } from "../whatsapp/opt-outs.ts";

export function registerWhatsAppUpdateRoutes(app: FastifyInstance, deps: { db: Db; links: UpdateLinks }) {
  async function linked(token: string): Promise<LinkedOrder & { phone: string }> {
    const order = await deps.links.orderOf(token);
    if (!order) throw notFound(WHATSAPP_UPDATES_MESSAGES.deadLink);
    const phone = order.phone && mobileE164(order.phone);
    if (!phone) throw conflict(WHATSAPP_UPDATES_MESSAGES.noMobile);
    return { ...order, phone };
  }
  const view = (
    order: LinkedOrder & { phone: string },
    stopped: boolean,
    message: string | null,
  ): WhatsAppUpdatesView => ({
    order: orderNumber(order.orderId),
    phoneEnding: order.phone.slice(-4),
    stopped,
    message,
  });

  app.get(WHATSAPP_UPDATES_PATH, async (request, reply) => {
    const { token } = parseOr400(whatsappUpdatesQuerySchema, request.query);
    const order = await linked(token);
    reply.header("cache-control", "no-store");
    return view(order, await updatesStopped(deps.db, order.phone), null);
  });

  app.post(WHATSAPP_UPDATES_STOP_PATH, async (request, reply) => {
    const { token } = parseOr400(whatsappUpdatesStopSchema, request.body);
    const order = await linked(token);
    const ending = order.phone.slice(-4);
    const before = await updatesStopped(deps.db, order.phone);
    if (!before) await stopUpdates(deps.db, order.phone, "link");
    request.log.info({ already: before }, "WhatsApp parcel updates stopped by link");
    reply.header("cache-control", "no-store");
    return view(
      order,
      true,
      before ? WHATSAPP_UPDATES_MESSAGES.alreadyStopped(ending) : WHATSAPP_UPDATES_MESSAGES.stopped(ending),
    );
  });
}
