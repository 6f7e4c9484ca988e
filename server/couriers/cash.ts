// The cash side of cash on delivery (issues 32 and 48): what reached the shop (takings, collected
// less each courier's deductions), what couriers or the rider still hold for delivered parcels and
// how long past their payout, what parcels on the road should bring, and the short payments still
// to settle. Takings count only settled parcels, by the Karachi day the cash was recorded.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { ageCashWithCouriers } from "#shared/cash-aging.ts";
import { PAYOUT_CYCLES } from "#shared/courier-terms.ts";
import type { CashSummary } from "#shared/couriers.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { CASH_DUE_LIST, WITH_COURIER_LIST } from "../db/status-sql.ts";
import { unsettledShortPayments } from "./short-payments.ts";
import { loadTakings } from "./takings.ts";

/** `now` is the clock the payouts' lateness is read against (tests give their own). */
export async function loadCashSummary(db: Db, now = Date.now()): Promise<CashSummary> {
  // Four reads that do not depend on each other: side by side on PostgreSQL's pool.
  const [takings, unpaid, [road], shortPayments] = await Promise.all([
    loadTakings(db),
    // Delivered, unsettled parcels through parcels_unsettled_idx, each with its delivery's time (the
    // history's line; the dispatch for a parcel without one) and its courier's payout terms.
    selectRows(
      db,
      z.object({
        courier_id: z.string(),
        courier: z.string(),
        amount: z.number(),
        delivered_ms: z.number(),
        payout_cycle: z.enum(PAYOUT_CYCLES).nullable(),
        payout_weekday: z.number().nullable(),
        payout_hours: z.number().nullable(),
      }),
      sql`select p.courier_id, c.name as courier, p.cod_amount as amount,
               (extract(epoch from coalesce(
                 (select max(e.created_at) from order_status_events e
                   where e.order_id = p.order_id and e.to_status = 'delivered'),
                 p.dispatched_at)) * 1000)::float8 as delivered_ms,
               t.payout_cycle, t.payout_weekday, t.payout_hours
        from parcels p join couriers c on c.id = p.courier_id join orders o on o.id = p.order_id
        left join courier_terms t on t.courier_id = p.courier_id
        where p.settled_at is null and o.status in ${CASH_DUE_LIST}`,
    ),
    selectRows(
      db,
      z.object({ parcels: z.number(), amount: z.number() }),
      sql`select count(*)::int as parcels, coalesce(sum(p.cod_amount), 0)::int as amount
        from parcels p join orders o on o.id = p.order_id
        where p.settled_at is null and o.status in ${WITH_COURIER_LIST}`,
    ),
    unsettledShortPayments(db),
  ]);
  const withCouriers = ageCashWithCouriers(
    unpaid.map((r) => ({
      courierId: r.courier_id,
      courier: r.courier,
      amount: r.amount,
      deliveredMs: r.delivered_ms,
      terms:
        r.payout_cycle === null
          ? null
          : { payoutCycle: r.payout_cycle, payoutWeekday: r.payout_weekday, payoutHours: r.payout_hours },
    })),
    now,
  );
  return {
    collectedToday: takings.today.collected,
    collectedWeek: takings.week.collected,
    takings,
    withCouriers,
    onTheRoad: { parcels: road?.parcels ?? 0, amount: road?.amount ?? 0 },
    shortPayments,
    allIn: withCouriers.length === 0 && shortPayments.count === 0,
  };
}
