// Packing slips: the orders to print, in the order the owner picked them, with the shop's
// details. Every id must be an order: one unknown id refuses the batch (404 naming it), so a
// slip is never silently missing from a pile the rider takes.
import { sql } from "drizzle-orm";
import { SHOP_NAME } from "#shared/shop.ts";
import { type PackingSlips, unknownOrdersMessage } from "#shared/slips.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { notFound } from "../domain-errors.ts";
import type { ShopContact } from "../mail/order-contact.ts";
import { ORDER_COLUMNS, type OrderRow, orderRow, toOrder } from "../orders/service.ts";

export async function loadPackingSlips(db: Db, ids: string[], shop: ShopContact): Promise<PackingSlips> {
  const rows = await selectRows(
    db,
    orderRow,
    sql`select ${ORDER_COLUMNS}
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
    orders: ids.map((id) => toOrder(byId.get(id) as OrderRow)),
  };
}
