// `npm run restore -- --from DIR`: a backup into an empty database and DATA_DIR (see --help).
import { BackupError, imagesDirOf } from "../server/backup/layout.ts";
import { restoreBackup } from "../server/backup/restore.ts";
import { loadConfig } from "../server/config.ts";
import { readArgs, usageError } from "./cli-args.ts";

const HELP = `Usage: npm run restore -- --from DIR [--force]

Restores a backup made by npm run backup:
  - a PostgreSQL backup into the database of DATABASE_URL (create it empty first), with
    pg_restore in one transaction;
  - an embedded-database backup into DATA_DIR/pglite (the shop must be stopped);
  - the pictures into IMAGES_DIR when set, else DATA_DIR/images.
It refuses a database or pictures folder that already holds something, and changes nothing then.
Then start the shop: it applies the migrations of its version, if the backup is older.

Options:
  --from DIR  the backup folder (required)
  --force     replace what the targets hold instead of refusing
  --help      show this text`;

const args = readArgs(HELP, { from: { type: "string" }, force: { type: "boolean" }, help: { type: "boolean" } });
if (!args.from) usageError("Say which backup: --from is missing.", HELP);

try {
  const config = loadConfig();
  const manifest = await restoreBackup({
    from: args.from,
    dataDir: config.dataDir,
    imagesDir: imagesDirOf(config),
    databaseUrl: config.databaseUrl,
    force: args.force ?? false,
  });
  console.log(
    `Restored the backup of ${manifest.createdAt} (shop ${manifest.shopVersion}): the database and ${manifest.imageFiles} picture files.`,
  );
  if (!imagesDirOf(config)) {
    console.log("The pictures are in the S3 bucket: restore it with the store's own tools (docs/operations.md).");
  }
} catch (error) {
  process.exitCode = 1;
  console.error(error instanceof BackupError ? error.message : error);
}
