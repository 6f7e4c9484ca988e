// The accountant's payouts (issue 48): one row per parcel whose cash was settled (by a courier's
// payment report or handed over by the rider) on a Karachi day of the period, with what the
// courier's current terms say it should have paid, the deductions the report stated, what reached
// the shop, the difference and the short payment's status. Amounts are plain whole rupees (./csv.ts)
// so a spreadsheet sums them; an amount nobody stated stays empty.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { expectedPayout } from "#shared/courier-terms.ts";
import type { PayoutsExportQuery } from "#shared/exports.ts";
import { RETURN_KIND_LABELS, statusLabel } from "#shared/order-life.ts";
import { orderNumber } from "#shared/orders.ts";
import { SHOP_TIME_ZONE } from "#shared/shop.ts";
import { termsOf } from "../couriers/terms.ts";
import type { Db } from "../db/client.ts";
import { orderStatusColumn, returnKindColumn } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { toCsv } from "./csv.ts";

const rupees = z.number().nullable();
const payoutRow = z.object({
  settled: z.string(),
  courier_id: z.string(),
  courier: z.string(),
  own_rider: z.boolean(),
  tracking_number: z.string().nullable(),
  order_id: z.string(),
  status: orderStatusColumn,
  returned_as: returnKindColumn,
  cod_amount: z.number(),
  weight_grams: z.number().nullable(),
  collected: rupees,
  delivery_charge: rupees,
  cod_fee: rupees,
  sales_tax: rupees,
  withholding_tax: rupees,
  return_charge: rupees,
  net_paid: rupees,
  payout_reference: z.string().nullable(),
  payout_date: z.string().nullable(),
  short_payment: z.string().nullable(),
});
type PayoutRow = z.output<typeof payoutRow>;

const HEADER = [
  "Settled (Karachi date)",
  "Courier",
  "Tracking number",
  "Order number",
  "Outcome",
  "COD amount (Rs.)",
  "Expected net (Rs.)",
  "Collected (Rs.)",
  "Delivery charge (Rs.)",
  "COD fee (Rs.)",
  "Sales tax (Rs.)",
  "Withholding tax (Rs.)",
  "Return charge (Rs.)",
  "Net paid (Rs.)",
  "Difference (Rs.)",
  "Payout reference",
  "Payout date",
  "Short payment",
];

/** What the terms judge a parcel by: delivered, or refused at the door; nothing else has an expectation. */
function outcomeOf(row: PayoutRow): "delivered" | "refused" | null {
  if (row.status === "delivered") return "delivered";
  if (row.status === "cancelled" && row.returned_as === "refused") return "refused";
  return null;
}

function outcomeText(row: PayoutRow): string {
  return row.status === "cancelled" && row.returned_as ? RETURN_KIND_LABELS[row.returned_as] : statusLabel(row.status);
}

export async function payoutsCsv(db: Db, period: PayoutsExportQuery): Promise<string> {
  // The period's Karachi midnights, so parcels_settled_idx reads only its days.
  const start = sql`(${period.from}::date)::timestamp at time zone ${SHOP_TIME_ZONE}`;
  const end = sql`(${period.to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE}`;
  const rows = await selectRows(
    db,
    payoutRow,
    sql`select to_char(p.settled_at at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM-DD') as settled,
               c.id as courier_id, c.name as courier, c.own_rider, p.tracking_number,
               o.id as order_id, o.status, o.returned_as, p.cod_amount, p.weight_grams,
               p.collected_amount as collected, p.delivery_charge, p.cod_fee, p.sales_tax,
               p.withholding_tax, p.return_charge, p.net_paid, p.payout_reference,
               to_char(p.payout_date, 'YYYY-MM-DD') as payout_date, s.status as short_payment
        from parcels p join couriers c on c.id = p.courier_id join orders o on o.id = p.order_id
        left join short_payments s on s.order_id = p.order_id
        where p.settled_at >= ${start} and p.settled_at < ${end}
        order by p.settled_at, lower(c.name), p.tracking_number, p.order_id`,
  );
  const companies = rows.filter((row) => !row.own_rider).map((row) => row.courier_id);
  const terms = await termsOf(db, companies);
  return toCsv(
    HEADER,
    rows.map((row) => {
      const courierTerms = row.own_rider ? undefined : terms.get(row.courier_id);
      const outcome = outcomeOf(row);
      const expected =
        courierTerms && outcome
          ? expectedPayout(courierTerms, { codAmount: row.cod_amount, weightGrams: row.weight_grams, outcome }).net
          : null;
      return [
        row.settled,
        row.courier,
        row.tracking_number,
        orderNumber(row.order_id),
        outcomeText(row),
        row.cod_amount,
        expected,
        row.collected,
        row.delivery_charge,
        row.cod_fee,
        row.sales_tax,
        row.withholding_tax,
        row.return_charge,
        row.net_paid,
        expected !== null && row.net_paid !== null ? row.net_paid - expected : null,
        row.payout_reference,
        row.payout_date,
        row.short_payment,
      ];
    }),
  );
}
