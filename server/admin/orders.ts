// Orders as the shop owner works them: list, read with history, and move through the workflow
// (shared/admin.ts ORDER_TRANSITIONS). A cancellation, and a parcel that came back (a confirmed
// order recorded as refused or returned, which the customer sees as cancelled), returns every
// line's stock in the same transaction. No HTTP here.
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  ADMIN_MESSAGES,
  ADMIN_PAGE_SIZE,
  type AdminOrder,
  type AdminOrderList,
  type AdminOrdersQuery,
} from "#shared/admin.ts";
import type { OrderReturnInput } from "#shared/admin-orders.ts";
import type { OrderStatus } from "#shared/order-life.ts";
import { pakistaniMobile } from "#shared/phone.ts";
import type { Db } from "../db/client.ts";
import { countRow, orderStatusColumn, returnKindColumn } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { notFound } from "../domain-errors.ts";
import { type ComingBack, moveOrder } from "../orders/life/moves.ts";
import type { TellCustomer } from "../orders/life/status-mail.ts";
import { RECEIPT_WAITING } from "../orders/service.ts";
import { loadAdminOrder } from "./order-details.ts";
import { loadOrderRisks, NO_RISK } from "./order-risk.ts";
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

const summaryRow = z.object({
  id: z.string(),
  status: orderStatusColumn,
  total_amount: z.number(),
  due_on_delivery: z.number(),
  created_ms: z.number(),
  full_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  returned_as: returnKindColumn,
  item_count: z.number(),
  total: z.number(),
  cancels_ms: z.number().nullable(),
  held: z.boolean(),
  reminded: z.boolean(),
  advance_due: z.number(),
  receipt_waiting: z.boolean(),
});

/** `tellCustomer` queues the customer's mail of each move, in the move's transaction. */
export function createAdminOrderService(db: Db, tellCustomer: TellCustomer): AdminOrderService {
  const get = (orderId: string) => loadAdminOrder(db, orderId);

  return {
    get,

    async list(query) {
      const filters = orderListFilters(query);
      const rows = await selectRows(
        db,
        summaryRow,
        sql`select o.id, o.status, o.total_amount, o.due_on_delivery, o.full_name, o.email, o.phone_number, o.returned_as,
                   (extract(epoch from o.created_at) * 1000)::float8 as created_ms,
                   (select coalesce(sum(l.quantity), 0)::int from order_lines l where l.order_id = o.id) as item_count,
                   count(*) over ()::int as total,
                   case when o.held_at is null then (extract(epoch from o.cancel_at) * 1000)::float8 end as cancels_ms,
                   o.held_at is not null as held, o.reminded_at is not null as reminded,
                   case when o.advance_paid_at is null then o.advance_amount else 0 end as advance_due,
                   ${RECEIPT_WAITING} as receipt_waiting
            from orders o join users u on u.id = o.user_id
            where ${sql.join(filters, sql` and `)}
            order by ${query.view === "awaiting" ? sql`o.held_at is not null, o.created_at, o.id` : sql`o.created_at desc, o.id desc`}
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
      const risks = await loadOrderRisks(
        db,
        page.map((r) => r.id),
      );
      return {
        orders: page.map((r) => ({
          _id: r.id,
          status: r.status,
          totalAmount: r.total_amount,
          dueOnDelivery: r.due_on_delivery,
          createdAt: new Date(Number(r.created_ms)).toISOString(),
          customer: { name: r.full_name, email: r.email, phone: r.phone_number },
          itemCount: r.item_count,
          returnedAs: r.returned_as,
          risk: risks.get(r.id) ?? NO_RISK,
          awaiting:
            r.status === "pending"
              ? {
                  cancelsAt: r.cancels_ms === null ? null : new Date(r.cancels_ms).toISOString(),
                  held: r.held,
                  reminded: r.reminded,
                  advanceDue: r.advance_due,
                  receiptWaiting: r.receipt_waiting,
                }
              : null,
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
    const { from, restockedProductIds } = await moveOrder(db, orderId, back ? "parcelComesBack" : "ownerMoves", to, {
      actorUserId: adminId,
      comingBack: back,
      tellCustomer,
    });
    const order = await get(orderId);
    if (!order) throw notFound(ADMIN_MESSAGES.orderNotFound);
    return { order, from, restockedProductIds };
  }
}

/** The list's filters over `orders o join users u` (the CSV export reads the same). */
export function orderListFilters(
  query: Pick<AdminOrdersQuery, "status" | "query"> & Partial<Pick<AdminOrdersQuery, "view">>,
): SQL[] {
  const filters = [sql`true`];
  if (query.status) filters.push(sql`o.status = ${query.status}`);
  if (query.view === "awaiting") filters.push(sql`o.status = 'pending'`);
  if (query.query) {
    const q = query.query.toLowerCase();
    const pattern = likePattern(q);
    // A mobile number however it is typed (the customer who writes on WhatsApp), through orders_phone_key_idx.
    const mobile = pakistaniMobile(query.query);
    const byPhone = mobile ? sql` or o.phone_key = ${mobile.slice(2)}` : sql``;
    // An order id, whole or its first characters (the reference in the e-mail), or the customer.
    // '#71B886C4' as every page and mail writes it, or without the '#'.
    const reference = q.replace(/^#/, "").replace(/[\\%_]/g, "");
    filters.push(sql`(o.id::text like ${`${reference}%`} or lower(o.full_name) like ${pattern}
                      or lower(o.email) like ${pattern} or lower(u.email) like ${pattern}
                      or lower(u.username) like ${pattern}${byPhone})`);
  }
  return filters;
}
