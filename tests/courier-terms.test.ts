// Issue 48: what each seeded courier's terms say a parcel should pay, rounded as couriers print
// amounts (each to the rupee, half up), read from the seeded rows of migration 0029 on the real
// database; and the owner's own terms saved over the defaults.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveTerms, termsOf } from "#server/couriers/terms.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { courierTermsInputSchema, expectedPayout, payoutCycleText } from "#shared/courier-terms.ts";
import { openTestDatabase, type TestDatabase } from "./support/database.ts";

let database: TestDatabase;
const ids = new Map<string, string>();
beforeAll(async () => {
  database = await openTestDatabase();
  const rows = await selectRowsAsserted<{ id: string; name: string }>(database.db, sql`select id, name from couriers`);
  for (const row of rows) ids.set(row.name, row.id);
});
afterAll(() => database?.close());

async function terms(name: string) {
  const id = ids.get(name) ?? "";
  const found = (await termsOf(database.db, [id])).get(id);
  if (!found) throw new Error(`${name} has no terms`);
  return found;
}

// Worked by hand from the seeded terms (migration 0029); each line says why.
const DELIVERED = [
  // TCS, by weight Rs.250 the first 500 g: no COD fee; tax 15% of 250 = 37.5 -> 38; 2% of 4,590 = 91.8 -> 92.
  { courier: "TCS", cod: 4590, weight: null, net: 4210, codFee: 0, salesTax: 38, withholdingTax: 92 },
  // TCS at 1,200 g: three half kilos, 250 + 2 x 100 = 450; tax 67.5 -> 68.
  { courier: "TCS", cod: 4590, weight: 1200, net: 3980, codFee: 0, salesTax: 68, withholdingTax: 92 },
  // Leopards 1% of 3,275 = 32.75 -> 33; tax 15% of 233 = 34.95 -> 35; 2% = 65.5 -> 66 (half up).
  { courier: "Leopards", cod: 3275, weight: null, net: 2941, codFee: 33, salesTax: 35, withholdingTax: 66 },
  // M&P at 600 g: 220 + 90 = 310; tax 46.5 -> 47; 2% of 5,000 = 100.
  { courier: "M&P", cod: 5000, weight: 600, net: 4543, codFee: 0, salesTax: 47, withholdingTax: 100 },
  // PostEx 4% of 2,499 = 99.96 -> 100; tax 15% of 280 = 42; 2% = 49.98 -> 50.
  { courier: "PostEx", cod: 2499, weight: null, net: 2127, codFee: 100, salesTax: 42, withholdingTax: 50 },
  // PostEx's minimum: 4% of 300 = 12, so Rs.20; tax 15% of 200 = 30; 2% = 6.
  { courier: "PostEx", cod: 300, weight: null, net: 64, codFee: 20, salesTax: 30, withholdingTax: 6 },
  // Trax 2.5% of 1,999 = 49.975 -> 50; tax 15% of 220 = 33; 2% = 39.98 -> 40.
  { courier: "Trax", cod: 1999, weight: null, net: 1706, codFee: 50, salesTax: 33, withholdingTax: 40 },
  // BlueEx 1.5% of 2,750 = 41.25 -> 41; tax 15% of 231 = 34.65 -> 35; 2% = 55.
  { courier: "BlueEx", cod: 2750, weight: null, net: 2429, codFee: 41, salesTax: 35, withholdingTax: 55 },
  // Rider 2% of 450 = 9, so its minimum Rs.10; tax 15% of 160 = 24; 2% = 9.
  { courier: "Rider", cod: 450, weight: null, net: 257, codFee: 10, salesTax: 24, withholdingTax: 9 },
  // Call Courier 1% of 1,250 = 12.5 -> 13 (half up); tax 15% of 193 = 28.95 -> 29; 2% = 25.
  { courier: "Call Courier", cod: 1250, weight: null, net: 1003, codFee: 13, salesTax: 29, withholdingTax: 25 },
];

describe("a parcel's expected payout under each seeded courier's terms", () => {
  it("has terms for every seeded courier but the shop's own rider, marked as defaults to check", async () => {
    const all = await termsOf(database.db, [...ids.values()]);
    expect([...ids.entries()].filter(([, id]) => !all.has(id)).map(([name]) => name)).toEqual(["Own rider"]);
    expect([...all.values()].every((t) => t.isDefault && t.withholdingBasisPoints === 200)).toBe(true);
  });

  for (const parcel of DELIVERED) {
    it(`${parcel.courier}: Rs.${parcel.cod} delivered${parcel.weight ? ` at ${parcel.weight} g` : ""} pays Rs.${parcel.net}`, async () => {
      const expected = expectedPayout(await terms(parcel.courier), {
        codAmount: parcel.cod,
        weightGrams: parcel.weight,
        outcome: "delivered",
      });
      expect(expected).toMatchObject({
        collected: parcel.cod,
        codFee: parcel.codFee,
        salesTax: parcel.salesTax,
        withholdingTax: parcel.withholdingTax,
        returnCharge: 0,
        net: parcel.net,
      });
      const deductions = expected.deliveryCharge + expected.codFee + expected.salesTax + expected.withholdingTax;
      expect(expected.collected - deductions).toBe(expected.net);
    });
  }

  it("a refused parcel owes the delivery and return charges with their tax, nothing withheld", async () => {
    // TCS: 250 + 150 = 400, tax 60: the shop owes Rs.460.
    expect(expectedPayout(await terms("TCS"), { codAmount: 4590, weightGrams: null, outcome: "refused" })).toEqual({
      collected: 0,
      deliveryCharge: 250,
      codFee: 0,
      salesTax: 60,
      withholdingTax: 0,
      returnCharge: 150,
      net: -460,
    });
  });

  it("reads the payout cycles as the owner says them", async () => {
    expect(payoutCycleText(await terms("TCS"))).toBe("weekly on Thursday");
    expect(payoutCycleText(await terms("PostEx"))).toBe("within 24 h");
  });
});

describe("the owner's own terms", () => {
  it("replace the defaults, rates given as percentages and kept exactly", async () => {
    const input = courierTermsInputSchema.parse({
      deliveryBy: "flat",
      deliveryCharge: 199,
      codFeePercent: 2.75,
      codFeeMinimum: 25,
      salesTaxPercent: 15,
      withholdingPercent: 2,
      returnCharge: 99,
      payoutCycle: "weekly",
      payoutWeekday: 4,
    });
    const saved = await saveTerms(database.db, ids.get("Trax") ?? "", input);
    expect(saved).toMatchObject({ codFeeBasisPoints: 275, isDefault: false, payoutWeekday: 4, payoutHours: null });
    // 2.75% of 1,999 = 54.97 -> 55; tax 15% of 254 = 38.1 -> 38; 2% = 40: 1,999 - 199 - 55 - 38 - 40.
    expect(expectedPayout(saved, { codAmount: 1999, weightGrams: null, outcome: "delivered" }).net).toBe(1667);
  });

  it("refuses impossible terms with the field's message", () => {
    const refused = courierTermsInputSchema.safeParse({
      deliveryBy: "flat",
      deliveryCharge: -5,
      codFeePercent: 120,
      salesTaxPercent: 15,
      withholdingPercent: 2,
      returnCharge: 0,
      payoutCycle: "weekly",
    });
    expect(refused.success).toBe(false);
    const messages = refused.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain("The delivery charge cannot be negative.");
    expect(messages).toContain("The COD fee must be a percentage from 0 to 100.");
    expect(messages).toContain("Choose the day the courier pays.");
  });
});
