// Takings as the bank sees them (issue 48, shared/takings.ts): each settled parcel's cash collected
// and the deductions its payment report made, by the Karachi day the cash came in. The dashboard's
// chart of takings per day (server/admin/sales.ts) reads the same `settledParcels`, so it counts a
// parcel as this does. No HTTP here.
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { SHOP_TIME_ZONE } from "#shared/shop.ts";
import { type CourierTakings, DEDUCTIONS, noTakings, type Takings, type TakingsSummary } from "#shared/takings.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";

/**
 * The settled parcels `where` picks (a condition on `parcels p`), each with its amounts as the bank
 * saw them: the rider's hand-over had no deductions; a report applied since migration 0029 states
 * each deduction (and the net paid), one applied before only their sum (charges), counted as
 * delivery charges. Net is the report's net paid, else collected less the deductions.
 */
export function settledParcels(where: SQL): SQL {
  return sql`(select a.*, case when f.by_hand then a.collected when p.net_paid is not null then p.net_paid
                 else a.collected - a.delivery_charge - a.cod_fee - a.sales_tax - a.withholding_tax - a.return_charge
                 end as net
      from parcels p
      cross join lateral (
        select p.settled_via = 'hand' as by_hand,
               (p.delivery_charge is not null or p.cod_fee is not null or p.sales_tax is not null
                or p.withholding_tax is not null or p.return_charge is not null or p.net_paid is not null) as itemised
      ) f
      cross join lateral (
        select p.courier_id, p.settled_at, coalesce(p.collected_amount, 0) as collected,
               case when f.by_hand then 0 when f.itemised then coalesce(p.delivery_charge, 0)
                    else coalesce(p.charges, 0) end as delivery_charge,
               case when f.by_hand or not f.itemised then 0 else coalesce(p.cod_fee, 0) end as cod_fee,
               case when f.by_hand or not f.itemised then 0 else coalesce(p.sales_tax, 0) end as sales_tax,
               case when f.by_hand or not f.itemised then 0 else coalesce(p.withholding_tax, 0) end as withholding_tax,
               case when f.by_hand or not f.itemised then 0 else coalesce(p.return_charge, 0) end as return_charge
      ) a
      where ${where})`;
}

const sumsRow = z.object({
  courier_id: z.string(),
  courier: z.string(),
  today: z.boolean(),
  parcels: z.number(),
  collected: z.number(),
  delivery_charge: z.number(),
  cod_fee: z.number(),
  sales_tax: z.number(),
  withholding_tax: z.number(),
  return_charge: z.number(),
  net: z.number(),
});
type SumsRow = z.output<typeof sumsRow>;

function add(into: Takings, row: SumsRow): void {
  const amounts = {
    deliveryCharge: row.delivery_charge,
    codFee: row.cod_fee,
    salesTax: row.sales_tax,
    withholdingTax: row.withholding_tax,
    returnCharge: row.return_charge,
  };
  into.parcels += row.parcels;
  into.collected += row.collected;
  for (const kind of DEDUCTIONS) into[kind] += amounts[kind];
  into.net += row.net;
  into.unexplained = into.collected - DEDUCTIONS.reduce((sum, kind) => sum + into[kind], 0) - into.net;
}

/** Today's and the last 7 Karachi days' takings, and the week's by courier (the most collected first). */
export async function loadTakings(db: Db): Promise<TakingsSummary> {
  const today = sql`(date_trunc('day', now() at time zone ${SHOP_TIME_ZONE}) at time zone ${SHOP_TIME_ZONE})`;
  const rows = await selectRows(
    db,
    sumsRow,
    // Through parcels_settled_idx: only the week's settled parcels, by courier and today or not.
    sql`with s as (
          select s.*, s.settled_at >= ${today} as today
          from ${settledParcels(sql`p.settled_at >= ${today} - interval '6 days'`)} s
        )
        select s.courier_id, c.name as courier, s.today, count(*)::int as parcels, sum(s.collected)::int as collected,
               sum(s.delivery_charge)::int as delivery_charge, sum(s.cod_fee)::int as cod_fee,
               sum(s.sales_tax)::int as sales_tax, sum(s.withholding_tax)::int as withholding_tax,
               sum(s.return_charge)::int as return_charge, sum(s.net)::int as net
        from s join couriers c on c.id = s.courier_id
        group by s.courier_id, c.name, s.today`,
  );
  const summary: TakingsSummary = { today: noTakings(), week: noTakings(), byCourier: [] };
  const byCourier = new Map<string, CourierTakings>();
  for (const row of rows) {
    if (row.today) add(summary.today, row);
    add(summary.week, row);
    let courier = byCourier.get(row.courier_id);
    if (!courier) {
      courier = { courierId: row.courier_id, courier: row.courier, ...noTakings() };
      byCourier.set(row.courier_id, courier);
    }
    add(courier, row);
  }
  summary.byCourier = [...byCourier.values()].sort(
    (a, b) => b.collected - a.collected || b.net - a.net || a.courier.localeCompare(b.courier),
  );
  return summary;
}
