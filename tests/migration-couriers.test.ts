// Migration 0017 on a shop that already has orders (issue 32): orders delivered before couriers were
// recorded become the own rider's parcels with the cash handed over on the day they were delivered,
// so past takings stay on the dashboard; open and cancelled orders get no parcel. The migration's
// SQL is the same on both databases; this builds the shop as 0016 left it in PGlite, adds orders,
// and applies the rest.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "#server/db/client.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import * as schema from "#server/db/schema.ts";

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** The migrations folder as it was up to and including `lastTag`. */
async function migrationsUpTo(lastTag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), "migrations-"));
  folders.push(folder);
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return folder;
}

it("gives orders delivered before it a settled own-rider parcel, on the day they were delivered", async () => {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzle({ client, schema, casing: "snake_case" });
  await migrate(db, { migrationsFolder: await migrationsUpTo("0016_confirmation") });
  await db.execute(sql`insert into users (id, email, username, password_hash)
                       values ('00000000-0000-4000-8000-000000000001', 'old@example.pk', 'old', 'x')`);
  const orderOf = (id: string, status: string, total: number) =>
    db.execute(sql`insert into orders (id, user_id, status, subtotal, total_amount, full_name, address_line,
                                       phone_number, email, city, created_at)
                   values (${id}, '00000000-0000-4000-8000-000000000001', ${status}, ${total}, ${total}, 'Old',
                           'Clifton', '03001234567', 'old@example.pk', 'Karachi', now() - interval '10 days')`);
  await orderOf("00000000-0000-4000-8000-00000000000a", "delivered", 4500);
  await orderOf("00000000-0000-4000-8000-00000000000b", "confirm", 3000);
  await orderOf("00000000-0000-4000-8000-00000000000c", "cancelled", 2000);
  await db.execute(sql`insert into order_status_events (order_id, from_status, to_status, created_at)
                       values ('00000000-0000-4000-8000-00000000000a', 'confirm', 'delivered', now() - interval '8 days')`);

  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  const parcels = await selectRowsAsserted(
    db,
    sql`select p.order_id, c.name, p.cod_amount, p.collected_amount, p.settled_via,
               (p.settled_at between now() - interval '8 days 1 minute' and now() - interval '7 days 23 hours') as on_delivery_day
        from parcels p join couriers c on c.id = p.courier_id`,
  );
  expect(parcels).toEqual([
    {
      order_id: "00000000-0000-4000-8000-00000000000a",
      name: "Own rider",
      cod_amount: 4500,
      collected_amount: 4500,
      settled_via: "hand",
      on_delivery_day: true,
    },
  ]);
  await client.close();
});
