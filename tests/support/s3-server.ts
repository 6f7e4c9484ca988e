// A real S3-compatible server on 127.0.0.1 for the storage tests: s3rver (objects kept in a temp
// directory) behind a gate that checks every request's SigV4 signature with the AWS SDK's own
// signer (@smithy/signature-v4), because s3rver itself checks only the access key id.
import { createHash, createHmac, type Hash, type Hmac } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SignatureV4 } from "@smithy/signature-v4";
import S3rver from "s3rver";

export const S3_ACCESS_KEY_ID = "S3RVER";
export const S3_SECRET_ACCESS_KEY = "S3RVER";

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The shop's S3_* variables for this server. */
  env: Record<string, string>;
  /** Requests whose signature the gate refused. */
  refused: string[];
  close(): Promise<void>;
}

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: SourceData): string | Uint8Array =>
  typeof data === "string"
    ? data
    : data instanceof ArrayBuffer
      ? new Uint8Array(data)
      : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

/** node:crypto as the signer's hash (what @smithy/hash-node does, without one more package). */
class Sha256 {
  private hash: Hash | Hmac;
  private readonly secret: string | Uint8Array | undefined;
  constructor(secret?: SourceData) {
    this.secret = secret === undefined ? undefined : bytes(secret);
    this.hash = this.secret === undefined ? createHash("sha256") : createHmac("sha256", this.secret);
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {
    this.hash = this.secret === undefined ? createHash("sha256") : createHmac("sha256", this.secret);
  }
}

const signer = new SignatureV4({
  service: "s3",
  region: "us-east-1",
  credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
  sha256: Sha256,
  uriEscapePath: false,
});

/** Signs the request again as the AWS SDK would, over the headers it says it signed, and compares. */
async function signatureMatches(req: IncomingMessage): Promise<boolean> {
  const authorization = req.headers.authorization ?? "";
  const match = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
    authorization,
  );
  const amzDate = String(req.headers["x-amz-date"] ?? "");
  if (!match || !/^\d{8}T\d{6}Z$/.test(amzDate)) return false;
  const [, credential = "", signedHeaders = "", signature = ""] = match;
  if (!credential.startsWith(`${S3_ACCESS_KEY_ID}/${amzDate.slice(0, 8)}/us-east-1/s3/`)) return false;
  const headers: Record<string, string> = {};
  for (const name of signedHeaders.split(";")) headers[name] = String(req.headers[name] ?? "");
  const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = value;
  const date = amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z");
  const signed = await signer.sign(
    { method: req.method ?? "GET", protocol: "http:", hostname: url.hostname, path: url.pathname, query, headers },
    { signingDate: new Date(date) },
  );
  return String(signed.headers.authorization ?? signed.headers.Authorization).endsWith(`Signature=${signature}`);
}

export async function startTestS3(bucket = "shop-images"): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "shoe-shop-s3-"));
  const s3 = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3.configureBuckets();
  const handle = s3.getMiddleware();
  const refused: string[] = [];
  const server: Server = createServer((req, res) => {
    signatureMatches(req).then(
      (ok) => {
        if (ok) return handle(req, res);
        refused.push(`${req.method} ${req.url}`);
        res.writeHead(403, { "content-type": "application/xml" });
        res.end("<Error><Code>SignatureDoesNotMatch</Code><Message>Signature mismatch</Message></Error>");
      },
      (error: unknown) => {
        res.writeHead(500).end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    refused,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY,
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(directory, { recursive: true, force: true });
    },
  };
}
