// Where the shop leans on a library's internals (docs/benchmarks.md, "Where we rely on a library's
// internals"): each test exercises the exact internal the code uses, on the installed version, so an
// upgrade that renames or reshapes it fails here instead of in production. The pg tests that need a
// server run with DATABASE_URL; the rest run on PGlite too.
import { spawn } from "node:child_process";
import { mkdtemp, rm, stat } from "node:fs/promises";
import http, { type ServerResponse } from "node:http";
import net, { type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { pgliteInUse } from "#server/db/pglite-in-use.ts";
import { poolOf, selectRowsAsserted } from "#server/db/rows.ts";
import { transactionOpenedWith } from "#server/db/transaction.ts";
import { earlyRefusalOptions } from "#server/plugins/early-refusals.ts";
import { openTestDatabase, type TestDatabase } from "./support/database.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table internals_probe (id uuid primary key, n int not null)`);
});
afterAll(async () => {
  await database?.db.execute(sql`drop table if exists internals_probe`);
  await database?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const onServer = () => database.kind === "postgres";
const ID = "0b7e4a52-3c1d-4f6e-8a9b-2d5c7e1f3a40";

describe("pg's Query._getRows, overridden by StatementThenCommit (server/db/transaction.ts)", () => {
  it("is the method a prepared query writes its Execute and Sync through, and the connection has the messages it writes", () => {
    const getRows = (pg.Query.prototype as unknown as Record<string, unknown>)._getRows;
    expect(typeof getRows).toBe("function");
    expect((getRows as (...args: unknown[]) => unknown).length).toBe(2);
    for (const message of ["execute", "parse", "bind", "sync"]) {
      expect(typeof (pg.Connection.prototype as unknown as Record<string, unknown>)[message]).toBe("function");
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    "is called once per named prepared query, with the connection and no row limit",
    async () => {
      const pool = poolOf(database.db);
      if (!pool) throw new Error("no pool on a server");
      const calls: { connection: unknown; rows: unknown }[] = [];
      class Recording extends pg.Query {
        _getRows(connection: unknown, rows: unknown): void {
          calls.push({ connection, rows });
          (pg.Query.prototype as unknown as { _getRows: (c: unknown, r: unknown) => void })._getRows.call(
            this,
            connection,
            rows,
          );
        }
      }
      // On a connection of its own: the pool would not hand back a connection after a query object.
      const client = await pool.connect();
      const answer = await new Promise<pg.QueryResult>((resolve, reject) => {
        client.query(
          new Recording({ name: "internals_get_rows", text: "select $1::int as n", values: [7] }, (error, result) =>
            error ? reject(error) : resolve(result as pg.QueryResult),
          ),
        );
      }).finally(() => client.release());
      expect(answer.rows).toEqual([{ n: 7 }]);
      expect(calls).toHaveLength(1);
      expect(calls[0]?.connection).toBeInstanceOf(pg.Connection);
      expect(calls[0]?.rows).toBeUndefined();
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    "sends the last statement and its COMMIT under one Sync, and answers the statement's rows",
    async () => {
      await database.db.execute(sql`insert into internals_probe values (${ID}, 1)`);
      const syncs = vi.spyOn(pg.Connection.prototype, "sync");
      const rows = await transactionOpenedWith(
        database.db,
        { text: "select n from internals_probe where id = $uuid for update", uuid: ID },
        async ({ selectAndCommit }) => {
          syncs.mockClear();
          const written = await selectAndCommit<{ n: number }>(
            "internals_last",
            sql`update internals_probe set n = n + 1 where id = ${ID} returning n`,
          );
          // pg's own _getRows would have sent a Sync after the statement, and the COMMIT a second.
          expect(syncs).toHaveBeenCalledTimes(1);
          return written;
        },
      );
      expect(rows).toEqual([{ n: 2 }]);
      expect(
        await selectRowsAsserted<{ n: number }>(database.db, sql`select n from internals_probe where id = ${ID}`),
      ).toEqual([{ n: 2 }]);
    },
  );
});

describe("drizzle's $client, read by poolOf (server/db/rows.ts)", () => {
  it("is the pg pool on a server and the PGlite instance otherwise", () => {
    const own = (database.db as unknown as { $client: unknown }).$client;
    if (onServer()) {
      expect(own).toBeInstanceOf(pg.Pool);
      expect(poolOf(database.db)).toBe(own);
    } else {
      expect(own).toBeInstanceOf(PGlite);
      expect(poolOf(database.db)).toBeUndefined();
    }
  });
});

describe("Node's socket._httpMessage, read by the early refusals (server/plugins/early-refusals.ts)", () => {
  const { clientErrorHandler } = earlyRefusalOptions({ https: false });

  it("is the response under way on the connection", async () => {
    const server = http.createServer((request, response) => {
      const current = (request.socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
      response.end(String(current === response));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
    await new Promise((resolve) => server.close(resolve));
    expect(answer).toBe("true");
  });

  it("keeps a refusal from following an answer whose headers are sent; without one, the refusal is written", async () => {
    // A request answered slowly, then, once its answer has begun to arrive, a malformed one on the
    // same connection: Node's parser fails on the second while the first answer is under way.
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/plain" });
      response.write("first answer, ");
    });
    server.on("clientError", clientErrorHandler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    const talk = (text: string, then?: string) =>
      new Promise<string>((resolve) => {
        let data = "";
        const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
        socket.on("data", (chunk) => {
          if (!data && then) socket.write(then);
          data += chunk.toString();
        });
        socket.on("close", () => resolve(data));
        socket.on("error", () => resolve(data));
      });
    const pipelined = await talk("GET /a HTTP/1.1\r\nHost: x\r\n\r\n", "GET /b\u0001 HTTP/1.1\r\nHost: x\r\n\r\n");
    const alone = await talk("GET /b\u0001 HTTP/1.1\r\nHost: x\r\n\r\n");
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    expect(pipelined).toMatch(/^HTTP\/1\.1 200 /);
    expect(pipelined).toContain("first answer, ");
    expect(pipelined).not.toMatch(/HTTP\/1\.1 4\d\d /);
    expect(alone).toMatch(/^HTTP\/1\.1 400 /);
  });
});

describe("PGlite's files in its data folder, read by pgliteInUse (server/admin/create-admin.ts)", () => {
  // PGlite lets a second process open a folder in use; the CLI and the backup refuse to by looking
  // for its postmaster.pid and for a live process holding files in the folder.
  it("sees the folder in use while another process has it open, and free once that process is gone", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "internals-pglite-"));
    const child = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        "import { PGlite } from '@electric-sql/pglite'; const db = await PGlite.create({ dataDir: process.argv[1] }); await db.query('select 1'); console.log('open'); setInterval(() => {}, 1000);",
        dir,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => {
          if (chunk.toString().includes("open")) resolve();
        });
        child.on("exit", () => reject(new Error("the PGlite process ended before it opened")));
      });
      expect(await stat(path.join(dir, "postmaster.pid"))).toBeTruthy();
      expect(await pgliteInUse(dir)).toBe(true);
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }
    // Killed, it leaves a stale pid file: no process holds the folder any more.
    expect(await pgliteInUse(dir)).toBe(false);
    await rm(dir, { recursive: true, force: true });
  }, 60_000);
});

describe("React Router's HydratedRouter, rendered first on a detached node by app/entry.client.tsx", () => {
  it("throws the promise of the server's decoded state before any hook, on its first render", async () => {
    // What the browser has when the entry runs: React Router's inline scripts set these.
    // A stream that never ends: the decoding waits, as it does until React Router's last inline script.
    const stream = new ReadableStream<Uint8Array>();
    const window = { __reactRouterContext: { stream }, __reactRouterManifest: {}, __reactRouterRouteModules: {} };
    vi.stubGlobal("window", window);
    try {
      const { HydratedRouter } = await import("react-router/dom");
      let thrown: unknown;
      try {
        // As Preact calls a function component: were a hook reached first, it would throw a TypeError.
        (HydratedRouter as (props: object) => unknown)({});
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Promise);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
