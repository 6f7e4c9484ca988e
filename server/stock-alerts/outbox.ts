// Sending the back-in-stock messages that the restock's trigger queued (migration 0021): the mail
// outbox's own drainer for `back_in_stock` rows, and, when the shop has WhatsApp, one for
// `whatsapp_back_in_stock`. Like every outbox row they are leased, so two instances never send one
// at once, and a failed send is tried again later. A row whose customer stopped the mails after it
// was queued, or whose product went off sale, is dropped unsent. The same mail drainer sends the
// `stock_alert_confirm` mails an ask for a stopped address queued (service.ts), unless the ask was
// confirmed or stopped again before it left. No HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { WhatsAppConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import type { Mail, Mailer } from "../mail/mailer.ts";
import { type MailOutbox, startOutboxOf, stockAlertOutboxEntry } from "../mail/outbox.ts";
import { createGraphClient, type TemplateMessage } from "../whatsapp/graph.ts";
import type { StockAlertLinks } from "./links.ts";
import { type BackInStock, backInStockMail, backInStockTemplate, confirmAskMail } from "./messages.ts";

type Entry = z.output<typeof stockAlertOutboxEntry>;
/** The outbox kind of the 'press to confirm' mail (service.ts queues it). */
export const CONFIRM_KIND = "stock_alert_confirm";

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
const pendingRow = z.object({ id: z.string(), email: z.string(), product_name: z.string(), size: z.number() });

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

  /** The asks of a batch's confirm mails still waiting for their address's press, by alert id. */
  async function pendingOf(entries: Entry[]): Promise<Map<string, z.output<typeof pendingRow>>> {
    if (entries.length === 0) return new Map();
    const ids = [...new Set(entries.map((entry) => entry.stock_alert_id))];
    const rows = await selectRows(
      db,
      pendingRow,
      sql`select a.id, a.email, a.size, p.name as product_name
          from stock_alerts a join products p on p.id = a.product_id
          where a.id = any(${`{${ids.join(",")}}`}::uuid[]) and a.confirm_asked_at is not null
            and p.archived_at is null`,
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  async function renderMails(entries: Entry[]): Promise<Map<string, Mail>> {
    const confirms = entries.filter((entry) => entry.kind === CONFIRM_KIND);
    const [alerts, pending] = await Promise.all([
      alertsOf(entries.filter((entry) => entry.kind !== CONFIRM_KIND)),
      pendingOf(confirms),
    ]);
    const mails = new Map<string, Mail>();
    for (const entry of entries) {
      const ask = pending.get(entry.stock_alert_id);
      if (entry.kind === CONFIRM_KIND) {
        if (!ask) continue;
        const confirmUrl = await links.confirmUrl(ask.id);
        mails.set(
          entry.id,
          confirmAskMail({ email: ask.email, productName: ask.product_name, size: ask.size, confirmUrl }),
        );
        continue;
      }
      const alert = alerts.get(entry.stock_alert_id);
      if (!alert) continue;
      const stop = { page: await links.pageUrl(alert.id), oneClick: await links.oneClickUrl(alert.id) };
      mails.set(entry.id, backInStockMail(alert, stop));
    }
    return mails;
  }

  const mails = startOutboxOf<Mail, Entry>(stockAlertOutboxEntry, {
    db,
    kinds: ["back_in_stock", CONFIRM_KIND],
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
