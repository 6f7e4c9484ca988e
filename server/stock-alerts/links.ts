// The back-in-stock mail's 'stop' link: a token naming one stock alert, signed (HMAC-SHA256) so it
// cannot be made up or moved to someone else's alert, and needing no table. It does not expire: an
// unsubscribe link must keep working for as long as the mail is read, and what it can do (stop
// mails to the address the alert was for) harms no one. The key is derived from CONFIRM_LINK_SECRET
// when given, else one kept in the database under its own name (server/confirmation/links.ts), so
// every instance signs and checks alike.
// The confirm mail's link (an ask for an address that had stopped the mails) is signed the same way
// over another purpose, so a stop token never confirms and a confirm token never stops. It does not
// expire either: only that mailbox got it, and its press does only what the mailbox's owner wants.
import { CONFIRM_ALERTS_PAGE, STOCK_ALERTS_UNSUBSCRIBE_PATH, STOP_ALERTS_PAGE } from "#shared/stock-alerts.ts";
import type { Db } from "../db/client.ts";
import { tokenSigner } from "../signed-tokens.ts";

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
  /** The confirm mail's page with the button. */
  confirmUrl(alertId: string): Promise<string>;
  /** The alert a confirm token names, or undefined when it is forged, damaged or a stop token. */
  checkConfirm(token: string): Promise<string | undefined>;
}

/** What a token of each kind signs: the purpose and the alert. */
const STOP = "stock-alert";
const CONFIRM = "stock-alert-confirm";

export function createStockAlertLinks(db: Db, options: { publicUrl: string; secret?: string | undefined }) {
  const signer = tokenSigner(db, SECRET_NAME, options.secret);

  const tokenOf = async (purpose: string, alertId: string) =>
    `${alertId}.${await signer.sign(`${purpose}.${alertId}`)}`;
  async function alertOf(purpose: string, token: string): Promise<string | undefined> {
    const [alertId, given, ...rest] = token.split(".");
    if (!alertId || !given || rest.length > 0 || !UUID.test(alertId)) return undefined;
    return (await signer.verify(`${purpose}.${alertId}`, given)) ? alertId : undefined;
  }

  const links: StockAlertLinks = {
    tokenFor: (alertId) => tokenOf(STOP, alertId),
    async pageUrl(alertId) {
      return `${options.publicUrl}${STOP_ALERTS_PAGE}?token=${await links.tokenFor(alertId)}`;
    },
    async oneClickUrl(alertId) {
      return `${options.publicUrl}${STOCK_ALERTS_UNSUBSCRIBE_PATH}?token=${await links.tokenFor(alertId)}`;
    },
    check: (token) => alertOf(STOP, token),
    async confirmUrl(alertId) {
      return `${options.publicUrl}${CONFIRM_ALERTS_PAGE}?token=${await tokenOf(CONFIRM, alertId)}`;
    },
    checkConfirm: (token) => alertOf(CONFIRM, token),
  };
  return links;
}
