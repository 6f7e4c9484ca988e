// JazzCash's pp_SecureHash (server/payments/jazzcash/signer.ts) and the request's formats, pinned
// without a database. The expected hash was computed outside Node, with
//   printf '%s' '<the signed text below>' | openssl dgst -sha256 -hmac 'k3y5alt'
// so the vector checks the text's construction (which fields, in which order, after the salt), not
// only that Node's HMAC agrees with itself. The public guide we read
// (hasaniqbal-lead/mypay-wallet-onetime jazzcash-onetime/docs/JAZZCASH_HMAC_GUIDE.md) prints a hash
// that its own printed text does not give, so it is not used as a vector (decision 039).
import { describe, expect, it } from "vitest";
import { JAZZCASH_SANDBOX_URL, loadConfig } from "#server/config.ts";
import { advanceRequestFields, karachiStamp, newReference } from "#server/payments/jazzcash/request.ts";
import { hasValidHash, secureHash, signedText } from "#server/payments/jazzcash/signer.ts";

const SALT = "k3y5alt";
const FIELDS = {
  // Out of order on purpose, with empty fields (left out) and a field that is not JazzCash's (ignored).
  pp_TxnRefNo: "T2026031514300012345",
  pp_Version: "1.1",
  pp_TxnType: "",
  ppmpf_1: "extra",
  ppmpf_2: "",
  pp_Amount: "100000",
  pp_TxnExpiryDateTime: "20260315153000",
  pp_TxnDateTime: "20260315143000",
  pp_BillReference: "ORDER1A2B",
  pp_Description: "Advance for order 1A2B",
  pp_Language: "EN",
  pp_MerchantID: "MC10001",
  pp_Password: "pa55word",
  pp_ReturnURL: "https://shoeshop.pk/payments/jazzcash/return",
  pp_TxnCurrency: "PKR",
  csrf: "not signed",
};
const TEXT =
  "k3y5alt&100000&ORDER1A2B&Advance for order 1A2B&EN&MC10001&pa55word&https://shoeshop.pk/payments/jazzcash/return&PKR&20260315143000&20260315153000&T2026031514300012345&1.1&extra";
const HASH = "0DCA1B38CA551638D618E7E65189D4793B19C3FD8B4C3A2D932C0484E6A1E9C9";

describe("pp_SecureHash", () => {
  it("signs the salt and the non-empty pp fields' values, by field name, as upper-case HMAC-SHA256", () => {
    expect(signedText(FIELDS, SALT)).toBe(TEXT);
    expect(secureHash(FIELDS, SALT)).toBe(HASH);
    // The hash field itself is never signed.
    expect(secureHash({ ...FIELDS, pp_SecureHash: "anything" }, SALT)).toBe(HASH);
  });

  it("verifies an answer's hash whatever its case, and refuses a change, a wrong salt or no hash", () => {
    expect(hasValidHash({ ...FIELDS, pp_SecureHash: HASH }, SALT)).toBe(true);
    expect(hasValidHash({ ...FIELDS, pp_SecureHash: HASH.toLowerCase() }, SALT)).toBe(true);
    expect(hasValidHash({ ...FIELDS, pp_Amount: "100", pp_SecureHash: HASH }, SALT)).toBe(false);
    expect(hasValidHash({ ...FIELDS, pp_SecureHash: HASH }, "other-salt")).toBe(false);
    expect(hasValidHash(FIELDS, SALT)).toBe(false);
    expect(hasValidHash({ ...FIELDS, pp_SecureHash: `${HASH}00` }, SALT)).toBe(false);
    expect(hasValidHash({ ...FIELDS, pp_SecureHash: "Z".repeat(64) }, SALT)).toBe(false);
  });
});

describe("the request", () => {
  const at = new Date("2026-03-15T09:30:00Z");

  it("writes times in Karachi (UTC+5) and references of 20 characters", () => {
    expect(karachiStamp(at)).toBe("20260315143000");
    expect(karachiStamp(new Date("2026-12-31T19:00:00Z"))).toBe("20270101000000");
    expect(newReference(at, () => 42)).toBe("T2026031514300000042");
    expect(newReference(at)).toMatch(/^T20260315143000\d{5}$/);
  });

  it("asks the advance in paisa, expires in an hour, and is signed over what it sends", () => {
    const config = { merchantId: "MC10001", password: "pa55word", integritySalt: SALT, url: "https://example.test/" };
    const fields = advanceRequestFields(config, {
      reference: "T2026031514300012345",
      amount: 1000,
      billReference: "1A2B",
      at,
      publicUrl: "https://shoeshop.pk",
    });
    expect(fields).toMatchObject({
      pp_Amount: "100000",
      pp_TxnDateTime: "20260315143000",
      pp_TxnExpiryDateTime: "20260315153000",
      pp_ReturnURL: "https://shoeshop.pk/payments/jazzcash/return",
      pp_BillReference: "1A2B",
    });
    expect(hasValidHash(fields, SALT)).toBe(true);
  });
});

describe("the configuration", () => {
  const base = { NODE_ENV: "test" };
  it("is off without the credentials, on with all three, and refuses half of them naming no value", () => {
    expect(loadConfig(base).jazzcash).toBeUndefined();
    const all = { JAZZCASH_MERCHANT_ID: "MC1", JAZZCASH_PASSWORD: "pw-secret", JAZZCASH_INTEGRITY_SALT: "salt-secret" };
    expect(loadConfig({ ...base, ...all }).jazzcash).toEqual({
      merchantId: "MC1",
      password: "pw-secret",
      integritySalt: "salt-secret",
      url: JAZZCASH_SANDBOX_URL,
    });
    expect(() => loadConfig({ ...base, JAZZCASH_MERCHANT_ID: "MC1", JAZZCASH_PASSWORD: "pw-secret" })).toThrow(
      /JAZZCASH_INTEGRITY_SALT/,
    );
    expect(() => loadConfig({ ...base, JAZZCASH_MERCHANT_ID: "MC1", JAZZCASH_PASSWORD: "pw-secret" })).not.toThrow(
      /pw-secret/,
    );
  });
});
