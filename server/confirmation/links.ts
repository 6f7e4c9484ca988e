// The confirmation links and WhatsApp buttons: a token that names one order and when it stops
// working, signed with the shop's key (HMAC-SHA256), so it cannot be made up or moved to another
// order, and needs no table. It is single-use through the order itself: a press acts only on a
// pending order, so once the customer (or the owner, or the job) has answered, the link only shows
// the outcome. The key is CONFIRM_LINK_SECRET, or one made by the first instance that needs it and
// kept in the database, so every instance signs and checks alike (docs/decisions/017).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { CONFIRM_LINK_DAYS } from "#shared/confirmation.ts";
import type { Db } from "../db/client.ts";
import { shopSecrets } from "../db/schema.ts";

const SECRET_NAME = "confirm_links";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** 128 bits of the HMAC: far beyond guessing, and the token fits a WhatsApp button's payload. */
const MAC_BYTES = 16;

export type TokenCheck = { ok: true; orderId: string } | { ok: false; reason: "invalid" | "expired"; orderId?: string };

export interface ConfirmationLinks {
  /** The token for an order placed at `placedAt`. */
  tokenFor(orderId: string, placedAt: Date): Promise<string>;
  /** The page a mail links to. */
  urlFor(orderId: string, placedAt: Date): Promise<string>;
  check(token: string, now?: Date): Promise<TokenCheck>;
}

export function createConfirmationLinks(db: Db, options: { publicUrl: string; secret?: string | undefined }) {
  let key: Promise<Buffer> | undefined;
  const keyOf = () => {
    key ??= (options.secret ? Promise.resolve(Buffer.from(options.secret, "utf8")) : sharedKey(db)).catch(
      (error: unknown) => {
        key = undefined; // a database hiccup: ask again next time
        throw error;
      },
    );
    return key;
  };
  const mac = (secret: Buffer, body: string) =>
    createHmac("sha256", secret).update(body).digest().subarray(0, MAC_BYTES).toString("base64url");

  const links: ConfirmationLinks = {
    async tokenFor(orderId, placedAt) {
      const expires = Math.floor(placedAt.getTime() / 1000) + CONFIRM_LINK_DAYS * 86_400;
      const body = `${orderId}.${expires.toString(36)}`;
      return `${body}.${mac(await keyOf(), body)}`;
    },
    async urlFor(orderId, placedAt) {
      return `${options.publicUrl}/confirm-order?token=${await links.tokenFor(orderId, placedAt)}`;
    },
    async check(token, now = new Date()) {
      const [orderId, expiresText, given, ...rest] = token.split(".");
      if (!orderId || !expiresText || !given || rest.length > 0 || !UUID.test(orderId))
        return { ok: false, reason: "invalid" };
      const expected = Buffer.from(mac(await keyOf(), `${orderId}.${expiresText}`));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected))
        return { ok: false, reason: "invalid" };
      const expires = Number.parseInt(expiresText, 36);
      if (!Number.isFinite(expires) || expires * 1000 < now.getTime()) return { ok: false, reason: "expired", orderId };
      return { ok: true, orderId };
    },
  };
  return links;
}

/**
 * The key every instance shares: the first to ask makes it, the others read it. Each kind of link
 * has its own (`name`), so one kind's token can never pass as another's.
 */
export async function sharedKey(db: Db, name = SECRET_NAME): Promise<Buffer> {
  await db
    .insert(shopSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: shopSecrets.value })
    .from(shopSecrets)
    .where(sql`${shopSecrets.name} = ${name}`);
  if (!row) throw new Error(`the ${name} key could not be read`);
  return Buffer.from(row.value, "base64url");
}
