// The dashboard's sales (issue 18): orders and takings per Karachi day, best sellers, and the
// sizes that sell out. A sale is an order still open or delivered (its cash due): not cancelled,
// sent back, lost or damaged (shared/order-life.ts says which statuses are which).
import { type OrderStatus, statusesWhere } from "./order-life.ts";

export const SALES_STATUSES: readonly OrderStatus[] = [...statusesWhere("open"), ...statusesWhere("cashDue")];
export const SALES_DAYS = 30;
export const BEST_SELLERS_LIMIT = 10;

export interface SalesDay {
  /** Karachi calendar day, YYYY-MM-DD. */
  day: string;
  orders: number;
  /**
   * Cash that reached the shop that day (rupees): parcels settled by a payment report, after its
   * deductions, or handed over by the rider.
   */
  takings: number;
}

export interface BestSeller {
  productId: string;
  name: string;
  pairs: number;
  takings: number;
}

/**
 * How fast a size sells out: pairs sold in the period against the pairs there were to sell
 * (sold + in stock now), over every live product. 100% means every pair of that size went.
 */
export interface SizeSellThrough {
  size: number;
  sold: number;
  inStock: number;
  /** Whole percent, sold / (sold + inStock). */
  sellThrough: number;
  /** Live products whose stock in this size is 0 right now. */
  soldOutProducts: number;
}

export interface SalesReport {
  days: SalesDay[];
  bestSellers: BestSeller[];
  sizes: SizeSellThrough[];
}
