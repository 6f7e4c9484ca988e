// What a backup folder holds and where the shop keeps the things it saves. A backup is complete
// only once manifest.json is written, and that is written last: a backup cut short by a crash or a
// full disk has none, so restore refuses it instead of restoring half a shop.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Config } from "../config.ts";

export const MANIFEST = "manifest.json";
export const POSTGRES_DUMP = "database.dump";
export const PGLITE_DUMP = "pglite.tar.gz";
export const IMAGES = "images";
/** Bumped when the folder's layout changes, so an older restore does not misread a newer backup. */
export const BACKUP_FORMAT = 1;

export interface Manifest {
  format: number;
  createdAt: string;
  /** Version of the shop that made it (package.json); restore with this version, then upgrade. */
  shopVersion: string;
  database: "postgres" | "pglite";
  /** Files under images/ (uploaded originals and rendered variants). */
  imageFiles: number;
}

/** A message for the person running the command; anything else is a bug and keeps its stack. */
export class BackupError extends Error {}

/** The picture folder the shop is configured with; none when pictures live in an S3 bucket. */
export function imagesDirOf(config: Config): string | undefined {
  return config.imageStorage.kind === "directory" ? config.imageStorage.dir : undefined;
}

export const pgliteDirOf = (dataDir: string) => path.join(dataDir, "pglite");

/** Entries of a folder; none when it does not exist. */
export async function entriesOf(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

export async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

export async function shopVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(fileURLToPath(new URL("../../package.json", import.meta.url)), "utf8")) as {
    version?: string;
  };
  return pkg.version ?? "unknown";
}

export async function readManifest(from: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(from, MANIFEST), "utf8");
  } catch {
    throw new BackupError(
      `${from} is not a complete backup: it has no ${MANIFEST} (a backup writes it last, so one cut short has none).`,
    );
  }
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(text) as Partial<Manifest>;
  } catch {
    throw new BackupError(`${from}/${MANIFEST} is damaged (not JSON): this backup cannot be trusted.`);
  }
  if (manifest.format !== BACKUP_FORMAT || (manifest.database !== "postgres" && manifest.database !== "pglite")) {
    throw new BackupError(
      `${from} was written in backup format ${String(manifest.format)}, which this version of the shop does not read.`,
    );
  }
  return manifest as Manifest;
}
