// One database handle for the whole process: PGlite in DATA_DIR by default, a PostgreSQL
// server through `pg` when DATABASE_URL is set. Both speak the same schema and migrations.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";
import { STATEMENT_TIMEOUT_MS } from "./timeouts.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /**
   * For the search's ranking statements only: on a server, a small pool of its own whose sessions
   * plan a prepared statement once for any parameters (`plan_cache_mode = force_generic_plan`).
   * A ranking statement's text repeats with other words and filters, and planning it was about
   * 1 ms of a search; set on the main pool, every other statement would lose its custom plans.
   * On PGlite, `db` itself (no round trip, nothing prepared).
   */
  searchDb: Db;
  kind: "pglite" | "postgres";
  /** Connections of `db` (1 on PGlite): what the checkout's slots are counted against (server/orders/checkout-slots.ts). */
  poolSize: number;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball, for `pgliteImage` (test templates). */
  dumpImage?: () => Promise<Blob>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

// Any constant works; it only has to be the same for every instance of the shop.
const MIGRATION_LOCK_ID = 727_001;

/**
 * Settings every connection starts with, on both drivers. Every shop query is a short index walk:
 * JIT compiling one (when a row estimate is off, as on a never-analysed table) costs tens of
 * milliseconds and saves nothing. Search corrects typed words by trigram similarity with `%`
 * (server/catalog/search.ts), which reads its threshold from the session: pg_trgm's default, 0.3,
 * misses common misspellings ('lofer' and 'loafers' share 0.27); below 0.25 unrelated words qualify.
 */
const SESSION_SETTINGS: Record<string, string> = {
  jit: "off",
  "pg_trgm.similarity_threshold": "0.25",
  // The catalogue is read from memory (shared buffers, the file cache), where a page read out of
  // order costs about what the next page does. At the default, 4 (for spinning disks), a search's
  // gather for a word in a sixth of the catalogue was planned as a scan of the whole table.
  random_page_cost: "1.1",
};

export interface OpenOptions {
  /** postgres://… for a server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite folder; 'memory://' keeps it in memory (tests). */
  pgliteDir?: string;
  /**
   * A PGlite data folder dumped by `dumpDataDir` to start from instead of an empty one (tests copy
   * one migrated and seeded database per run rather than migrating one per file).
   */
  pgliteImage?: Blob | undefined;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir ?? "memory://", options.pgliteImage);
}

/**
 * PGlite runs PostgreSQL inside this process's WebAssembly heap, where the server's defaults cost
 * resident memory the shop never uses: 128 MB of shared buffers (touched on start) and slots for 100
 * connections, when PGlite serves exactly one. 16 MB holds the demo catalogue many times over; a page
 * not in it comes from the operating system's file cache (a catalogue of 100,000 belongs on PostgreSQL).
 * 16 MB and 5 slots against 32 MB and 10, side by side: idle 270 against 307 MB (issue 17's budget is
 * 300 on PGlite), docs/benchmarks.md "Memory".
 * Given as start parameters, after PGlite's own: `postgresqlconf` would replace the data folder's
 * postgresql.conf (time zone, text search configuration) instead of adding to it.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, ...["-c", "shared_buffers=16MB", "-c", "max_connections=5"]];

async function openPglite(dir: string, image: Blob | undefined): Promise<Database> {
  if (!dir.startsWith("memory://")) await mkdir(path.dirname(dir), { recursive: true });
  const client = await PGlite.create({
    dataDir: dir,
    extensions: { pg_trgm },
    startParams: PGLITE_START_PARAMS,
    ...(image ? { loadDataDir: image } : {}),
  });
  for (const [name, value] of Object.entries(SESSION_SETTINGS)) {
    await client.query("select set_config($1, $2, false)", [name, value]);
  }
  const db = drizzlePglite({ client, schema, casing: "snake_case" });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    searchDb: db,
    kind: "pglite",
    poolSize: 1,
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
    dumpImage: () => client.dumpDataDir("none"),
  };
}

/** Connections to the server, each starting with the session settings (and `extra`'s). */
function openPool(url: string, size: { max: number; maxUses?: number }, extra: Record<string, string> = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    ...size,
    connectionTimeoutMillis: 5_000,
    // And on a server: a statement whose client is gone (an instance killed while its checkout
    // waited for a row lock) is ended within a second, instead of running on when the lock frees;
    // and no statement runs (or waits for a lock) longer than STATEMENT_TIMEOUT_MS, so a request
    // holds a connection for a bounded time and its answer reaches the customer before nginx gives
    // up on it (docs/scaling.md, "Timeouts"). On PGlite there is one session in this process: no
    // other session's lock to wait for, and nothing to set.
    options: Object.entries({
      ...SESSION_SETTINGS,
      client_connection_check_interval: "1s",
      statement_timeout: `${STATEMENT_TIMEOUT_MS}ms`,
      ...extra,
    })
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(" "),
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on("error", () => {});
  // The pool listens for errors only on idle clients. A connection the server ends while a request
  // holds it (between two statements of a transaction, say) would emit an unheard 'error' and crash
  // the process; the request's own query already fails with the error and answers 503.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  return pool;
}

/**
 * The search pool: a few connections (a search holds one for a statement at a time), each
 * replaced after SEARCH_POOL_MAX_USES statements, which bounds the prepared statements a session
 * keeps however many kinds of ranking statement the shoppers' filters make.
 */
const SEARCH_POOL_SIZE = 4;
const SEARCH_POOL_MAX_USES = 5_000;

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = openPool(url, { max: poolSize });
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" });
  // Several instances may start at once: the advisory lock lets exactly one migrate at a time.
  const lockClient = await pool.connect();
  try {
    // Waiting for another instance's migration, and a migration itself, may take longer than a
    // request's statement may: no timeout on this session until it goes back to the pool.
    await lockClient.query("set statement_timeout = 0");
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    // Migrate on the connection that holds the lock: a pool of one would otherwise wait for itself.
    await migratePg(drizzlePg({ client: lockClient, schema, casing: "snake_case" }), {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await lockClient.query("reset statement_timeout").catch(() => {});
    lockClient.release();
  }
  const searchPool = openPool(
    url,
    { max: SEARCH_POOL_SIZE, maxUses: SEARCH_POOL_MAX_USES },
    { plan_cache_mode: "force_generic_plan" },
  );
  const searchDb = drizzlePg({ client: searchPool, schema, casing: "snake_case" });
  return {
    db,
    searchDb,
    kind: "postgres",
    poolSize,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await Promise.all([pool.end(), searchPool.end()]);
    },
  };
}
