// Raw rows checked at the boundary (server/db/rows.ts): a statement whose column was renamed or
// retyped fails loudly, rather than answering rows whose fields read undefined.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { selectRows } from "#server/db/rows.ts";
import { openTestDatabase, type TestDatabase } from "./support/database.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const countRow = z.object({ n: z.number() });

describe("selectRows", () => {
  it("answers the rows as their schema reads them", async () => {
    expect(await selectRows(database.db, countRow, sql`select 2::int as n`)).toEqual([{ n: 2 }]);
  });

  it("refuses a row whose column was renamed", async () => {
    await expect(selectRows(database.db, countRow, sql`select 2::int as total`)).rejects.toThrow(
      /does not match its schema/,
    );
  });

  it("refuses a row whose column changed type", async () => {
    await expect(selectRows(database.db, countRow, sql`select '2'::text as n`)).rejects.toThrow(
      /does not match its schema/,
    );
  });
});
