// The size advice's arithmetic (issue 33): 'Find my size' against every row of both size charts and
// their edges, what it accepts as a foot length, and the size a fit note suggests from 'my size'.
import { describe, expect, it } from "vitest";
import { suggestionSentence, suggestSize } from "#shared/fit-note.ts";
import { SIZE_CHARTS } from "#shared/size-chart.ts";
import { FOOT_LENGTH_MESSAGES, findSize, parseFootLength } from "#shared/size-finder.ts";

/** A length a tenth of a millimetre from `cm` the way a person would type it, kept to two decimals. */
const plus = (cm: number, delta: number) => Math.round((cm + delta) * 100) / 100;

describe("Find my size, row by row", () => {
  for (const chart of SIZE_CHARTS) {
    const rows = chart.rows;
    it(`${chart.title}: a foot of exactly a row's length takes that row's size`, () => {
      for (const row of rows)
        expect(findSize(chart.gender, row.footCm), `${row.footCm} cm`).toEqual({ kind: "size", row });
    });

    it(`${chart.title}: 0.1 cm above a row's length takes the next size (between sizes, the larger)`, () => {
      for (const [i, row] of rows.entries()) {
        const next = rows[i + 1];
        const found = findSize(chart.gender, plus(row.footCm, 0.1));
        expect(found, `${plus(row.footCm, 0.1)} cm`).toEqual(
          next ? { kind: "size", row: next } : { kind: "above", largest: row },
        );
      }
    });

    it(`${chart.title}: 0.1 cm below a row's length still takes that row's size`, () => {
      for (const row of rows) {
        expect(findSize(chart.gender, plus(row.footCm, -0.1)), `${plus(row.footCm, -0.1)} cm`).toEqual({
          kind: "size",
          row,
        });
      }
    });

    it(`${chart.title}: below the smallest size and above the largest are said so`, () => {
      const [smallest, second] = rows;
      const largest = rows.at(-1);
      if (!smallest || !second || !largest) throw new Error("a chart has rows");
      // The smallest size fits feet longer than one step (the gap to the second row) below its own length.
      const sizeBelow = plus(smallest.footCm, -(second.footCm - smallest.footCm));
      expect(findSize(chart.gender, sizeBelow)).toEqual({ kind: "below", smallest });
      expect(findSize(chart.gender, plus(sizeBelow, 0.1))).toEqual({ kind: "size", row: smallest });
      expect(findSize(chart.gender, 15)).toEqual({ kind: "below", smallest });
      expect(findSize(chart.gender, plus(largest.footCm, 0.1))).toEqual({ kind: "above", largest });
      expect(findSize(chart.gender, 40)).toEqual({ kind: "above", largest });
    });
  }

  it("answers the chart's own sizes for a few feet a person would type", () => {
    const eu = (gender: "men" | "women", typed: string) => {
      const length = parseFootLength(typed);
      if (!length.ok) throw new Error(length.message);
      const found = findSize(gender, length.cm);
      return found.kind === "size" ? found.row.eu : found.kind;
    };
    expect(eu("men", "26.5")).toBe(42);
    expect(eu("men", "26,8")).toBe(42);
    expect(eu("men", "268 mm")).toBe(42);
    expect(eu("men", "26.81")).toBe(43);
    expect(eu("women", "24")).toBe(38);
    expect(eu("women", "22.8")).toBe("below");
    expect(eu("women", "22.9")).toBe(37);
    expect(eu("women", "27")).toBe("above");
    expect(eu("men", "24.1")).toBe("below");
    expect(eu("men", "29.6")).toBe("above");
  });
});

describe("what Find my size reads as a foot length", () => {
  it.each([
    ["26.5", 26.5],
    ["26,5", 26.5],
    [" 26.5 cm ", 26.5],
    ["26.5CM", 26.5],
    ["27", 27],
    ["26.55", 26.55],
    ["265 mm", 26.5],
    ["265mm", 26.5],
    ["248 MM", 24.8],
    ["15", 15],
    ["40", 40],
  ])("reads %j as %d cm", (typed, cm) => {
    expect(parseFootLength(typed)).toEqual({ ok: true, cm });
  });

  it.each([
    ["", FOOT_LENGTH_MESSAGES.empty],
    ["   ", FOOT_LENGTH_MESSAGES.empty],
    ["abc", FOOT_LENGTH_MESSAGES.notANumber],
    ["26.5 inches", FOOT_LENGTH_MESSAGES.notANumber],
    ["-26", FOOT_LENGTH_MESSAGES.notANumber],
    ["26.", FOOT_LENGTH_MESSAGES.notANumber],
    ["26.5.1", FOOT_LENGTH_MESSAGES.notANumber],
    ["1e2", FOOT_LENGTH_MESSAGES.notANumber],
    ["265", FOOT_LENGTH_MESSAGES.millimetres],
    ["0", FOOT_LENGTH_MESSAGES.outOfRange],
    ["10.5", FOOT_LENGTH_MESSAGES.outOfRange],
    ["14.99", FOOT_LENGTH_MESSAGES.outOfRange],
    ["40.01", FOOT_LENGTH_MESSAGES.outOfRange],
    ["26.5 mm", FOOT_LENGTH_MESSAGES.outOfRange],
    ["2650", FOOT_LENGTH_MESSAGES.outOfRange],
  ])("refuses %j with a message", (typed, message) => {
    expect(parseFootLength(typed)).toEqual({ ok: false, message });
  });
});

describe("the size a fit note suggests", () => {
  const sizes = [
    { size: 41, stock: 3 },
    { size: 42, stock: 0 },
    { size: 43, stock: 5 },
  ];

  it("is one up for runs small, one down for runs large, the same for true to size", () => {
    expect(suggestSize("runs-small", 42, sizes)).toEqual({ size: 43, offered: true, inStock: true });
    expect(suggestSize("runs-large", 42, sizes)).toEqual({ size: 41, offered: true, inStock: true });
    expect(suggestSize("true-to-size", 42, sizes)).toEqual({ size: 42, offered: true, inStock: false });
  });

  it("says when the suggested size is sold out or not made in this style", () => {
    expect(suggestSize("runs-small", 43, sizes)).toEqual({ size: 44, offered: false, inStock: false });
    expect(suggestSize("runs-large", 41, sizes)).toEqual({ size: 40, offered: false, inStock: false });
    expect(suggestionSentence(41, suggestSize("runs-small", 41, sizes))).toBe(
      "Your size is 41: pick 42 in this style. 42 is sold out just now.",
    );
    expect(suggestionSentence(43, suggestSize("runs-small", 43, sizes))).toBe(
      "Your size is 43: this style would be 44, which it does not come in.",
    );
    expect(suggestionSentence(42, suggestSize("runs-small", 42, sizes))).toBe(
      "Your size is 42: pick 43 in this style.",
    );
  });
});
