// Where image files live: originals and rendered variants, by key (`<imageId>/640.avif`). Several
// instances of the shop share one store (a directory they all mount, or an S3-compatible bucket), so
// a picture uploaded through one is served by all. Keys are made by the shop, never by a request.
// The drivers: blob-directory.ts and blob-s3.ts; blob-open.ts picks one from the configuration.

export interface BlobStore {
  /** The bytes kept under the key, or undefined when there are none. */
  get(key: string): Promise<Buffer | undefined>;
  /** Whether the store holds the key, without reading it (the ahead-of-time renderer's check). */
  has(key: string): Promise<boolean>;
  /** Keeps the bytes under the key, whole or not at all. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Forgets the keys (missing ones are fine). */
  remove(keys: readonly string[]): Promise<void>;
  /**
   * A directory store's own file for the key, served as it is; undefined for remote stores, whose
   * variants are copied to this instance's disk cache before serving.
   */
  localFile?(key: string): string;
}

/** Keys are the shop's own; refusing odd ones keeps a bug from ever writing outside the store. */
export function checkKey(key: string): string {
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/i.test(key)) throw new TypeError(`Invalid blob key: ${key}`);
  return key;
}
