// A fresh database per test file: PGlite in memory, or, when DATABASE_URL is set, a new
// PostgreSQL database on that server, dropped afterwards.
import { type Database, openDatabase } from "#server/db/client.ts";
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
