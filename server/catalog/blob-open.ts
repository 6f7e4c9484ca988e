// The image store the configuration asks for (IMAGES_DIR or S3_*; server/config.ts).
import type { ImageStorageConfig } from "../config.ts";
import { createDirectoryBlobStore } from "./blob-directory.ts";
import { createS3BlobStore } from "./blob-s3.ts";
import type { BlobStore } from "./blob-store.ts";

export function openBlobStore(storage: ImageStorageConfig): BlobStore {
  return storage.kind === "s3" ? createS3BlobStore(storage) : createDirectoryBlobStore(storage.dir);
}
