// The risk view's words and levels (shared/order-risk.ts) and its reading of an address line against
// the chosen area (shared/address-areas.ts), pure: the facts are given, the area list is the seeded
// one read from its migration. What the database counts is tests/order-risk.test.ts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { indexPlaces, otherAreaNamed } from "#shared/address-areas.ts";
import { orderRisk, type RiskFacts } from "#shared/order-risk.ts";

const SEED = readFileSync(path.join(import.meta.dirname, "../server/db/migrations/0016_confirmation.sql"), "utf8");
const SEEDED = [...SEED.matchAll(/^ {2}\('([^']+)', '[^']+'\)[,;]$/gm)].map((m) => m[1] as string);
const places = indexPlaces(SEEDED);

const clean: RiskFacts = {
  history: { orders: 1, delivered: 0, cancelled: 0, returned: 0, open: 1 },
  totalAmount: 4500,
  pairs: 1,
  accountAgeDays: 200,
  accountDelivered: 0,
  phoneBack: { refused: 0, returned: 0, thisAccount: 0, otherAccounts: 0 },
  accountBack: { refused: 0, returned: 0 },
  phoneUnanswered: { orders: 0, thisAccount: 0, otherAccounts: 0 },
  accountUnanswered: 0,
  addressBack: { refused: 0, returned: 0, accounts: 0 },
  otherAccounts: 0,
  deliveredBefore: 0,
  largestDelivered: null,
  otherArea: null,
  blockedPhone: null,
  blockedAddress: null,
};

describe("orderRisk", () => {
  it("says nothing about a customer with nothing against them", () => {
    expect(orderRisk(clean)).toEqual({ level: "none", reasons: [], history: clean.history });
  });

  it("words each reason as a sentence with its numbers, one and many", () => {
    const texts = (facts: Partial<RiskFacts>) => orderRisk({ ...clean, ...facts }).reasons.map((r) => r.text);
    expect(texts({ phoneBack: { refused: 2, returned: 0, thisAccount: 0, otherAccounts: 2 } })).toEqual([
      "This phone refused 2 parcels before, on 2 other accounts.",
    ]);
    expect(texts({ phoneBack: { refused: 1, returned: 0, thisAccount: 1, otherAccounts: 0 } })).toEqual([
      "This phone refused 1 parcel before, on this account.",
    ]);
    expect(texts({ phoneBack: { refused: 0, returned: 2, thisAccount: 1, otherAccounts: 1 } })).toEqual([
      "This phone returned 2 parcels before, on this account and 1 other account.",
    ]);
    expect(texts({ addressBack: { refused: 1, returned: 1, accounts: 1 } })).toEqual([
      "This address refused 1 parcel and returned 1 before, under 1 other account.",
    ]);
    expect(texts({ accountAgeDays: 3, pairs: 6 })).toEqual([
      "A new account, opened 3 days before this order and with nothing delivered yet, orders 6 pairs.",
    ]);
    expect(texts({ deliveredBefore: 2, largestDelivered: 3000, totalAmount: 9001 })).toEqual([
      "Rs.9,001 is more than 3 times this customer's largest delivered order (Rs.3,000).",
    ]);
    expect(texts({ deliveredBefore: 2, largestDelivered: 3000, totalAmount: 9000 })).toEqual([]);
    expect(texts({ totalAmount: 10_000 })).toEqual(["Rs.10,000 from a customer with nothing delivered yet."]);
    expect(texts({ totalAmount: 9_999 })).toEqual([]);
  });

  it("is high when any reason is, watch when only unusual things are, the costliest reasons first", () => {
    const watch = orderRisk({ ...clean, otherAccounts: 1, otherArea: { named: "DHA", chosen: "Saddar" } });
    expect(watch.level).toBe("watch");
    expect(watch.reasons.map((r) => r.signal)).toEqual(["area-mismatch", "shared-phone"]);
    const high = orderRisk({ ...clean, otherAccounts: 1, accountUnanswered: 1, blockedAddress: "Fake" });
    expect(high.level).toBe("high");
    expect(high.reasons.map((r) => r.signal)).toEqual(["blocked-address", "unanswered-by-account", "shared-phone"]);
  });
});

describe("otherAreaNamed", () => {
  const table: [addressLine: string, chosen: string, named: string | undefined][] = [
    ["House 5, Street 2, DHA Phase 6", "Clifton Block 5", "DHA Phase 6"],
    ["House 5, Street 2, DHA", "Clifton Block 5", "DHA"],
    ["House 5, Khayaban-e-Muhafiz, Defence", "Clifton Block 5", "DHA Khayaban-e-Muhafiz"],
    [
      "Flat 3, Block 13-D, near Millennium Mall, Gulshan-e-Iqbal",
      "North Nazimabad Block H",
      "Gulshan-e-Iqbal Block 13-D",
    ],
    ["Flat 3, near Millennium Mall, Gulshan-e-Iqbal", "North Nazimabad Block H", "Gulshan-e-Iqbal"],
    // The chosen area's own place, in any order, with or without its block.
    ["Flat 9, Block 13-D, near Millennium Mall, Gulshan-e-Iqbal", "Gulshan-e-Iqbal Block 13-D", undefined],
    ["House 12, Street 4, near Dolmen Mall, Clifton", "Clifton Block 5", undefined],
    ["House 12, Clifton", "Kehkashan (Clifton)", undefined],
    ["Flat 2, near Johar Mor", "Gulistan-e-Jauhar Block 5", undefined],
    // Roads cross areas; a line that names no place; a line in Urdu.
    ["Office 4, off Shahrah-e-Faisal", "PECHS Block 2", undefined],
    ["House 7, Street 9, Block 2", "Saddar", undefined],
    ["مکان نمبر ۱۲، گلی ۴", "Saddar", undefined],
  ];
  for (const [addressLine, chosen, named] of table) {
    it(`${addressLine} under ${chosen}: ${named ?? "nothing"}`, () => {
      expect(otherAreaNamed(addressLine, chosen, places)).toBe(named);
    });
  }

  it("says the same whatever order the list comes in", () => {
    const backwards = indexPlaces([...SEEDED].reverse());
    for (const [addressLine, chosen, named] of table) {
      expect(otherAreaNamed(addressLine, chosen, backwards), addressLine).toBe(named);
    }
  });
});
