// Packing slips: the orders to print, in the order the owner picked them, with the shop's
// details. Every id must be an order: one unknown id refuses the batch (404 naming it), so a
// slip is never silently missing from a pile the rider takes.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { SHOP_NAME } from "#shared/shop.ts";
import { type AirwayBill, type PackingSlips, unknownOrdersMessage } from "#shared/slips.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { notFound } from "../domain-errors.ts";
import type { ShopContact } from "../mail/order-contact.ts";
import { ORDER_COLUMNS, orderRow, toOrder } from "../orders/service.ts";

const airwayBillColumn = z.object({
  courier: z.string(),
  tracking_number: z.string(),
  cod_amount: z.number(),
  weight_grams: z.number().nullable(),
  pieces: z.number().nullable(),
  label_url: z.string().nullable(),
});
const slipRow = orderRow.extend({ airway_bill: airwayBillColumn.nullable() });
type SlipRow = z.output<typeof slipRow>;

/**
 * A parcel with a CN has an airway bill. Its booking counts only while booked with this courier
 * under this CN: one cancelled, or made before the parcel went with another courier, describes
 * some other parcel, and its label would be that parcel's.
 */
const AIRWAY_BILL_COLUMN = sql`(select json_build_object(
    'courier', c.name, 'tracking_number', p.tracking_number, 'cod_amount', p.cod_amount,
    'weight_grams', coalesce(b.weight_grams, p.weight_grams), 'pieces', b.pieces, 'label_url', b.label_url)
  from parcels p join couriers c on c.id = p.courier_id
  left join courier_bookings b on b.order_id = p.order_id and b.courier_id = p.courier_id
    and b.state = 'booked' and b.tracking_number = p.tracking_number
  where p.order_id = o.id and p.tracking_number is not null)`;

/** The courier's address as a link, only if it is a web address: it comes from the courier's API. */
function webAddress(text: string | null): string | null {
  if (text === null || !URL.canParse(text)) return null;
  return ["https:", "http:"].includes(new URL(text).protocol) ? text : null;
}

function toAirwayBill(bill: NonNullable<SlipRow["airway_bill"]>): AirwayBill {
  return {
    courier: bill.courier,
    trackingNumber: bill.tracking_number,
    codAmount: bill.cod_amount,
    weightGrams: bill.weight_grams,
    pieces: bill.pieces,
    labelUrl: webAddress(bill.label_url),
  };
}

export async function loadPackingSlips(db: Db, ids: string[], shop: ShopContact): Promise<PackingSlips> {
  const rows = await selectRows(
    db,
    slipRow,
    sql`select ${ORDER_COLUMNS}, ${AIRWAY_BILL_COLUMN} as airway_bill
        from orders o
        where o.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw notFound(unknownOrdersMessage(missing));
  return {
    shop: { name: SHOP_NAME, phone: shop.phone, email: shop.email },
    orders: ids.map((id) => {
      const row = byId.get(id) as SlipRow;
      return { ...toOrder(row), airwayBill: row.airway_bill ? toAirwayBill(row.airway_bill) : null };
    }),
  };
}
