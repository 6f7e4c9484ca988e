// pg_dump and pg_restore on the database of DATABASE_URL. The password goes to the tools in
// PGPASSWORD, not on their command line, where any user of the machine could read it.
import { spawn } from "node:child_process";
import pg from "pg";
import { BackupError } from "./layout.ts";

interface Connection {
  /** The URL without its password. */
  url: string;
  env: NodeJS.ProcessEnv;
  name: string;
}

function connection(databaseUrl: string): Connection {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { url: url.toString(), env, name: decodeURIComponent(url.pathname.slice(1)) };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new BackupError(`${tool} was not found: install the PostgreSQL client tools (postgresql-client).`)
          : error,
      );
    });
    child.on("close", (code) => {
      if (code === 0) resolve(stdout);
      else reject(new BackupError(`${tool} failed (exit code ${code}): ${stderr.trim()}`));
    });
  });
}

async function query<T extends pg.QueryResultRow>(databaseUrl: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Could not reach the database at DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const majorOf = (versionText: string) => Number(/(\d+)(?:\.\d+)?/.exec(versionText)?.[1] ?? Number.NaN);

/** pg_dump refuses a server newer than itself; say so before it starts, with the fix. */
async function checkClientVersion(tool: string, databaseUrl: string): Promise<void> {
  const client = majorOf(await run(tool, ["--version"], process.env));
  const [row] = await query<{ server_version_num: string }>(databaseUrl, "show server_version_num");
  const server = Math.floor(Number(row?.server_version_num) / 10_000);
  if (client < server) {
    throw new BackupError(
      `${tool} ${client} is older than the PostgreSQL ${server} server: install postgresql-client-${server} (the image built from the Dockerfile has the client of its PG_MAJOR).`,
    );
  }
}

/** The whole database in pg_dump's custom format: compressed, and pg_restore can pick from it. */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  await checkClientVersion("pg_dump", databaseUrl);
  const c = connection(databaseUrl);
  await run("pg_dump", ["--format=custom", `--file=${file}`, `--dbname=${c.url}`], c.env);
}

/** Tables in the database outside PostgreSQL's own schemas. */
export async function postgresTableCount(databaseUrl: string): Promise<number> {
  const [row] = await query<{ n: number }>(
    databaseUrl,
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
       and n.nspname not like 'pg\\_toast%'`,
  );
  return row?.n ?? 0;
}

/**
 * In one transaction, so a restore that fails leaves the database as it was. Owners and grants are
 * left out: the target's user owns what it restores, whatever the source's users were called.
 */
export async function restorePostgres(databaseUrl: string, file: string, replace: boolean): Promise<void> {
  const c = connection(databaseUrl);
  const args = ["--no-owner", "--no-acl", "--exit-on-error", "--single-transaction", `--dbname=${c.url}`];
  if (replace) args.push("--clean", "--if-exists");
  await run("pg_restore", [...args, file], c.env);
}

export const databaseNameOf = (databaseUrl: string) => connection(databaseUrl).name;
