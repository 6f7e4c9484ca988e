// Back in stock (issue 33, part 4): asking to be told when a sold-out size returns, and stopping it
// from the mail's link. Telling is not here: the trigger of migration 0018 claims the waiting rows
// and queues their messages in the statement that brings a size back, and outbox.ts sends them.
// No HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { pakistaniMobile } from "#shared/phone.ts";
import {
  MAX_WAITING_PER_EMAIL,
  STOCK_ALERT_MESSAGES,
  type StockAlertLinkView,
  type StopAlertsAnswer,
} from "#shared/stock-alerts.ts";
import type { Db } from "../db/client.ts";
import { countRow, idRow } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { conflict, invalid, limitReached, notFound } from "../domain-errors.ts";
import type { StockAlertLinks } from "./links.ts";

/** Who is asking: an e-mail always; the account and a WhatsApp number when signed in. */
export interface Subscriber {
  email: string;
  userId?: string | undefined;
  /** 923001234567, only when the shop has WhatsApp. */
  whatsapp?: string | undefined;
}

export interface Subscribed {
  /** The row was waiting already: nothing new was written. */
  already: boolean;
  whatsapp: boolean;
}

export interface StockAlertService {
  subscribe(productId: string, size: number, who: Subscriber): Promise<Subscribed>;
  /** A signed-in customer's e-mail and, when the shop has WhatsApp, the mobile of their latest address or order. */
  subscriberOf(user: { id: string; email: string }, withWhatsApp: boolean): Promise<Subscriber>;
  /** What the stop link names, for its page; reading it changes nothing. */
  view(token: string): Promise<StockAlertLinkView>;
  /** Stops every alert still waiting for the link's e-mail. */
  stop(token: string): Promise<StopAlertsAnswer>;
}

const WAITING = sql`notified_at is null and unsubscribed_at is null`;

const existingRow = z.object({ id: z.string(), waiting: z.boolean(), whatsapp: z.string().nullable() });
const linkRow = z.object({ email: z.string(), product_name: z.string(), size: z.number() });

export function createStockAlertService(db: Db, links: StockAlertLinks): StockAlertService {
  async function alertOf(token: string) {
    const alertId = await links.check(token);
    if (!alertId) throw invalid(STOCK_ALERT_MESSAGES.tokenInvalid);
    const [row] = await selectRows(
      db,
      linkRow,
      sql`select a.email, p.name as product_name, a.size
          from stock_alerts a join products p on p.id = a.product_id where a.id = ${alertId}`,
    );
    // Signed by the shop but gone: its product was deleted, and the alert with it.
    if (!row) throw notFound(STOCK_ALERT_MESSAGES.tokenGone);
    return row;
  }

  async function waitingFor(email: string): Promise<number> {
    const [row] = await selectRows(
      db,
      countRow,
      sql`select count(*)::int as n from stock_alerts where email = ${email} and ${WAITING}`,
    );
    return row?.n ?? 0;
  }

  return {
    async subscribe(productId, size, who) {
      return db.transaction(async (tx) => {
        const [product] = await selectRows(
          tx,
          idRow,
          sql`select id from products where id = ${productId} and archived_at is null`,
        );
        if (!product) throw notFound(STOCK_ALERT_MESSAGES.productNotFound);
        // For share: a restock of this size waits until this ask commits (its trigger then sees the
        // new row and tells it), and this ask waits for a restock under way (then reads its pairs
        // and says 'in stock'). Either way no ask slips in between a restock and its alerts.
        const [stock] = await selectRows(
          tx,
          z.object({ stock: z.number() }),
          sql`select stock from product_sizes where product_id = ${productId} and size = ${size} for share`,
        );
        if (!stock)
          throw invalid(STOCK_ALERT_MESSAGES.notOffered(size), { size: STOCK_ALERT_MESSAGES.notOffered(size) });
        if (stock.stock > 0) throw conflict(STOCK_ALERT_MESSAGES.inStock(size));

        const [existing] = await selectRows(
          tx,
          existingRow,
          sql`select id, ${WAITING} as waiting, whatsapp from stock_alerts
              where product_id = ${productId} and size = ${size} and email = ${who.email} for update`,
        );
        if (existing?.waiting) {
          // The same ask again: the row stays; a customer who signed in since adds their account and number.
          const [row] = await selectRows(
            tx,
            existingRow.pick({ whatsapp: true }),
            sql`update stock_alerts set user_id = coalesce(${who.userId ?? null}::uuid, user_id),
                  whatsapp = coalesce(${who.whatsapp ?? null}, whatsapp)
                where id = ${existing.id} returning whatsapp`,
          );
          return { already: true, whatsapp: Boolean(row?.whatsapp) };
        }
        const [counted] = await selectRows(
          tx,
          countRow,
          sql`select count(*)::int as n from stock_alerts where email = ${who.email} and ${WAITING}`,
        );
        if ((counted?.n ?? 0) >= MAX_WAITING_PER_EMAIL) throw limitReached(STOCK_ALERT_MESSAGES.tooMany);

        if (existing) {
          // Told once already, or stopped: asking again re-arms the same row.
          await tx.execute(
            sql`update stock_alerts set asked_at = now(), notified_at = null, unsubscribed_at = null,
                  user_id = coalesce(${who.userId ?? null}::uuid, user_id), whatsapp = ${who.whatsapp ?? null}
                where id = ${existing.id}`,
          );
          return { already: false, whatsapp: who.whatsapp !== undefined };
        }
        const inserted = await selectRows(
          tx,
          idRow,
          sql`insert into stock_alerts (product_id, size, email, user_id, whatsapp)
              values (${productId}, ${size}, ${who.email}, ${who.userId ?? null}, ${who.whatsapp ?? null})
              on conflict (product_id, size, email) do nothing returning id`,
        );
        // Nothing inserted: the same ask, sent twice at once, was written by the other request.
        return { already: inserted.length === 0, whatsapp: who.whatsapp !== undefined };
      });
    },

    async subscriberOf(user, withWhatsApp) {
      if (!withWhatsApp) return { email: user.email.toLowerCase(), userId: user.id };
      const [row] = await selectRows(
        db,
        z.object({ phone: z.string().nullable() }),
        sql`select coalesce(
              (select a.phone_number from addresses a where a.user_id = ${user.id} order by a.used_at desc limit 1),
              (select o.phone_number from orders o where o.user_id = ${user.id} order by o.created_at desc limit 1)
            ) as phone`,
      );
      const whatsapp = row?.phone ? pakistaniMobile(row.phone) : undefined;
      return { email: user.email.toLowerCase(), userId: user.id, whatsapp };
    },

    async view(token) {
      const alert = await alertOf(token);
      return {
        email: alert.email,
        productName: alert.product_name,
        size: alert.size,
        waiting: await waitingFor(alert.email),
      };
    },

    async stop(token) {
      const { email } = await alertOf(token);
      // Every row of the address, told ones too: a message claimed but not yet sent is then dropped
      // by the outbox (outbox.ts reads unsubscribed_at before sending). Locked in (product, size)
      // order, the order a restock of several sizes claims them in, so the two never deadlock.
      const stopped = await selectRows(
        db,
        z.object({ waiting: z.boolean() }),
        sql`update stock_alerts set unsubscribed_at = now()
            where id in (select id from stock_alerts where email = ${email} and unsubscribed_at is null
                         order by product_id, size for update)
            returning notified_at is null as waiting`,
      );
      return { message: STOCK_ALERT_MESSAGES.stopped(email), stopped: stopped.filter((row) => row.waiting).length };
    },
  };
}
