// The checkout's transaction whose BEGIN travels with its first statement and whose COMMIT travels
// with its last (server/db/transaction.ts), on PGlite and, with DATABASE_URL, on a PostgreSQL
// server: it commits what it ran, rolls all of it back on an error (in the last statement too),
// hands its connection back usable, and never puts a non-uuid in its SQL.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { selectPrepared, selectRowsAsserted } from "#server/db/rows.ts";
import { transactionOpenedWith } from "#server/db/transaction.ts";
import { openTestDatabase, type TestDatabase } from "./support/database.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table tx_probe (id uuid primary key, n int not null)`);
});
afterAll(async () => {
  await database?.db.execute(sql`drop table if exists tx_probe`);
  await database?.close();
});

const ID = "6f1c1f0e-8a55-4c5e-9d7e-3c2b1a0f9e8d";
const lockProbe = { text: "select n from tx_probe where id = $uuid for update", uuid: ID };
const probe = async () => selectRowsAsserted<{ n: number }>(database.db, sql`select n from tx_probe where id = ${ID}`);

describe("a transaction opened with its first statement", () => {
  it("answers the first statement's rows and commits what it ran", async () => {
    await database.db.execute(sql`insert into tx_probe values (${ID}, 1)`);
    const seen = await transactionOpenedWith<{ n: number }, number>(database.db, lockProbe, async ({ tx }, rows) => {
      await tx.execute(sql`update tx_probe set n = n + 1 where id = ${ID}`);
      return rows[0]?.n ?? -1;
    });
    expect(seen).toBe(1);
    expect(await probe()).toEqual([{ n: 2 }]);
  });

  it("rolls back everything on an error, and its connections keep working", async () => {
    // More transactions than the test pool has connections (20): a connection left inside a failed
    // transaction would fail every statement after it.
    for (let i = 0; i < 25; i++) {
      await expect(
        transactionOpenedWith(database.db, lockProbe, async ({ tx }) => {
          await tx.execute(sql`update tx_probe set n = n + 100 where id = ${ID}`);
          await tx.execute(sql`select 1 / 0`);
        }),
      ).rejects.toThrow();
    }
    expect(await probe()).toEqual([{ n: 2 }]);
    const after = await transactionOpenedWith<{ n: number }, number>(database.db, lockProbe, async (_open, rows) =>
      Number(rows[0]?.n),
    );
    expect(after).toBe(2);
  });

  it("commits with its last statement, and reads after it on the same connection", async () => {
    const last = sql`update tx_probe set n = n + ${10} where id = ${ID} returning n`;
    const answer = await transactionOpenedWith<{ n: number }, { n: number }[]>(
      database.db,
      lockProbe,
      async ({ tx, selectAndCommit }) => {
        await tx.execute(sql`update tx_probe set n = n + 1 where id = ${ID}`);
        const written = await selectAndCommit<{ n: number }>("tx_probe_last", last);
        // Committed already: another connection sees it while this one is still held (PGlite
        // has one connection, held by its transaction until the end).
        if (database.kind === "postgres") expect(await probe()).toEqual([{ n: 13 }]);
        expect(await selectRowsAsserted<{ n: number }>(tx, sql`select n from tx_probe where id = ${ID}`)).toEqual([
          { n: 13 },
        ]);
        return written;
      },
    );
    expect(answer).toEqual([{ n: 13 }]);
    // Again, now that the statement is prepared on some of the connections.
    for (let i = 0; i < 25; i++) {
      await transactionOpenedWith(database.db, lockProbe, ({ selectAndCommit }) =>
        selectAndCommit("tx_probe_last", last),
      );
    }
    expect(await probe()).toEqual([{ n: 263 }]);
  });

  it("a last statement that fails commits nothing of the transaction, and its connections keep working", async () => {
    const failing = sql`update tx_probe set n = n / ${0} where id = ${ID} returning n`;
    for (let i = 0; i < 25; i++) {
      await expect(
        transactionOpenedWith(database.db, lockProbe, async ({ tx, selectAndCommit }) => {
          await tx.execute(sql`update tx_probe set n = n + 1000 where id = ${ID}`);
          await selectAndCommit("tx_probe_failing", failing);
        }),
      ).rejects.toThrow();
    }
    expect(await probe()).toEqual([{ n: 263 }]);
  });

  it("refuses anything but a uuid before it becomes part of the SQL", async () => {
    for (const uuid of [`${ID}' or true --`, "", "not-a-uuid", `${ID}x`]) {
      await expect(transactionOpenedWith(database.db, { ...lockProbe, uuid }, async () => 1)).rejects.toThrow(
        /not a uuid/,
      );
    }
    expect(await probe()).toEqual([{ n: 263 }]);
  });
});

describe("a prepared read inside a transaction", () => {
  const preparedNames = async (tx: Db) =>
    (await selectRowsAsserted<{ name: string }>(tx, sql`select name from pg_prepared_statements`)).map(
      (row) => row.name,
    );

  // It runs unprepared, on the transaction's own connection (no reading of drizzle's session for
  // that connection): it sees the transaction's own writes, on both kinds of transaction.
  it("runs on the transaction's connection and sees its writes", async () => {
    const read = sql`select n from tx_probe where id = ${ID}`;
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update tx_probe set n = n + 1 where id = ${ID}`);
        expect(await selectPrepared(tx, "tx_probe_in_tx", read)).toEqual([{ n: 264 }]);
        expect(await preparedNames(tx)).not.toContain("tx_probe_in_tx");
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === "Rollback")) throw error;
      });
    await transactionOpenedWith(database.db, lockProbe, async ({ tx }) => {
      await tx.execute(sql`update tx_probe set n = n + 2 where id = ${ID}`);
      expect(await selectPrepared(tx, "tx_probe_in_checkout_tx", read)).toEqual([{ n: 265 }]);
      expect(await preparedNames(tx)).not.toContain("tx_probe_in_checkout_tx");
    });
    expect(await probe()).toEqual([{ n: 265 }]);
  });
});
