// A fresh database per test file: PGlite in memory, or, when DATABASE_URL is set, a new
// PostgreSQL database on that server, dropped afterwards.
import { sql } from "drizzle-orm";
import { type Database, type Db, openDatabase } from "#server/db/client.ts";
import { selectRows } from "#server/db/rows.ts";
import { createScratchDatabase } from "#server/db/scratch.ts";

export interface TestDatabase extends Database {
  /** Connection string of the PostgreSQL database, when there is one. */
  url: string | undefined;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { ...(await openDatabase({ pgliteDir: "memory://" })), url: undefined };

  const scratch = await createScratchDatabase(serverUrl, "shop_test");
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 20 });
  return {
    ...database,
    url: scratch.url,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * Waits (up to about 5 s) until a session of this PostgreSQL database waits for a lock: the
 * request a test started has reached the row the test holds.
 */
export async function waitForLockWaiter(db: Db): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const [row] = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((row?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("no session ever waited for the lock");
}
