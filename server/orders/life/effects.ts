// What arriving at a status does besides the status itself (moves.ts ARRIVAL_EFFECTS): stock back on
// a cancellation, the own rider's parcel on a delivery nobody dispatched. Inside the move's
// transaction. No HTTP here.
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderLines } from "../../db/schema.ts";

/**
 * Gives the order's discount code use back (docs/product.md, `DiscountCode`): the code counts one
 * use fewer, and the customer may use it again. Only for an order cancelled before it left the
 * shop (moves.ts decides); a parcel that went out and came back keeps its use, as the code's report
 * counts those refusals (issue 51). The numbers of the customer's later uses stay as they are (the
 * next use takes the highest + 1, place-order.ts).
 */
export async function returnCodeUse(tx: Db, orderId: string): Promise<void> {
  await tx.execute(
    sql`with gone as (delete from code_uses where order_id = ${orderId} returning code_id)
        update discount_codes c set uses = c.uses - 1, updated_at = now()
        from gone where c.id = gone.code_id`,
  );
}

/**
 * An order delivered without a recorded dispatch went with the shop's own rider: its parcel is
 * recorded so the rider's cash is expected (docs/decisions/018-couriers.md): what was due at the
 * door, the total less a paid advance (issue 50).
 */
export async function ownRiderParcelIfNone(tx: Db, orderId: string): Promise<void> {
  await tx.execute(
    sql`insert into parcels (order_id, courier_id, cod_amount)
        select o.id, r.id, o.due_on_delivery from orders o
        cross join lateral (select id from couriers where own_rider order by active desc, created_at limit 1) r
        where o.id = ${orderId}
        on conflict (order_id) do nothing`,
  );
}

/**
 * Puts every line's pairs back; returns the products whose stock changed. Rows are locked in
 * (product_id, size) order, as placing an order locks them, so a cancellation and a checkout never
 * wait on each other in a circle. A size the owner stopped offering meanwhile is offered again with
 * the returned pairs.
 *
 * Fires a trigger: a size going from none to some (the update) or offered again (the insert) runs
 * product_sizes_back_in_stock / product_sizes_added_back_in_stock (migration 0021), which queue the
 * back-in-stock mails and messages of whoever waits for it, in this transaction.
 */
export async function returnStock(tx: Db, orderId: string): Promise<string[]> {
  const lines = await tx
    .select({
      product_id: orderLines.productId,
      size: orderLines.size,
      quantity: sql<number>`sum(${orderLines.quantity})::int`,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .groupBy(orderLines.productId, orderLines.size)
    .orderBy(asc(orderLines.productId), asc(orderLines.size));
  if (lines.length === 0) return [];
  const pairs = sql.join(
    lines.map((l) => sql`(${l.product_id}::uuid, ${l.size}::smallint)`),
    sql`, `,
  );
  // Raw: row-value `in` with `for update` in the checkout's locking order, then an additive upsert.
  await tx.execute(
    sql`select 1 from product_sizes where (product_id, size) in (${pairs}) order by product_id, size for update`,
  );
  const values = sql.join(
    lines.map((l) => sql`(${l.product_id}::uuid, ${l.size}::smallint, ${l.quantity}::integer)`),
    sql`, `,
  );
  await tx.execute(
    sql`insert into product_sizes (product_id, size, stock)
        select v.product_id, v.size, v.n from (values ${values}) as v(product_id, size, n)
        on conflict (product_id, size) do update set stock = product_sizes.stock + excluded.stock`,
  );
  return [...new Set(lines.map((l) => l.product_id))];
}

/** A booking cancelled before pickup takes its parcel with it; a settled parcel is cash on record and stays. */
export async function dropUnsettledParcel(tx: Db, orderId: string): Promise<void> {
  await tx.execute(sql`delete from parcels where order_id = ${orderId} and settled_at is null`);
}
