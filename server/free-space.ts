// Whether this instance's disk can still take a write, for /readyz (docs/scaling.md, "Readiness"). An
// instance whose data folder or pictures folder is nearly full fails every upload (and, on PGlite,
// every order) while the others could take them: answering 503 there lets a health check (Docker's
// HEALTHCHECK, an orchestrator, a monitoring alert) take it out. Asked of the kernel (statfs) at most
// every few seconds, so /readyz stays cheap however often it is polled.
import { statfs } from "node:fs/promises";
import path from "node:path";

/** Fewer free inodes than this is a full disk too: every picture is seven small files. */
export const MIN_FREE_INODES = 1_000;
/** A readiness answer is reused this long: statfs on a network mount is a round trip. */
const REMEMBER_MS = 5_000;
/** A mount that does not answer (a hung NFS server) cannot take a write either. */
const STATFS_TIMEOUT_MS = 2_000;
const MB = 1024 * 1024;

/** /readyz's answer on a full disk: names no folder and no size (it is public through the proxy). */
export const DISK_FULL_MESSAGE = "This instance's disk is nearly full: it cannot keep uploads.";

export interface ShortFolder {
  folder: string;
  /** Free megabytes an unprivileged process may use; undefined when the disk did not answer. */
  freeMb: number | undefined;
  freeInodes: number | undefined;
}

export type FreeSpace = { ok: true } | { ok: false; short: ShortFolder[] };

interface Log {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface FreeSpaceOptions {
  /** The folders the instance writes to: DATA_DIR, and IMAGES_DIR when pictures are kept on a disk. */
  folders: readonly string[];
  /** Below this many free bytes a folder counts as full; 0 turns the check off. */
  minFreeBytes: number;
  log: Log;
}

/** The check /readyz asks: each folder's disk has room, remembered for a few seconds. */
export function createFreeSpaceCheck(options: FreeSpaceOptions): () => Promise<FreeSpace> {
  const folders = [...new Set(options.folders.map((folder) => path.resolve(folder)))];
  let remembered: { at: number; answer: Promise<FreeSpace> } | undefined;
  let wasFull = false;

  async function measure(): Promise<FreeSpace> {
    const short: ShortFolder[] = [];
    for (const folder of folders) {
      const found = await shortOf(folder, options.minFreeBytes);
      if (found) short.push(found);
    }
    // Said once when it fills and once when it has room again, not on every poll.
    if (short.length > 0 && !wasFull) {
      options.log.warn(
        { short, minFreeMb: options.minFreeBytes / MB, minFreeInodes: MIN_FREE_INODES },
        "disk nearly full (or not answering): /readyz answers 503 until there is room again (free space, or set MIN_FREE_DISK_MB)",
      );
    } else if (short.length === 0 && wasFull) {
      options.log.info({ folders }, "disk has room again: /readyz answers 200");
    }
    wasFull = short.length > 0;
    return short.length > 0 ? { ok: false, short } : { ok: true };
  }

  return () => {
    if (options.minFreeBytes <= 0) return Promise.resolve({ ok: true });
    const now = Date.now();
    if (!remembered || now - remembered.at >= REMEMBER_MS) remembered = { at: now, answer: measure() };
    return remembered.answer;
  };
}

async function shortOf(folder: string, minFreeBytes: number): Promise<ShortFolder | undefined> {
  const stats = await withTimeout(statfsOfNearest(folder), STATFS_TIMEOUT_MS).catch(() => undefined);
  if (!stats) return { folder, freeMb: undefined, freeInodes: undefined };
  const freeBytes = stats.bavail * stats.bsize;
  // Some file systems (btrfs, many network mounts) report no inode counts at all: nothing to check.
  const freeInodes = stats.files > 0 ? stats.ffree : undefined;
  if (freeBytes >= minFreeBytes && (freeInodes === undefined || freeInodes >= MIN_FREE_INODES)) return undefined;
  return { folder, freeMb: Math.floor(freeBytes / MB), freeInodes };
}

/** The disk of the folder, or of the nearest folder above it that exists: a fresh DATA_DIR has no images/ yet. */
async function statfsOfNearest(folder: string) {
  let current = folder;
  for (;;) {
    try {
      return await statfs(current);
    } catch (error) {
      const parent = path.dirname(current);
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || parent === current) throw error;
      current = parent;
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
