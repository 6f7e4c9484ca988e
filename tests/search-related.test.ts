// "More like these" (issue 52): below a few results the search page shows more of what the words
// mean, apart: the products of the words that name a shelf alone ('charsadda chappal': the other
// chappals), and the words' products in other colours ('brown loafers'). Never among the results,
// never on a second page, and not below a full page. Through the real HTTP layer on the demo catalogue.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RELATED_BELOW, relatedSentence, type SearchPage } from "#shared/search.ts";
import { createTestApp, type TestApp } from "./support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const search = async (query: string, extra = "") =>
  (await t.app.inject({ url: `/api/search?query=${encodeURIComponent(query)}${extra}` })).json<SearchPage>();

describe("more like these, below a few results", () => {
  it("'charsadda chappal' shows the two Charsadda chappals, then the other chappals apart", async () => {
    const page = await search("charsadda chappal");
    expect(page.products.map((p) => p.name).sort()).toEqual(["Black Charsadda Chappal", "Mustard Charsadda Chappal"]);
    const [more] = page.related;
    expect(more?.sentence).toBe(relatedSentence({ by: "shelf", words: ["chappal"], without: ["charsadda"] }));
    expect(more?.sentence).toBe("More “chappal”, not only “charsadda”");
    const shown = new Set(page.products.map((p) => p._id));
    expect(more?.products.length).toBeGreaterThan(0);
    for (const product of more?.products ?? []) {
      expect(shown.has(product._id)).toBe(false);
      expect(product.name.toLowerCase()).toContain("chappal");
    }
  });

  it("'brown loafers' shows the brown loafers, then loafers in other colours apart", async () => {
    const page = await search("brown loafers");
    expect(page.products.every((p) => p.colour === "brown")).toBe(true);
    const colours = page.related.find((s) => s.sentence === relatedSentence({ by: "colour", words: ["loafers"] }));
    expect(colours?.sentence).toBe("“loafers” in other colours");
    expect(colours?.products.some((p) => p.colour !== "brown")).toBe(true);
  });

  it("'oxfords' shows the two oxfords, then the rest of Men's Formal Shoes apart, within the filters", async () => {
    const page = await search("oxfords");
    expect(page.products.map((p) => p.name).sort()).toEqual(["Black Cap-Toe Oxfords", "Chestnut Wholecut Oxfords"]);
    const shelf = page.related.find((s) => s.sentence === "More from Men’s Formal Shoes");
    expect(shelf?.sentence).toBe(relatedSentence({ by: "category", category: "men-formal-shoes" }));
    const names = shelf?.products.map((p) => p.name) ?? [];
    expect(names).toContain("Brown Wingtip Brogues");
    expect(names.some((n) => /oxford/i.test(n))).toBe(false);
    expect(shelf?.products.every((p) => p.category === "men-formal-shoes")).toBe(true);
    // A size asked for holds there too: every pair shown has it in stock.
    const sized = await search("oxfords 42");
    const more = sized.related.find((s) => s.sentence === "More from Men’s Formal Shoes");
    expect(more?.products.length).toBeGreaterThan(0);
    for (const p of more?.products ?? [])
      expect(
        p.sizes.some((s) => s.size === 42 && s.stock > 0),
        p.name,
      ).toBe(true);
  });

  it("'red sneakers' (no red pair among the sneakers) shows the nearest shades first, pink before white and black", async () => {
    const page = await search("red sneakers");
    const shown = [...page.products, ...(page.nearest?.products ?? []), ...page.related.flatMap((s) => s.products)];
    const at = (colour: string) => shown.findIndex((p) => p.colour === colour);
    expect(at("pink")).toBeGreaterThanOrEqual(0);
    for (const far of ["white", "black", "grey", "green"])
      expect(at(far) === -1 || at(far) > at("pink"), far).toBe(true);
  });

  it("a colour alone with few pairs ('neela joota': two blue pairs) shows the nearest shades apart, navy first", async () => {
    const page = await search("neela joota");
    expect(page.products.length).toBeGreaterThan(0);
    expect(page.products.every((p) => p.colour === "blue")).toBe(true);
    const [shades] = page.related;
    expect(shades?.sentence).toBe("In other colours");
    expect(shades?.products[0]?.colour).toBe("navy");
    expect(shades?.products.some((p) => p.colour === "blue")).toBe(false);
  });

  it("shows none below a full page of results, on a later page, or when nothing matched", async () => {
    const full = await search("sneakers");
    expect(full.total).toBeGreaterThanOrEqual(RELATED_BELOW);
    expect(full.related).toEqual([]);
    expect((await search("charsadda chappal", "&page=2")).related).toEqual([]);
    expect((await search("qqqqzzzz")).related).toEqual([]);
  });
});
