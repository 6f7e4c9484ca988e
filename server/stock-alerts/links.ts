// The back-in-stock mail's 'stop' link: a token naming one stock alert, signed (HMAC-SHA256) so it
// cannot be made up or moved to someone else's alert, and needing no table. It does not expire: an
// unsubscribe link must keep working for as long as the mail is read, and what it can do (stop
// mails to the address the alert was for) harms no one. The key is derived from CONFIRM_LINK_SECRET
// when given, else one kept in the database under its own name (server/confirmation/links.ts), so
// every instance signs and checks alike.
import { createHmac, timingSafeEqual } from "node:crypto";
import { STOCK_ALERTS_UNSUBSCRIBE_PATH, STOP_ALERTS_PAGE } from "#shared/stock-alerts.ts";
import { sharedKey } from "../confirmation/links.ts";
import type { Db } from "../db/client.ts";

const SECRET_NAME = "stock_alert_links";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAC_BYTES = 16;

export interface StockAlertLinks {
  tokenFor(alertId: string): Promise<string>;
  /** The page with the button (the mail's visible link). */
  pageUrl(alertId: string): Promise<string>;
  /** The RFC 8058 one-click address (the mail's List-Unsubscribe header). */
  oneClickUrl(alertId: string): Promise<string>;
  /** The alert a token names, or undefined when it is forged or damaged. */
  check(token: string): Promise<string | undefined>;
}

export function createStockAlertLinks(db: Db, options: { publicUrl: string; secret?: string | undefined }) {
  let key: Promise<Buffer> | undefined;
  const keyOf = () => {
    key ??= (
      options.secret
        ? Promise.resolve(createHmac("sha256", options.secret).update(SECRET_NAME).digest())
        : sharedKey(db, SECRET_NAME)
    ).catch((error: unknown) => {
      key = undefined; // a database hiccup: ask again next time
      throw error;
    });
    return key;
  };
  const mac = async (alertId: string) =>
    createHmac("sha256", await keyOf())
      .update(`stock-alert.${alertId}`)
      .digest()
      .subarray(0, MAC_BYTES)
      .toString("base64url");

  const links: StockAlertLinks = {
    async tokenFor(alertId) {
      return `${alertId}.${await mac(alertId)}`;
    },
    async pageUrl(alertId) {
      return `${options.publicUrl}${STOP_ALERTS_PAGE}?token=${await links.tokenFor(alertId)}`;
    },
    async oneClickUrl(alertId) {
      return `${options.publicUrl}${STOCK_ALERTS_UNSUBSCRIBE_PATH}?token=${await links.tokenFor(alertId)}`;
    },
    async check(token) {
      const [alertId, given, ...rest] = token.split(".");
      if (!alertId || !given || rest.length > 0 || !UUID.test(alertId)) return undefined;
      const expected = Buffer.from(await mac(alertId));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected) ? alertId : undefined;
    },
  };
  return links;
}
