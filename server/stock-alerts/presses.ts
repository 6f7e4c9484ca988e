// The buttons of the back-in-stock mails' links, and what their pages show first: 'stop' (one size
// of the link's e-mail, issue 46, or every alert of it, and then the address stays stopped) and
// 'confirm' (an ask made for an address that had stopped: the address's owner starts the mails
// again). The signed token is the permission; reading a page changes nothing (mail scanners open
// links). No HTTP here.
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  type ConfirmAlertsAnswer,
  STOCK_ALERT_MESSAGES,
  type StockAlertConfirmView,
  type StockAlertLinkView,
  type StopAlertsAnswer,
  type WatchedSize,
} from "#shared/stock-alerts.ts";
import type { Db } from "../db/client.ts";
import { countRow, idRow } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { invalid, notFound } from "../domain-errors.ts";
import { lockAddress, WAITING } from "./address.ts";
import type { StockAlertLinks } from "./links.ts";

export interface StockAlertPresses {
  /** What the stop link names and the sizes its e-mail still waits for, for its page; reading it changes nothing. */
  view(token: string): Promise<StockAlertLinkView>;
  /**
   * With `only`, stops that one size of the link's e-mail (a preference: the address is not stopped,
   * so it may be asked for again like any). Without, stops every alert of the e-mail, and any ask for
   * it until a press from that address.
   */
  stop(token: string, only?: { productId: string; size: number }): Promise<StopAlertsAnswer>;
  /** What the confirm link names, for its page; reading it changes nothing. */
  confirmView(token: string): Promise<StockAlertConfirmView>;
  /** The address's press: every ask made for it since it stopped waits again. */
  confirm(token: string): Promise<ConfirmAlertsAnswer>;
}

const linkRow = z.object({
  email: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  size: z.number(),
  state: z.enum(["waiting", "told", "stopped"]),
});
const watchedRow = z.object({ product_id: z.string(), product_name: z.string(), size: z.number() });
const sizeRow = z.object({ product_id: z.string(), size: z.number(), stock: z.number() });

