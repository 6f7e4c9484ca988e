// The search's reading of typed text (server/catalog/query-understanding.ts): sizes, every price
// phrase, colours, gender words and synonyms, against the seed synonyms and the real palette.
import { describe, expect, it } from "vitest";
import { mergeFilters, tokenize, understandQuery } from "#server/catalog/query-understanding.ts";
import { readSeedSynonyms } from "#server/seed/synonyms.ts";
import { type Colour, NO_FILTERS } from "#shared/listing.ts";

const PALETTE: Colour[] = [
  { slug: "black", name: "Black", hex: "#1c1917" },
  { slug: "brown", name: "Brown", hex: "#6b4423" },
  { slug: "white", name: "White", hex: "#f8f7f4" },
  { slug: "grey", name: "Grey", hex: "#8b8b8b" },
  { slug: "red", name: "Red", hex: "#b91c1c" },
  { slug: "blue", name: "Blue", hex: "#2f6fb3" },
  { slug: "gold", name: "Gold", hex: "#c9a23a" },
  { slug: "multi", name: "Multicolour", hex: "#9b59b6" },
];
const SYNONYMS = new Map(readSeedSynonyms().map((s) => [s.word, s.means]));
const read = (text: string) => understandQuery(text, SYNONYMS, PALETTE);
const words = (text: string) => read(text).words.map((w) => w.word);

describe("the seed synonyms", () => {
  it("hold at least 60 rows with the Roman Urdu and English words of the issue", () => {
    expect(SYNONYMS.size).toBeGreaterThanOrEqual(60);
    for (const word of ["joota", "jooti", "jutti", "khusa", "kussa", "kheri", "chapal", "gents", "mardana", "ladies"])
      expect(SYNONYMS.has(word), word).toBe(true);
    for (const word of ["zanana", "larkiyon", "joggers", "trainers", "sliper", "shaadi", "kala", "safaid", "lal"])
      expect(SYNONYMS.has(word), word).toBe(true);
  });
});

describe("sizes", () => {
  it.each([
    ["42", 42],
    ["size 42", 42],
    ["42 number", 42],
    ["no 42", 42],
    ["heels 38", 38],
    ["Size: 46", 46],
    ["37 no chappal", 37],
  ])("'%s' is size %i", (text, size) => {
    const q = read(text);
    expect(q.filters.sizes).toEqual([size]);
    expect(q.understood).toContainEqual(expect.objectContaining({ key: `size-${size}`, label: `Size ${size}` }));
  });

  it("the words around a size stay words, and the chip's query is the text without the size", () => {
    const q = read("black formal size 42");
    expect(words("black formal size 42")).toEqual(["formal"]);
    expect(q.understood.find((u) => u.key === "size-42")?.queryWithout).toBe("black formal");
    expect(q.understood.find((u) => u.key === "colour-black")?.queryWithout).toBe("formal size 42");
  });

  it.each(["36", "47", "100", "2024", "7"])("'%s' is a number but not a size: it stays a word", (text) => {
    const q = read(`sneakers ${text}`);
    expect(q.filters.sizes).toEqual([]);
    expect(q.filters.maxPrice).toBeNull();
    expect(q.words.map((w) => w.word)).toEqual(["sneakers", text]);
  });

  it("two sizes are both filters, once each", () => {
    expect(read("42 43 42").filters.sizes).toEqual([42, 43]);
  });
});

