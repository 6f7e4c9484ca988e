// Sales for the dashboard: the last 30 Karachi days, day by day (days without orders included,
// so the chart has no gaps; takings are the cash that reached the shop that day), best sellers by pairs, and how fast each size sells out. Only
// orders in SALES_STATUSES count: a cancelled or returned order is not a sale.
import { sql } from "drizzle-orm";
import { z } from "zod";
import {
  BEST_SELLERS_LIMIT,
  type BestSeller,
  SALES_DAYS,
  SALES_STATUSES,
  type SalesDay,
  type SalesReport,
  type SizeSellThrough,
} from "#shared/sales.ts";
import { SHOP_TIME_ZONE } from "#shared/shop.ts";
import { SIZES } from "#shared/sizes.ts";
import { settledParcels } from "../couriers/takings.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";

export async function loadSales(db: Db): Promise<SalesReport> {
  const tz = SHOP_TIME_ZONE;
  const today = sql`(now() at time zone ${tz})::date`;
  const first = sql`(${today} - ${SALES_DAYS - 1}::int)`;
  const since = sql`(${first}::timestamp at time zone ${tz})`;
  const sale = sql`o.status in (${sql.join(
    SALES_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})`;

  const days: SalesDay[] = await selectRows(
    db,
    z.object({ day: z.string(), orders: z.number(), takings: z.number() }),
    // Orders by the day they were placed; takings by the day their cash reached the shop (issue 32),
    // after the couriers' deductions, as the dashboard's takings (issue 48).
    sql`select to_char(d.day, 'YYYY-MM-DD') as day,
               (select count(*) from orders o
                 where o.created_at >= d.day::timestamp at time zone ${tz}
                   and o.created_at < (d.day + interval '1 day')::timestamp at time zone ${tz} and ${sale})::int as orders,
               (select coalesce(sum(s.net), 0) from ${settledParcels(
                 sql`p.settled_at >= d.day::timestamp at time zone ${tz}
                     and p.settled_at < (d.day + interval '1 day')::timestamp at time zone ${tz}`,
               )} s)::int as takings
        from generate_series(${first}, ${today}, interval '1 day') as d(day)
        order by d.day`,
  );

  const best = await selectRows(
    db,
    z.object({ product_id: z.string(), name: z.string(), pairs: z.number(), takings: z.number() }),
    // A line's takings less its share of the order's offer or code (issue 51), shared by the lines'
    // value: the order keeps one discount, not one per line, so a best seller is not overstated by it.
    sql`select l.product_id, p.name, sum(l.quantity)::int as pairs,
               round(sum(l.quantity * l.discount_price
                         - o.discount_amount * (l.quantity * l.discount_price)::numeric
                           / (select sum(x.quantity * x.discount_price) from order_lines x where x.order_id = o.id)))::int
                 as takings
        from order_lines l join orders o on o.id = l.order_id join products p on p.id = l.product_id
        where o.created_at >= ${since} and ${sale}
        group by l.product_id, p.name
        order by pairs desc, takings desc, p.name
        limit ${BEST_SELLERS_LIMIT}`,
  );
  const bestSellers: BestSeller[] = best.map((r) => ({
    productId: r.product_id,
    name: r.name,
    pairs: r.pairs,
    takings: r.takings,
  }));

  const sold = await selectRows(
    db,
    z.object({ size: z.number(), sold: z.number() }),
    sql`select l.size, sum(l.quantity)::int as sold
        from order_lines l join orders o on o.id = l.order_id
        where o.created_at >= ${since} and ${sale} group by l.size`,
  );
  const stock = await selectRows(
    db,
    z.object({ size: z.number(), in_stock: z.number(), sold_out: z.number() }),
    sql`select s.size, sum(s.stock)::int as in_stock, count(*) filter (where s.stock = 0)::int as sold_out
        from product_sizes s join products p on p.id = s.product_id
        where p.archived_at is null group by s.size`,
  );
  const soldBySize = new Map(sold.map((r) => [r.size, r.sold]));
  const stockBySize = new Map(stock.map((r) => [r.size, r]));
  const sizes: SizeSellThrough[] = SIZES.map((size) => {
    const pairs = soldBySize.get(size) ?? 0;
    const inStock = stockBySize.get(size)?.in_stock ?? 0;
    const total = pairs + inStock;
    return {
      size,
      sold: pairs,
      inStock,
      sellThrough: total === 0 ? 0 : Math.round((pairs / total) * 100),
      soldOutProducts: stockBySize.get(size)?.sold_out ?? 0,
    };
  }).sort((a, b) => b.sellThrough - a.sellThrough || b.sold - a.sold || a.size - b.size);

  return { days, bestSellers, sizes };
}
