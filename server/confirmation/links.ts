// The confirmation links and WhatsApp buttons: a token that names one order and when it stops
// working, signed with the shop's key (HMAC-SHA256), so it cannot be made up or moved to another
// order, and needs no table. It is single-use through the order itself: a press acts only on a
// pending order, so once the customer (or the owner, or the job) has answered, the link only shows
// the outcome. The key is CONFIRM_LINK_SECRET, or one made by the first instance that needs it and
// kept in the database, so every instance signs and checks alike (docs/decisions/017). The mailed
// link's token is signed apart from the WhatsApp buttons' (`mailed`), so that only a press on what
// reached the account's e-mail proves that address (docs/decisions/024): a button's payload reaches
// whoever typed the WhatsApp number, who may not own the e-mail.
import { createHmac, timingSafeEqual } from "node:crypto";
import { CONFIRM_LINK_DAYS } from "#shared/confirmation.ts";
import type { Db } from "../db/client.ts";
import { MAC_BYTES, sharedKey } from "../signed-tokens.ts";

const SECRET_NAME = "confirm_links";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type TokenCheck =
  | { ok: true; orderId: string; mailed: boolean }
  | { ok: false; reason: "invalid" | "expired"; orderId?: string };

/** Where a token is sent: the e-mail's link, or a WhatsApp button (and the tests' default). */
export type LinkChannel = "mail" | "whatsapp";

export interface ConfirmationLinks {
  /** The token for an order placed at `placedAt`. */
  tokenFor(orderId: string, placedAt: Date, channel?: LinkChannel): Promise<string>;
  /** The page a mail links to (a mailed token). */
  urlFor(orderId: string, placedAt: Date): Promise<string>;
  check(token: string, now?: Date): Promise<TokenCheck>;
}

export function createConfirmationLinks(db: Db, options: { publicUrl: string; secret?: string | undefined }) {
  let key: Promise<Buffer> | undefined;
  const keyOf = () => {
    key ??= (options.secret ? Promise.resolve(Buffer.from(options.secret, "utf8")) : sharedKey(db, SECRET_NAME)).catch(
      (error: unknown) => {
        key = undefined; // a database hiccup: ask again next time
        throw error;
      },
    );
    return key;
  };
  const mac = (secret: Buffer, body: string) =>
    createHmac("sha256", secret).update(body).digest().subarray(0, MAC_BYTES).toString("base64url");
  // The WhatsApp body is the one every link had before mailed ones were told apart, so those still work.
  const signed = (body: string, channel: LinkChannel) => (channel === "mail" ? `${body}.mail` : body);
  const matches = (given: Buffer, expected: string) => {
    const wanted = Buffer.from(expected);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  };

  const links: ConfirmationLinks = {
    async tokenFor(orderId, placedAt, channel = "whatsapp") {
      const expires = Math.floor(placedAt.getTime() / 1000) + CONFIRM_LINK_DAYS * 86_400;
      const body = `${orderId}.${expires.toString(36)}`;
      return `${body}.${mac(await keyOf(), signed(body, channel))}`;
    },
    async urlFor(orderId, placedAt) {
      return `${options.publicUrl}/confirm-order?token=${await links.tokenFor(orderId, placedAt, "mail")}`;
    },
    async check(token, now = new Date()) {
      const [orderId, expiresText, given, ...rest] = token.split(".");
      if (!orderId || !expiresText || !given || rest.length > 0 || !UUID.test(orderId))
        return { ok: false, reason: "invalid" };
      const secret = await keyOf();
      const body = `${orderId}.${expiresText}`;
      const actual = Buffer.from(given);
      const mailed = matches(actual, mac(secret, signed(body, "mail")));
      if (!mailed && !matches(actual, mac(secret, signed(body, "whatsapp")))) return { ok: false, reason: "invalid" };
      const expires = Number.parseInt(expiresText, 36);
      if (!Number.isFinite(expires) || expires * 1000 < now.getTime()) return { ok: false, reason: "expired", orderId };
      return { ok: true, orderId, mailed };
    },
  };
  return links;
}
