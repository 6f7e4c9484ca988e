// Raw SQL for the read paths where one round trip matters more than the query builder.
// Both drivers (pg and PGlite) answer `execute` with `{ rows }`.
import type { SQL } from "drizzle-orm";
import type { Db } from "./client.ts";

export async function selectRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
