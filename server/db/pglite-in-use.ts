// Whether another process has the embedded database open: asked before the admin tool or a backup
// opens a PGlite folder the running shop may hold.
import { readdir, readlink, stat } from "node:fs/promises";
import path from "node:path";

/**
 * Whether another process has the embedded database open. PGlite lets a second process open the
 * same folder (and then both corrupt it), so this looks for PGlite's postmaster.pid, and on Linux
 * for a live process holding files in the folder (a crashed shop leaves only a stale pid file).
 */
export async function pgliteInUse(pgliteDir: string): Promise<boolean> {
  try {
    await stat(path.join(pgliteDir, "postmaster.pid"));
  } catch {
    return false;
  }
  let pids: string[];
  try {
    pids = (await readdir("/proc")).filter((name) => /^\d+$/.test(name) && name !== String(process.pid));
  } catch {
    return true; // No /proc to look in: trust the pid file.
  }
  const folder = path.resolve(pgliteDir) + path.sep;
  for (const pid of pids) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => "");
      if (target.startsWith(folder)) return true;
    }
  }
  return false;
}