export function createStockAlertPresses(db: Db, links: StockAlertLinks): StockAlertPresses {
  async function alertOf(alertId: string | undefined) {
    if (!alertId) throw invalid(STOCK_ALERT_MESSAGES.tokenInvalid);
    const [row] = await selectRows(
      db,
      linkRow,
      sql`select a.email, a.product_id, p.name as product_name, a.size,
            case when a.unsubscribed_at is not null then 'stopped' when a.notified_at is not null then 'told'
                 else 'waiting' end as state
          from stock_alerts a join products p on p.id = a.product_id where a.id = ${alertId}`,
    );
    // Signed by the shop but gone: its product was deleted, and the alert with it.
    if (!row) throw notFound(STOCK_ALERT_MESSAGES.tokenGone);
    return row;
  }

  async function countOf(email: string, which: SQL): Promise<number> {
    const [row] = await selectRows(
      db,
      countRow,
      sql`select count(*)::int as n from stock_alerts where email = ${email} and ${which}`,
    );
    return row?.n ?? 0;
  }

  /** The sizes the e-mail still waits for, by product name and size. */
  async function watchingOf(email: string): Promise<WatchedSize[]> {
    const rows = await selectRows(
      db,
      watchedRow,
      sql`select a.product_id, p.name as product_name, a.size
          from stock_alerts a join products p on p.id = a.product_id
          where a.email = ${email} and a.notified_at is null and a.unsubscribed_at is null
          order by p.name, a.size`,
    );
    return rows.map((row) => ({ productId: row.product_id, productName: row.product_name, size: row.size }));
  }

  /** One size of the address: stopped, and dropped if it waited for the address's press. */
  async function stopOne(email: string, only: { productId: string; size: number }) {
    const [row] = await db.transaction(async (tx) => {
      await lockAddress(tx, email);
      return selectRows(
        tx,
        z.object({ waiting: z.boolean(), product_name: z.string() }),
        sql`update stock_alerts a set unsubscribed_at = coalesce(a.unsubscribed_at, now()), confirm_asked_at = null
            from (select id, ${WAITING} as waiting from stock_alerts
                  where email = ${email} and product_id = ${only.productId} and size = ${only.size} for update) s,
                 products p
            where a.id = s.id and p.id = a.product_id
            returning s.waiting, p.name as product_name`,
      );
    });
    if (!row) throw notFound(STOCK_ALERT_MESSAGES.notWatched);
    return { stopped: row.waiting ? 1 : 0, productName: row.product_name };
  }

  return {
    async view(token) {
      const alert = await alertOf(await links.check(token));
      return {
        email: alert.email,
        productId: alert.product_id,
        productName: alert.product_name,
        size: alert.size,
        state: alert.state,
        watching: await watchingOf(alert.email),
      };
    },

    async stop(token, only) {
      const { email } = await alertOf(await links.check(token));
      if (only) {
        const { stopped, productName } = await stopOne(email, only);
        const message = STOCK_ALERT_MESSAGES.stoppedOne(email, only.size, productName);
        return { message, stopped, watching: await watchingOf(email) };
      }
      const stopped = await db.transaction(async (tx) => {
        await lockAddress(tx, email);
        await tx.execute(
          sql`insert into stock_alert_stops (email) values (${email})
              on conflict (email) do update set stopped_at = now()`,
        );
        // Every row of the address, told ones too: a message claimed but not yet sent is then dropped
        // by the outbox (outbox.ts reads unsubscribed_at before sending), and an ask waiting for the
        // press is dropped with its confirm mail. Locked in (product, size) order, the order a
        // restock of several sizes claims them in, so the two never deadlock.
        return selectRows(
          tx,
          z.object({ waiting: z.boolean() }),
          sql`update stock_alerts a set unsubscribed_at = coalesce(a.unsubscribed_at, now()), confirm_asked_at = null
              from (select id, ${WAITING} as waiting from stock_alerts
                    where email = ${email} and (unsubscribed_at is null or confirm_asked_at is not null)
                    order by product_id, size for update) s
              where a.id = s.id
              returning s.waiting`,
        );
      });
      return {
        message: STOCK_ALERT_MESSAGES.stopped(email),
        stopped: stopped.filter((row) => row.waiting).length,
        watching: [],
      };
    },

    async confirmView(token) {
      const alert = await alertOf(await links.checkConfirm(token));
      return {
        email: alert.email,
        productName: alert.product_name,
        size: alert.size,
        pending: await countOf(alert.email, sql`confirm_asked_at is not null`),
      };
    },

    async confirm(token) {
      const { email } = await alertOf(await links.checkConfirm(token));
      const confirmed = await db.transaction(async (tx) => {
        await lockAddress(tx, email);
        await tx.execute(sql`delete from stock_alert_stops where email = ${email}`);
        // The sizes asked for, for share as an ask holds them: a restock under way finishes first
        // (its pairs are then read here), or waits for this press (its trigger then tells the rows).
        const sizes = await selectRows(
          tx,
          sizeRow,
          sql`select s.product_id, s.size, s.stock from product_sizes s
              join stock_alerts a on a.product_id = s.product_id and a.size = s.size
              where a.email = ${email} and a.confirm_asked_at is not null
              order by s.product_id, s.size for share of s`,
        );
        const rows = await selectRows(
          tx,
          idRow,
          sql`update stock_alerts set unsubscribed_at = null, confirm_asked_at = null, notified_at = null
              where email = ${email} and confirm_asked_at is not null returning id`,
        );
        // A size that came back while the ask waited for the press is told now, as a restock would.
        for (const back of sizes.filter((s) => s.stock > 0))
          await tx.execute(sql`select stock_alerts_claim(${back.product_id}::uuid, ${back.size}::smallint)`);
        return rows.length;
      });
      return { message: STOCK_ALERT_MESSAGES.confirmed(email, confirmed), confirmed };
    },
  };
}
