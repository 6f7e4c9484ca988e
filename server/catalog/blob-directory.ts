// The default image store: a directory (`IMAGES_DIR`, by default `DATA_DIR/images`), which several
// machines may share (NFS, a compose volume). Writes go to a temporary file renamed into place, so a
// reader on any machine sees a whole file or none.
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { type BlobStore, checkKey } from "./blob-store.ts";

export function createDirectoryBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => path.join(root, checkKey(key));
  return {
    localFile: fileOf,
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async has(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
        throw error;
      }
    },
    async put(key, data) {
      await writeAtomically(fileOf(key), data);
    },
    async remove(keys) {
      const folders = new Set<string>();
      for (const key of keys) {
        const file = fileOf(key);
        await rm(file, { force: true });
        folders.add(path.dirname(file));
      }
      // An image's folder goes with its last file; one still holding others stays.
      for (const folder of folders) {
        if (folder !== root) await rmdir(folder).catch(() => {});
      }
    },
  };
}

export async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  // Unique across machines sharing the directory, where process ids can repeat.
  const temp = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, data).catch(async (error: NodeJS.ErrnoException) => {
      // The folder went with another key's last file (remove() above) between mkdir and now: once more.
      if (error.code !== "ENOENT") throw error;
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(temp, data);
    });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
