// Orders as the shop owner works them: list, read with history, and move through the workflow
// (shared/admin.ts ORDER_TRANSITIONS). A cancellation, and a parcel that came back (a confirmed
// order recorded as refused or returned, which the customer sees as cancelled), returns every
// line's stock in the same transaction. No HTTP here.
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  ADMIN_MESSAGES,
  ADMIN_PAGE_SIZE,
  type AdminOrder,
  type AdminOrderList,
  type AdminOrdersQuery,
  canMoveOrder,
  orderMoveRefusedMessage,
} from "#shared/admin.ts";
import { ORDER_DAY_MESSAGES, type OrderReturnInput, RETURNABLE_FROM, type ReturnKind } from "#shared/admin-orders.ts";
import type { OrderStatus } from "#shared/orders.ts";
import { pakistaniMobile } from "#shared/phone.ts";
import type { Db } from "../db/client.ts";
import { countRow, orderStatusColumn, returnKindColumn } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { orderLines, orderStatusEvents, orders } from "../db/schema.ts";
import { conflict, notFound } from "../domain-errors.ts";
import { EMPTY_HISTORY, loadCustomerHistories } from "./customer-history.ts";
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
  /** Moves the order if the workflow allows it; not-found for no order, conflict for a refused move. */
  move(orderId: string, to: OrderStatus, adminId: string): Promise<OrderMove>;
  /** Records that a confirmed order's parcel came back: cancelled, with its stock returned once. */
  recordReturn(orderId: string, input: OrderReturnInput, adminId: string): Promise<OrderMove>;
}

/** What a move also records when it is a parcel coming back. */
interface ComingBack {
  as: ReturnKind;
  reason: string | null;
}

const summaryRow = z.object({
  id: z.string(),
  status: orderStatusColumn,
  total_amount: z.number(),
  created_ms: z.number(),
  full_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  returned_as: returnKindColumn,
  item_count: z.number(),
  total: z.number(),
});

export function createAdminOrderService(db: Db): AdminOrderService {
  const get = (orderId: string) => loadAdminOrder(db, orderId);

  return {
    get,

    async list(query) {
      const filters = orderListFilters(query);
      const rows = await selectRows(
        db,
        summaryRow,
        sql`select o.id, o.status, o.total_amount, o.full_name, o.email, o.phone_number, o.returned_as,
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
        // Raw: it shares its filters (on the aliases o and u) with the windowed statement above.
        const [row] = await selectRows(
          db,
          countRow,
          sql`select count(*)::int as n from orders o join users u on u.id = o.user_id
              where ${sql.join(filters, sql` and `)}`,
        );
        total = row?.n ?? 0;
      }
      const page = rows.slice(0, ADMIN_PAGE_SIZE);
      const histories = await loadCustomerHistories(
        db,
        page.map((r) => r.id),
      );
      return {
        orders: page.map((r) => ({
          _id: r.id,
          status: r.status,
          totalAmount: r.total_amount,
          createdAt: new Date(Number(r.created_ms)).toISOString(),
          customer: { name: r.full_name, email: r.email, phone: r.phone_number },
          itemCount: r.item_count,
          returnedAs: r.returned_as,
          history: histories.get(r.id) ?? EMPTY_HISTORY,
        })),
        page: query.page,
        hasMore: rows.length > ADMIN_PAGE_SIZE,
        total,
      };
    },

    move: (orderId, to, adminId) => change(orderId, to, adminId),

    recordReturn: (orderId, input, adminId) =>
      change(orderId, "cancelled", adminId, { as: input.as, reason: input.reason ?? null }),
  };

  async function change(orderId: string, to: OrderStatus, adminId: string, back?: ComingBack): Promise<OrderMove> {
    const { from, restocked } = await db.transaction(async (tx) => {
      // The order row's lock makes concurrent moves of one order queue; the second sees the new status.
      const [locked] = await tx
        .select({ status: orders.status, returnedAs: orders.returnedAs })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for("update");
      if (!locked) throw notFound(ADMIN_MESSAGES.orderNotFound);
      const current = {
        status: orderStatusColumn.parse(locked.status),
        returnedAs: returnKindColumn.parse(locked.returnedAs),
      };
      if (back && current.status !== RETURNABLE_FROM) {
        throw conflict(ORDER_DAY_MESSAGES.notReturnable(current.status, current.returnedAs));
      }
      if (!canMoveOrder(current.status, to)) throw conflict(orderMoveRefusedMessage(current.status, to));

      // Conditional on the status just read, so even without the lock only one move could win; and
      // it comes before the stock, so a move that lost never returns any.
      const moved = await tx
        .update(orders)
        .set({ status: to, returnedAs: back?.as ?? null, updatedAt: sql`now()` })
        .where(and(eq(orders.id, orderId), eq(orders.status, current.status)))
        .returning({ id: orders.id });
      if (moved.length === 0) throw conflict("Someone else just changed this order. Please reload it.");
      const restocked = to === "cancelled" ? await returnStock(tx, orderId) : [];
      await tx.insert(orderStatusEvents).values({
        orderId,
        fromStatus: current.status,
        toStatus: to,
        actorUserId: adminId,
        reason: back?.reason ?? null,
      });
      return { from: current.status, restocked };
    });
    const order = await get(orderId);
    if (!order) throw notFound(ADMIN_MESSAGES.orderNotFound);
    return { order, from, restockedProductIds: restocked };
  }
}

/** The list's filters over `orders o join users u` (the CSV export reads the same). */
export function orderListFilters(query: Pick<AdminOrdersQuery, "status" | "query">): SQL[] {
  const filters = [sql`true`];
  if (query.status) filters.push(sql`o.status = ${query.status}`);
  if (query.query) {
    const q = query.query.toLowerCase();
    const pattern = likePattern(q);
    // A mobile number however it is typed (the customer who writes on WhatsApp), through orders_phone_key_idx.
    const mobile = pakistaniMobile(query.query);
    const byPhone = mobile ? sql` or o.phone_key = ${mobile.slice(2)}` : sql``;
    // An order id, whole or its first characters (the reference in the e-mail), or the customer.
    filters.push(sql`(o.id::text like ${`${q.replace(/[\\%_]/g, "")}%`} or lower(o.full_name) like ${pattern}
                      or lower(o.email) like ${pattern} or lower(u.email) like ${pattern}
                      or lower(u.username) like ${pattern}${byPhone})`);
  }
  return filters;
}

/**
 * Puts every line's pairs back. Rows are locked in (product_id, size) order, as placing an order
 * locks them, so a cancellation and a checkout never wait on each other in a circle. A size the
 * owner stopped offering meanwhile is offered again with the returned pairs.
 */
async function returnStock(tx: Db, orderId: string): Promise<string[]> {
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
