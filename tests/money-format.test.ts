// formatRs groups by hand (shared/money.ts): the same text as the locale's formatter it replaced.
import { describe, expect, it } from "vitest";
import { formatRs, groupThousands } from "#shared/money.ts";

describe("formatRs", () => {
  it("writes rupees as Intl.NumberFormat('en-PK') groups them, rounded to whole rupees", () => {
    const locale = new Intl.NumberFormat("en-PK", { maximumFractionDigits: 0 });
    const amounts = [
      0, 7, 999, 1000, 4500, 12_345, 123_456, 1_234_567, 98_765_432_109, -4500, -1_000_000, 2.5, 1499.5, 3.49,
    ];
    for (const amount of amounts) expect(formatRs(amount), String(amount)).toBe(`Rs.${locale.format(amount)}`);
  });
});

describe("groupThousands", () => {
  it("groups a count as toLocaleString('en-PK') does", () => {
    for (const count of [0, 1, 24, 999, 1000, 1204, 65_536, 1_000_000, -3]) {
      expect(groupThousands(count), String(count)).toBe(count.toLocaleString("en-PK"));
    }
  });
});
