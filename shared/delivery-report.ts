// The delivery report (issue 32, part 5): what became of the orders placed in the last 30 or 90
// Karachi days (delivered, refused at the door, cancelled before dispatch, lost or damaged, still
// open) and what the refused parcels cost in courier charges; in all, by courier, by area, by week
// and by the owner's risk rule the orders matched (issue 50), and the customers who refused most. GET /api/admin/reports/delivery?days=30|90 answers it.
import { z } from "./zod.ts";

export const REPORT_PERIODS = [30, 90] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** How many areas the report names; the rest are added up as one row. */
export const REPORT_AREA_LIMIT = 10;
/** How many customers the refusers' list holds. */
export const REPORT_REFUSER_LIMIT = 10;

/** The rows for orders with no courier recorded and for orders placed without an area. */
export const NOT_DISPATCHED = "Not dispatched";
export const NO_AREA = "No area given";
/** The row for orders that matched none of the owner's risk rules. */
export const NO_RULE = "No rule";

const daysError = `days must be ${REPORT_PERIODS.join(" or ")}: the report covers the last 30 or the last 90 days.`;

/** GET /api/admin/reports/delivery: `days` is 30 (the default) or 90, nothing else. */
export const deliveryReportQuerySchema = z.object({
  days: z
    .enum(["30", "90"], { error: daysError })
    .optional()
    .transform((v): ReportPeriod => (v === "90" ? 90 : 30)),
});

/**
 * Orders by what became of them; the five outcomes add up to `orders`. A parcel refused at the door
 * and one returned later both count as refused (orders.returned_as), cancelled means cancelled
 * before it went out.
 */
export interface DeliveryCounts {
  orders: number;
  delivered: number;
  refused: number;
  cancelled: number;
  lostDamaged: number;
  /** Pending, confirmed or on the road: no outcome yet. */
  open: number;
}

export const OUTCOMES = ["delivered", "refused", "cancelled", "lostDamaged", "open"] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Each outcome as a percent of the orders placed, to one decimal. */
export type DeliveryRates = Record<Outcome, number>;

export interface DeliveryRow extends DeliveryCounts {
  rates: DeliveryRates;
  /** Orders that went out with a courier or the shop's rider (they have a parcel). */
  dispatched: number;
  /** Of those, the parcels refused at the door or returned. */
  refusedOfDispatched: number;
  /**
   * The refusal (RTO) rate as couriers and shops say it: refused or returned parcels as a percent
   * of the parcels sent out, not of every order placed (issue 48: 20% where the share of orders read 14.3%).
   */
  refusalRate: number;
  /** The couriers' charges (both ways) recorded on the refused and returned parcels, in rupees. */
  refusalCost: number;
  /** Refused parcels whose charges no payment report has given yet (so the cost may still grow). */
  refusedWithoutCharges: number;
  /** Parcels with a failed delivery attempt the courier reported (issue 49). */
  attempted: number;
  /** Delivered at the first attempt: delivered with no failed attempt reported. */
  firstAttempt: number;
  /** First-attempt success: delivered at once, as a percent of the parcels that finished (delivered or came back). */
  firstAttemptRate: number;
  /** Rescued: delivered after a failed attempt (the customer answered, the courier tried again). */
  rescued: number;
}

export interface CourierDeliveryRow extends DeliveryRow {
  /** null: orders that never went out with a courier (NOT_DISPATCHED). */
  courierId: string | null;
  courier: string;
}

export interface AreaDeliveryRow extends DeliveryRow {
  /** null: orders placed without an area (NO_AREA). */
  area: string | null;
}

/**
 * The orders that matched one of the owner's risk rules when they were placed (orders.risk_rules),
 * so the owner sees whether a rule pays: its refusal rate and cost against the NO_RULE row's. An
 * order that matched two rules counts under each, so the rows may add up to more than the orders.
 */
export interface RuleDeliveryRow extends DeliveryRow {
  /** null: orders that matched no rule (NO_RULE). A deleted rule keeps its id on its orders. */
  ruleId: string | null;
  /** The rule's name as the period's most recent order under it recorded it. */
  rule: string;
}

/** A Monday-to-Sunday week; the first and last are cut at the period's ends. */
export interface WeekDeliveryRow extends DeliveryRow {
  /** The week's Monday, YYYY-MM-DD. */
  week: string;
  /** The days of the week inside the period, YYYY-MM-DD. */
  from: string;
  to: string;
}

export interface RefusingCustomer {
  userId: string;
  username: string;
  email: string;
  /** Orders the account placed in the period, and how many of them came back. */
  orders: number;
  refusals: number;
  refusalCost: number;
}

export interface DeliveryReport {
  days: ReportPeriod;
  /** The period's first and last Karachi days, YYYY-MM-DD (the last is today). */
  from: string;
  to: string;
  totals: DeliveryRow;
  /** Most orders first; NOT_DISPATCHED last. */
  couriers: CourierDeliveryRow[];
  /** The REPORT_AREA_LIMIT areas with most orders, most first. */
  areas: AreaDeliveryRow[];
  /** The other areas added up, or null when every area is listed. */
  otherAreas: (DeliveryRow & { areas: number }) | null;
  /** Every week of the period, oldest first, weeks without orders included. */
  weeks: WeekDeliveryRow[];
  /** A row per rule the period's orders matched, most orders first; NO_RULE last. */
  rules: RuleDeliveryRow[];
  /** Most refusals first (REPORT_REFUSER_LIMIT at most); only customers with a refusal. */
  refusers: RefusingCustomer[];
}

/** `part` as a percent of `whole` to one decimal; 0 of nothing is 0. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10;
}

export function ratesOf(counts: DeliveryCounts): DeliveryRates {
  return {
    delivered: percentOf(counts.delivered, counts.orders),
    refused: percentOf(counts.refused, counts.orders),
    cancelled: percentOf(counts.cancelled, counts.orders),
    lostDamaged: percentOf(counts.lostDamaged, counts.orders),
    open: percentOf(counts.open, counts.orders),
  };
}
