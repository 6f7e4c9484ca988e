// The back-in-stock mail's 'stop' link: a token naming one stock alert, signed (HMAC-SHA256) so it
// cannot be made up or moved to someone else's alert, and needing no table. It does not expire: an
// unsubscribe link must keep working for as long as the mail is read, and what it can do (stop
// mails to the address the alert was for) harms no one. The key is derived from CONFIRM_LINK_SECRET
// when given, else one kept in the database under its own name (server/confirmation/links.ts), so
// every instance signs and checks alike.
import { STOCK_ALERTS_UNSUBSCRIBE_PATH, STOP_ALERTS_PAGE } from "#shared/stock-alerts.ts";
import { tokenSigner } from "../confirmation/links.ts";
import type { Db } from "../db/client.ts";

const SECRET_NAME = "stock_alert_links";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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
  const signer = tokenSigner(db, SECRET_NAME, options.secret);

  const links: StockAlertLinks = {
    async tokenFor(alertId) {
      return `${alertId}.${await signer.sign(`stock-alert.${alertId}`)}`;
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
      return (await signer.verify(`stock-alert.${alertId}`, given)) ? alertId : undefined;
    },
  };
  return links;
}
