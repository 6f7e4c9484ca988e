// The review request on WhatsApp (issue 53, docs/decisions/044-reviews.md): the sweep (requests.ts)
// queued a `whatsapp_review_request` row for the order in the transaction that asked its pairs; this
// drainer of the outbox (server/mail/outbox.ts: leased, retried with a back-off, once per row) sends
// it as the owner's utility template, modelled on the parcel messages (server/couriers/parcel-whatsapp.ts).
// Its variables are the order number and the signed link to the form, nothing typed at checkout. A
// number that turned WhatsApp updates off (server/whatsapp/opt-outs.ts) is skipped, checked when the
// message is sent; so is an order whose every asked pair has been reviewed meanwhile (from the mail).
// Template parameters are Meta's
// (https://developers.facebook.com/docs/whatsapp/cloud-api/guides/send-message-templates).
import { sql } from "drizzle-orm";
import { z } from "zod";
import { orderNumber } from "#shared/orders.ts";
import { mobileE164, pakistaniMobile } from "#shared/phone.ts";
import type { WhatsAppConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { type MailOutbox, type OutboxEntry, startOutbox } from "../mail/outbox.ts";
import { loadOrder } from "../orders/service.ts";
import { bodyTemplate, createGraphClient, type TemplateMessage, textParameter } from "../whatsapp/graph.ts";
import { updatesStopped } from "../whatsapp/opt-outs.ts";
import type { ReviewLinks } from "./links.ts";

const KINDS = ["whatsapp_review_request"] as const;

/** The link carries a signed token: longer than a confirmation's variables. */
const VARIABLE_MAX = 300;

/** Body variables, in order: {{1}} the order number, {{2}} the form's link. */
function reviewRequestTemplate(
  input: { orderId: string; phone: string; formUrl: string },
  template: { name: string; language: string },
): TemplateMessage | undefined {
  const to = pakistaniMobile(input.phone);
  if (!to) return undefined;
  return bodyTemplate(to, template, [
    textParameter(orderNumber(input.orderId)),
    textParameter(input.formUrl, VARIABLE_MAX),
  ]);
}

/** True while a pair asked about in the order has no review yet. */
async function stillAsking(db: Db, orderId: string): Promise<boolean> {
  const [row] = await selectRows(
    db,
    z.object({ open: z.boolean() }),
    sql`select exists (select 1 from review_requests q
                       where q.order_id = ${orderId}
                         and not exists (select 1 from reviews r
                                         where r.order_id = q.order_id and r.product_id = q.product_id
                                           and r.size = q.size)) as open`,
  );
  return row?.open === true;
}

export function startReviewRequestWhatsApp(options: {
  db: Db;
  whatsapp: WhatsAppConfig;
  links: ReviewLinks;
  logError(error: unknown, message: string): void;
}): MailOutbox {
  const { db, whatsapp } = options;
  const graph = createGraphClient(whatsapp);
  const template = { name: whatsapp.reviewRequestTemplate, language: whatsapp.templateLanguage };

  async function render(entries: OutboxEntry[]): Promise<Map<string, TemplateMessage>> {
    const messages = new Map<string, TemplateMessage>();
    for (const entry of entries) {
      const order = await loadOrder(db, entry.order_id);
      if (order?.status !== "delivered") continue;
      const phone = mobileE164(order.shippingAddress.phoneNumber);
      if (!phone || (await updatesStopped(db, phone))) continue;
      if (!(await stillAsking(db, order._id))) continue;
      const formUrl = await options.links.formUrl(order._id);
      const message = reviewRequestTemplate(
        { orderId: order._id, phone: order.shippingAddress.phoneNumber, formUrl },
        template,
      );
      if (message) messages.set(entry.id, message);
    }
    return messages;
  }

  return startOutbox<TemplateMessage>({
    db,
    kinds: KINDS,
    noun: "WhatsApp message",
    render,
    // Meta's API takes no idempotency key: a message is settled alone right after its send instead.
    send: async (message) => {
      await graph.send(message);
    },
    logError: options.logError,
  });
}
