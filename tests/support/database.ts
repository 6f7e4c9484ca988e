// A fresh database per test file: PGlite in memory, or, when DATABASE_URL is set, a new
// PostgreSQL database on that server, dropped afterwards. Each starts as a copy of the run's
// template at the level asked for (templates.ts).
import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { type Database, type Db, openDatabase } from "#server/db/client.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { createScratchDatabase } from "#server/db/scratch.ts";
import { databaseTemplates, LEVEL_STEPS, type TemplateLevel } from "./templates.ts";
import { until } from "./wait.ts";

export interface TestDatabase extends Database {
  /** Connection string of the PostgreSQL database, when there is one. */
  url: string | undefined;
}

export interface TestDatabaseOptions {
  /** What the database holds when it opens (default: migrated, no rows). */
  from?: TemplateLevel;
  /** Connections of the main pool on PostgreSQL (default 20); PGlite has one. */
  poolSize?: number;
}

export async function openTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const level = options.from ?? "migrated";
  const templates = databaseTemplates();
  const source = templates?.sources[level];
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const image = source ? new Blob([new Uint8Array(await readFile(source))]) : undefined;
    const database = { ...(await openDatabase({ pgliteDir: "memory://", pgliteImage: image })), url: undefined };
    if (!source) await fillUpTo(database, level);
    return database;
  }

  const scratch = await createScratchDatabase(serverUrl, "shop_test", { template: source });
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: options.poolSize ?? 20 });
  if (!source) await fillUpTo(database, level);
  return {
    ...database,
    url: scratch.url,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** Without templates (a run that did not set them up): the steps, here. */
async function fillUpTo(database: Database, level: TemplateLevel): Promise<void> {
  for (const [each, step] of LEVEL_STEPS) {
    await step(database);
    if (each === level) return;
  }
}

/**
 * Waits (up to about 5 s) until a session of this PostgreSQL database waits for a lock: the
 * request a test started has reached the row the test holds.
 */
export async function waitForLockWaiter(db: Db): Promise<void> {
  await until(
    async () =>
      (
        await selectRowsAsserted<{ n: number }>(
          db,
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        )
      )[0]?.n ?? 0,
    (n) => n > 0,
    "a session to wait for the lock",
    { timeout: 5_000, interval: 10 },
  );
}
