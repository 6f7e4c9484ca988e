// Telling Meta's webhook calls from anyone else's. Meta signs every event notification with the
// app's secret: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`, and its
// subscription check carries the verify token the owner typed into the App Dashboard
// (https://developers.facebook.com/docs/graph-api/webhooks/getting-started, "Event Notifications"
// and "Verification Requests"). Both compared in constant time, so a forger learns nothing from
// how long a refusal takes.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/** Whether `header` is the app secret's signature of exactly these bytes. */
export function validSignature(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  const given = SIGNATURE.exec(header?.trim() ?? "")?.[1];
  if (!given) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(given, "hex"), expected);
}

/** Whether two secrets are equal, in time that depends on neither (hashing first evens their lengths). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}
