// The cells of courier files that the cash needs (issue 48): deductions printed either way, a net
// below zero, weights in grams or kilograms, and the dates portals write, read as Karachi time.
import { describe, expect, it } from "vitest";
import {
  isExcelNumber,
  readDeduction,
  readKarachiDay,
  readKarachiInstant,
  readSignedAmount,
  readWeightGrams,
} from "#server/couriers/csv-cells.ts";

describe("amounts", () => {
  it("reads a deduction printed as '-250', '(250)' or '250' as what was deducted", () => {
    expect(
      ["-250", "(250)", "Rs. 250", "-Rs. 1,250", "(Rs. 180.40)", "", "-", "abc", "--250"].map(readDeduction),
    ).toEqual([250, 250, 250, 1250, 180, "blank", "blank", "unreadable", "unreadable"]);
  });

  it("reads a net that may be below zero: a refused parcel's charges owed", () => {
    const read = ["4,212", "-250", "Rs. -250", "-Rs. 250", "(250)", "PKR (1,000)", "-0", "", "-", "Rs. 4.590,00"];
    expect(read.map(readSignedAmount)).toEqual([
      4212,
      -250,
      -250,
      -250,
      -250,
      "unreadable",
      0,
      "blank",
      "blank",
      "unreadable",
    ]);
  });
});

describe("weights", () => {
  it("reads kilograms and grams however the portal writes them, as grams", () => {
    const read = ["0.5 kg", "0.5kg", "1.2 KGs", "2 Kilograms", "500 g", "500gm", "750 grams", "1,500 g", ".5 kg"];
    expect(read.map(readWeightGrams)).toEqual([500, 500, 1200, 2000, 500, 500, 750, 1500, 500]);
  });

  it("reads a bare number under 100 as kilograms and one of 100 or more as grams", () => {
    expect(["0.5", "2", "1.25", "99", "100", "500", "1500"].map(readWeightGrams)).toEqual([
      500, 2000, 1250, 99000, 100, 500, 1500,
    ]);
  });

  it("leaves an empty, dashed or zero weight out and refuses what it would have to guess at", () => {
    expect(["", " - ", "0", "0.0 kg"].map(readWeightGrams)).toEqual(["blank", "blank", "blank", "blank"]);
    expect(["heavy", "0,5 kg", "-1 kg", "5 lb", "2000 kg", "0.0001 kg", "kg"].map(readWeightGrams)).toEqual(
      Array(7).fill("unreadable"),
    );
  });
});

describe("dates", () => {
  // Karachi is UTC+5: its midnight of 28 November is 19:00 UTC on the 27th.
  const midnight = "2026-11-27T19:00:00.000Z";

  it("reads the dates portals write, day first, as Karachi's midnight", () => {
    const read = [
      "28/11/2026",
      "28-11-2026",
      "28.11.2026",
      "2026-11-28",
      "2026/11/28",
      "28-Nov-2026",
      "28 Nov 2026",
      "28-November-2026",
      "28-Nov-26",
      "Nov 28, 2026",
      "28/11/26",
      "'28/11/2026",
    ];
    expect(read.map(readKarachiInstant)).toEqual(Array(read.length).fill(midnight));
  });

  it("reads a time as Karachi's unless the cell names its zone", () => {
    expect(
      [
        "28 Nov 2026 14:05",
        "2026-11-28 14:05:00",
        "28/11/2026 2:05 PM",
        "28/11/2026, 02:05 pm",
        "2026-11-28T14:05:00",
        "2026-11-28T09:05:00Z",
        "2026-11-28T14:05:00+05:00",
        "28/11/2026 12:30 AM",
      ].map(readKarachiInstant),
    ).toEqual([
      "2026-11-28T09:05:00.000Z",
      "2026-11-28T09:05:00.000Z",
      "2026-11-28T09:05:00.000Z",
      "2026-11-28T09:05:00.000Z",
      "2026-11-28T09:05:00.000Z",
      "2026-11-28T09:05:00.000Z",
      "2026-11-28T09:05:00.000Z",
      "2026-11-27T19:30:00.000Z",
    ]);
  });

  it("reads month first only when the day makes it certain, and day first when both could be a month", () => {
    expect(readKarachiInstant("11/28/2026")).toBe(midnight);
    expect(readKarachiInstant("03/04/2026")).toBe("2026-04-02T19:00:00.000Z");
  });

  it("refuses a day that does not exist and anything it would have to guess at", () => {
    const refused = [
      "31/02/2026",
      "29-Feb-2026",
      "13/13/2026",
      "2026-13-01",
      "46354",
      "28 Novv 2026",
      "28/11/2026 25:00",
      "28/11/2026 13:05 PM",
      "tomorrow",
      "28/11/1999",
      "28/11",
    ];
    expect(refused.map(readKarachiInstant)).toEqual(Array(refused.length).fill("unreadable"));
    expect(["", "-"].map(readKarachiInstant)).toEqual(["blank", "blank"]);
    expect(readKarachiInstant("29-Feb-2028")).toBe("2028-02-28T19:00:00.000Z");
  });
});

describe("days", () => {
  it("reads a payout's date as the Karachi day it falls on", () => {
    expect(
      ["28/11/2026", "28-Nov-2026 23:30", "2026-11-28T20:00:00Z", "2026-11-27T19:00:00Z", "", "31/11/2026"].map(
        readKarachiDay,
      ),
    ).toEqual(["2026-11-28", "2026-11-28", "2026-11-29", "2026-11-28", "blank", "unreadable"]);
  });
});

describe("Excel's numbers", () => {
  it("knows a number Excel turned into 1.23E+11", () => {
    expect(["1.23457E+11", "1E+12", "IBFT-1234", "123456789012"].map(isExcelNumber)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
