// Raw SQL for the read paths where one round trip matters more than the query builder.
// Both drivers (pg and PGlite) answer `execute` with `{ rows }`.
import { createHash } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { z } from "zod";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "./client.ts";
import { selectPreparedOnPglite } from "./pglite-prepared.ts";

/**
 * The rows of a raw statement, each checked against its row schema: a column renamed or retyped
 * in the SQL fails here, loudly, rather than reading `undefined` further on. Parsing a few dozen
 * small rows costs microseconds; for the few statements that answer thousands of rows on a hot
 * path, `selectRowsAsserted` says why it does not parse.
 */
export async function selectRows<RowSchema extends z.ZodType>(
  db: Db,
  rowSchema: RowSchema,
  query: SQL,
): Promise<z.output<RowSchema>[]> {
  const result = (await db.execute(query)) as unknown as { rows: unknown[] };
  const parsed = z.array(rowSchema).safeParse(result.rows);
  if (!parsed.success)
    throw new BrokenPromise(`selectRows: a row does not match its schema: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/**
 * The rows of a raw statement typed by assertion, unchecked; everywhere else, `selectRows` with a
 * row schema. Measured with zod 4 on this machine under load: 24 product rows with their sizes
 * 50 µs, one row 0.5 µs, 5,000 rows of (id, rank) 2.2 ms; so the statements that may answer
 * thousands of rows (the search's ranking, `selectByShape`) and the prepared statements every
 * request or order runs (`selectPrepared`, the checkout's `selectAndCommit`) keep their assertion.
 */
export async function selectRowsAsserted<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * The same, as a named prepared statement on a PostgreSQL server: each connection parses and plans
 * it once, then only binds and runs it. For the few statements every request runs (the session
 * look-up, the products of a page); their text must not vary between calls, only their parameters.
 * On PGlite it is prepared too (pglite-prepared.ts): no round trip to save there, but the planning.
 * A transaction takes the plain path (the checkout prepares its own statement,
 * `transactionOpenedWith`): finding the connection a drizzle transaction holds would mean reading
 * drizzle's internals.
 */
export function selectPrepared<Row>(db: Db, name: string, query: SQL): Promise<Row[]> {
  const lite = pgliteOf(db);
  if (lite) {
    // Named after its text too: a name given two texts fails on a server, and must not run the first here.
    const { sql: text, params } = dialect.sqlToQuery(query);
    return selectPreparedOnPglite<Row>(lite, `${name}-${hashOf(text)}`, text, params, { generic: false });
  }
  return selectNamed<Row>(db, query, () => name);
}

/**
 * The same, named after its own text, for a statement built in a few shapes (the search's ranking
 * statements, one text per tier and set of filters): each shape is prepared once per connection.
 * On the search pool (`Database.searchDb`) it is also planned once, for any parameters; on PGlite
 * too (pglite-prepared.ts), where planning was most of a search's time.
 */
export function selectByShape<Row>(db: Db, query: SQL): Promise<Row[]> {
  const nameOf = (text: string) => `shape-${hashOf(text)}`;
  const lite = pgliteOf(db);
  if (lite) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return selectPreparedOnPglite<Row>(lite, nameOf(text), text, params, { generic: true });
  }
  return selectNamed<Row>(db, query, nameOf);
}

const hashOf = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 24);

/** The PGlite behind a database handle; undefined for a server and inside a transaction (no client of its own). */
function pgliteOf(db: Db): PGlite | undefined {
  const own = (db as { $client?: unknown }).$client;
  return own instanceof PGlite ? own : undefined;
}

async function selectNamed<Row>(db: Db, query: SQL, nameOf: (text: string) => string): Promise<Row[]> {
  const pool = poolOf(db);
  if (!pool) return selectRowsAsserted<Row>(db, query);
  const result = await pool.query<Row & pg.QueryResultRow>(namedQuery(query, nameOf));
  return result.rows;
}

/** A drizzle query as pg's named prepared statement: its text, its parameters, its name. */
export function namedQuery(query: SQL, nameOf: (text: string) => string): pg.QueryConfig {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { name: nameOf(text), text, values: params };
}

/** The pg pool behind a database handle; undefined for PGlite and inside a transaction. */
export function poolOf(db: Db): pg.Pool | undefined {
  const own = (db as { $client?: unknown }).$client;
  return own instanceof pg.Pool ? own : undefined;
}

/**
 * Values as one array parameter (`text[]`, `uuid[]`): the statement's text stays the same whatever
 * their number (one plan, and a prepared statement can be reused). Each element is quoted for the
 * array literal; a malformed uuid fails the cast.
 */
export function arrayParam(values: readonly string[], type: "text" | "uuid"): SQL {
  const literal = `{${values.map((v) => `"${v.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`;
  return sql`${literal}::${sql.raw(type)}[]`;
}
