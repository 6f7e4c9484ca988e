// The schema in TypeScript (server/db/schema.ts), drizzle-kit's snapshot of it and the SQL migrations
// describe one database (docs/decisions/016-schema-changes.md). `npm run db:generate` diffs the
// schema against the newest snapshot, so a stale snapshot makes it write a migration that re-creates
// existing tables; a migration written by hand without its snapshot, or a schema edited without a
// migration, fails here.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "#server/app.ts";
import { MIGRATIONS_FOLDER } from "#server/db/client.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { openTestDatabase, type TestDatabase } from "./support/database.ts";

interface SnapshotColumn {
  name: string;
  type: string;
  notNull: boolean;
}
interface Snapshot {
  tables: Record<string, { name: string; columns: Record<string, SnapshotColumn> }>;
}

function newestSnapshot(): Snapshot {
  const files = readdirSync(path.join(MIGRATIONS_FOLDER, "meta")).filter((f) => f.endsWith("_snapshot.json"));
  const newest = files.sort().at(-1);
  if (!newest) throw new Error("no drizzle-kit snapshot");
  return JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", newest), "utf8")) as Snapshot;
}

/** drizzle-kit writes PostgreSQL's names for most types, and a few shorter. */
const TYPE_ALIASES: Record<string, string> = {
  "character varying": "varchar",
  "timestamp with time zone": "timestamptz",
};
const typeName = (type: string) => TYPE_ALIASES[type] ?? type.replace(/^timestamp with time zone/, "timestamptz");

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe("the schema, its snapshot and the migrations", () => {
  it("db:generate finds nothing to write: the newest snapshot is the schema", () => {
    // drizzle-kit wants an output folder inside the project; a copy, so nothing is written to ours.
    // .tmp exists after `npm test` (its reports), not always before a lone `vitest run`.
    mkdirSync(path.join(ROOT_DIR, ".tmp"), { recursive: true });
    const scratch = mkdtempSync(path.join(ROOT_DIR, ".tmp", "schema-drift-"));
    try {
      cpSync(MIGRATIONS_FOLDER, scratch, { recursive: true });
      const before = readdirSync(scratch).sort();
      const out = path.relative(ROOT_DIR, scratch);
      const run = spawnSync(
        path.join(ROOT_DIR, "node_modules", ".bin", "drizzle-kit"),
        // drizzle.config.ts's settings, with the copy as the output folder.
        [
          "generate",
          "--dialect",
          "postgresql",
          "--schema",
          "./server/db/schema.ts",
          "--casing",
          "snake_case",
          "--out",
          out,
        ],
        { cwd: ROOT_DIR, encoding: "utf8", env: { ...process.env, CI: "1" } },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(`${run.stdout}${run.stderr}`).toContain("No schema changes");
      expect(readdirSync(scratch).sort()).toEqual(before);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 120_000);

  it("the migrated database has exactly the snapshot's tables and columns", async () => {
    const rows = await selectRowsAsserted<{ table: string; column: string; type: string; not_null: boolean }>(
      database.db,
      sql`select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as type,
                 a.attnotnull as not_null
          from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
          order by 1, 2`,
    );
    const migrated = rows.map((r) => `${r.table}.${r.column} ${typeName(r.type)}${r.not_null ? " not null" : ""}`);
    const described = Object.values(newestSnapshot().tables)
      .flatMap((table) =>
        Object.values(table.columns).map(
          (c) => `${table.name}.${c.name} ${typeName(c.type)}${c.notNull ? " not null" : ""}`,
        ),
      )
      .sort();
    expect(migrated.sort()).toEqual(described);
  });
});
