// `npm run restore`: a backup into an empty database and an empty pictures folder. Every target
// is checked before anything is written, so a refused restore changes nothing; --force replaces
// what is there instead.
import { cp, rename, rm } from "node:fs/promises";
import path from "node:path";
import {
  BackupError,
  entriesOf,
  IMAGES,
  type Manifest,
  PGLITE_DUMP,
  POSTGRES_DUMP,
  pgliteDirOf,
  readManifest,
} from "./layout.ts";
import { loadPglite, requirePgliteStopped } from "./pglite.ts";
import { databaseNameOf, postgresTableCount, restorePostgres } from "./postgres.ts";

export interface RestoreOptions {
  from: string;
  dataDir: string;
  /** The picture folder; undefined when pictures live in an object store (restored by its own tools). */
  imagesDir: string | undefined;
  databaseUrl: string | undefined;
  force: boolean;
}

async function emptyDir(dir: string): Promise<void> {
  for (const name of await entriesOf(dir)) await rm(path.join(dir, name), { recursive: true, force: true });
}

const FORCE_HINT = "Restore into an empty one, or add --force to replace what is there.";

export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const from = path.resolve(options.from);
  const manifest = await readManifest(from);
  const { databaseUrl, force } = options;
  if (manifest.database === "pglite" && databaseUrl) {
    throw new BackupError(
      "This backup is of the embedded database (PGlite): unset DATABASE_URL to restore it into DATA_DIR.",
    );
  }
  if (manifest.database === "postgres" && !databaseUrl) {
    throw new BackupError(
      "This backup is of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.",
    );
  }

  const pgliteDir = pgliteDirOf(options.dataDir);
  if (databaseUrl) {
    const tables = await postgresTableCount(databaseUrl);
    if (tables > 0 && !force) {
      throw new BackupError(`The database ${databaseNameOf(databaseUrl)} already has ${tables} tables. ${FORCE_HINT}`);
    }
  } else {
    await requirePgliteStopped(pgliteDir);
    if ((await entriesOf(pgliteDir)).length > 0 && !force) {
      throw new BackupError(`${pgliteDir} already holds a database. ${FORCE_HINT}`);
    }
  }
  const { imagesDir } = options;
  if (imagesDir && (await entriesOf(imagesDir)).length > 0 && !force) {
    throw new BackupError(`${imagesDir} already holds pictures. ${FORCE_HINT}`);
  }

  if (databaseUrl) {
    await restorePostgres(databaseUrl, path.join(from, POSTGRES_DUMP), force);
  } else {
    // Loaded beside the target and moved into place, so a failed load leaves the old one whole.
    const loading = `${pgliteDir}.restoring`;
    await rm(loading, { recursive: true, force: true });
    await loadPglite(loading, path.join(from, PGLITE_DUMP));
    await rm(pgliteDir, { recursive: true, force: true });
    await rename(loading, pgliteDir);
  }
  if (imagesDir) {
    // The contents, not the folder: IMAGES_DIR may be a mount point.
    await emptyDir(imagesDir);
    if ((await entriesOf(path.join(from, IMAGES))).length > 0) {
      await cp(path.join(from, IMAGES), imagesDir, { recursive: true });
    }
  }
  return manifest;
}