describe("prices", () => {
  it.each([
    ["under 5000", null, 5000],
    ["below 3k", null, 3000],
    ["5000 se kam", null, 5000],
    ["upto 4000", null, 4000],
    ["up to 4000", null, 4000],
    ["less than 3000", null, 3000],
    ["max 2500", null, 2500],
    ["3000-5000", 3000, 5000],
    ["3,000 - 5,000", 3000, 5000],
    ["between 3000 and 5000", 3000, 5000],
    ["3000 to 5000", 3000, 5000],
    ["above 4000", 4000, null],
    ["4000 se zyada", 4000, null],
    ["more than 4000", 4000, null],
    ["rs 5000", null, 5000],
    ["Rs.5000", null, 5000],
    ["5000 rs", null, 5000],
    ["under Rs. 4,500/-", null, 4500],
    ["2.5k tak", null, 2500],
    ["5000-3000", 3000, 5000],
  ])("'%s' is a price from %s to %s", (text, min, max) => {
    const q = read(`sneakers ${text}`);
    expect({ min: q.filters.minPrice, max: q.filters.maxPrice }).toEqual({ min, max });
    expect(q.words.map((w) => w.word)).toEqual(["sneakers"]);
    expect(q.understood).toEqual([expect.objectContaining({ key: "price", queryWithout: "sneakers" })]);
  });

  it("labels the chip as the list's filter does", () => {
    expect(read("under 5000").understood[0]?.label).toBe("Under Rs.5,000");
    expect(read("3000-5000").understood[0]?.label).toBe("Rs.3,000 to Rs.5,000");
    expect(read("above 4000").understood[0]?.label).toBe("Rs.4,000 and above");
  });

  it("a price word without an amount stays a word", () => {
    expect(read("under armour").filters.maxPrice).toBeNull();
    expect(words("under armour")).toEqual(["under", "armour"]);
  });
});

describe("colours and genders", () => {
  it.each([
    ["black loafers", "black"],
    ["kala khussa", "black"],
    ["safaid sneakers", "white"],
    ["safed sneakers", "white"],
    ["lal heels", "red"],
    ["neela joggers", "blue"],
    ["bhoora chappal", "brown"],
    ["sunehra khussa", "gold"],
    ["gray slippers", "grey"],
    ["multicolour khussa", "multi"],
  ])("'%s' filters by the colour %s", (text, slug) => {
    const q = read(text);
    expect(q.filters.colours).toEqual([slug]);
    expect(q.words).toHaveLength(1);
  });

  it.each([
    ["gents chappal", "men"],
    ["mardana chappal", "men"],
    ["men sandals", "men"],
    ["boys sneakers", "men"],
    ["ladies heels", "women"],
    ["zanana chappal", "women"],
    ["larkiyon ke khusse", "women"],
    ["women loafers", "women"],
    ["girls khussa", "women"],
  ])("'%s' filters by gender %s", (text, gender) => {
    const q = read(text);
    expect(q.filters.gender).toBe(gender);
    expect(q.understood).toContainEqual(expect.objectContaining({ key: "gender" }));
    expect(q.words).toHaveLength(1);
  });
});

describe("synonyms and words", () => {
  it("a word for any footwear narrows nothing ('joota', 'shoes', 'kala joota 42')", () => {
    expect(read("joota").words).toEqual([]);
    expect(words("formal shoes")).toEqual(["formal"]);
    expect(read("kala joota 42")).toMatchObject({ words: [], filters: { colours: ["black"], sizes: [42] } });
  });

  it("notes 'shoes' right after the last word ('court shoes'), and only there", () => {
    expect(read("court shoes").shoesAfterLastWord).toBe(true);
    expect(read("black walking shoes 42").shoesAfterLastWord).toBe(true);
    expect(read("court").shoesAfterLastWord).toBe(false);
    expect(read("shoes for office").shoesAfterLastWord).toBe(false);
    expect(read("court shoes for office").shoesAfterLastWord).toBe(false);
    // 'joota' is any footwear, but no name says it.
    expect(read("kala joota").shoesAfterLastWord).toBe(false);
  });

  it("a synonym's meanings are the word's alternatives", () => {
    expect(read("jutti").words[0]?.means).toEqual([["khussa"], ["khusa"]]);
    expect(read("kheri").words[0]?.means).toEqual([["sandal"], ["chappal"]]);
    expect(read("slipers").words[0]?.means).toEqual([["slipper"], ["slide"]]);
  });

  it("a word without a synonym has no alternatives, and Roman Urdu fillers are no words", () => {
    expect(read("peshawari").words).toEqual([{ word: "peshawari", means: [] }]);
    expect(words("mujhe kala khussa chahiye 42 number")).toEqual(["khussa"]);
  });

  it("everything at once", () => {
    const q = read("Ladies black heels size 38 under 6000");
    expect(q.filters).toEqual({ ...NO_FILTERS, sizes: [38], colours: ["black"], maxPrice: 6000, gender: "women" });
    expect(q.words.map((w) => w.word)).toEqual(["heels"]);
    expect(q.understood.map((u) => u.key).sort()).toEqual(["colour-black", "gender", "price", "size-38"]);
  });

  it("tokenizes apostrophes, commas in thousands and ranges", () => {
    expect(tokenize("Men's 5,000-7,000 Rs.3k")).toEqual(["mens", "5000", "to", "7000", "rs", "3k"]);
  });
});

