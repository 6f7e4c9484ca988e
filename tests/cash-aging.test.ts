// How late a courier's payout is (shared/cash-aging.ts, issue 48): the first payout day after the
// delivery by the courier's terms, Karachi days, and the buckets the dashboard shows; worked by hand
// across the end of November and of the year.
import { describe, expect, it } from "vitest";
import {
  AGING_BUCKETS,
  ageCashWithCouriers,
  agingBucket,
  daysLate,
  karachiDay,
  type PayoutTerms,
  payoutDueAt,
  weekdayOf,
} from "#shared/cash-aging.ts";

/** An instant written as a Karachi clock shows it: '2026-11-30T14:00'. */
const pkt = (local: string) => Date.parse(`${local}:00+05:00`);
const thursdays: PayoutTerms = { payoutCycle: "weekly", payoutWeekday: 4, payoutHours: null };
const within24h: PayoutTerms = { payoutCycle: "hours", payoutWeekday: null, payoutHours: 24 };
const within48h: PayoutTerms = { payoutCycle: "hours", payoutWeekday: null, payoutHours: 48 };
const seen = (terms: PayoutTerms | null, delivered: string, now: string) => {
  const late = daysLate(terms, pkt(delivered), pkt(now));
  return { late, bucket: agingBucket(late) };
};

describe("Karachi days", () => {
  it("counts the day from Karachi's midnight, not UTC's", () => {
    // 00:30 on Thursday 3 December in Karachi is still Wednesday 2 December in UTC.
    expect(weekdayOf(karachiDay(pkt("2026-12-03T00:30")))).toBe(4);
    expect(new Date(pkt("2026-12-03T00:30")).getUTCDay()).toBe(3);
    expect(karachiDay(pkt("2026-12-02T23:59")) + 1).toBe(karachiDay(pkt("2026-12-03T00:00")));
    expect(weekdayOf(karachiDay(pkt("2026-11-30T12:00")))).toBe(1); // a Monday
  });
});

describe("a weekly Thursday payout for a parcel delivered on Monday 30 November", () => {
  const delivered = "2026-11-30T14:00";

  it("is due on Thursday 3 December, across the month's end", () => {
    expect(payoutDueAt(thursdays, pkt(delivered))).toBe(pkt("2026-12-03T00:00"));
  });

  it("is not yet due on 1 December, 5 days late on 8, 13 on 16 and 17 on 20 December", () => {
    expect(seen(thursdays, delivered, "2026-12-01T10:00")).toEqual({ late: null, bucket: "notDue" });
    expect(seen(thursdays, delivered, "2026-12-08T10:00")).toEqual({ late: 5, bucket: "late0to7" });
    expect(seen(thursdays, delivered, "2026-12-16T10:00")).toEqual({ late: 13, bucket: "late8to14" });
    expect(seen(thursdays, delivered, "2026-12-20T10:00")).toEqual({ late: 17, bucket: "late15plus" });
  });

  it("puts each bucket's edges where their names say", () => {
    expect(seen(thursdays, delivered, "2026-12-02T23:59")).toEqual({ late: null, bucket: "notDue" });
    // The payout day itself: due, and nothing came yet: 0 days late.
    expect(seen(thursdays, delivered, "2026-12-03T00:00")).toEqual({ late: 0, bucket: "late0to7" });
    expect(seen(thursdays, delivered, "2026-12-10T23:59")).toEqual({ late: 7, bucket: "late0to7" });
    expect(seen(thursdays, delivered, "2026-12-11T00:00")).toEqual({ late: 8, bucket: "late8to14" });
    expect(seen(thursdays, delivered, "2026-12-17T23:59")).toEqual({ late: 14, bucket: "late8to14" });
    expect(seen(thursdays, delivered, "2026-12-18T00:00")).toEqual({ late: 15, bucket: "late15plus" });
  });

  it("waits a week for a parcel delivered on the payout day itself, by Karachi's day", () => {
    expect(payoutDueAt(thursdays, pkt("2026-12-03T18:00"))).toBe(pkt("2026-12-10T00:00"));
    // Thursday in Karachi, Wednesday in UTC: still next Thursday's payout.
    expect(payoutDueAt(thursdays, pkt("2026-12-03T00:30"))).toBe(pkt("2026-12-10T00:00"));
    // Wednesday 23:59 in Karachi: the very next day's payout.
    expect(payoutDueAt(thursdays, pkt("2026-12-02T23:59"))).toBe(pkt("2026-12-03T00:00"));
  });

  it("crosses the year's end: Thursday 31 December's parcel is due on 7 January", () => {
    expect(payoutDueAt(thursdays, pkt("2026-12-31T12:00"))).toBe(pkt("2027-01-07T00:00"));
    expect(seen(thursdays, "2026-12-31T12:00", "2027-01-22T09:00")).toEqual({ late: 15, bucket: "late15plus" });
  });

  it("reads every weekday (Sunday 0 to Saturday 6)", () => {
    for (let weekday = 0; weekday <= 6; weekday += 1) {
      const due = payoutDueAt({ payoutCycle: "weekly", payoutWeekday: weekday, payoutHours: null }, pkt(delivered));
      expect(weekdayOf(karachiDay(due))).toBe(weekday);
      const days = karachiDay(due) - karachiDay(pkt(delivered));
      expect(days).toBeGreaterThanOrEqual(1);
      expect(days).toBeLessThanOrEqual(7);
    }
  });
});

