// The words of the nearest pairs (shared/search.ts, nearestSentence): what was asked, in full, and
// only what the closest pairs have instead. Pure; the search that finds them: search-truth.test.ts.
import { describe, expect, it } from "vitest";
import type { Product } from "#shared/catalog.ts";
import { type Colour, NO_FILTERS } from "#shared/listing.ts";
import { nearestSentence } from "#shared/search.ts";

const PALETTE: Colour[] = [
  { slug: "black", name: "Black", hex: "#000000" },
  { slug: "brown", name: "Brown", hex: "#6b4423" },
  { slug: "grey", name: "Grey", hex: "#8b8b8b" },
];
const pair = (discountPrice: number, colour: string | null, sizes: [number, number][]) =>
  ({ discountPrice, colour, sizes: sizes.map(([size, stock]) => ({ size, stock })) }) as Product;

describe("nearestSentence", () => {
  it("a price loosened: 'Nothing under Rs.4,000 in size 44; the closest from Rs.4,090'", () => {
    const asked = { ...NO_FILTERS, maxPrice: 4000, sizes: [44] };
    const shown = [pair(4090, "black", [[44, 2]]), pair(4500, "brown", [[44, 1]])];
    expect(nearestSentence(asked, ["price"], shown, PALETTE)).toBe(
      "Nothing under Rs.4,000 in size 44; the closest from Rs.4,090",
    );
  });

  it("a lower bound loosened names the dearest below it", () => {
    const asked = { ...NO_FILTERS, minPrice: 9000 };
    expect(nearestSentence(asked, ["price"], [pair(8500, null, []), pair(7000, null, [])], PALETTE)).toBe(
      "Nothing from Rs.9,000; the closest at Rs.8,500",
    );
  });

  it("a size loosened names the neighbouring sizes the pairs hold, not their other sizes", () => {
    const asked = { ...NO_FILTERS, sizes: [46] };
    const shown = [
      pair(3000, null, [
        [45, 1],
        [42, 3],
        [46, 0],
      ]),
    ];
    expect(nearestSentence(asked, ["size"], shown, PALETTE)).toBe("Nothing in size 46; the closest in size 45");
  });

  it("a colour loosened names the colours shown; two loosened say both", () => {
    const asked = { ...NO_FILTERS, colours: ["black"], maxPrice: 3000 };
    const shown = [pair(3200, "brown", []), pair(3500, "grey", []), pair(3600, "brown", [])];
    expect(nearestSentence(asked, ["price", "colour"], shown, PALETTE)).toBe(
      "Nothing in black under Rs.3,000; the closest from Rs.3,200 in brown or grey",
    );
  });
});