describe("merged with the address's filters", () => {
  it("sizes and colours add up; the address's price and gender win and their chips go", () => {
    const q = read("ladies heels 38 under 5000 kala");
    const merged = mergeFilters({ ...NO_FILTERS, sizes: [39], colours: ["red"], maxPrice: 8000, gender: "men" }, q);
    expect(merged.filters).toEqual({
      ...NO_FILTERS,
      sizes: [38, 39],
      colours: ["red", "black"],
      maxPrice: 8000,
      gender: "men",
    });
    expect(merged.understood.map((u) => u.key).sort()).toEqual(["colour-black", "size-38"]);
  });
});

describe("price words", () => {
  it.each([
    ["sasta joota", "price-asc"],
    ["saste chappal", "price-asc"],
    ["kam qeemat khussa", "price-asc"],
    ["cheap sneakers", "price-asc"],
    ["low price heels", "price-asc"],
    ["mehnga joota", "price-desc"],
    ["premium loafers", "price-desc"],
  ] as const)("'%s' asks for %s and the word is not searched for", (text, sort) => {
    const q = read(text);
    expect(q.sort).toBe(sort);
    expect(q.words.map((w) => w.word)).not.toContain(text.split(" ")[0]);
    const chip = q.understood.find((u) => u.key === "sort");
    expect(chip?.label).toBe(sort === "price-asc" ? "Price: low to high" : "Price: high to low");
    expect(chip?.queryWithout).toBe(
      text
        .split(" ")
        .slice(text.startsWith("kam") || text.startsWith("low") ? 2 : 1)
        .join(" "),
    );
  });

  it("'5000 se kam' stays a price limit, and 'low heel' is a word, not an order", () => {
    expect(read("khussa 5000 se kam")).toMatchObject({ sort: null, filters: { maxPrice: 5000 } });
    expect(read("low heel pumps").sort).toBeNull();
    expect(words("low heel pumps")).toEqual(["low", "heel", "pumps"]);
    expect(read("budget 3000").filters.maxPrice).toBe(3000);
    expect(read("budget 3000").sort).toBeNull();
  });

  it("a sort the shopper chose wins over the text's, and its chip goes", () => {
    const q = read("sasta chappal");
    expect(mergeFilters({ ...NO_FILTERS, sort: "featured" }, q)).toMatchObject({ sort: "price-asc" });
    const chosen = mergeFilters({ ...NO_FILTERS, sort: "newest" }, q);
    expect(chosen.sort).toBe("newest");
    expect(chosen.understood.map((u) => u.key)).not.toContain("sort");
  });
});

describe("occasion words", () => {
  it.each(["shadi", "shaadi", "wedding", "barat", "walima", "mehndi", "eid", "party", "office"])(
    "'%s' widens to the kinds of shoe worn to it",
    (word) => {
      const [read1] = read(word).words;
      const alternatives = (read1?.means ?? []).map((m) => m.join(" "));
      expect(alternatives.length, word).toBeGreaterThanOrEqual(3);
      expect(
        alternatives.some((a) => ["khussa", "formal", "heel", "loafer"].includes(a)),
        word,
      ).toBe(true);
    },
  );
});
