// A transaction whose BEGIN travels with its first statement, for the checkout, which runs
// hundreds of times a second: on a server, `begin; <first>` goes as one simple query, one round
// trip instead of two. On this project's machines each round trip to PostgreSQL costs both
// processes a wake-up, the largest share of an order's time (docs/benchmarks.md, "Checkout").
// The first statement has no parameters (the simple protocol takes none), so it is built here
// from values checked to be safe as literals; the rest of the transaction binds parameters as usual.
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Db } from "./client.ts";
import { poolOf, selectRows } from "./rows.ts";
import * as schema from "./schema.ts";

/** A statement's text with one uuid literal, written `$uuid` in the text. */
export interface FirstStatement {
  text: string;
  uuid: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A drizzle handle per pooled connection, made once: the schema's relational map is not free. */
const handles = new WeakMap<pg.PoolClient, Db>();

export async function transactionOpenedWith<Row, T>(
  db: Db,
  first: FirstStatement,
  run: (tx: Db, firstRows: Row[]) => Promise<T>,
): Promise<T> {
  if (!UUID.test(first.uuid)) throw new Error("transactionOpenedWith: not a uuid");
  const text = first.text.replace("$uuid", `'${first.uuid}'::uuid`);
  const pool = poolOf(db);
  // PGlite runs in this process: no round trip to save.
  if (!pool) return db.transaction(async (tx) => run(tx, await selectRows<Row>(tx, sql.raw(text))));

  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const results = (await client.query(`begin; ${text}`)) as unknown as pg.QueryResult[];
    const firstRows = (results[1]?.rows ?? []) as Row[];
    let tx = handles.get(client);
    if (!tx) {
      tx = drizzle({ client, schema, casing: "snake_case" }) as unknown as Db;
      handles.set(client, tx);
    }
    const answer = await run(tx, firstRows);
    await client.query("commit");
    return answer;
  } catch (error) {
    // A connection that cannot roll back is not given back to the pool.
    await client.query("rollback").catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
