// The sale job (issue 51, docs/decisions/040-scheduled-sales.md): each second, on every instance, it
// starts the sales whose start has come and ends those whose end has. Each is one transaction that
// first claims the sale (started_at / ended_at set where it was null, skip locked), so two instances
// never both apply or restore one; the products it changed are answered for the catalogue's change
// (caches and kept pages drop them at once). Prices go through sale_price(), the one rounding that
// price_now() shares, so what the lists show and what the checkout charges are the same number.
// No HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { CatalogChanges } from "../catalog/changes.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";

export interface SaleSweep {
  started: string[];
  ended: string[];
  /** Products whose price changed: the catalogue's change to publish. */
  productIds: string[];
  /** In how many ms the next sale starts or ends (null: none is scheduled), so the job wakes for it. */
  nextEdgeInMs: number | null;
}

const claimedRow = z.object({ id: z.string() });
const changedRow = z.object({ product_id: z.string() });
const dueRow = z.object({ start: z.boolean(), end: z.boolean(), next_ms: z.number().nullable() });

/** Starts and ends what is due at `now` (the database's clock when not given); one sale per transaction. */
export async function sweepSales(db: Db, now?: Date): Promise<SaleSweep> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  // Most seconds nothing is due: one read through the two partial indexes, no transaction. It also
  // says when the next edge comes, so the job runs at that moment and not up to a tick after it (the
  // sale-opening bench saw pages with the old price for up to 2 s after a start, docs/benchmarks.md).
  const [due] = await selectRows(
    db,
    dueRow,
    sql`select exists (select from sales where started_at is null and starts_at <= ${at}) as start,
               exists (select from sales where ended_at is null and ends_at <= ${at}) as end,
               (extract(epoch from least(
                  (select min(starts_at) from sales where started_at is null and starts_at > ${at}),
                  (select min(ends_at) from sales where ended_at is null and ends_at > ${at})) - ${at}) * 1000)::float8
                 as next_ms`,
  );
  const sweep: SaleSweep = { started: [], ended: [], productIds: [], nextEdgeInMs: due?.next_ms ?? null };
  if (!due?.start && !due?.end) return sweep;
  for (;;) {
    const started = await startOne(db, at);
    if (!started) break;
    sweep.started.push(started.id);
    sweep.productIds.push(...started.productIds);
  }
  for (;;) {
    const ended = await endOne(db, at);
    if (!ended) break;
    sweep.ended.push(ended.id);
    sweep.productIds.push(...ended.productIds);
  }
  sweep.productIds = [...new Set(sweep.productIds)];
  return sweep;
}

/**
 * A sweep, and the catalogue change for the products whose prices it changed: the job's tick, one
 * function so a test runs the very path the job runs (caches and kept pages drop those products the
 * moment their prices change on any instance).
 */
export async function sweepAndTell(db: Db, changes: CatalogChanges, now?: Date): Promise<SaleSweep> {
  const sweep = await sweepSales(db, now);
  if (sweep.productIds.length > 0) changes.publish({ productIds: sweep.productIds });
  return sweep;
}

/**
 * Claims one sale whose start has come, records each product's price of the day and its sale price,
 * and writes the sale prices, all or nothing. A sale whose end has also passed (no instance ran in
 * its whole window) is claimed and closed without touching a price.
 */
async function startOne(db: Db, at: ReturnType<typeof sql>): Promise<{ id: string; productIds: string[] } | undefined> {
  return db.transaction(async (tx) => {
    const [claimed] = await selectRows(
      tx,
      claimedRow,
      sql`update sales set started_at = ${at},
                           ended_at = case when ends_at <= ${at} then ${at} end
          where id = (select id from sales where started_at is null and starts_at <= ${at}
                      order by starts_at limit 1 for update skip locked)
          returning id`,
    );
    if (!claimed) return undefined;
    // Its products, locked in id order (as the checkout locks their sizes' rows by product), priced
    // from their price of the day; a sale never raises a price, so a product it would not lower is left.
    const changed = await selectRows(
      tx,
      changedRow,
      sql`with s as (select * from sales where id = ${claimed.id} and ended_at is null),
               p as (select p.id, p.discount_price from products p, s
                     where p.archived_at is null
                       and (p.id = any(s.product_ids) or p.category_slug = s.category_slug or s.tag = any(p.tags))
                     order by p.id for update of p),
               priced as (select p.id, p.discount_price as regular,
                                 sale_price(s.pricing, s.percent, s.price, p.discount_price) as sale
                          from p, s),
               kept as (insert into sale_prices (sale_id, product_id, regular_price, sale_price)
                        select ${claimed.id}::uuid, id, regular, sale from priced where sale < regular)
          update products set discount_price = priced.sale, updated_at = now()
          from priced where products.id = priced.id and priced.sale < priced.regular
          returning products.id as product_id`,
    );
    return { id: claimed.id, productIds: changed.map((row) => row.product_id) };
  });
}

/** Claims one started sale whose end has come and puts back the prices it wrote, where they still stand. */
async function endOne(db: Db, at: ReturnType<typeof sql>): Promise<{ id: string; productIds: string[] } | undefined> {
  return db.transaction(async (tx) => {
    const [claimed] = await selectRows(
      tx,
      claimedRow,
      sql`update sales set ended_at = ${at}
          where id = (select id from sales where ended_at is null and started_at is not null and ends_at <= ${at}
                      order by ends_at limit 1 for update skip locked)
          returning id`,
    );
    if (!claimed) return undefined;
    // Only where the product still has the sale's price: a price the owner set during the sale stays.
    const changed = await selectRows(
      tx,
      changedRow,
      sql`update products p set discount_price = sp.regular_price, updated_at = now()
          from sale_prices sp
          where sp.sale_id = ${claimed.id} and p.id = sp.product_id and p.discount_price = sp.sale_price
          returning p.id as product_id`,
    );
    return { id: claimed.id, productIds: changed.map((row) => row.product_id) };
  });
}
