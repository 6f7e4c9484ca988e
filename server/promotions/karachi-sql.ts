// Karachi wall time in SQL, for the owner's promotions (scheduled sales, discount codes, offers): the
// forms send and show the wall time the owner picks ("2026-11-27T00:00"); the tables keep instants.
import { type SQL, sql } from "drizzle-orm";
import { SHOP_TIME_ZONE } from "#shared/shop.ts";

const tz = SHOP_TIME_ZONE;

/** Karachi wall time ("2026-11-27T00:00") as an instant, in SQL. */
export const instant = (local: string): SQL => sql`(${local}::timestamp at time zone ${tz})`;

/** An instant column as Karachi wall time, in SQL. */
export const wallTime = (column: string): SQL =>
  sql.raw(`to_char(${column} at time zone '${tz}', 'YYYY-MM-DD"T"HH24:MI')`);
