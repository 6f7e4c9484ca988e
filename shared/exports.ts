// CSV exports (issue 18): the same filters as the admin lists, without the page.
import { adminOrdersQuerySchema, adminProductsQuerySchema } from "./admin.ts";
import { SHOP_TIME_ZONE } from "./shop.ts";

export const ordersExportQuerySchema = adminOrdersQuerySchema.omit({ page: true });
export const productsExportQuerySchema = adminProductsQuerySchema.omit({ page: true });

/** "orders-2026-11-24.csv": the Karachi day it was taken, so a folder of exports sorts by date. */
export function exportFileName(what: "orders" | "products", now = new Date()): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE }).format(now);
  return `${what}-${day}.csv`;
}
