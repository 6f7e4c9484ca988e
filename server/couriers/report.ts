// The delivery report (shared/delivery-report.ts): the orders placed in the last 30 or 90 Karachi
// days, by outcome, in all, by courier, by area and by week, in one statement (grouping sets over
// the period's orders, read through orders_created_idx), and the customers who refused most in a
// second. No HTTP here.
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  type AreaDeliveryRow,
  type CourierDeliveryRow,
  type DeliveryReport,
  type DeliveryRow,
  NO_AREA,
  NOT_DISPATCHED,
  percentOf,
  REPORT_AREA_LIMIT,
  REPORT_REFUSER_LIMIT,
  type RefusingCustomer,
  type ReportPeriod,
  ratesOf,
  type WeekDeliveryRow,
} from "#shared/delivery-report.ts";
import { SHOP_TIME_ZONE } from "#shared/shop.ts";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { OPEN_STATUS_LIST } from "../db/status-sql.ts";

const groupRow = z.object({
  kind: z.enum(["all", "courier", "area", "week"]),
  first_day: z.string(),
  last_day: z.string(),
  courier_id: z.string().nullable(),
  courier: z.string().nullable(),
  area: z.string().nullable(),
  week: z.string().nullable(),
  orders: z.number(),
  dispatched: z.number(),
  refused_of_dispatched: z.number(),
  delivered: z.number(),
  refused: z.number(),
  cancelled: z.number(),
  lost_damaged: z.number(),
  open: z.number(),
  refusal_cost: z.number(),
  uncharged: z.number(),
  attempted: z.number(),
  first_attempt: z.number(),
  rescued: z.number(),
});
type GroupRow = z.output<typeof groupRow>;

export async function loadDeliveryReport(db: Db, days: ReportPeriod): Promise<DeliveryReport> {
  const tz = SHOP_TIME_ZONE;
  const today = sql`(now() at time zone ${tz})::date`;
  const since = sql`((${today} - ${days - 1}::int)::timestamp at time zone ${tz})`;
  const [groups, refusers] = await Promise.all([
    selectRows(
      db,
      groupRow,
      // grouping() tells a group's own null (no courier, no area) from the rows of another grouping set;
      // the empty grouping set answers one row even when the period has no orders.
      sql`with o as (
            select o.status, o.returned_as, o.area, p.courier_id, c.name as courier, p.charges,
                   p.order_id is not null as dispatched,
                   exists (select 1 from delivery_attempts a where a.order_id = o.id) as attempted,
                   date_trunc('week', o.created_at at time zone ${tz})::date as week
            from orders o
            left join parcels p on p.order_id = o.id
            left join couriers c on c.id = p.courier_id
            where o.created_at >= ${since}
          )
          select case when grouping(courier_id) = 0 then 'courier' when grouping(area) = 0 then 'area'
                      when grouping(week) = 0 then 'week' else 'all' end as kind,
                 to_char(${today} - ${days - 1}::int, 'YYYY-MM-DD') as first_day,
                 to_char(${today}, 'YYYY-MM-DD') as last_day,
                 courier_id, courier, area, to_char(week, 'YYYY-MM-DD') as week,
                 count(*)::int as orders,
                 count(*) filter (where dispatched)::int as dispatched,
                 count(*) filter (where dispatched and returned_as is not null)::int as refused_of_dispatched,
                 count(*) filter (where status = 'delivered')::int as delivered,
                 count(*) filter (where returned_as is not null)::int as refused,
                 count(*) filter (where status = 'cancelled' and returned_as is null)::int as cancelled,
                 count(*) filter (where status in ('lost', 'damaged'))::int as lost_damaged,
                 count(*) filter (where status in ${OPEN_STATUS_LIST})::int as open,
                 coalesce(sum(charges) filter (where returned_as is not null), 0)::int as refusal_cost,
                 count(*) filter (where returned_as is not null and dispatched and charges is null)::int as uncharged,
                 count(*) filter (where attempted)::int as attempted,
                 count(*) filter (where dispatched and status = 'delivered' and not attempted)::int as first_attempt,
                 count(*) filter (where status = 'delivered' and attempted)::int as rescued
          from o
          group by grouping sets ((), (courier_id, courier), (area), (week))`,
    ),
    loadRefusers(db, since),
  ]);

  const all = groups.find((g) => g.kind === "all");
  if (!all) throw new BrokenPromise("the delivery report's total row is missing");
  const couriers: CourierDeliveryRow[] = groups
    .filter((g) => g.kind === "courier")
    .map((g) => ({ ...deliveryRow(g), courierId: g.courier_id, courier: g.courier ?? NOT_DISPATCHED }))
    .sort(
      (a, b) => Number(a.courierId === null) - Number(b.courierId === null) || byOrders(a, b, a.courier, b.courier),
    );
  const areas: AreaDeliveryRow[] = groups
    .filter((g) => g.kind === "area")
    .map((g) => ({ ...deliveryRow(g), area: g.area }))
    .sort((a, b) => byOrders(a, b, a.area ?? NO_AREA, b.area ?? NO_AREA));
  const rest = areas.slice(REPORT_AREA_LIMIT);
  const byWeek = new Map(groups.filter((g) => g.kind === "week").map((g) => [g.week, deliveryRow(g)]));
  const weeks: WeekDeliveryRow[] = weeksBetween(all.first_day, all.last_day).map((w) => ({
    ...(byWeek.get(w.week) ?? deliveryRow(null)),
    ...w,
  }));
  return {
    days,
    from: all.first_day,
    to: all.last_day,
    totals: deliveryRow(all),
    couriers,
    areas: areas.slice(0, REPORT_AREA_LIMIT),
    otherAreas: rest.length === 0 ? null : { ...sumRows(rest), areas: rest.length },
    weeks,
    refusers,
  };
}

