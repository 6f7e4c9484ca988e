// The migrations build the whole domain, with its rules enforced by the database itself.
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, openDatabase } from "#server/db/client.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { seedCategories } from "#server/seed/seed.ts";
import { OPEN_STATUSES, ORDER_STATUSES } from "#shared/order-life.ts";
import { openTestDatabase, type TestDatabase } from "./support/database.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedCategories(database.db);
});
afterAll(() => database?.close());

const run = (statement: ReturnType<typeof sql>) => database.db.execute(statement);

describe(`migrations (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("create every table of the domain", async () => {
    const rows = await selectRowsAsserted<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((r) => r.table_name)).toEqual([
      "addresses",
      "advance_receipts",
      "block_list",
      "cart_lines",
      "carts",
      "categories",
      "code_uses",
      "colours",
      "confirmation_settings",
      "courier_accounts",
      "courier_bookings",
      "courier_imports",
      "courier_terms",
      "couriers",
      "delivery_attempts",
      "discount_codes",
      "exchange_photos",
      "exchange_requests",
      "exchange_settings",
      "hosted_payments",
      "idempotency_keys",
      "karachi_areas",
      "mail_outbox",
      "not_sold_words",
      "offers",
      "order_confirmation_events",
      "order_edits",
      "order_lines",
      "order_notes",
      "order_status_events",
      "orders",
      "parcels",
      "password_resets",
      "payment_accounts",
      "product_images",
      "product_sizes",
      "products",
      "proven_phones",
      "review_photos",
      "review_requests",
      "review_settings",
      "reviews",
      "risk_rules",
      "sale_prices",
      "sales",
      "search_misses",
      "search_synonyms",
      "search_words",
      "sessions",
      "shop_secrets",
      "short_payments",
      "stock_alert_stops",
      "stock_alerts",
      "users",
      "whatsapp_inbound",
      "whatsapp_opt_outs",
      "whatsapp_sends",
    ]);
  });

  it("name the open statuses of shared/orders.ts in the partial index the customer's limits read", async () => {
    const [index] = await selectRowsAsserted<{ indexdef: string }>(
      database.db,
      sql`select indexdef from pg_indexes where indexname = 'orders_user_open_idx'`,
    );
    const named = ORDER_STATUSES.filter((status) => index?.indexdef.includes(`'${status}'`));
    expect(named).toEqual([...OPEN_STATUSES]);
  });

  it("are idempotent: opening the same database again applies nothing twice", async () => {
    // PGlite in memory cannot be reopened: the PGlite case migrates a folder and opens it again.
    const folder = database.url ? undefined : await mkdtemp(path.join(tmpdir(), "shoe-shop-migrations-"));
    const open = () => openDatabase(database.url ? { databaseUrl: database.url, poolSize: 1 } : { pgliteDir: folder });
    try {
      const applied = async () => {
        const opened = await open();
        try {
          return await selectRowsAsserted<{ hash: string }>(
            opened.db,
            sql`select hash from drizzle.__drizzle_migrations order by id`,
          );
        } finally {
          await opened.close();
        }
      };
      const first = await applied();
      expect(first.length).toBe(journalEntries().length);
      expect(await applied()).toEqual(first);
    } finally {
      if (folder) await rm(folder, { recursive: true, force: true });
    }
  });

  it("enforce stock >= 0, sizes 37..46 and prices", async () => {
    const [product] = await selectRowsAsserted<{ id: string }>(
      database.db,
      sql`insert into products (category_slug, name, description, price, discount_price)
          values ('men-formal-shoes', 'Test Oxford', 'A test shoe', 5000, 4000) returning id`,
    );
    const id = product?.id;
    await expect(run(sql`insert into product_sizes values (${id}, 42, -1)`)).rejects.toThrow();
    await expect(run(sql`insert into product_sizes values (${id}, 47, 1)`)).rejects.toThrow();
    await expect(
      run(sql`insert into products (category_slug, name, description, price, discount_price)
              values ('men-formal-shoes', 'Bad', 'Bad', 1000, 2000)`),
    ).rejects.toThrow();
    await expect(
      run(sql`insert into products (category_slug, name, description, price, discount_price)
              values ('kids', 'Bad', 'Bad', 1000, 900)`),
    ).rejects.toThrow();
    await run(sql`insert into product_sizes values (${id}, 42, 2)`);
    // The conditional decrement used by orders can never go below zero.
    await run(sql`update product_sizes set stock = stock - 3 where product_id = ${id} and size = 42 and stock >= 3`);
    const [left] = await selectRowsAsserted<{ stock: number }>(
      database.db,
      sql`select stock from product_sizes where product_id = ${id} and size = 42`,
    );
    expect(left?.stock).toBe(2);
  });

  it("keep e-mails and usernames unique whatever their case", async () => {
    await run(sql`insert into users (email, username, password_hash) values ('Ali@Example.pk', 'Ali', 'x')`);
    await expect(
      run(sql`insert into users (email, username, password_hash) values ('ali@example.pk', 'other', 'x')`),
    ).rejects.toThrow();
    await expect(
      run(sql`insert into users (email, username, password_hash) values ('other@example.pk', 'ALI', 'x')`),
    ).rejects.toThrow();
  });

  it("refuse cart and order quantities outside 1..10 and unknown order statuses", async () => {
    const [user] = await selectRowsAsserted<{ id: string }>(
      database.db,
      sql`insert into users (email, username, password_hash) values ('sana@example.pk', 'sana', 'x') returning id`,
    );
    const [product] = await selectRowsAsserted<{ id: string }>(database.db, sql`select id from products limit 1`);
    const [cart] = await selectRowsAsserted<{ id: string }>(
      database.db,
      sql`insert into carts (user_id) values (${user?.id}) returning id`,
    );
    await expect(
      run(
        sql`insert into cart_lines (cart_id, product_id, size, quantity) values (${cart?.id}, ${product?.id}, 42, 0)`,
      ),
    ).rejects.toThrow();
    await expect(
      run(
        sql`insert into cart_lines (cart_id, product_id, size, quantity) values (${cart?.id}, ${product?.id}, 42, 11)`,
      ),
    ).rejects.toThrow();
    await expect(
      run(sql`insert into orders (user_id, status, subtotal, total_amount, full_name, address_line, phone_number, email, city)
              values (${user?.id}, 'shipped', 100, 100, 'Sana', 'Clifton', '03001234567', 'sana@example.pk', 'Karachi')`),
    ).rejects.toThrow();
    await expect(
      run(
        sql`insert into cart_lines (cart_id, product_id, size, quantity) values (${cart?.id}, '00000000-0000-4000-8000-000000000000', 42, 1)`,
      ),
    ).rejects.toThrow();
  });
});

function journalEntries(): { tag: string }[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  return journal.entries;
}
