// Back in stock (issue 33, part 4): asking to be told when a sold-out size returns, and stopping it
// from the mail's link. Telling is not here: the trigger of migration 0021 claims the waiting rows
// and queues their messages in the statement that brings a size back, and outbox.ts sends them.
// An ask for an address that pressed 'stop' waits for a press from that address (issue 45,
// docs/decisions/021-back-in-stock.md): it is kept stopped and a 'press to confirm' mail is queued in
// the outbox; only the address's own proven account may ask again directly. No HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { pakistaniMobile } from "#shared/phone.ts";
import { MAX_WAITING_PER_EMAIL, STOCK_ALERT_MESSAGES } from "#shared/stock-alerts.ts";
import type { Db } from "../db/client.ts";
import { countRow, idRow } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { conflict, invalid, limitReached, notFound } from "../domain-errors.ts";
import { HELD, lockAddress, STOPPED, WAITING } from "./address.ts";
import type { StockAlertLinks } from "./links.ts";
import { CONFIRM_KIND } from "./outbox.ts";
import { createStockAlertPresses, type StockAlertPresses } from "./presses.ts";

/** Who is asking: an e-mail always; the account and a WhatsApp number when signed in. */
export interface Subscriber {
  email: string;
  userId?: string | undefined;
  /** 923001234567, only when the shop has WhatsApp. */
  whatsapp?: string | undefined;
  /** The signed-in account's own e-mail, proven by a press on a link mailed there (docs/decisions/024). */
  proven?: boolean | undefined;
}

export interface Subscribed {
  /** A WhatsApp message goes too (or will, once the address confirms). */
  whatsapp: boolean;
}

export interface StockAlertService extends StockAlertPresses {
  subscribe(productId: string, size: number, who: Subscriber): Promise<Subscribed>;
  /** A signed-in customer's e-mail, whether it is proven and, when the shop has WhatsApp, the mobile of their latest address or order. */
  subscriberOf(user: { id: string; email: string }, withWhatsApp: boolean): Promise<Subscriber>;
}

/** However many ask for a stopped address, it gets at most one 'press to confirm' mail a day. */
const CONFIRM_MAIL_EVERY = sql`interval '1 day'`;

const existingRow = z.object({
  id: z.string(),
  waiting: z.boolean(),
  pending: z.boolean(),
  whatsapp: z.string().nullable(),
});

export function createStockAlertService(db: Db, links: StockAlertLinks): StockAlertService {
  /** Queues the address's confirm mail for this ask, unless one left within the day. */
  async function mailConfirm(tx: Db, email: string, alertId: string): Promise<void> {
    await tx.execute(
      sql`with due as (
            update stock_alert_stops set confirm_mailed_at = now()
            where email = ${email} and (confirm_mailed_at is null or confirm_mailed_at < now() - ${CONFIRM_MAIL_EVERY})
            returning email)
          insert into mail_outbox (kind, stock_alert_id) select ${CONFIRM_KIND}, ${alertId}::uuid from due`,
    );
  }

  return {
    ...createStockAlertPresses(db, links),

    async subscribe(productId, size, who) {
      const { email } = who;
      return db.transaction(async (tx) => {
        await lockAddress(tx, email);
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

        // The address's own proven account asking is the press from that address: its stop ends.
        if (who.proven) await tx.execute(sql`delete from stock_alert_stops where email = ${email}`);
        const [address] = await selectRows(
          tx,
          z.object({ stopped: z.boolean() }),
          sql`select ${STOPPED(email)} as stopped`,
        );
        const stopped = address?.stopped ?? false;

        const [existing] = await selectRows(
          tx,
          existingRow,
          sql`select id, ${WAITING} as waiting, confirm_asked_at is not null as pending, whatsapp from stock_alerts
              where product_id = ${productId} and size = ${size} and email = ${email} for update`,
        );
        if (existing && (existing.waiting || (stopped && existing.pending))) {
          // The same ask again: the row stays; a customer who signed in since adds their account and number.
          const [row] = await selectRows(
            tx,
            existingRow.pick({ whatsapp: true }),
            sql`update stock_alerts set user_id = coalesce(${who.userId ?? null}::uuid, user_id),
                  whatsapp = coalesce(${who.whatsapp ?? null}, whatsapp)
                where id = ${existing.id} returning whatsapp`,
          );
          // Still waiting for the press: the mail goes again if the last one left a day ago.
          if (existing.pending) await mailConfirm(tx, email, existing.id);
          return { whatsapp: Boolean(row?.whatsapp) };
        }
        const [counted] = await selectRows(
          tx,
          countRow,
          sql`select count(*)::int as n from stock_alerts
              where email = ${email} and ${HELD} and not (product_id = ${productId} and size = ${size})`,
        );
        if ((counted?.n ?? 0) >= MAX_WAITING_PER_EMAIL) throw limitReached(STOCK_ALERT_MESSAGES.tooMany);

        // A stopped address's ask is kept stopped, marked as waiting for the press, and mailed.
        const unsubscribed = stopped ? sql`coalesce(unsubscribed_at, now())` : sql`null`;
        const pressAsked = stopped ? sql`now()` : sql`null`;
        const [row] = existing
          ? // Told once already, or stopped: asking again re-arms the same row.
            await selectRows(
              tx,
              idRow,
              sql`update stock_alerts set asked_at = now(), notified_at = null, unsubscribed_at = ${unsubscribed},
                    confirm_asked_at = ${pressAsked},
                    user_id = coalesce(${who.userId ?? null}::uuid, user_id), whatsapp = ${who.whatsapp ?? null}
                  where id = ${existing.id} returning id`,
            )
          : // The address's lock keeps a second ask for it out until this one commits.
            await selectRows(
              tx,
              idRow,
              sql`insert into stock_alerts (product_id, size, email, user_id, whatsapp, unsubscribed_at, confirm_asked_at)
                  values (${productId}, ${size}, ${email}, ${who.userId ?? null}, ${who.whatsapp ?? null},
                          ${pressAsked}, ${pressAsked})
                  returning id`,
            );
        if (stopped && row) await mailConfirm(tx, email, row.id);
        return { whatsapp: who.whatsapp !== undefined };
      });
    },

    async subscriberOf(user, withWhatsApp) {
      const [row] = await selectRows(
        db,
        z.object({ proven: z.boolean(), phone: z.string().nullable() }),
        sql`select u.email_verified_at is not null as proven,
              ${
                withWhatsApp
                  ? sql`coalesce(
                      (select a.phone_number from addresses a where a.user_id = u.id order by a.used_at desc limit 1),
                      (select o.phone_number from orders o where o.user_id = u.id order by o.created_at desc limit 1))`
                  : sql`null::text`
              } as phone
            from users u where u.id = ${user.id}`,
      );
      const whatsapp = row?.phone ? pakistaniMobile(row.phone) : undefined;
      return { email: user.email.toLowerCase(), userId: user.id, whatsapp, proven: row?.proven ?? false };
    },
  };
}
