// The customer's own 'stop WhatsApp updates' (issue 53): what the signed link names, and its one
// press. No session: the signed link is the permission (server/whatsapp/opt-outs.ts). Reading changes
// nothing (mail scanners open links); only the press stops. A stop is kept by the order's number, so
// every later parcel to it stays quiet on WhatsApp; mails still come, and so does the failed-delivery
// question (docs/decisions/043-parcel-messages.md, "Gaps closed"). The API's routes
// (whatsapp-updates-routes.ts) and the page's loader (app/lib/whatsapp-updates.server.ts) both call
// this. No HTTP here.
import { orderNumber } from "#shared/orders.ts";
import { mobileE164 } from "#shared/phone.ts";
import { WHATSAPP_UPDATES_MESSAGES, type WhatsAppUpdatesView } from "#shared/whatsapp-updates.ts";
import type { Db } from "../db/client.ts";
import { conflict, notFound } from "../domain-errors.ts";
import { type LinkedOrder, stopUpdates, type UpdateLinks, updatesStopped } from "../whatsapp/opt-outs.ts";

export interface WhatsAppUpdates {
  /** What the link names and whether its number's updates are off; reading it changes nothing. */
  view(token: string): Promise<WhatsAppUpdatesView>;
  /** Turns the updates off for the link's order's number (again: says they were already off). */
  stop(token: string): Promise<WhatsAppUpdatesView & { already: boolean }>;
}

export function createWhatsAppUpdates(deps: { db: Db; links: UpdateLinks }): WhatsAppUpdates {
  async function linked(token: string): Promise<LinkedOrder & { phone: string }> {
    const order = await deps.links.orderOf(token);
    if (!order) throw notFound(WHATSAPP_UPDATES_MESSAGES.deadLink);
    const phone = order.phone && mobileE164(order.phone);
    if (!phone) throw conflict(WHATSAPP_UPDATES_MESSAGES.noMobile);
    return { ...order, phone };
  }
  const viewOf = (
    order: LinkedOrder & { phone: string },
    stopped: boolean,
    message: string | null,
  ): WhatsAppUpdatesView => ({
    order: orderNumber(order.orderId),
    phoneEnding: order.phone.slice(-4),
    stopped,
    message,
  });

  return {
    async view(token) {
      const order = await linked(token);
      return viewOf(order, await updatesStopped(deps.db, order.phone), null);
    },
    async stop(token) {
      const order = await linked(token);
      const ending = order.phone.slice(-4);
      const already = await updatesStopped(deps.db, order.phone);
      if (!already) await stopUpdates(deps.db, order.phone, "link");
      const message = already
        ? WHATSAPP_UPDATES_MESSAGES.alreadyStopped(ending)
        : WHATSAPP_UPDATES_MESSAGES.stopped(ending);
      return { ...viewOf(order, true, message), already };
    },
  };
}