/** The accounts with most refused or returned parcels among the orders placed since `since`. */
async function loadRefusers(db: Db, since: SQL): Promise<RefusingCustomer[]> {
  const rows = await selectRows(
    db,
    z.object({
      user_id: z.string(),
      username: z.string(),
      email: z.string(),
      orders: z.number(),
      refusals: z.number(),
      refusal_cost: z.number(),
    }),
    sql`select u.id as user_id, u.username, u.email, count(*)::int as orders,
               count(*) filter (where o.returned_as is not null)::int as refusals,
               coalesce(sum(p.charges) filter (where o.returned_as is not null), 0)::int as refusal_cost
        from orders o join users u on u.id = o.user_id left join parcels p on p.order_id = o.id
        where o.created_at >= ${since}
        group by u.id, u.username, u.email
        having count(*) filter (where o.returned_as is not null) > 0
        order by refusals desc, refusal_cost desc, orders, u.username
        limit ${REPORT_REFUSER_LIMIT}`,
  );
  return rows.map((r) => ({
    userId: r.user_id,
    username: r.username,
    email: r.email,
    orders: r.orders,
    refusals: r.refusals,
    refusalCost: r.refusal_cost,
  }));
}

function deliveryRow(g: GroupRow | null): DeliveryRow {
  const counts = {
    orders: g?.orders ?? 0,
    delivered: g?.delivered ?? 0,
    refused: g?.refused ?? 0,
    cancelled: g?.cancelled ?? 0,
    lostDamaged: g?.lost_damaged ?? 0,
    open: g?.open ?? 0,
  };
  const dispatched = g?.dispatched ?? 0;
  const refusedOfDispatched = g?.refused_of_dispatched ?? 0;
  const firstAttempt = g?.first_attempt ?? 0;
  const rescued = g?.rescued ?? 0;
  return {
    ...counts,
    rates: ratesOf(counts),
    dispatched,
    refusedOfDispatched,
    refusalRate: percentOf(refusedOfDispatched, dispatched),
    refusalCost: g?.refusal_cost ?? 0,
    refusedWithoutCharges: g?.uncharged ?? 0,
    attempted: g?.attempted ?? 0,
    firstAttempt,
    firstAttemptRate: percentOf(firstAttempt, firstAttempt + rescued + refusedOfDispatched),
    rescued,
  };
}

function sumRows(rows: DeliveryRow[]): DeliveryRow {
  const sum = (pick: (r: DeliveryRow) => number) => rows.reduce((n, r) => n + pick(r), 0);
  const counts = {
    orders: sum((r) => r.orders),
    delivered: sum((r) => r.delivered),
    refused: sum((r) => r.refused),
    cancelled: sum((r) => r.cancelled),
    lostDamaged: sum((r) => r.lostDamaged),
    open: sum((r) => r.open),
  };
  const dispatched = sum((r) => r.dispatched);
  const refusedOfDispatched = sum((r) => r.refusedOfDispatched);
  const firstAttempt = sum((r) => r.firstAttempt);
  const rescued = sum((r) => r.rescued);
  return {
    ...counts,
    rates: ratesOf(counts),
    dispatched,
    refusedOfDispatched,
    refusalRate: percentOf(refusedOfDispatched, dispatched),
    refusalCost: sum((r) => r.refusalCost),
    refusedWithoutCharges: sum((r) => r.refusedWithoutCharges),
    attempted: sum((r) => r.attempted),
    firstAttempt,
    firstAttemptRate: percentOf(firstAttempt, firstAttempt + rescued + refusedOfDispatched),
    rescued,
  };
}

const byOrders = (a: DeliveryRow, b: DeliveryRow, nameA: string, nameB: string) =>
  b.orders - a.orders || nameA.localeCompare(nameB);

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Monday-to-Sunday weeks that hold a day of [first, last] (YYYY-MM-DD calendar days). */
function weeksBetween(first: string, last: string): { week: string; from: string; to: string }[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  const end = Date.parse(`${last}T00:00:00Z`);
  // getUTCDay: Sunday is 0; the week starts on the Monday before (or on) the first day.
  const monday = start - ((new Date(start).getUTCDay() + 6) % 7) * DAY_MS;
  const weeks = [];
  for (let day = monday; day <= end; day += 7 * DAY_MS) {
    weeks.push({ week: isoDay(day), from: isoDay(Math.max(day, start)), to: isoDay(Math.min(day + 6 * DAY_MS, end)) });
  }
  return weeks;
}
