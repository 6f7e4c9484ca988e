// Statements prepared once (server/db/rows.ts: selectPrepared, selectByShape; on PGlite through
// server/db/pglite-prepared.ts): the rows are those the plain path answers, whatever the parameters
// hold, and on PGlite a text is prepared once and the prepared ones stay bounded.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { literalOf } from "#server/db/pglite-prepared.ts";
import { selectByShape, selectPrepared, selectRowsAsserted } from "#server/db/rows.ts";
import { openTestDatabase, type TestDatabase } from "./support/database.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** Text that would break a literal quoted carelessly, or be read as an escape. */
const AWKWARD = ["o'clock", "back\\slash", "quote '' twice", "semi; drop table products; --", "", "ünïcode ✓"];

const statement = (text: string, n: number, list: string) =>
  sql`select ${text}::text as text, ${n}::int * 2 as twice, ${list}::text[] as list,
             '2026-11-29 10:00:00+00'::timestamptz as at, ${null}::text as nothing`;

type Row = { text: string; twice: number; list: string[]; at: string | Date; nothing: null };
/**
 * The row with its time as an instant: on a server, pg's named statements read a timestamptz as a
 * Date where drizzle's path reads text (as before this file; the callers read either).
 */
const instant = (row: Row) => ({ ...row, at: new Date(row.at).getTime() });

const namesPrepared = async (prefix: string) =>
  (
    await selectRowsAsserted<{ name: string }>(
      database.db,
      sql`select name from pg_prepared_statements where name like ${`${prefix}%`}`,
    )
  ).map((row) => row.name);

describe("statements prepared once", () => {
  it("answer what the plain path answers, for any text, number, array or null", async () => {
    for (const [index, text] of AWKWARD.entries()) {
      const list = `{"a","${text.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"}`;
      const plain = (await selectRowsAsserted<Row>(database.db, statement(text, index, list))).map(instant);
      const prepared = await selectPrepared<Row>(database.db, "db-prepared-test", statement(text, index, list));
      expect(prepared.map(instant)).toEqual(plain);
      expect((await selectByShape<Row>(database.db, statement(text, index, list))).map(instant)).toEqual(plain);
      expect(plain[0]).toMatchObject({ text, twice: index * 2, list: ["a", text], nothing: null });
    }
  });

  it("on PGlite, keeps dates and times as text, as drizzle's query path reads them there", async () => {
    if (database.kind !== "pglite") return;
    const [row] = await selectByShape<Row>(database.db, statement("x", 1, "{}"));
    expect(row?.at).toBe("2026-11-29 10:00:00+00");
  });

  it("on PGlite, prepares a text once however often it runs, and a name with another text apart", async () => {
    if (database.kind !== "pglite") return;
    for (let i = 0; i < 5; i++) await selectPrepared(database.db, "db-prepared-once", sql`select ${i}::int as n`);
    expect(await namesPrepared("db-prepared-once")).toHaveLength(1);
    const rows = await selectPrepared(database.db, "db-prepared-once", sql`select ${7}::int + 1 as n`);
    expect(rows).toEqual([{ n: 8 }]);
    expect(await namesPrepared("db-prepared-once")).toHaveLength(2);
  });

  it("on PGlite, keeps at most 200 prepared, the least recently used given up first", async () => {
    if (database.kind !== "pglite") return;
    await selectByShape(database.db, sql`select 0 as kept`);
    for (let i = 1; i <= 210; i++) {
      await selectByShape(database.db, sql`select ${i}::int as ${sql.raw(`n${i}`)}`);
      // The first shape is used again now and then: it stays while older ones go.
      if (i % 50 === 0) await selectByShape(database.db, sql`select 0 as kept`);
    }
    const statements = (
      await selectRowsAsserted<{ statement: string }>(database.db, sql`select statement from pg_prepared_statements`)
    ).map((row) => row.statement.trim());
    expect(statements.length).toBeLessThanOrEqual(200);
    expect(statements.filter((text) => text.endsWith("as kept"))).toHaveLength(1);
    expect(statements.filter((text) => /as n1$/.test(text))).toEqual([]);
    expect(statements.filter((text) => /as n210$/.test(text))).toHaveLength(1);
    // One given up is prepared again when asked for.
    expect(await selectByShape(database.db, sql`select ${1}::int as n1`)).toEqual([{ n1: 1 }]);
  });

  it("refuses a parameter it cannot write as a literal, rather than guessing", () => {
    expect(literalOf("it's")).toBe("'it''s'");
    expect(literalOf(12)).toBe("'12'");
    expect(literalOf(null)).toBe("null");
    expect(() => literalOf(Number.NaN)).toThrow(/finite/);
    expect(() => literalOf({ a: 1 })).toThrow(/text, a number or a boolean/);
  });
});
