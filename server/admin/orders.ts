// Orders as the shop owner works them: list, read with history, and move through the workflow
// (shared/admin.ts ORDER_TRANSITIONS). A cancellation returns every line's stock in the same
// transaction. No HTTP here.
import { sql } from "drizzle-orm";
import {
  ADMIN_MESSAGES,
  ADMIN_PAGE_SIZE,
  type AdminOrder,
  type AdminOrderList,
  type AdminOrdersQuery,
  canMoveOrder,
  orderMoveRefusedMessage,
} from "#shared/admin.ts";
import type { OrderStatus } from "#shared/orders.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { conflict, notFound } from "../http/errors.ts";
import { loadAdminOrder } from "./order-details.ts";
import { likePattern } from "./products.ts";

export interface OrderMove {
  order: AdminOrder;
  from: OrderStatus;
  /** Products whose stock changed (a cancellation returns stock). */
  restockedProductIds: string[];
}

export interface AdminOrderService {
  list(query: AdminOrdersQuery): Promise<AdminOrderList>;
  get(orderId: string): Promise<AdminOrder | undefined>;
  /** Moves the order if the workflow allows it; 404 for no order, 409 for a refused move. */
  move(orderId: string, to: OrderStatus, adminId: string): Promise<OrderMove>;
}

interface SummaryRow {
  id: string;
  status: OrderStatus;
  total_amount: number;
  created_ms: number;
  full_name: string;
  email: string;
  item_count: number;
  total: number;
}

export function createAdminOrderService(db: Db): AdminOrderService {
  const get = (orderId: string) => loadAdminOrder(db, orderId);

  return {
    get,

    async list(query) {
      const filters = [sql`true`];
      if (query.status) filters.push(sql`o.status = ${query.status}`);
      if (query.query) {
        const q = query.query.toLowerCase();
        const pattern = likePattern(q);
        // An order id, whole or its first characters (the reference in the e-mail), or the customer.
        filters.push(sql`(o.id::text like ${`${q.replace(/[\\%_]/g, "")}%`} or lower(o.full_name) like ${pattern}
                          or lower(o.email) like ${pattern} or lower(u.email) like ${pattern}
                          or lower(u.username) like ${pattern})`);
      }
      const rows = await selectRows<SummaryRow>(
        db,
        sql`select o.id, o.status, o.total_amount, o.full_name, o.email,
                   (extract(epoch from o.created_at) * 1000)::float8 as created_ms,
                   (select coalesce(sum(l.quantity), 0)::int from order_lines l where l.order_id = o.id) as item_count,
                   count(*) over ()::int as total
            from orders o join users u on u.id = o.user_id
            where ${sql.join(filters, sql` and `)}
            order by o.created_at desc, o.id desc
            limit ${ADMIN_PAGE_SIZE + 1} offset ${(query.page - 1) * ADMIN_PAGE_SIZE}`,
      );
      let total = rows[0]?.total;
      if (total === undefined) {
        const [row] = await selectRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from orders o join users u on u.id = o.user_id
              where ${sql.join(filters, sql` and `)}`,
        );
        total = row?.n ?? 0;
      }
      return {
        orders: rows.slice(0, ADMIN_PAGE_SIZE).map((r) => ({
          _id: r.id,
          status: r.status,
          totalAmount: r.total_amount,
          createdAt: new Date(Number(r.created_ms)).toISOString(),
          customer: { name: r.full_name, email: r.email },
          itemCount: r.item_count,
        })),
        page: query.page,
        hasMore: rows.length > ADMIN_PAGE_SIZE,
        total,
      };
    },

    async move(orderId, to, adminId) {
      const { from, restocked } = await db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        // The order row's lock makes concurrent moves of one order queue; the second sees the new status.
        const [current] = await selectRows<{ status: OrderStatus }>(
          tx,
          sql`select status from orders where id = ${orderId} for update`,
        );
        if (!current) throw notFound(ADMIN_MESSAGES.orderNotFound);
        if (!canMoveOrder(current.status, to)) throw conflict(orderMoveRefusedMessage(current.status, to));

        let restocked: string[] = [];
        if (to === "cancelled") restocked = await returnStock(tx, orderId);
        // Conditional on the status just read, so even without the lock only one move could win.
        const moved = await selectRows<{ id: string }>(
          tx,
          sql`update orders set status = ${to}, updated_at = now()
              where id = ${orderId} and status = ${current.status} returning id`,
        );
        if (moved.length === 0) throw conflict("Someone else just changed this order. Please reload it.");
        await tx.execute(
          sql`insert into order_status_events (order_id, from_status, to_status, actor_user_id)
              values (${orderId}, ${current.status}, ${to}, ${adminId})`,
        );
        return { from: current.status, restocked };
      });
      const order = await get(orderId);
      if (!order) throw notFound(ADMIN_MESSAGES.orderNotFound);
      return { order, from, restockedProductIds: restocked };
    },
  };
}

/**
 * Puts every line's pairs back. Rows are locked in (product_id, size) order, as placing an order
 * locks them, so a cancellation and a checkout never wait on each other in a circle. A size the
 * owner stopped offering meanwhile is offered again with the returned pairs.
 */
async function returnStock(tx: Db, orderId: string): Promise<string[]> {
  const lines = await selectRows<{ product_id: string; size: number; quantity: number }>(
    tx,
    sql`select product_id, size, sum(quantity)::int as quantity from order_lines where order_id = ${orderId}
        group by product_id, size order by product_id, size`,
  );
  if (lines.length === 0) return [];
  const pairs = sql.join(
    lines.map((l) => sql`(${l.product_id}::uuid, ${l.size}::smallint)`),
    sql`, `,
  );
  await selectRows(
    tx,
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
