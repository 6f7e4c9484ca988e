// Throw-away PostgreSQL databases on a server (tests, benchmarks): created with a unique name
// next to the database in the given URL, and dropped, connections and all, when done.
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** `template`: copy that database (one with no open connection) instead of an empty one. */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  options: { template?: string | undefined } = {},
): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString("hex")}`;
  if (options.template !== undefined && !/^[a-z0-9_]+$/.test(options.template)) {
    throw new TypeError(`Not a template database name: ${options.template}`);
  }
  await adminQuery(serverUrl, `create database ${name}${options.template ? ` template ${options.template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
