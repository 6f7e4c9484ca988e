// The shop's accounts with how many orders each placed. No HTTP here.
import { sql } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, type AdminCustomerList, type AdminCustomersQuery } from "#shared/admin.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { likePattern } from "./products.ts";

export async function listCustomers(db: Db, query: AdminCustomersQuery): Promise<AdminCustomerList> {
  const filter = query.query
    ? sql`where lower(u.username) like ${likePattern(query.query)} or lower(u.email) like ${likePattern(query.query)}`
    : sql``;
  const rows = await selectRows<{
    id: string;
    username: string;
    email: string;
    role: "customer" | "admin";
    created_ms: number;
    order_count: number;
    total: number;
  }>(
    db,
    sql`select u.id, u.username, u.email, u.role, (extract(epoch from u.created_at) * 1000)::float8 as created_ms,
               (select count(*)::int from orders o where o.user_id = u.id) as order_count,
               count(*) over ()::int as total
        from users u ${filter}
        order by u.created_at desc, u.id
        limit ${ADMIN_PAGE_SIZE + 1} offset ${(query.page - 1) * ADMIN_PAGE_SIZE}`,
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from users u ${filter}`);
    total = row?.n ?? 0;
  }
  return {
    customers: rows.slice(0, ADMIN_PAGE_SIZE).map((r) => ({
      _id: r.id,
      username: r.username,
      email: r.email,
      role: r.role,
      createdAt: new Date(Number(r.created_ms)).toISOString(),
      orderCount: r.order_count,
    })),
    page: query.page,
    hasMore: rows.length > ADMIN_PAGE_SIZE,
    total,
  };
}
