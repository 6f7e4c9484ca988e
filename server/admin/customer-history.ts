// The customer's history behind an order, for spotting fake cash-on-delivery orders: every order
// of the same account or the same phone number (however it was typed: `orders.phone_key`), counted
// by outcome. The one query both the order list and the order page use; it reads through
// orders_user_created_idx and orders_phone_key_idx, so its cost follows the customer's orders,
// not the shop's.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { CustomerHistory } from "#shared/admin-orders.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { OPEN_STATUS_LIST } from "../db/status-sql.ts";

const historyRow = z.object({
  order_id: z.string(),
  orders: z.number(),
  delivered: z.number(),
  cancelled: z.number(),
  returned: z.number(),
  open: z.number(),
  returned_by_account: z.number(),
  returned_by_phone: z.number(),
  other_accounts: z.number(),
});

/** The history behind each of the given orders, by order id (orders that do not exist are left out). */
export async function loadCustomerHistories(db: Db, orderIds: string[]): Promise<Map<string, CustomerHistory>> {
  if (orderIds.length === 0) return new Map();
  const rows = await selectRows(
    db,
    historyRow,
    sql`select t.id as order_id,
               count(*)::int as orders,
               count(*) filter (where s.status = 'delivered')::int as delivered,
               count(*) filter (where s.status = 'cancelled' and s.returned_as is null)::int as cancelled,
               count(*) filter (where s.returned_as is not null)::int as returned,
               count(*) filter (where s.status in ${OPEN_STATUS_LIST})::int as open,
               count(*) filter (where s.returned_as is not null and s.id <> t.id and s.user_id = t.user_id
                                  and s.phone_key <> t.phone_key)::int as returned_by_account,
               count(*) filter (where s.returned_as is not null and s.id <> t.id and s.phone_key = t.phone_key)::int
                 as returned_by_phone,
               count(distinct s.user_id) filter (where s.user_id <> t.user_id)::int as other_accounts
        from orders t
        cross join lateral (
          select o.id, o.user_id, o.phone_key, o.status, o.returned_as from orders o where o.user_id = t.user_id
          union
          select o.id, o.user_id, o.phone_key, o.status, o.returned_as from orders o where o.phone_key = t.phone_key
        ) s
        where t.id in ${orderIds}
        group by t.id`,
  );
  return new Map(
    rows.map((r) => [
      r.order_id,
      {
        orders: r.orders,
        delivered: r.delivered,
        cancelled: r.cancelled,
        returned: r.returned,
        open: r.open,
        returnedByAccount: r.returned_by_account,
        returnedByPhone: r.returned_by_phone,
        otherAccounts: r.other_accounts,
      },
    ]),
  );
}

export const EMPTY_HISTORY: CustomerHistory = {
  orders: 0,
  delivered: 0,
  cancelled: 0,
  returned: 0,
  open: 0,
  returnedByAccount: 0,
  returnedByPhone: 0,
  otherAccounts: 0,
};
