// Factories for the cart and order tests: signed-in customers made straight in the database
// (no password hashing; their e-mail proven unless asked otherwise, so the order mails read in full:
// tests/proven-addresses.test.ts covers the unproven ones), products with stock set per size, and
// order payloads.
import { randomBytes, randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { createSession } from "#server/accounts/sessions.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { users } from "#server/db/schema.ts";
import type { TestApp } from "./app.ts";

export interface Shopper {
  id: string;
  email: string;
  token: string;
  headers: { authorization: string };
}

export async function makeShopper(t: TestApp, options: { proven?: boolean } = {}): Promise<Shopper> {
  const name = `shopper_${randomBytes(6).toString("hex")}`;
  const email = `${name}@example.pk`;
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      username: name,
      passwordHash: "not-a-real-hash",
      emailVerifiedAt: (options.proven ?? true) ? new Date() : null,
    })
    .returning({ id: users.id });
  if (!row) throw new Error("no user row");
  const token = await createSession(t.database.db, row.id);
  return { id: row.id, email, token, headers: { authorization: `Bearer ${token}` } };
}

export async function makeShoppers(t: TestApp, count: number): Promise<Shopper[]> {
  const shoppers: Shopper[] = [];
  for (let i = 0; i < count; i++) shoppers.push(await makeShopper(t));
  return shoppers;
}

export interface TestProduct {
  id: string;
  name: string;
  price: number;
  discountPrice: number;
  sizes: number[];
}

/** Products on sale with at least two sizes, in a stable order. */
export async function products(t: TestApp, count: number): Promise<TestProduct[]> {
  const rows = await selectRowsAsserted<{
    id: string;
    name: string;
    price: number;
    discount_price: number;
    sizes: number[];
  }>(
    t.database.db,
    sql`select p.id, p.name, p.price, p.discount_price,
               (select json_agg(s.size order by s.size) from product_sizes s where s.product_id = p.id) as sizes
        from products p
        where p.archived_at is null and (select count(*) from product_sizes s where s.product_id = p.id) >= 2
        order by p.category_slug, p.position, p.id limit ${count}`,
  );
  if (rows.length < count) throw new Error("not enough demo products");
  return rows.map((r) => ({ id: r.id, name: r.name, price: r.price, discountPrice: r.discount_price, sizes: r.sizes }));
}

export async function setStock(t: TestApp, productId: string, size: number, stock: number): Promise<void> {
  await t.database.db.execute(
    sql`update product_sizes set stock = ${stock} where product_id = ${productId} and size = ${size}`,
  );
}

export async function stockOf(t: TestApp, productId: string, size: number): Promise<number> {
  const [row] = await selectRowsAsserted<{ stock: number }>(
    t.database.db,
    sql`select stock from product_sizes where product_id = ${productId} and size = ${size}`,
  );
  if (!row) throw new Error("no such size");
  return row.stock;
}

export async function count(t: TestApp, table: "orders" | "order_lines" | "order_status_events" | "idempotency_keys") {
  const [row] = await selectRowsAsserted<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from ${sql.raw(table)}`,
  );
  return row?.n ?? 0;
}

export const ADDRESS = {
  fullName: "Ayesha Khan",
  addressLine: "House 12, Street 4, near Dolmen Mall, Clifton",
  phoneNumber: "03001234567",
  email: "ayesha@example.pk",
  city: "Karachi",
  postalCode: "75600",
};

/**
 * A mobile number no other order has, for an order from a customer of its own: the COD risk rules
 * read what a phone's earlier parcels did (server/orders/risk-rules.ts).
 */
export function ownPhoneNumber(): string {
  return `03${randomInt(100_000_000, 999_999_999)}`;
}

export interface Pick {
  product: TestProduct;
  size: number;
  quantity: number;
}

export function orderBody(shopper: Shopper, picks: Pick[], overrides: Record<string, unknown> = {}) {
  return {
    userId: shopper.id,
    items: picks.map((p) => ({ productId: p.product.id, size: p.size, quantity: p.quantity })),
    shippingAddress: { ...ADDRESS, email: shopper.email },
    totalAmount: picks.reduce((sum, p) => sum + p.product.discountPrice * p.quantity, 0),
    ...overrides,
  };
}

export function placeOrder(t: TestApp, shopper: Shopper, body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/orders/new-order",
    payload: body as object,
    headers: { ...shopper.headers, ...headers },
  });
}
