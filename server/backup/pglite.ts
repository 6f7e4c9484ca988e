// The embedded database, saved with PGlite's own dumpDataDir: a tarball of its data folder taken
// by the running database itself, so it is consistent. PGlite lets only one process open the
// folder, so this needs the shop stopped (PostgreSQL, by contrast, is backed up while it runs).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { pgliteInUse } from "../db/pglite-in-use.ts";
import { BackupError, entriesOf } from "./layout.ts";

async function requireStopped(dir: string): Promise<void> {
  if (await pgliteInUse(dir)) {
    throw new BackupError(
      `Stop the shop first: its embedded database in ${dir} is open in another process, and only one process may use it at a time.`,
    );
  }
}

export async function dumpPglite(dir: string, file: string): Promise<void> {
  if ((await entriesOf(dir)).length === 0) {
    throw new BackupError(`There is no embedded database in ${dir} to back up (is DATA_DIR right?).`);
  }
  await requireStopped(dir);
  // Not openDatabase: that would migrate, and a backup must not change what it saves.
  const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  try {
    const tarball = await db.dumpDataDir("gzip");
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await db.close();
  }
}

/** Fills an empty (or absent) folder from a dump; checking it is empty is the caller's job. */
export async function loadPglite(dir: string, file: string): Promise<void> {
  await requireStopped(dir);
  await mkdir(path.dirname(dir), { recursive: true });
  const tarball = new Blob([await readFile(file)], { type: "application/x-gzip" });
  const db = await PGlite.create({ dataDir: dir, loadDataDir: tarball, extensions: { pg_trgm } });
  await db.query("select 1");
  await db.close();
}

export { requireStopped as requirePgliteStopped };
