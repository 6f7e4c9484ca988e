// The WhatsApp side of a failed delivery's question (issue 49): the transaction that recorded the
// attempt queued a `whatsapp_delivery_attempt` row for the order; this drainer of the outbox
// (server/mail/outbox.ts: leased, retried with a back-off) sends the owner's template with the link
// to the choice. A question already answered, or a parcel no longer out, is dropped, not sent late.

import { sql } from "drizzle-orm";
import { z } from "zod";
import type { WhatsAppConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { selectRows } from "../../db/rows.ts";
import { type MailOutbox, type OutboxEntry, startOutbox } from "../../mail/outbox.ts";
import { createGraphClient, type TemplateMessage } from "../../whatsapp/graph.ts";
import { attemptTemplate } from "./messages.ts";
import type { AttemptService } from "./service.ts";

// A raw statement's timestamps come back as text (drizzle sets both drivers' parsers so): coerced.
const openAttempt = z.object({
  id: z.string(),
  courier: z.string(),
  courier_status: z.string(),
  remark: z.string().nullable(),
  return_by: z.coerce.date(),
  due_on_delivery: z.number(),
  phone_number: z.string(),
});

export function startAttemptWhatsApp(options: {
  db: Db;
  whatsapp: WhatsAppConfig;
  attempts: Pick<AttemptService, "urlFor">;
  logError(error: unknown, message: string): void;
}): MailOutbox {
  const { db, whatsapp } = options;
  const graph = createGraphClient(whatsapp);
  const template = { name: whatsapp.deliveryAttemptTemplate, language: whatsapp.templateLanguage };
  return startOutbox<TemplateMessage>({
    db,
    kinds: ["whatsapp_delivery_attempt"],
    noun: "WhatsApp message",
    render: async (entries: OutboxEntry[]) => {
      const messages = new Map<string, TemplateMessage>();
      for (const entry of entries) {
        const [attempt] = await selectRows(
          db,
          openAttempt,
          sql`select a.id, c.name as courier, a.courier_status, a.remark, a.return_by, o.due_on_delivery, o.phone_number
              from delivery_attempts a join orders o on o.id = a.order_id join couriers c on c.id = a.courier_id
              where a.order_id = ${entry.order_id} and a.state = 'asking' and o.status = 'dispatched'
              order by a.reported_at desc limit 1`,
        );
        if (!attempt) continue;
        const news = {
          orderId: entry.order_id,
          courier: attempt.courier,
          reason: attempt.remark ? `${attempt.courier_status} (${attempt.remark})` : attempt.courier_status,
          returnBy: attempt.return_by,
          dueOnDelivery: attempt.due_on_delivery,
          url: await options.attempts.urlFor(attempt.id),
        };
        const message = attemptTemplate(news, attempt.phone_number, template);
        if (message) messages.set(entry.id, message);
      }
      return messages;
    },
    // Meta's API takes no idempotency key: a message is settled alone right after its send instead.
    send: async (message) => {
      await graph.send(message);
    },
    logError: options.logError,
  });
}
