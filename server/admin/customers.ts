// The shop's accounts with their orders by where they stand, and blocking a customer from ordering
// (issue 16): a blocked customer's orders are refused (server/orders/order-limits.ts). No HTTP here.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  ADMIN_PAGE_SIZE,
  type AdminCustomer,
  type AdminCustomerList,
  type AdminCustomersQuery,
  CUSTOMER_MESSAGES,
} from "#shared/admin.ts";
import type { Db } from "../db/client.ts";
import { countRow } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { users } from "../db/schema.ts";
import { OPEN_STATUS_LIST } from "../db/status-sql.ts";
import { conflict, notFound } from "../domain-errors.ts";
import { likePattern } from "./products.ts";

const customerRow = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(["customer", "admin"]),
  created_ms: z.number(),
  order_count: z.number(),
  open_orders: z.number(),
  delivered_orders: z.number(),
  cancelled_orders: z.number(),
  blocked_ms: z.number().nullable(),
  blocked_by: z.string().nullable(),
});
type CustomerRow = z.output<typeof customerRow>;

/** The columns of one customer row; `u` is the users table. */
const CUSTOMER_COLUMNS = sql`u.id, u.username, u.email, u.role,
  (extract(epoch from u.created_at) * 1000)::float8 as created_ms,
  coalesce(c.order_count, 0) as order_count, coalesce(c.open_orders, 0) as open_orders,
  coalesce(c.delivered_orders, 0) as delivered_orders, coalesce(c.cancelled_orders, 0) as cancelled_orders,
  (extract(epoch from u.blocked_at) * 1000)::float8 as blocked_ms,
  (select b.username from users b where b.id = u.blocked_by) as blocked_by`;

/** Order counts per user, joined laterally so each row reads only its own orders (orders_user_created_idx). */
const ORDER_COUNTS = sql`left join lateral (
  select count(*)::int as order_count,
         (count(*) filter (where o.status in ${OPEN_STATUS_LIST}))::int as open_orders,
         (count(*) filter (where o.status = 'delivered'))::int as delivered_orders,
         (count(*) filter (where o.status = 'cancelled'))::int as cancelled_orders
  from orders o where o.user_id = u.id) c on true`;

function toCustomer(r: CustomerRow): AdminCustomer {
  return {
    _id: r.id,
    username: r.username,
    email: r.email,
    role: r.role,
    createdAt: new Date(Number(r.created_ms)).toISOString(),
    orderCount: r.order_count,
    orders: { open: r.open_orders, delivered: r.delivered_orders, cancelled: r.cancelled_orders },
    blocked:
      r.blocked_ms === null
        ? null
        : {
            at: new Date(Number(r.blocked_ms)).toISOString(),
            by: r.blocked_by === null ? null : { username: r.blocked_by },
          },
  };
}

export async function listCustomers(db: Db, query: AdminCustomersQuery): Promise<AdminCustomerList> {
  const filter = query.query
    ? sql`where lower(u.username) like ${likePattern(query.query)} or lower(u.email) like ${likePattern(query.query)}`
    : sql``;
  const rows = await selectRows(
    db,
    customerRow.extend({ total: z.number() }),
    sql`select ${CUSTOMER_COLUMNS}, count(*) over ()::int as total
        from users u ${ORDER_COUNTS} ${filter}
        order by u.created_at desc, u.id
        limit ${ADMIN_PAGE_SIZE + 1} offset ${(query.page - 1) * ADMIN_PAGE_SIZE}`,
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    // Raw: it shares its filter (on the alias u) with the windowed statement above.
    const [row] = await selectRows(db, countRow, sql`select count(*)::int as n from users u ${filter}`);
    total = row?.n ?? 0;
  }
  return {
    customers: rows.slice(0, ADMIN_PAGE_SIZE).map(toCustomer),
    page: query.page,
    hasMore: rows.length > ADMIN_PAGE_SIZE,
    total,
  };
}

/**
 * Blocks (recording when and by whom) or unblocks a customer; answers the customer as the list shows
 * them. Blocking a blocked customer keeps the first block's time and admin. The update takes the
 * customer's row lock, which an order in progress holds too: an order either committed before the
 * block or is refused by it.
 */
export async function setCustomerBlocked(
  db: Db,
  customerId: string,
  blocked: boolean,
  adminId: string,
): Promise<AdminCustomer> {
  const [target] = await db.select({ role: users.role }).from(users).where(eq(users.id, customerId));
  if (!target) throw notFound(CUSTOMER_MESSAGES.notFound);
  if (blocked && customerId === adminId) throw conflict(CUSTOMER_MESSAGES.selfNotBlockable);
  if (blocked && target.role === "admin") throw conflict(CUSTOMER_MESSAGES.adminNotBlockable);
  // Both expressions read the row as it was before the update (SQL's SET semantics).
  const change = blocked
    ? {
        blockedAt: sql`coalesce(${users.blockedAt}, now())`,
        blockedBy: sql`case when ${users.blockedAt} is null then ${adminId}::uuid else ${users.blockedBy} end`,
      }
    : { blockedAt: null, blockedBy: null };
  await db
    .update(users)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(users.id, customerId));
  const [row] = await selectRows(
    db,
    customerRow,
    sql`select ${CUSTOMER_COLUMNS} from users u ${ORDER_COUNTS} where u.id = ${customerId}`,
  );
  if (!row) throw notFound(CUSTOMER_MESSAGES.notFound);
  return toCustomer(row);
}
