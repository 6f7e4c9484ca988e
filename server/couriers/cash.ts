// The cash side of cash on delivery (issue 32): what reached the shop (takings), what couriers or
// the rider still hold for delivered parcels, and what parcels on the road should bring. Takings
// count only settled parcels, by the Karachi day the cash was recorded.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { CashSummary } from "#shared/couriers.ts";
import { SHOP_TIME_ZONE } from "#shared/shop.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { CASH_IN_PLAY_LIST } from "../db/status-sql.ts";

export async function loadCashSummary(db: Db): Promise<CashSummary> {
  const today = sql`(date_trunc('day', now() at time zone ${SHOP_TIME_ZONE}) at time zone ${SHOP_TIME_ZONE})`;
  const [collected] = await selectRows(
    db,
    z.object({ today: z.number(), week: z.number() }),
    sql`select coalesce(sum(collected_amount) filter (where settled_at >= ${today}), 0)::int as today,
               coalesce(sum(collected_amount), 0)::int as week
        from parcels where settled_at >= ${today} - interval '6 days'`,
  );
  // Unsettled parcels through parcels_unsettled_idx, split by where the order stands.
  const open = await selectRows(
    db,
    z.object({
      courier_id: z.string(),
      courier: z.string(),
      status: z.string(),
      parcels: z.number(),
      amount: z.number(),
    }),
    sql`select c.id as courier_id, c.name as courier, o.status, count(*)::int as parcels,
               coalesce(sum(p.cod_amount), 0)::int as amount
        from parcels p join couriers c on c.id = p.courier_id join orders o on o.id = p.order_id
        where p.settled_at is null and o.status in ${CASH_IN_PLAY_LIST}
        group by c.id, c.name, o.status
        order by c.name`,
  );
  const delivered = open.filter((r) => r.status === "delivered");
  const onTheRoad = open.filter((r) => r.status === "dispatched");
  return {
    collectedToday: collected?.today ?? 0,
    collectedWeek: collected?.week ?? 0,
    withCouriers: delivered
      .map((r) => ({ courierId: r.courier_id, courier: r.courier, parcels: r.parcels, amount: r.amount }))
      .sort((a, b) => b.amount - a.amount || a.courier.localeCompare(b.courier)),
    onTheRoad: {
      parcels: onTheRoad.reduce((n, r) => n + r.parcels, 0),
      amount: onTheRoad.reduce((n, r) => n + r.amount, 0),
    },
  };
}
