// How long a courier has held a delivered parcel's cash past the payout that should have brought it
// (issue 48): the payout is due on the first payout day after the delivery by the courier's terms
// (the next payout weekday, or the delivery plus its payout hours); a courier without terms (the
// shop's own rider, a courier the owner gave none) owes it from the delivery. Days are Karachi
// calendar days. Pure: the dashboard's service gives it the parcels and the time.
import type { CourierTerms } from "./courier-terms.ts";

export const AGING_BUCKETS = ["notDue", "late0to7", "late8to14", "late15plus"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_LABELS: Record<AgingBucket, string> = {
  notDue: "not yet due",
  late0to7: "0-7 days late",
  late8to14: "8-14 days late",
  late15plus: "15+ days late",
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Karachi is UTC+5 all year (no daylight saving since 2009), as SHOP_TIME_ZONE's days are. */
const KARACHI_OFFSET_MS = 5 * HOUR_MS;
/** 1 January 1970, day 0, was a Thursday. */
const WEEKDAY_OF_DAY_0 = 4;

export type PayoutTerms = Pick<CourierTerms, "payoutCycle" | "payoutWeekday" | "payoutHours">;

/** The Karachi calendar day of an instant, as a day number (0 is 1 January 1970). */
export const karachiDay = (ms: number): number => Math.floor((ms + KARACHI_OFFSET_MS) / DAY_MS);
/** 0 Sunday … 6 Saturday, as courier_terms.payout_weekday counts. */
export const weekdayOf = (day: number): number => (day + WEEKDAY_OF_DAY_0) % 7;
const startOfDay = (day: number): number => day * DAY_MS - KARACHI_OFFSET_MS;

/**
 * The moment the payout for a parcel delivered at `deliveredMs` is due. Weekly: the start of the
 * next payout weekday strictly after the delivery day (a parcel delivered on the payout day itself
 * waits for the next one: that day's payout was made up before). Hours: the delivery plus the hours.
 * No terms: the delivery itself.
 */
export function payoutDueAt(terms: PayoutTerms | null, deliveredMs: number): number {
  if (!terms) return deliveredMs;
  if (terms.payoutCycle === "hours") return deliveredMs + (terms.payoutHours ?? 0) * HOUR_MS;
  const delivered = karachiDay(deliveredMs);
  const ahead = ((terms.payoutWeekday ?? 0) - weekdayOf(delivered) + 7) % 7 || 7;
  return startOfDay(delivered + ahead);
}

/** Karachi days from the payout's due day to `nowMs`'s; null while it is not yet due. */
export function daysLate(terms: PayoutTerms | null, deliveredMs: number, nowMs: number): number | null {
  const due = payoutDueAt(terms, deliveredMs);
  if (nowMs < due) return null;
  return karachiDay(nowMs) - karachiDay(due);
}

export function agingBucket(late: number | null): AgingBucket {
  if (late === null) return "notDue";
  if (late <= 7) return "late0to7";
  if (late <= 14) return "late8to14";
  return "late15plus";
}

export interface AgingTotal {
  parcels: number;
  amount: number;
}

/** One courier's delivered parcels whose cash it still holds. */
export interface CourierAging {
  courierId: string;
  courier: string;
  parcels: number;
  amount: number;
  /** The parcels and their cash by how late their payout is. */
  aging: Record<AgingBucket, AgingTotal>;
  /** Days past due of its most overdue parcel; null when none is due yet. */
  oldestDaysLate: number | null;
}

export interface UnpaidParcel {
  courierId: string;
  courier: string;
  amount: number;
  deliveredMs: number;
  terms: PayoutTerms | null;
}

const emptyAging = (): Record<AgingBucket, AgingTotal> => ({
  notDue: { parcels: 0, amount: 0 },
  late0to7: { parcels: 0, amount: 0 },
  late8to14: { parcels: 0, amount: 0 },
  late15plus: { parcels: 0, amount: 0 },
});

/** From the oldest debts to the ones not yet due: whom to call first. */
const URGENCY: readonly AgingBucket[] = ["late15plus", "late8to14", "late0to7", "notDue"];

/**
 * Each courier's unpaid cash by bucket, the courier to call first first: the most cash 15 or more
 * days late, then 8-14, then 0-7, then not yet due; then by name.
 */
export function ageCashWithCouriers(parcels: readonly UnpaidParcel[], nowMs: number): CourierAging[] {
  const byCourier = new Map<string, CourierAging>();
  for (const parcel of parcels) {
    let courier = byCourier.get(parcel.courierId);
    if (!courier) {
      courier = {
        courierId: parcel.courierId,
        courier: parcel.courier,
        parcels: 0,
        amount: 0,
        aging: emptyAging(),
        oldestDaysLate: null,
      };
      byCourier.set(parcel.courierId, courier);
    }
    const late = daysLate(parcel.terms, parcel.deliveredMs, nowMs);
    const bucket = courier.aging[agingBucket(late)];
    bucket.parcels += 1;
    bucket.amount += parcel.amount;
    courier.parcels += 1;
    courier.amount += parcel.amount;
    if (late !== null && (courier.oldestDaysLate === null || late > courier.oldestDaysLate)) {
      courier.oldestDaysLate = late;
    }
  }
  return [...byCourier.values()].sort((a, b) => {
    for (const bucket of URGENCY) {
      const more = b.aging[bucket].amount - a.aging[bucket].amount;
      if (more !== 0) return more;
    }
    return a.courier.localeCompare(b.courier);
  });
}
