// Migration 0022 on a shop that already has accounts (issue 34, item 6; docs/decisions/024): nothing
// recorded before it shows that a customer reads their mailbox, so customers start unproven; the
// owner's admin accounts, made on the server, count as proven from when they were made. Builds the
// shop as 0021 left it in PGlite, adds accounts, and applies the rest.
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

let folder: string | undefined;
afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** The migrations folder as it was up to and including 0021. */
async function migrationsBefore0022(): Promise<string> {
  folder = await mkdtemp(path.join(tmpdir(), "migrations-"));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === "0021_stock_alerts");
  expect(last).toBeGreaterThan(0);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return folder;
}

it("leaves existing customers unproven and marks the owner's admins proven since they were made", async () => {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzle({ client, schema, casing: "snake_case" });
  await migrate(db, { migrationsFolder: await migrationsBefore0022() });
  await db.execute(sql`insert into users (email, username, password_hash, role, created_at) values
                         ('customer@example.pk', 'customer', 'x', 'customer', now() - interval '30 days'),
                         ('owner@example.pk', 'owner', 'x', 'admin', now() - interval '90 days')`);

  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  const rows = await selectRowsAsserted(
    db,
    sql`select username, email_verified_at = created_at as proven_when_made, email_verified_at is null as unproven
        from users order by username`,
  );
  expect(rows).toEqual([
    { username: "customer", proven_when_made: null, unproven: true },
    { username: "owner", proven_when_made: true, unproven: false },
  ]);
  await client.close();
});
