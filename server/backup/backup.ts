// `npm run backup`: the database (pg_dump, or PGlite's own dump), then the pictures, then the
// manifest. The database goes first because an upload writes its files before its row commits:
// every picture the dump names is then already on disk when the pictures are copied.
import { cp, mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  BACKUP_FORMAT,
  BackupError,
  countFiles,
  entriesOf,
  IMAGES,
  MANIFEST,
  type Manifest,
  PGLITE_DUMP,
  POSTGRES_DUMP,
  pgliteDirOf,
  shopVersion,
} from "./layout.ts";
import { dumpPglite } from "./pglite.ts";
import { dumpPostgres } from "./postgres.ts";

export interface BackupOptions {
  out: string;
  dataDir: string;
  /** The picture folder; undefined when pictures live in an object store (backed up by its own tools). */
  imagesDir: string | undefined;
  databaseUrl: string | undefined;
}

export async function createBackup(options: BackupOptions): Promise<Manifest> {
  const out = path.resolve(options.out);
  if ((await entriesOf(out)).length > 0) {
    throw new BackupError(`${out} already holds files: give a new or empty folder, so no backup is overwritten.`);
  }
  await mkdir(out, { recursive: true });
  try {
    const database = options.databaseUrl ? "postgres" : "pglite";
    if (options.databaseUrl) await dumpPostgres(options.databaseUrl, path.join(out, POSTGRES_DUMP));
    else await dumpPglite(pgliteDirOf(options.dataDir), path.join(out, PGLITE_DUMP));

    // Files are written whole (renamed into place), so a copy taken while the shop runs has no
    // half-written picture; one uploaded after the dump is copied too and simply unused.
    if (options.imagesDir && (await entriesOf(options.imagesDir)).length > 0) {
      await cp(options.imagesDir, path.join(out, IMAGES), { recursive: true });
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      shopVersion: await shopVersion(),
      database,
      imageFiles: await countFiles(path.join(out, IMAGES)),
    };
    await writeFile(path.join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } catch (error) {
    // The folder was empty before: what is in it now is an unusable part of a backup.
    await rm(out, { recursive: true, force: true });
    throw error;
  }
}
