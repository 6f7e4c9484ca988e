// What the database holds after the load, read straight from PostgreSQL (not through the shop):
// stock per size, every order with its lines, every Idempotency-Key and the order it produced.
import type pg from "pg";

export const pairKey = (productId: string, size: number) => `${productId}/${size}`;

export interface Ledger {
  /** Stock by pairKey. */
  stock: Map<string, number>;
  /** Order id -> its user and lines. */
  orders: Map<string, { userId: string; lines: { productId: string; size: number; quantity: number }[] }>;
  /** `${userId} ${key}` -> the order it produced (null while none). */
  keys: Map<string, string | null>;
  /** Pairs sold in all orders, by pairKey. */
  sold: Map<string, number>;
}

export async function readLedger(pool: pg.Pool): Promise<Ledger> {
  const stock = new Map<string, number>();
  for (const row of (
    await pool.query<{ product_id: string; size: number; stock: number }>(
      "select product_id, size, stock from product_sizes",
    )
  ).rows) {
    stock.set(pairKey(row.product_id, row.size), row.stock);
  }
  const orders: Ledger["orders"] = new Map();
  for (const row of (await pool.query<{ id: string; user_id: string }>("select id, user_id from orders")).rows) {
    orders.set(row.id, { userId: row.user_id, lines: [] });
  }
  const sold = new Map<string, number>();
  const lines = await pool.query<{ order_id: string; product_id: string; size: number; quantity: number }>(
    "select order_id, product_id, size, quantity from order_lines order by order_id, line_no",
  );
  for (const row of lines.rows) {
    orders.get(row.order_id)?.lines.push({ productId: row.product_id, size: row.size, quantity: row.quantity });
    const key = pairKey(row.product_id, row.size);
    sold.set(key, (sold.get(key) ?? 0) + row.quantity);
  }
  const keys = new Map<string, string | null>();
  for (const row of (
    await pool.query<{ user_id: string; key: string; order_id: string | null }>(
      "select user_id, key, order_id from idempotency_keys",
    )
  ).rows) {
    keys.set(`${row.user_id} ${row.key}`, row.order_id);
  }
  return { stock, orders, keys, sold };
}

/** Products on sale with their first offered size, in a stable order: the pairs the load buys. */
export async function pairsOnSale(
  pool: pg.Pool,
  count: number,
): Promise<{ productId: string; size: number; price: number; discountPrice: number }[]> {
  const { rows } = await pool.query<{ product_id: string; size: number; price: number; discount_price: number }>(
    `select distinct on (p.id) p.id as product_id, s.size, p.price, p.discount_price
       from products p join product_sizes s on s.product_id = p.id
      where p.archived_at is null
      order by p.id, s.size
      limit $1`,
    [count],
  );
  if (rows.length < count) throw new Error(`only ${rows.length} products on sale`);
  return rows.map((r) => ({ productId: r.product_id, size: r.size, price: r.price, discountPrice: r.discount_price }));
}

export async function setStock(pool: pg.Pool, productId: string, size: number, stock: number): Promise<void> {
  await pool.query("update product_sizes set stock = $3 where product_id = $1 and size = $2", [productId, size, stock]);
}
