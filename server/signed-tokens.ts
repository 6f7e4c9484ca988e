// Signed tokens every domain uses (confirmation links, stop links, verification links, device
// cookies): an HMAC under a key of the token's kind, kept in shop_secrets so every instance shares it.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { BrokenPromise } from "./broken-promise.ts";
import type { Db } from "./db/client.ts";
import { shopSecrets } from "./db/schema.ts";

/** 128 bits of the HMAC: far beyond guessing, and the token fits a WhatsApp button's payload. */
export const MAC_BYTES = 16;

/**
 * The key every instance shares: the first to ask makes it, the others read it. Each kind of link
 * has its own (`name`), so one kind's token can never pass as another's.
 */
export async function sharedKey(db: Db, name: string): Promise<Buffer> {
  await db
    .insert(shopSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: shopSecrets.value })
    .from(shopSecrets)
    .where(sql`${shopSecrets.name} = ${name}`);
  if (!row) throw new BrokenPromise(`the ${name} key could not be read`);
  return Buffer.from(row.value, "base64url");
}

/** Signs and checks one kind of token (a stop link, a verification link, a device cookie). */
export interface TokenSigner {
  /**
   * The HMAC-SHA256 of `text`, its first MAC_BYTES, base64url. `via`: the transaction the caller is
   * in, so the key's first read does not wait on a connection that transaction holds (PGlite has one).
   */
  sign(text: string, via?: Db): Promise<string>;
  /** Whether `given` is `text`'s signature, compared in constant time. */
  verify(text: string, given: string): Promise<boolean>;
}

/**
 * A signer whose key is its own (`name`), so one kind's token never passes as another's: derived
 * from CONFIRM_LINK_SECRET when given, else the shared key kept under that name, read once (and again
 * after a failure: a database hiccup must not stick).
 */
export function tokenSigner(db: Db, name: string, secret: string | undefined): TokenSigner {
  let key: Promise<Buffer> | undefined;
  const keyOf = (via: Db = db) => {
    key ??= (secret ? Promise.resolve(createHmac("sha256", secret).update(name).digest()) : sharedKey(via, name)).catch(
      (error: unknown) => {
        key = undefined;
        throw error;
      },
    );
    return key;
  };
  const sign = async (text: string, via?: Db) =>
    createHmac("sha256", await keyOf(via))
      .update(text)
      .digest()
      .subarray(0, MAC_BYTES)
      .toString("base64url");
  return {
    sign,
    async verify(text, given) {
      const expected = Buffer.from(await sign(text));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
