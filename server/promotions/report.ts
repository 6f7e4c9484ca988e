// The owner's view of sales, codes and offers (shared/promotions-report.ts), in one statement: each
// sale's orders from the lines it priced (order_lines.sale_id), each code's and offer's from the
// orders that took it (orders.discount_code_id, orders.offer_id), each added up once in SQL and
// answered as three JSON arrays, so the report costs one round trip however many there are; over
// every order, or the orders placed between two Karachi days. No HTTP here.
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  type CodeReportRow,
  isSharedPublicly,
  type OfferReportRow,
  type PromotionsPeriod,
  type PromotionsReport,
  type SaleReportRow,
} from "#shared/promotions-report.ts";
import { SHOP_TIME_ZONE } from "#shared/shop.ts";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";

const figures = {
  orders: z.number(),
  pairs: z.number(),
  revenue: z.number(),
  discount: z.number(),
  refused: z.number(),
  returned: z.number(),
};
const saleRow = z.object({
  saleId: z.string(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  ...figures,
});
const codeRow = z.object({
  codeId: z.string(),
  code: z.string(),
  uses: z.number(),
  maxUses: z.number().nullable(),
  newAccounts: z.number(),
  ...figures,
});
const offerRow = z.object({ offerId: z.string(), name: z.string(), ...figures });
const reportRow = z.object({ sales: z.array(saleRow), codes: z.array(codeRow), offers: z.array(offerRow) });

/**
 * The figures of one sale, code or offer over `x`, its orders (left joined: none gives zeros), each
 * with `pairs` and `given` (the discount it gave on that order), joined to the order `o`.
 * Revenue and discount leave cancelled orders out: a refused parcel brought nothing and kept nothing.
 */
const FIGURES = sql`count(x.order_id)::int as "orders",
  coalesce(sum(x.pairs), 0)::int as "pairs",
  coalesce(sum(o.total_amount) filter (where o.status <> 'cancelled'), 0)::int as "revenue",
  coalesce(sum(x.given) filter (where o.status <> 'cancelled'), 0)::int as "discount",
  count(*) filter (where o.returned_as = 'refused')::int as "refused",
  count(*) filter (where o.returned_as = 'returned')::int as "returned"`;

const tz = SHOP_TIME_ZONE;
/** The period's bounds on an order's placing, as instants of the Karachi days' edges. */
function placedIn(column: SQL, { from, to }: PromotionsPeriod): SQL {
  return sql`${from === undefined ? sql`true` : sql`${column} >= (${from}::date::timestamp at time zone ${tz})`}
    and ${to === undefined ? sql`true` : sql`${column} < ((${to}::date + 1)::timestamp at time zone ${tz})`}`;
}

const wallTime = (column: SQL) => sql`to_char(${column} at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM-DD"T"HH24:MI')`;

export async function loadPromotionsReport(db: Db, period: PromotionsPeriod): Promise<PromotionsReport> {
  const [row] = await selectRows(
    db,
    reportRow,
    sql`with sale_orders as (
          -- A sale's part of each order: the lines it priced, never the order's other lines.
          select l.sale_id, l.order_id, sum(l.quantity)::int as pairs,
                 sum((l.price - l.discount_price) * l.quantity)::int as given
          from order_lines l join orders p on p.id = l.order_id
          where l.sale_id is not null and ${placedIn(sql`p.created_at`, period)}
          group by l.sale_id, l.order_id
        ),
        promo_orders as (
          -- An order that took a code or an offer, with all its pairs and what the discount took off.
          -- first_order: the account had placed no order before it (whatever became of that one).
          select o.id as order_id, o.discount_code_id, o.offer_id, o.discount_amount as given,
                 (select sum(l.quantity) from order_lines l where l.order_id = o.id)::int as pairs,
                 not exists (select 1 from orders e
                             where e.user_id = o.user_id and (e.created_at, e.id) < (o.created_at, o.id)) as first_order
          from orders o
          where (o.discount_code_id is not null or o.offer_id is not null) and ${placedIn(sql`o.created_at`, period)}
        ),
        sale_rows as (
          select s.id as "saleId", s.name, ${wallTime(sql`s.starts_at`)} as "startsAt",
                 ${wallTime(sql`s.ends_at`)} as "endsAt", s.starts_at, ${FIGURES}
          from sales s
          left join sale_orders x on x.sale_id = s.id
          left join orders o on o.id = x.order_id
          where s.starts_at <= now()
          group by s.id
        ),
        code_rows as (
          select c.id as "codeId", c.code, c.uses, c.max_uses as "maxUses",
                 count(*) filter (where x.first_order)::int as "newAccounts", ${FIGURES}
          from discount_codes c
          left join promo_orders x on x.discount_code_id = c.id
          left join orders o on o.id = x.order_id
          group by c.id
        ),
        offer_rows as (
          select f.id as "offerId", f.name, ${FIGURES}
          from offers f
          left join promo_orders x on x.offer_id = f.id
          left join orders o on o.id = x.order_id
          group by f.id
        )
        select
          (select coalesce(json_agg(r order by r.starts_at desc, r."saleId"), '[]'::json) from sale_rows r) as sales,
          (select coalesce(json_agg(r order by r.uses desc, r.code), '[]'::json) from code_rows r) as codes,
          (select coalesce(json_agg(r order by r.orders desc, r.name, r."offerId"), '[]'::json) from offer_rows r) as offers`,
  );
  if (!row) throw new BrokenPromise("loadPromotionsReport: the statement answered no row");
  return {
    from: period.from ?? null,
    to: period.to ?? null,
    sales: row.sales.map((s): SaleReportRow => s),
    codes: row.codes.map((c): CodeReportRow => ({ ...c, sharedPublicly: isSharedPublicly(c.orders, c.newAccounts) })),
    offers: row.offers.map((f): OfferReportRow => f),
  };
}
