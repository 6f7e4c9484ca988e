// A "known device": a browser that has signed in to an account before. On each successful sign-in
// the answer sets a cookie naming the account (by a hash of its e-mail), holding a random device id
// and an expiry signed with the shop's key (HMAC-SHA256), so it cannot be made up, moved to another
// account, or read by a script (HttpOnly). It is not a credential: it only lets its browser past
// the per-account guard that slows unknown devices during an attack (server/accounts/lockout.ts).
// A cookie, not a header the app adds: the session token lives in localStorage, where a script
// could read it; this one only travels, same-origin, to the sign-in route (Path, SameSite=Strict).
// The key is derived from CONFIRM_LINK_SECRET when given, else kept in the database under its own
// name (server/confirmation/links.ts), so every instance signs and checks alike.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../db/client.ts";
import { tokenSigner } from "../signed-tokens.ts";

const SECRET_NAME = "known_devices";
const DEVICE_ID = /^[\w-]{22}$/;
const KNOWN_DEVICE_DAYS = 180;
const KNOWN_DEVICE_PATH = "/api/user/login";

export interface KnownDevices {
  /** The device id the request's cookie for `email` proves, or undefined (none, forged, expired). */
  deviceOf(email: string, cookieHeader: string | undefined): Promise<string | undefined>;
  /** The Set-Cookie value that makes (or keeps) this browser known to `email`'s account. */
  cookieFor(email: string, deviceId?: string): Promise<string>;
}

export function createKnownDevices(db: Db, options: { secret?: string | undefined; secure: boolean }): KnownDevices {
  const signer = tokenSigner(db, SECRET_NAME, options.secret);
  const signed = (email: string, body: string) => `known-device.${email}.${body}`;

  return {
    async deviceOf(email, cookieHeader) {
      const token = readCookie(cookieHeader, cookieName(email));
      const [deviceId, expiresText, given, ...rest] = (token ?? "").split(".");
      if (!deviceId || !expiresText || !given || rest.length > 0 || !DEVICE_ID.test(deviceId)) return undefined;
      if (!(await signer.verify(signed(email, `${deviceId}.${expiresText}`), given))) return undefined;
      const expires = Number.parseInt(expiresText, 36);
      return Number.isFinite(expires) && expires * 1000 > Date.now() ? deviceId : undefined;
    },
    async cookieFor(email, deviceId = randomBytes(16).toString("base64url")) {
      const maxAge = KNOWN_DEVICE_DAYS * 86_400;
      const body = `${deviceId}.${(Math.floor(Date.now() / 1000) + maxAge).toString(36)}`;
      const value = `${body}.${await signer.sign(signed(email, body))}`;
      const secure = options.secure ? "; Secure" : "";
      return `${cookieName(email)}=${value}; Max-Age=${maxAge}; Path=${KNOWN_DEVICE_PATH}; HttpOnly; SameSite=Strict${secure}`;
    },
  };
}

/** One cookie per account, so a browser shared by two accounts is known to both. */
const cookieName = (email: string) =>
  `shop_device_${createHash("sha256").update(email).digest("base64url").slice(0, 16)}`;

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
