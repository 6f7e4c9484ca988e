// The stock grid: every size of every live product in a category, and a save of many cells in
// one transaction. A cell whose stock moved since the grid was loaded (an order, a cancellation)
// refuses the whole save with 409 and writes nothing, as the product form does. Typing pairs into
// a size the product did not come in starts offering it; sizes are never withdrawn from here. Each
// size carries the customers waiting for it, and the grid the shop's most wanted sold-out sizes.
import { inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import { CATEGORY_SLUGS, type CategorySlug } from "#shared/categories.ts";
import { SIZES } from "#shared/sizes.ts";
import {
  MOST_WANTED_SHOWN,
  type MostWantedSize,
  type StockChange,
  type StockGrid,
  type StockGridRow,
} from "#shared/stock-grid.ts";
import type { Db } from "../db/client.ts";
import { sizeStock } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { productSizes, products } from "../db/schema.ts";
import { conflict, notFound } from "../domain-errors.ts";

const gridRow = z.object({
  id: z.string(),
  name: z.string(),
  sizes: z.array(sizeStock),
  waiting: z.array(z.object({ size: z.number(), n: z.number() })),
});
type GridRow = z.output<typeof gridRow>;

function toRow(row: GridRow): StockGridRow {
  const stocks = new Map(row.sizes.map((s) => [s.size, s.stock]));
  const waiting = new Map(row.waiting.map((w) => [w.size, w.n]));
  return {
    _id: row.id,
    name: row.name,
    sizes: SIZES.map((size) => ({
      size,
      stock: stocks.get(size) ?? 0,
      offered: stocks.has(size),
      waiting: waiting.get(size) ?? 0,
    })),
  };
}

// Waiting: the stock alerts not yet told nor stopped (server/stock-alerts/), by size.
const gridColumns = sql`p.id, p.name,
  coalesce((select json_agg(json_build_object('size', s.size, 'stock', s.stock) order by s.size)
            from product_sizes s where s.product_id = p.id), '[]'::json) as sizes,
  coalesce((select json_agg(json_build_object('size', w.size, 'n', w.n))
            from (select a.size, count(*)::int as n from stock_alerts a
                  where a.product_id = p.id and a.notified_at is null and a.unsubscribed_at is null
                  group by a.size) w), '[]'::json) as waiting`;

const mostWantedRow = z.object({
  product_id: z.string(),
  name: z.string(),
  category_slug: z.enum(CATEGORY_SLUGS),
  size: z.number(),
  waiting: z.number(),
});

/** The sold-out sizes of live products with the most customers waiting, across the shop. */
async function loadMostWanted(db: Db): Promise<MostWantedSize[]> {
  const rows = await selectRows(
    db,
    mostWantedRow,
    sql`select a.product_id, p.name, p.category_slug, a.size, count(*)::int as waiting
        from stock_alerts a
        join products p on p.id = a.product_id and p.archived_at is null
        join product_sizes s on s.product_id = a.product_id and s.size = a.size and s.stock = 0
        where a.notified_at is null and a.unsubscribed_at is null
        group by a.product_id, p.name, p.category_slug, a.size
        order by waiting desc, p.name, a.size limit ${MOST_WANTED_SHOWN}`,
  );
  return rows.map((row) => ({
    productId: row.product_id,
    name: row.name,
    category: row.category_slug,
    size: row.size,
    waiting: row.waiting,
  }));
}

export async function loadStockGrid(db: Db, category: CategorySlug): Promise<StockGrid> {
  const rows = await selectRows(
    db,
    gridRow,
    sql`select ${gridColumns} from products p
        where p.category_slug = ${category} and p.archived_at is null order by p.position, p.id`,
  );
  return { category, products: rows.map(toRow), mostWanted: await loadMostWanted(db) };
}

/** Writes every change or none; answers the changed products as they now are. */
export async function saveStockGrid(
  db: Db,
  changes: StockChange[],
): Promise<{ products: StockGridRow[]; productIds: string[] }> {
  const productIds = [...new Set(changes.map((c) => c.productId))].sort();
  return db.transaction(async (tx) => {
    const ids = sql.join(
      productIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    // Size rows first, in (product, size) order, then the products: the order a checkout or a
    // cancellation takes them in (a size that sells out or comes back rewrites its product's
    // sizes-in-stock mask). "No key update" on the products, as the product form's save, so a
    // checkout's new order line (a key-share lock on the product) does not wait on us. Both locks stay
    // raw SQL, their locking order in plain sight.
    const current = await selectRows(
      tx,
      sizeStock.extend({ product_id: z.string() }),
      sql`select product_id, size, stock from product_sizes where product_id in (${ids})
          order by product_id, size for update`,
    );
    const found = await selectRows(
      tx,
      z.object({ id: z.string(), archived: z.boolean() }),
      sql`select id, archived_at is not null as archived from products where id in (${ids})
          order by id for no key update`,
    );
    const missing = productIds.filter((id) => !found.some((p) => p.id === id));
    if (missing.length > 0) throw notFound(`${ADMIN_MESSAGES.productNotFound} (${missing.join(", ")})`);
    if (found.some((p) => p.archived)) throw conflict(ADMIN_MESSAGES.archivedEdit);

    const stockOf = new Map(current.map((r) => [`${r.product_id}:${r.size}`, r.stock]));
    const moved = changes.filter((c) => (stockOf.get(`${c.productId}:${c.size}`) ?? 0) !== c.expectedStock);
    if (moved.length > 0) {
      const names = moved
        .slice(0, 5)
        .map((c) => `size ${c.size} now has ${stockOf.get(`${c.productId}:${c.size}`) ?? 0}`)
        .join(", ");
      throw conflict(`${ADMIN_MESSAGES.stockChanged} (${names}.)`);
    }

    // A size not offered stays not offered when its cell is left at 0.
    const writes = changes.filter((c) => stockOf.has(`${c.productId}:${c.size}`) || c.stock > 0);
    if (writes.length > 0) {
      // Also fires the back-in-stock trigger on product_sizes (migration 0021): a size from 0 to some, or offered
      // again with pairs, queues the mails of whoever waits for it, in this transaction.
      await tx
        .insert(productSizes)
        .values(
          [...writes]
            .sort((a, b) => a.productId.localeCompare(b.productId) || a.size - b.size)
            .map((c) => ({ productId: c.productId, size: c.size, stock: c.stock })),
        )
        .onConflictDoUpdate({
          target: [productSizes.productId, productSizes.size],
          set: { stock: sql`excluded.stock` },
        });
      await tx.update(products).set({ updatedAt: sql`now()` }).where(inArray(products.id, productIds));
    }
    const rows = await selectRows(
      tx,
      gridRow,
      sql`select ${gridColumns} from products p where p.id in (${ids}) order by p.position, p.id`,
    );
    return { products: rows.map(toRow), productIds };
  });
}
