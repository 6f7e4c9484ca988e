// CSV exports (issue 18): the same filters as the admin lists, without the page; and the period of
// the accountant's payouts export (issue 48).
import { adminOrdersQuerySchema, adminProductsQuerySchema } from "./admin.ts";
import { SHOP_TIME_ZONE } from "./shop.ts";
import { z } from "./zod.ts";

export const ordersExportQuerySchema = adminOrdersQuerySchema.omit({ page: true });
export const productsExportQuerySchema = adminProductsQuerySchema.omit({ page: true });

/** "orders-2026-11-24.csv": the Karachi day it was taken, so a folder of exports sorts by date. */
export function exportFileName(what: "orders" | "products", now = new Date()): string {
  return `${what}-${karachiDay(now)}.csv`;
}

/** The longest period of one payouts export: a year, a leap year's included. */
export const PAYOUTS_MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export const isCalendarDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

const periodDay = (which: "first" | "last", key: "from" | "to") =>
  z
    .string({ error: `Choose the period's ${which} day (${key}), a date like 2026-11-01.` })
    .refine((text) => text !== "", { error: `Choose the period's ${which} day (${key}), a date like 2026-11-01.` })
    .refine((text) => text === "" || isCalendarDay(text), {
      error: `The period's ${which} day (${key}) must be a date like 2026-11-01.`,
    });

/**
 * GET /api/admin/exports/payouts.csv?from=&to=: Karachi days, both included, at most
 * PAYOUTS_MAX_DAYS of them.
 */
export const payoutsExportQuerySchema = z
  .object({ from: periodDay("first", "from"), to: periodDay("last", "to") })
  .superRefine(({ from, to }, context) => {
    if (!isCalendarDay(from) || !isCalendarDay(to)) return;
    const days = dayNumber(to) - dayNumber(from) + 1;
    if (days < 1)
      context.addIssue({
        code: "custom",
        path: ["to"],
        message: "The period ends before it starts: choose a last day on or after the first.",
      });
    else if (days > PAYOUTS_MAX_DAYS)
      context.addIssue({
        code: "custom",
        path: ["to"],
        message: `A period can be at most ${PAYOUTS_MAX_DAYS} days: choose a shorter one.`,
      });
  });
export type PayoutsExportQuery = z.output<typeof payoutsExportQuerySchema>;

/** "payouts-2026-11-01-to-2026-11-30.csv": the period it covers. */
export function payoutsFileName({ from, to }: PayoutsExportQuery): string {
  return `payouts-${from}-to-${to}.csv`;
}

/** The Karachi day `now` falls on, YYYY-MM-DD. */
function karachiDay(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE }).format(now);
}

/** This month so far, or the whole of last month, in Karachi days. */
export function payoutPeriod(choice: "this-month" | "last-month", now = new Date()): PayoutsExportQuery {
  const today = karachiDay(now);
  if (choice === "this-month") return { from: `${today.slice(0, 8)}01`, to: today };
  const [year, month] = today.split("-").map(Number) as [number, number];
  // Day 0 of this month is the last day of the one before.
  const last = new Date(Date.UTC(year, month - 1, 0)).toISOString().slice(0, 10);
  return { from: `${last.slice(0, 8)}01`, to: last };
}
