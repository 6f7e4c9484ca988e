// Image files in an S3-compatible bucket (AWS S3, MinIO, Garage, R2, …): three plain object calls
// (GET, PUT, DELETE) signed with SigV4 by aws4fetch over Node's fetch (docs/decisions/005-image-storage.md).
import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import type { S3StorageConfig } from "../config.ts";
import { StorageUnavailableError } from "../storage-unavailable.ts";
import { type BlobStore, checkKey } from "./blob-store.ts";

/** A store that does not answer within this is treated as away: the request gets a 503, not a hang. */
const REQUEST_TIMEOUT_MS = 15_000;

export function createS3BlobStore(config: S3StorageConfig): BlobStore {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: "s3",
    region: config.region,
    // Two quick retries for a 5xx or 429; a store that stays away is reported, not waited for.
    retries: 2,
    initRetryMs: 100,
  });
  const endpoint = new URL(config.endpoint);

  function urlOf(key: string): string {
    const objectPath = `${config.prefix}${checkKey(key)}`.split("/").map(encodeURIComponent).join("/");
    if (config.pathStyle)
      return new URL(`${endpoint.pathname.replace(/\/+$/, "")}/${config.bucket}/${objectPath}`, endpoint).href;
    return `${endpoint.protocol}//${config.bucket}.${endpoint.host}/${objectPath}`;
  }

  async function send(operation: "read" | "write", key: string, init: RequestInit): Promise<Response> {
    try {
      return await client.fetch(urlOf(key), { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new StorageUnavailableError(operation, `The image store did not answer (${init.method} ${key}).`, {
        cause: error,
      });
    }
  }

  async function refusal(operation: "read" | "write", key: string, response: Response): Promise<never> {
    const body = await response.text().catch(() => "");
    const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1] ?? "no code";
    throw new StorageUnavailableError(
      operation,
      `The image store refused ${key}: ${response.status} ${code} (bucket ${config.bucket}).`,
    );
  }

  return {
    async get(key) {
      const response = await send("read", key, { method: "GET" });
      if (response.ok) return Buffer.from(await response.arrayBuffer());
      if (response.status === 404) {
        const body = await response.text().catch(() => "");
        // A missing object is an answer; a missing bucket is a broken installation.
        if (!body.includes("NoSuchBucket")) return undefined;
        throw new StorageUnavailableError("read", `The image store has no bucket ${config.bucket}.`);
      }
      return refusal("read", key, response);
    },
    async has(key) {
      // HEAD carries no body, so a missing bucket looks like a missing object here; the PUT that
      // follows reports it.
      const response = await send("read", key, { method: "HEAD" });
      await response.body?.cancel();
      if (response.ok) return true;
      if (response.status === 404) return false;
      return refusal("read", key, response);
    },
    async put(key, data, contentType) {
      const response = await send("write", key, {
        method: "PUT",
        body: new Uint8Array(data),
        headers: {
          "content-type": contentType,
          // Signed, so the store rejects bytes changed on the way.
          "x-amz-content-sha256": createHash("sha256").update(data).digest("hex"),
        },
      });
      if (!response.ok) return refusal("write", key, response);
      await response.body?.cancel();
    },
    async remove(keys) {
      for (const key of keys) {
        const response = await send("write", key, { method: "DELETE" });
        if (!response.ok && response.status !== 404) return refusal("write", key, response);
        await response.body?.cancel();
      }
    },
  };
}
