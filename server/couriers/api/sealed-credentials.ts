// The owner's courier credentials at rest (issue 49): sealed with AES-256-GCM under
// COURIER_CREDENTIALS_KEY, a key only the environment holds, so a copy of the database (a backup,
// a leaked dump) does not carry a courier's token. A fresh 96-bit nonce per seal; the tag makes a
// changed byte fail to open instead of opening to something else. The key's id (the first bytes of
// its SHA-256) is kept beside the seal, so a shop whose key changed is told so, not 'broken'.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { ConfigurationError } from "../../broken-promise.ts";

const VERSION = "v1";
const credentialsShape = z.record(z.string(), z.string());

/** Names the key without revealing it: 8 hex characters of its SHA-256. */
export function keyIdOf(key: Buffer): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 8);
}

export function sealCredentials(key: Buffer, credentials: Record<string, string>): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(credentials), "utf8"), cipher.final()]);
  return [
    VERSION,
    nonce.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    sealed.toString("base64url"),
  ].join(".");
}

/** Opens what sealCredentials made with the same key; a wrong key or a changed seal is a ConfigurationError. */
export function openCredentials(key: Buffer, keyId: string, sealed: string): Record<string, string> {
  if (keyId !== keyIdOf(key)) {
    throw new ConfigurationError(
      "The courier credentials were saved under another COURIER_CREDENTIALS_KEY: enter them again in the admin.",
    );
  }
  const [version, nonce, tag, body, ...rest] = sealed.split(".");
  if (version !== VERSION || !nonce || !tag || !body || rest.length > 0) {
    throw new ConfigurationError("The saved courier credentials are not in a form this shop reads: enter them again.");
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    const text = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    return credentialsShape.parse(JSON.parse(text));
  } catch {
    // Never the cause: it could quote the text.
    throw new ConfigurationError("The saved courier credentials could not be opened: enter them again.");
  }
}
