// One order as the admin reads it: the order exactly as its customer sees it (shared/orders.ts),
// the account that placed it, and every status move with its time and who made it.
import { sql } from "drizzle-orm";
import { type AdminOrder, ORDER_TRANSITIONS, type OrderHistoryEntry } from "#shared/admin.ts";
import type { OrderStatus } from "#shared/orders.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { type OrderRow, toOrder } from "../orders/service.ts";

interface AdminOrderRow extends OrderRow {
  user_id: string;
  username: string;
  user_email: string;
  history: { from_status: OrderStatus | null; to_status: OrderStatus; at_ms: number; username: string | null }[];
}

export async function loadAdminOrder(db: Db, orderId: string): Promise<AdminOrder | undefined> {
  const [row] = await selectRows<AdminOrderRow>(
    db,
    sql`select o.id, o.status, o.subtotal, o.total_amount, o.full_name, o.address_line, o.phone_number, o.email,
               o.city, o.postal_code, (extract(epoch from o.created_at) * 1000)::float8 as created_ms,
               u.id as user_id, u.username, u.email as user_email,
               coalesce((select json_agg(json_build_object('product_id', l.product_id, 'name', l.name,
                           'description', l.description, 'image_url', l.image_url, 'size', l.size,
                           'quantity', l.quantity, 'price', l.price, 'discount_price', l.discount_price)
                         order by l.line_no)
                         from order_lines l where l.order_id = o.id), '[]'::json) as items,
               coalesce((select json_agg(json_build_object('from_status', e.from_status, 'to_status', e.to_status,
                           'at_ms', (extract(epoch from e.created_at) * 1000)::float8, 'username', a.username)
                         order by e.created_at, e.id)
                         from order_status_events e left join users a on a.id = e.actor_user_id
                         where e.order_id = o.id), '[]'::json) as history
        from orders o join users u on u.id = o.user_id
        where o.id = ${orderId}`,
  );
  if (!row) return undefined;
  const history: OrderHistoryEntry[] = row.history.map((e) => ({
    from: e.from_status,
    to: e.to_status,
    at: new Date(Number(e.at_ms)).toISOString(),
    actor: e.username === null ? null : { username: e.username },
  }));
  return {
    // Exactly what the customer sees of it, plus who placed it and what happened to it.
    ...toOrder(row),
    customer: { _id: row.user_id, username: row.username, email: row.user_email },
    history,
    allowedMoves: [...ORDER_TRANSITIONS[row.status]],
  };
}
