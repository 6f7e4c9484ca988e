// `npm run backup -- --out DIR`: the database and the pictures into a new folder (see --help).
import { createBackup } from "../server/backup/backup.ts";
import { BackupError, imagesDirOf } from "../server/backup/layout.ts";
import { loadConfig } from "../server/config.ts";
import { readArgs, usageError } from "./cli-args.ts";

const HELP = `Usage: npm run backup -- --out DIR

Saves the shop into DIR, a new or empty folder:
  - the database: with DATABASE_URL, pg_dump in its custom format (database.dump), taken while
    the shop runs; with the embedded database, PGlite's dump of DATA_DIR/pglite (pglite.tar.gz),
    for which the shop must be stopped, as only one process may open it;
  - the pictures: IMAGES_DIR when set, else DATA_DIR/images;
  - manifest.json, written last: a backup without it is incomplete and restore refuses it.
Pictures kept in an object store (S3) are not copied: back them up with the store's own tools.
Restore with: npm run restore -- --from DIR (see docs/operations.md).

Options:
  --out DIR   the folder to write (required)
  --help      show this text`;

const args = readArgs(HELP, { out: { type: "string" }, help: { type: "boolean" } });
if (!args.out) usageError("Say where to: --out is missing.", HELP);

try {
  const config = loadConfig();
  const manifest = await createBackup({
    out: args.out,
    dataDir: config.dataDir,
    imagesDir: imagesDirOf(config),
    databaseUrl: config.databaseUrl,
  });
  console.log(
    `Backed up the ${manifest.database === "postgres" ? "PostgreSQL" : "embedded"} database and ${manifest.imageFiles} picture files into ${args.out}.`,
  );
  if (!imagesDirOf(config)) {
    console.log("The pictures are in the S3 bucket: back it up with the store's own tools (docs/operations.md).");
  }
} catch (error) {
  process.exitCode = 1;
  console.error(error instanceof BackupError ? error.message : error);
}
