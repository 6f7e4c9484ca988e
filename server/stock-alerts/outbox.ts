// Sending the back-in-stock messages that the restock's trigger queued (migration 0018): the mail
// outbox's own drainer for `back_in_stock` rows, and, when the shop has WhatsApp, one for
// `whatsapp_back_in_stock`. Like every outbox row they are leased, so two instances never send one
// at once, and a failed send is tried again later. A row whose customer stopped the mails after it
// was queued, or whose product went off sale, is dropped unsent. No HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { WhatsAppConfig } from "../config.ts";
import { createGraphClient, type TemplateMessage } from "../confirmation/whatsapp-graph.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import type { Mail, Mailer } from "../mail/mailer.ts";
import { type MailOutbox, startOutboxOf, stockAlertOutboxEntry } from "../mail/outbox.ts";
import type { StockAlertLinks } from "./links.ts";
import { type BackInStock, backInStockMail, backInStockTemplate } from "./messages.ts";

type Entry = z.output<typeof stockAlertOutboxEntry>;

const alertRow = z.object({
  id: z.string(),
  email: z.string(),
  whatsapp: z.string().nullable(),
  product_id: z.string(),
  product_name: z.string(),
  size: z.number(),
  price: z.number(),
  discount_price: z.number(),
});

export interface StockAlertOutboxOptions {
  db: Db;
  mailer: Mailer;
  links: StockAlertLinks;
  publicUrl: string;
  whatsapp: WhatsAppConfig | undefined;
  logError(error: unknown, message: string): void;
}

export function startStockAlertOutboxes(options: StockAlertOutboxOptions): MailOutbox {
  const { db, links, publicUrl, whatsapp } = options;

  /** The alerts of a batch that may still be told, by alert id. */
  async function alertsOf(entries: Entry[]): Promise<Map<string, BackInStock & { id: string }>> {
    const ids = [...new Set(entries.map((entry) => entry.stock_alert_id))];
    const rows = await selectRows(
      db,
      alertRow,
      sql`select a.id, a.email, a.whatsapp, a.size, p.id as product_id, p.name as product_name, p.price, p.discount_price
          from stock_alerts a join products p on p.id = a.product_id
          where a.id = any(${`{${ids.join(",")}}`}::uuid[]) and a.unsubscribed_at is null and p.archived_at is null`,
    );
    return new Map(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          email: row.email,
          whatsapp: row.whatsapp,
          productName: row.product_name,
          size: row.size,
          price: row.price,
          discountPrice: row.discount_price,
          productUrl: `${publicUrl}/products/${row.product_id}?size=${row.size}`,
        },
      ]),
    );
  }

  async function renderMails(entries: Entry[]): Promise<Map<string, Mail>> {
    const alerts = await alertsOf(entries);
    const mails = new Map<string, Mail>();
    for (const entry of entries) {
      const alert = alerts.get(entry.stock_alert_id);
      if (!alert) continue;
      const stop = { page: await links.pageUrl(alert.id), oneClick: await links.oneClickUrl(alert.id) };
      mails.set(entry.id, backInStockMail(alert, stop));
    }
    return mails;
  }

  const mails = startOutboxOf<Mail, Entry>(stockAlertOutboxEntry, {
    db,
    kinds: ["back_in_stock"],
    noun: "e-mail",
    render: renderMails,
    send: (mail, key) => options.mailer.send({ ...mail, messageKey: key }),
    logError: options.logError,
  });
  if (!whatsapp) return mails;

  const graph = createGraphClient(whatsapp);
  const template = { name: whatsapp.backInStockTemplate, language: whatsapp.templateLanguage };
  const messages = startOutboxOf<TemplateMessage, Entry>(stockAlertOutboxEntry, {
    db,
    kinds: ["whatsapp_back_in_stock"],
    noun: "WhatsApp message",
    render: async (entries) => {
      const alerts = await alertsOf(entries);
      const out = new Map<string, TemplateMessage>();
      for (const entry of entries) {
        const alert = alerts.get(entry.stock_alert_id);
        if (alert?.whatsapp) out.set(entry.id, backInStockTemplate({ ...alert, whatsapp: alert.whatsapp }, template));
      }
      return out;
    },
    // Meta's API takes no idempotency key: a message is settled alone right after its send instead.
    send: async (message) => {
      await graph.send(message);
    },
    logError: options.logError,
  });
  return {
    wake() {
      mails.wake();
      messages.wake();
    },
    async drain() {
      return (await mails.drain()) + (await messages.drain());
    },
    async close() {
      await Promise.all([mails.close(), messages.close()]);
    },
  };
}