describe("a courier that pays within hours", () => {
  it("is due the delivery plus its hours, then late by Karachi days", () => {
    const delivered = "2026-11-30T22:00";
    expect(payoutDueAt(within24h, pkt(delivered))).toBe(pkt("2026-12-01T22:00"));
    expect(seen(within24h, delivered, "2026-12-01T21:59")).toEqual({ late: null, bucket: "notDue" });
    expect(seen(within24h, delivered, "2026-12-01T23:00")).toEqual({ late: 0, bucket: "late0to7" });
    // Past Karachi's midnight: a day late, though only 2.5 hours after the due time.
    expect(seen(within24h, delivered, "2026-12-02T00:30")).toEqual({ late: 1, bucket: "late0to7" });
    expect(seen(within24h, delivered, "2026-12-09T10:00")).toEqual({ late: 8, bucket: "late8to14" });
    expect(seen(within24h, delivered, "2026-12-20T10:00")).toEqual({ late: 19, bucket: "late15plus" });
  });

  it("counts 48 hours across the month's end", () => {
    expect(payoutDueAt(within48h, pkt("2026-11-30T10:00"))).toBe(pkt("2026-12-02T10:00"));
    expect(seen(within48h, "2026-11-30T10:00", "2026-12-02T09:00")).toEqual({ late: null, bucket: "notDue" });
    expect(seen(within48h, "2026-11-30T10:00", "2026-12-16T09:00")).toEqual({ late: 14, bucket: "late8to14" });
  });
});

describe("a courier without terms (the shop's own rider)", () => {
  it("owes the cash from the delivery", () => {
    expect(payoutDueAt(null, pkt("2026-11-30T10:00"))).toBe(pkt("2026-11-30T10:00"));
    expect(seen(null, "2026-11-30T10:00", "2026-11-30T10:00")).toEqual({ late: 0, bucket: "late0to7" });
    expect(seen(null, "2026-11-30T10:00", "2026-12-16T10:00")).toEqual({ late: 16, bucket: "late15plus" });
  });
});

describe("each courier's cash by bucket", () => {
  const now = pkt("2026-12-20T10:00");
  const parcel = (courier: string, amount: number, delivered: string, terms: PayoutTerms | null) => ({
    courierId: `id-${courier}`,
    courier,
    amount,
    deliveredMs: pkt(delivered),
    terms,
  });

  it("sums each bucket and puts first the courier with the most cash longest overdue", () => {
    const aged = ageCashWithCouriers(
      [
        // TCS: one parcel 17 days late (due 3 Dec), one not yet due (delivered 18 Dec, due 24 Dec).
        parcel("TCS", 3000, "2026-11-30T14:00", thursdays),
        parcel("TCS", 5000, "2026-12-18T14:00", thursdays),
        // PostEx: a lot of cash, but only 8 days late at most.
        parcel("PostEx", 40000, "2026-12-11T09:00", within24h),
        parcel("PostEx", 2000, "2026-12-19T11:00", within24h),
        // The rider: 1 day since the delivery.
        parcel("Own rider", 9000, "2026-12-19T09:00", null),
        // BlueEx: nothing due yet.
        parcel("BlueEx", 70000, "2026-12-19T09:00", thursdays),
      ],
      now,
    );
    expect(aged.map((c) => c.courier)).toEqual(["TCS", "PostEx", "Own rider", "BlueEx"]);
    const [tcs, postEx, rider, blueEx] = aged;
    expect(tcs).toEqual({
      courierId: "id-TCS",
      courier: "TCS",
      parcels: 2,
      amount: 8000,
      aging: {
        notDue: { parcels: 1, amount: 5000 },
        late0to7: { parcels: 0, amount: 0 },
        late8to14: { parcels: 0, amount: 0 },
        late15plus: { parcels: 1, amount: 3000 },
      },
      oldestDaysLate: 17,
    });
    expect(postEx?.aging.late8to14).toEqual({ parcels: 1, amount: 40000 });
    expect(postEx?.aging.notDue).toEqual({ parcels: 1, amount: 2000 });
    expect(postEx?.oldestDaysLate).toBe(8);
    expect(rider?.aging.late0to7).toEqual({ parcels: 1, amount: 9000 });
    expect(rider?.oldestDaysLate).toBe(1);
    expect(blueEx?.oldestDaysLate).toBeNull();
    for (const courier of aged) {
      const buckets = AGING_BUCKETS.map((b) => courier.aging[b]);
      expect(buckets.reduce((n, b) => n + b.amount, 0)).toBe(courier.amount);
      expect(buckets.reduce((n, b) => n + b.parcels, 0)).toBe(courier.parcels);
    }
  });

  it("is empty when no courier holds cash", () => {
    expect(ageCashWithCouriers([], now)).toEqual([]);
  });
});
