// A transaction that costs the server two round trips, for the checkout, which runs hundreds of
// times a second: its BEGIN travels with its first statement (`begin; <first>` as one simple
// query), and its COMMIT with its last (the last statement's Bind and Execute, then COMMIT's,
// under one Sync). On this project's machines each round trip to PostgreSQL costs both processes a
// wake-up, the largest share of an order's time (docs/benchmarks.md, "Checkout").
// The first statement has no parameters (the simple protocol takes none), so it is built here
// from values checked to be safe as literals; the others bind parameters as usual.
import { type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "./client.ts";
import { namedQuery, poolOf, selectPrepared, selectRowsAsserted } from "./rows.ts";
import * as schema from "./schema.ts";

/** A statement's text with one uuid literal, written `$uuid` in the text. */
export interface FirstStatement {
  text: string;
  uuid: string;
}

export interface OpenTransaction {
  /** For statements in between, and for reads after the commit (on the same connection). */
  tx: Db;
  /**
   * The transaction's last statement, a named prepared one, and its COMMIT. If the statement
   * fails, the COMMIT is not run and the transaction is rolled back. Nothing may be written after it.
   */
  selectAndCommit<Row>(name: string, query: SQL): Promise<Row[]>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A drizzle handle per pooled connection, made once: the schema's relational map is not free. */
const handles = new WeakMap<pg.PoolClient, Db>();

export interface TransactionOptions {
  /**
   * How long any statement of the transaction waits for a lock (`set local lock_timeout`, sent in
   * the same first round trip) before it fails with 55P03 and the transaction rolls back. PGlite
   * has one session: nobody else's lock to wait for, so it is not set there.
   */
  lockTimeoutMs?: number;
}

export async function transactionOpenedWith<Row, T>(
  db: Db,
  first: FirstStatement,
  run: (open: OpenTransaction, firstRows: Row[]) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  if (!UUID.test(first.uuid)) throw new TypeError("transactionOpenedWith: not a uuid");
  const text = first.text.replace("$uuid", `'${first.uuid}'::uuid`);
  const pool = poolOf(db);
  // PGlite runs in this process: no round trip to save, so a plain transaction.
  if (!pool) {
    return db.transaction(async (tx) =>
      run(
        { tx, selectAndCommit: (name, query) => selectPrepared(tx, name, query) },
        await selectRowsAsserted<Row>(tx, sql.raw(text)),
      ),
    );
  }

  const { lockTimeoutMs } = options;
  if (lockTimeoutMs !== undefined && !(Number.isInteger(lockTimeoutMs) && lockTimeoutMs > 0)) {
    throw new TypeError("transactionOpenedWith: lockTimeoutMs must be a positive whole number");
  }
  const settings = lockTimeoutMs === undefined ? "" : `set local lock_timeout = '${lockTimeoutMs}ms'; `;
  const client = await pool.connect();
  let ended = false;
  let broken: Error | undefined;
  try {
    const results = (await client.query(`begin; ${settings}${text}`)) as unknown as pg.QueryResult[];
    const firstRows = (results.at(-1)?.rows ?? []) as Row[];
    let tx = handles.get(client);
    if (!tx) {
      tx = drizzle({ client, schema, casing: "snake_case" });
      handles.set(client, tx);
    }
    const selectAndCommit = async <Last>(name: string, query: SQL): Promise<Last[]> => {
      const answers = await new Promise<pg.QueryResult[]>((resolve, reject) => {
        client.query(
          new StatementThenCommit(
            namedQuery(query, () => name),
            (error, result) => (error ? reject(error) : resolve(Array.isArray(result) ? result : [result])),
          ),
        );
      });
      // The COMMIT's own answer, or the transaction is still open (and is rolled back below).
      if (answers[1]?.command !== "COMMIT")
        throw new BrokenPromise("the COMMIT sent with the last statement did not answer");
      ended = true;
      return (answers[0]?.rows ?? []) as Last[];
    };
    const answer = await run({ tx, selectAndCommit }, firstRows);
    if (!ended) await client.query("commit");
    return answer;
  } catch (error) {
    // After a failed statement or COMMIT, or an error in between; a connection that cannot roll
    // back is not given back to the pool.
    if (!ended) {
      await client.query("rollback").catch((rollbackError: unknown) => {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * pg's prepared-statement query, with COMMIT's Parse, Bind and Execute sent after the statement's
 * Execute and before the one Sync: one write, one answer (the server skips to the Sync after an
 * error, so a failed statement commits nothing and leaves the transaction to roll back). pg reads
 * the two command completions as a multi-statement answer: [statement's rows, COMMIT's].
 */
class StatementThenCommit extends pg.Query {
  _getRows(connection: PgConnection, rows: number | undefined): void {
    connection.execute({ portal: "", rows });
    connection.parse({ text: "commit", name: "", types: [] });
    connection.bind({ portal: "", statement: "", values: [] });
    connection.execute({ portal: "", rows: 0 });
    connection.sync();
  }
}

/** The few protocol messages of pg's connection that the query above writes. */
interface PgConnection {
  execute(config: { portal: string; rows: number | undefined }): void;
  parse(config: { text: string; name: string; types: unknown[] }): void;
  bind(config: { portal: string; statement: string; values: unknown[] }): void;
  sync(): void;
}
