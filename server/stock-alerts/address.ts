// What the ask (service.ts) and the mail links' buttons (presses.ts) share about one e-mail's alerts:
// which rows wait, which count towards the per-address cap, and the lock that puts every change of
// one address's alerts in a row, so a 'stop' pressed while someone asks for that address ends with
// the address stopped and the ask kept for its press, never with a row waiting behind the stop.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/** A row the next return of its size tells. */
export const WAITING = sql`notified_at is null and unsubscribed_at is null`;

/** A row that waits, or waits for its address's press: both count towards MAX_WAITING_PER_EMAIL. */
export const HELD = sql`notified_at is null and (unsubscribed_at is null or confirm_asked_at is not null)`;

/**
 * Holds the address's lock until the transaction ends. Taken first, before any product size or
 * alert row, by every writer of an address's rows except a restock's trigger, which only ever sets
 * notified_at on waiting rows.
 */
export async function lockAddress(tx: Db, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`stock-alerts:${email}`}, 0))`);
}

/** Whether the address pressed 'stop' and has not confirmed since (table stock_alert_stops). */
export const STOPPED = (email: string): SQL => sql`exists (select 1 from stock_alert_stops where email = ${email})`;
