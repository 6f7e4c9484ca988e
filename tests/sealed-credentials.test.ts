// The courier credentials at rest (server/couriers/api/sealed-credentials.ts): sealed with AES-256-GCM,
// opened only with the same key, a changed byte or another key refused with words the owner can act on.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { courierKeyBytes } from "#server/config.ts";
import { keyIdOf, openCredentials, sealCredentials } from "#server/couriers/api/sealed-credentials.ts";

const key = randomBytes(32);
const credentials = { token: "pk_live_5f2c9a7e1b", pickupAddressCode: "KHI-001" };

describe("sealed courier credentials", () => {
  it("open to what was sealed, and carry none of it as text", () => {
    const sealed = sealCredentials(key, credentials);
    expect(sealed).not.toContain("pk_live");
    expect(openCredentials(key, keyIdOf(key), sealed)).toEqual(credentials);
    // A fresh nonce each time: the same credentials never seal alike.
    expect(sealCredentials(key, credentials)).not.toBe(sealed);
  });

  it("refuse a changed seal and another key, saying what to do", () => {
    const sealed = sealCredentials(key, credentials);
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3] ?? "", "base64url");
    body[0] = (body[0] ?? 0) ^ 1;
    const changed = [...parts.slice(0, 3), body.toString("base64url")].join(".");
    expect(() => openCredentials(key, keyIdOf(key), changed)).toThrow(/could not be opened: enter them again/);
    const other = randomBytes(32);
    expect(() => openCredentials(other, keyIdOf(key), sealed)).toThrow(/another COURIER_CREDENTIALS_KEY/);
    expect(() => openCredentials(key, keyIdOf(key), "v0.x.y.z")).toThrow(/enter them again/);
  });

  it("take the key as 32 bytes of base64 or hex, and nothing else", () => {
    expect(courierKeyBytes(key.toString("base64"))).toEqual(key);
    expect(courierKeyBytes(key.toString("hex"))).toEqual(key);
    expect(courierKeyBytes("too-short")).toBeUndefined();
  });
});
