// JazzCash's pp_SecureHash (docs/decisions/039-jazzcash-hosted-checkout.md), the same rule for the
// form we post and the answer JazzCash posts back. JazzCash's Sandbox Documentation names its purpose
// (Features: "used to detect whether a transaction request and response has been tampered with", by a
// shared secret, the merchant's Integrity Salt; https://payments.jazzcash.com.pk/SandboxDocumentation/features.html);
// the exact construction is the one public merchant clients send (e.g.
// aakilarosegethub/apnafund public/jazz.php, Khurram44/Zmall laravel/resources/views/jazzcash/test.blade.php):
// - every field whose name starts with "pp" (pp_… and ppmpf_…) except pp_SecureHash itself,
// - whose value is not empty,
// - sorted by field name (ordinal: "pp_TxnDateTime" < "pp_TxnExpiryDateTime" < "ppmpf_1"),
// - their values joined with "&", after the Integrity Salt and an "&",
// - HMAC-SHA256 keyed by the Integrity Salt, as hex. We send upper case; the PHP clients send lower
//   case, so an answer's hex is compared whatever its case.
// Not yet run against JazzCash's own sandbox (no merchant account here): decision 039, "Left open".
// Pure: no I/O, no clock, so a unit test pins it (tests/jazzcash-signer.test.ts).
import { createHmac, timingSafeEqual } from "node:crypto";

export const SECURE_HASH_FIELD = "pp_SecureHash";

/** The text JazzCash's HMAC is taken over: the salt, then the signed values in field-name order. */
export function signedText(fields: Readonly<Record<string, string>>, integritySalt: string): string {
  const names = Object.keys(fields)
    .filter((name) => name.startsWith("pp") && name !== SECURE_HASH_FIELD && fields[name] !== "")
    // Ordinal, as the document's sample code sorts: never the locale's order.
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return [integritySalt, ...names.map((name) => fields[name])].join("&");
}

/** pp_SecureHash for these fields: upper-case hex of HMAC-SHA256 keyed by the salt. */
export function secureHash(fields: Readonly<Record<string, string>>, integritySalt: string): string {
  return createHmac("sha256", integritySalt)
    .update(signedText(fields, integritySalt), "utf8")
    .digest("hex")
    .toUpperCase();
}

/** Whether the fields carry the hash the salt gives them; compared in constant time. */
export function hasValidHash(fields: Readonly<Record<string, string>>, integritySalt: string): boolean {
  const given = fields[SECURE_HASH_FIELD];
  // 64 hex digits or nothing: anything else cannot be a SHA-256 and is not compared.
  if (given === undefined || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = Buffer.from(secureHash(fields, integritySalt), "hex");
  return timingSafeEqual(expected, Buffer.from(given, "hex"));
}
