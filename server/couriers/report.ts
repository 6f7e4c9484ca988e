// The delivery report (shared/delivery-report.ts): the orders placed in the last 30 or 90 Karachi
// days, by outcome, in all, by courier, by area, by week and by risk rule, in one statement (grouping
// sets over the period's orders, read through orders_created_idx, and the rules' rows beside them),
// and the customers who refused most in a second. No HTTP here.
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  type AreaDeliveryRow,
  type CourierDeliveryRow,
  type DeliveryReport,
  type DeliveryRow,
  NO_AREA,
  NO_RULE,
  NOT_DISPATCHED,
  percentOf,
  REPORT_AREA_LIMIT,
  REPORT_REFUSER_LIMIT,
  type RefusingCustomer,
  type ReportPeriod,
  type RuleDeliveryRow,
  ratesOf,
  type WeekDeliveryRow,
} from "#shared/delivery-report.ts";
import { SHOP_TIME_ZONE } from "#shared/shop.ts";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { OPEN_STATUS_LIST } from "../db/status-sql.ts";

const groupRow = z.object({
  kind: z.enum(["all", "courier", "area", "week", "rule"]),
  first_day: z.string(),
  last_day: z.string(),
  courier_id: z.string().nullable(),
  courier: z.string().nullable(),
  area: z.string().nullable(),
  week: z.string().nullable(),
  rule_id: z.string().nullable(),
  rule: z.string().nullable(),
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

/** What every group of the report counts, over the rows of the statement's `o` (one per order, or per order and rule). */
const OUTCOME_COLUMNS = sql`count(*)::int as orders,
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
                 count(*) filter (where status = 'delivered' and attempted)::int as rescued`;

export async function loadDeliveryReport(db: Db, days: ReportPeriod): Promise<DeliveryReport> {
  const tz = SHOP_TIME_ZONE;
  const today = sql`(now() at time zone ${tz})::date`;
  const since = sql`((${today} - ${days - 1}::int)::timestamp at time zone ${tz})`;
  const period = sql`to_char(${today} - ${days - 1}::int, 'YYYY-MM-DD') as first_day,
                     to_char(${today}, 'YYYY-MM-DD') as last_day`;
  const [groups, refusers] = await Promise.all([
    selectRows(
      db,
      groupRow,
      // grouping() tells a group's own null (no courier, no area) from the rows of another grouping set;
      // the empty grouping set answers one row even when the period has no orders. The rules' rows
      // are a second select over the same orders, not a grouping set: they read each order once per
      // rule it matched (a lateral join over orders.risk_rules), which would count an order under two
      // rules twice in every other group. The same statement still reads the orders once, and its
      // rows add up against the total of one snapshot.
      sql`with o as (
            select o.status, o.returned_as, o.area, o.risk_rules, o.created_at,
                   p.courier_id, c.name as courier, p.charges,
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
                 ${period},
                 courier_id, courier, area, to_char(week, 'YYYY-MM-DD') as week,
                 null::text as rule_id, null::text as rule,
                 ${OUTCOME_COLUMNS}
          from o
          group by grouping sets ((), (courier_id, courier), (area), (week))
          union all
          -- An order that matched no rule has no element: the left join keeps it once, as rule_id null.
          -- A rule's name is the one its most recent order recorded (the owner may have renamed it since).
          select 'rule', ${period}, null, null, null, null, r.rule_id,
                 (array_agg(r.rule order by o.created_at desc))[1],
                 ${OUTCOME_COLUMNS}
          from o
          left join lateral (
            select e ->> 'id' as rule_id, e ->> 'name' as rule from jsonb_array_elements(o.risk_rules) e
          ) r on true
          group by r.rule_id`,
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
  const rules: RuleDeliveryRow[] = groups
    .filter((g) => g.kind === "rule")
    .map((g) => ({ ...deliveryRow(g), ruleId: g.rule_id, rule: g.rule_id === null ? NO_RULE : (g.rule ?? NO_RULE) }))
    .sort((a, b) => Number(a.ruleId === null) - Number(b.ruleId === null) || byOrders(a, b, a.rule, b.rule));
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
    rules,
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
