// The owner's first screen: today's and this week's orders and takings (Karachi days), orders
// waiting for a move, failed deliveries to handle, and sizes running low. One round trip each, no
// HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { ADMIN_LOW_STOCK_AT, ADMIN_LOW_STOCK_LIMIT, type AdminDashboard, type LowStockSize } from "#shared/admin.ts";
import { ATTEMPT_DUE_SOON_HOURS } from "#shared/delivery-attempts.ts";
import { ORDER_STATUSES, type OrderStatus } from "#shared/order-life.ts";
import { SHOP_TIME_ZONE } from "#shared/shop.ts";
import { loadCashSummary } from "../couriers/cash.ts";
import type { Db } from "../db/client.ts";
import { orderStatusColumn, sizeStock } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { loadSales } from "./sales.ts";

export async function loadDashboard(db: Db): Promise<AdminDashboard> {
  const today = sql`(date_trunc('day', now() at time zone ${SHOP_TIME_ZONE}) at time zone ${SHOP_TIME_ZONE})`;
  const [counts] = await selectRows(
    db,
    z.object({ today_orders: z.number(), week_orders: z.number() }),
    sql`select count(*) filter (where created_at >= ${today})::int as today_orders, count(*)::int as week_orders
        from orders where created_at >= ${today} - interval '6 days'`,
  );
  const statusRows = await selectRows(
    db,
    z.object({ status: orderStatusColumn, n: z.number() }),
    sql`select status, count(*)::int as n from orders group by status`,
  );
  const [held] = await selectRows(
    db,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from orders where status = 'pending' and held_at is not null`,
  );
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const row of statusRows) byStatus[row.status] = row.n;
  const low = await selectRows(
    db,
    sizeStock.extend({ product_id: z.string(), name: z.string() }),
    sql`select s.product_id, p.name, s.size, s.stock
        from product_sizes s join products p on p.id = s.product_id
        where p.archived_at is null and s.stock > 0 and s.stock <= ${ADMIN_LOW_STOCK_AT}
        order by s.stock, p.name, s.size
        limit ${ADMIN_LOW_STOCK_LIMIT}`,
  );
  const lowStock: LowStockSize[] = low.map((r) => ({
    productId: r.product_id,
    name: r.name,
    size: r.size,
    stock: r.stock,
  }));
  // Takings are cash that reached the shop (issue 32), not the value of orders placed: after the
  // couriers' deductions, as the bank sees it (issue 48).
  const cash = await loadCashSummary(db);
  // The Attempts queue's tasks and its due-soon flag, counted as server/couriers/attempts/queue.ts lists them.
  const [failed] = await selectRows(
    db,
    z.object({ open: z.number(), due_soon: z.number() }),
    sql`select count(*)::int as open,
               count(*) filter (where a.state in ('asking', 'to_call')
                 and a.return_by < now() + make_interval(hours => ${ATTEMPT_DUE_SOON_HOURS}))::int as due_soon
        from delivery_attempts a join orders o on o.id = a.order_id
        where a.state <> 'closed' and o.status = 'dispatched'`,
  );
  return {
    today: { orders: counts?.today_orders ?? 0, revenue: cash.takings.today.net },
    week: { orders: counts?.week_orders ?? 0, revenue: cash.takings.week.net },
    waiting: { pending: byStatus.pending, held: held?.n ?? 0, confirm: byStatus.confirm },
    byStatus,
    lowStock,
    sales: await loadSales(db),
    cash,
    failedDeliveries: { open: failed?.open ?? 0, dueSoon: failed?.due_soon ?? 0 },
  };
}
