// The back-in-stock calls' and pages' addresses (issue 33): their own module, without zod, so the
// product page's 'Tell me when it is back' form and the mailed links' pages do not carry the schemas
// (issue 54, decision 045).
export const STOCK_ALERTS_PATH = "/api/stock-alerts";
/** The one-click unsubscribe (RFC 8058: List-Unsubscribe-Post) and the page's button post here. */
export const STOCK_ALERTS_UNSUBSCRIBE_PATH = "/api/stock-alerts/unsubscribe";
/** The page the mail's 'stop' link opens: reading it changes nothing, its button does. */
export const STOP_ALERTS_PAGE = "/stop-alerts";
/** The confirm mail's button (an ask for an address that had stopped the mails) posts here. */
export const STOCK_ALERTS_CONFIRM_PATH = "/api/stock-alerts/confirm";
/** The page the confirm mail's link opens: reading it changes nothing, its button does. */
export const CONFIRM_ALERTS_PAGE = "/confirm-alerts";
