// The back-in-stock call's address (issue 33): its own module, without zod, so the product page's
// 'Tell me when it is back' form does not carry the schemas (issue 54, decision 045).
export const STOCK_ALERTS_PATH = "/api/stock-alerts";
