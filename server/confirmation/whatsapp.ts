// The WhatsApp channel's drainer of the outbox (server/mail/outbox.ts): the order statement and the
// sweep queue `whatsapp_confirm` and `whatsapp_reminder` rows in the same statements that make them
// owed; this sends each as the owner's template through Meta's Cloud API (whatsapp-graph.ts). Like
// the mails: leased, so instances never send one row at once; a failed send waits and is tried
// again; what went out is written into the order's confirmation history. Each message is first
// decided against the daily limits and says the typed name and address only to a proven phone
// (whatsapp-phones.ts; docs/decisions/024, "Phones"). Started only when the shop has WhatsApp
// configured (config.whatsapp). No HTTP server here.
import { mobileE164 } from "#shared/phone.ts";
import type { WhatsAppConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { type MailOutbox, type OutboxEntry, startOutbox, WHATSAPP_KINDS } from "../mail/outbox.ts";
import { loadOrder } from "../orders/service.ts";
import { createGraphClient, type TemplateMessage } from "../whatsapp/graph.ts";
import type { ConfirmationLinks } from "./links.ts";
import type { ConfirmationService } from "./service.ts";
import { confirmationTemplate } from "./whatsapp-message.ts";
import { decideSend, type WhatsAppKind } from "./whatsapp-phones.ts";

export interface WhatsAppOutboxOptions {
  db: Db;
  whatsapp: WhatsAppConfig;
  links: ConfirmationLinks;
  confirmation: Pick<ConfirmationService, "recordSent">;
  logError(error: unknown, message: string): void;
  pollMs?: number;
}

export function startWhatsAppOutbox(options: WhatsAppOutboxOptions): MailOutbox {
  const { db, whatsapp, links } = options;
  const graph = createGraphClient(whatsapp);
  const templateOf: Record<WhatsAppKind, string> = {
    whatsapp_confirm: whatsapp.confirmTemplate,
    whatsapp_reminder: whatsapp.reminderTemplate,
  };

  async function render(entries: OutboxEntry[]): Promise<Map<string, TemplateMessage>> {
    const messages = new Map<string, TemplateMessage>();
    for (const entry of entries) {
      const kind = entry.kind as WhatsAppKind;
      const name = templateOf[kind];
      const order = name ? await loadOrder(db, entry.order_id) : undefined;
      // Answered, cancelled or moved by the owner since it was queued (a send that failed for a
      // while, or a reminder): buttons that can only say "too late" would confuse. Dropped.
      if (!name || !order || order.status !== "pending") continue;
      // Orders hold 03xx… or +923xx…; anything else (an old order typed otherwise) cannot be messaged.
      const phone = mobileE164(order.shippingAddress.phoneNumber);
      if (!phone) continue;
      // Over a daily limit: dropped, and the order's history says so; its e-mail goes regardless.
      const decision = await decideSend(db, { orderId: order._id, kind, phone });
      if (!decision.send) continue;
      const token = await links.tokenFor(order._id, new Date(order.createdAt), "whatsapp");
      const template = { name, language: whatsapp.templateLanguage };
      const message = confirmationTemplate(order, token, template, decision.proven);
      if (message) messages.set(entry.id, message);
    }
    return messages;
  }

  return startOutbox<TemplateMessage>({
    db,
    kinds: WHATSAPP_KINDS,
    noun: "WhatsApp message",
    render,
    // Meta's API takes no idempotency key: a message is settled alone right after its send instead.
    send: async (message) => {
      await graph.send(message);
    },
    sent: (entries) => options.confirmation.recordSent(entries),
    logError: options.logError,
    ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
  });
}
