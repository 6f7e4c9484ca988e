// Search that tells the truth (decision 025): a query for what the shop does not sell (children's
// shoes, bags, a brand the owner lists) and a query whose words match nothing show no products and
// say so, through the API, the search page's server HTML and the instant results alike; typos are
// still corrected. The owner sees the searches that found little and acts on one in one step.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { NotSoldWord, SearchMiss } from "#shared/not-sold.ts";
import type { InstantResults, SearchPage } from "#shared/search.ts";
import { NO_RESULTS } from "../app/routes/search.tsx";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { makeShopper, type Shopper } from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper;
let customer: Shopper;
beforeAll(async () => {
  t = await createTestApp({ pages: true });
  admin = await makeAdmin(t);
  customer = await makeShopper(t);
});
afterAll(() => t?.close());

const q = encodeURIComponent;
const searchFor = async (query: string) =>
  (await t.app.inject({ url: `/api/search?query=${q(query)}` })).json<SearchPage>();
const instantFor = async (query: string) =>
  (await t.app.inject({ url: `/api/search/instant?query=${q(query)}` })).json<InstantResults>();
const pageFor = async (query: string) => {
  const res = await t.app.inject({ url: `/search?query=${q(query)}` });
  expect(res.statusCode).toBe(200);
  return res.body.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');
};
/** The product cards' names on the page (each card links to its product). */
const cardCount = (html: string) => (html.match(/href="\/product\//g) ?? []).length;
const misses = async () => (await call(t, admin, "GET", "/api/admin/searches")).json<SearchMiss[]>();

describe("words for what the shop does not sell", () => {
  it("'school shoes for kids' shows no products and says the shop sells men's and women's shoes only", async () => {
    const answer = await searchFor("school shoes for kids");
    expect(answer.products).toEqual([]);
    expect(answer.total).toBe(0);
    expect(answer.notSold).toEqual([
      { word: "school", kind: "children" },
      { word: "kids", kind: "children" },
    ]);
    const html = await pageFor("school shoes for kids");
    expect(html).toContain(NO_RESULTS);
    expect(html).toContain("We sell men's and women's shoes only, so we have nothing for “school shoes for kids”.");
    expect(html).toContain('href="/men"');
    expect(html).toContain('href="/women"');
    expect(cardCount(html)).toBe(0);

    const instant = await instantFor("school shoes for kids");
    expect(instant.products).toEqual([]);
    expect(instant.notSold).toEqual(answer.notSold);
  });

  it("in Roman Urdu too, and offers the other words when the shop has them ('kids sneakers' -> sneakers)", async () => {
    expect((await searchFor("bachon ke joote")).notSold).toEqual([{ word: "bachon", kind: "children" }]);
    const answer = await searchFor("kids sneakers");
    expect(answer.products).toEqual([]);
    expect(answer.instead).toBe("sneakers");
    expect(await pageFor("kids sneakers")).toContain('href="/search?query=sneakers"');
    expect((await searchFor("socks")).notSold).toEqual([{ word: "socks", kind: "other product" }]);
  });

  it("a brand the owner lists is answered as one, on the page and in the instant results", async () => {
    const added = await call(t, admin, "PUT", "/api/admin/not-sold/Lotto", { kind: "brand" });
    expect(added.statusCode).toBe(201);
    expect(added.json<NotSoldWord>()).toMatchObject({ word: "lotto", kind: "brand" });
    expect((await searchFor("lotto chappal")).products).toEqual([]);
    expect((await instantFor("lotto chappal")).notSold).toEqual([{ word: "lotto", kind: "brand" }]);
    expect(await pageFor("lotto chappal")).toContain(
      "We don't carry lotto: we sell our own men's and women's shoes, so we have nothing for “lotto chappal”.",
    );
    // Deleted, the word is searched as any other again.
    expect((await call(t, admin, "DELETE", "/api/admin/not-sold/lotto")).statusCode).toBe(204);
    expect((await searchFor("lotto chappal")).notSold).toEqual([]);
    expect((await searchFor("lotto chappal")).total).toBeGreaterThan(0);
  });
});

describe("words that match nothing", () => {
  it("'chair' shows no products (not the chappals trigrams call near), and says so", async () => {
    const answer = await searchFor("chair");
    expect(answer).toMatchObject({ total: 0, products: [], unmatched: true, dropped: ["chair"] });
    expect((await searchFor("red chair")).products).toEqual([]);
    const html = await pageFor("chair");
    expect(html).toContain(NO_RESULTS);
    expect(html).toContain("Nothing in the shop matches “chair”. We sell men's and women's shoes.");
    expect(cardCount(html)).toBe(0);
    const instant = await instantFor("chair");
    expect(instant).toMatchObject({ products: [], total: 0, unmatched: true });
  });

  it("typos are still corrected: 'chapal', 'lofer' and 'slipers' find chappals, loafers and slippers", async () => {
    for (const [typed, found] of [
      ["chapal", /chappal/i],
      ["lofer", /loafer/i],
      ["slipers", /slipper/i],
    ] as const) {
      const answer = await searchFor(typed);
      expect(answer.unmatched, typed).toBe(false);
      expect(answer.products[0]?.name, typed).toMatch(found);
      expect((await instantFor(typed)).products[0]?.name, typed).toMatch(found);
    }
  });

  it("a search with results says nothing more", async () => {
    const answer = await searchFor("peshawari chappal");
    expect(answer).toMatchObject({ notSold: [], unmatched: false, instead: null });
    expect(await pageFor("peshawari chappal")).not.toContain("We sell men's and women's shoes only");
  });
});

describe("price words and occasion words", () => {
  const prices = (answer: SearchPage) => answer.products.map((p) => p.discountPrice);
  const ids = (answer: SearchPage) => answer.products.map((p) => p._id);
  /**
   * The answer in two runs, the products named by the word first, then those only their category or
   * description finds: a sort orders each run (search-page.ts).
   */
  function runs(answer: SearchPage, word: RegExp): { named: number[]; rest: number[] } {
    const named = answer.products.filter((p) => word.test(p.name));
    const cut = named.length;
    expect(answer.products.slice(0, cut).every((p) => word.test(p.name))).toBe(true);
    return { named: named.map((p) => p.discountPrice), rest: answer.products.slice(cut).map((p) => p.discountPrice) };
  }
  const ascending = (list: number[]) => [...list].sort((a, b) => a - b);

  it("'sasta chappal' lists the chappals cheapest first, says so in a chip, and the instant results agree", async () => {
    const plain = await searchFor("chappal");
    const cheap = await searchFor("sasta chappal");
    expect(cheap.total).toBe(plain.total);
    expect(cheap.total).toBeGreaterThan(3);
    const { named, rest } = runs(cheap, /chappal/i);
    expect(named.length).toBeGreaterThan(3);
    expect(named).toEqual(ascending(named));
    expect(rest).toEqual(ascending(rest));
    // The women's Slippers & Chappal category holds cheaper pairs, but they are not chappals by name.
    expect(Math.min(...rest)).toBeLessThan(Math.min(...named));
    expect(prices(cheap)).not.toEqual(prices(plain));
    expect(cheap.understood).toContainEqual({ key: "sort", label: "Price: low to high", queryWithout: "chappal" });
    expect(cheap.dropped).toEqual([]);

    const html = await pageFor("kam qeemat chappal");
    expect(html).toContain("Remove filter: Price: low to high (read from your search)");
    const first = cheap.products[0];
    expect(html.indexOf(first?.name ?? "?")).toBeGreaterThan(0);
    expect(html.indexOf(first?.name ?? "?")).toBeLessThan(html.indexOf(cheap.products.at(-1)?.name ?? "?"));

    const instant = await instantFor("sasta chappal");
    expect(instant.products.map((p) => p._id)).toEqual(ids(cheap).slice(0, instant.products.length));
  });

  it("'mehnga khussa' lists the dearest first; a sort the shopper chose wins over the word", async () => {
    const dear = await searchFor("mehnga khussa");
    expect(dear.total).toBeGreaterThan(1);
    const dearest = runs(dear, /khussa/i).named;
    expect(dearest).toEqual(ascending(dearest).reverse());
    const chosen = (
      await t.app.inject({ url: `/api/search?query=${q("mehnga khussa")}&sort=price-asc` })
    ).json<SearchPage>();
    expect(runs(chosen, /khussa/i).named).toEqual(ascending(dearest));
    expect(chosen.understood.map((u) => u.key)).not.toContain("sort");
  });

  it("'sasta' alone is the whole shop cheapest first, not a miss", async () => {
    const answer = await searchFor("sasta joota");
    expect(answer.unmatched).toBe(false);
    expect(answer.total).toBeGreaterThan(20);
    expect(prices(answer)).toEqual([...prices(answer)].sort((a, b) => a - b));
  });

  it("an occasion widens: 'eid' finds what its descriptions name and the kinds of shoe worn to it", async () => {
    const namedIds = await selectRowsAsserted<{ id: string }>(
      t.database.db,
      sql`select id from products where archived_at is null and description ~* '(^|[^a-z])eid([^a-z]|$)'`,
    );
    expect(namedIds.length).toBeGreaterThan(0);
    const eid = await searchFor("eid");
    expect(eid.total).toBeGreaterThan(namedIds.length * 3);
    const all: string[] = [];
    for (let page = 1; page <= eid.pages; page++) {
      all.push(...ids((await t.app.inject({ url: `/api/search?query=eid&page=${page}` })).json<SearchPage>()));
    }
    expect(all).toHaveLength(eid.total);
    expect(all).toEqual(expect.arrayContaining(namedIds.map((r) => r.id)));
    // With a gender word, the occasion stays within it.
    const gents = await searchFor("shadi gents");
    expect(gents.total).toBeGreaterThan(3);
    expect(gents.filters.gender).toBe("men");
    expect(gents.products.every((p) => p.category.startsWith("men"))).toBe(true);
  });
});

describe("a kind named with 'shoes'", () => {
  it("'court shoes' puts the products named so first, before those with 'court' alone in the name", async () => {
    const court = await searchFor("court");
    const namedSo = court.products.filter((p) => /\bcourt shoes?\b/i.test(p.name)).map((p) => p.name);
    expect(namedSo.length, "a product named '… Court Shoes'").toBeGreaterThan(0);
    expect(
      court.products.findIndex((p) => namedSo.includes(p.name)),
      "not already first",
    ).toBeGreaterThan(0);
    const shoes = await searchFor("court shoes");
    expect(
      shoes.products
        .slice(0, namedSo.length)
        .map((p) => p.name)
        .sort(),
    ).toEqual([...namedSo].sort());
    expect(shoes.total).toBe(court.total);
  });
});

describe("nearest pairs", () => {
  /** Every result of a search, page by page. */
  async function allOf(query: string): Promise<SearchPage["products"]> {
    const first = await searchFor(query);
    const products = [...first.products];
    for (let page = 2; page <= first.pages; page++) {
      products.push(
        ...(await t.app.inject({ url: `/api/search?query=${q(query)}&page=${page}` })).json<SearchPage>().products,
      );
    }
    return products;
  }
  const held = (products: SearchPage["products"]) =>
    new Set(products.flatMap((p) => p.sizes.filter((s) => s.stock > 0).map((s) => s.size)));

  it("nothing under the price: the closest above it, cheapest first, said exactly, on the page and in the box", async () => {
    const peshawaris = await allOf("peshawari");
    const cheapest = Math.min(...peshawaris.map((p) => p.discountPrice));
    const limit = cheapest - 10;
    const query = `peshawari under ${limit}`;
    const answer = await searchFor(query);
    expect(answer.total).toBe(0);
    expect(answer.products).toEqual([]);
    expect(answer.nearest?.relaxed).toEqual(["price"]);
    const near = answer.nearest?.products ?? [];
    expect(near.length).toBeGreaterThan(0);
    expect(near[0]?.discountPrice).toBe(cheapest);
    expect(near.map((p) => p.discountPrice)).toEqual(near.map((p) => p.discountPrice).sort((a, b) => a - b));
    expect(near.every((p) => p.discountPrice > limit)).toBe(true);
    const rs = (n: number) => `Rs.${n.toLocaleString("en-PK")}`;
    const sentence = `Nothing under ${rs(limit)}; the closest from ${rs(cheapest)}`;
    expect(answer.nearest?.sentence).toBe(sentence);

    const html = await pageFor(query);
    expect(html).toContain(NO_RESULTS);
    expect(html).toContain(sentence);
    expect(html).toContain(near[0]?.name ?? "?");
    expect((await instantFor(query)).nearest).toEqual({ sentence });
    // The SPEC's search API answers the same exact results (none), not a search with a word dropped.
    for (const text of [query, `peshawari chappal under ${limit}`]) {
      const api = await t.app.inject({ url: `/api/products/search?query=${q(text)}` });
      expect(api.statusCode).toBe(200);
      expect(api.json<unknown[]>(), text).toEqual([]);
    }
  });

  it("nothing in the size: the next size up or down, and the size asked for is named", async () => {
    const khussas = await allOf("khussa");
    const sizes = held(khussas);
    const missing = [...Array(10).keys()]
      .map((i) => 37 + i)
      .find((s) => !sizes.has(s) && (sizes.has(s - 1) || sizes.has(s + 1)));
    expect(missing, "a size no khussa holds next to one some do").toBeDefined();
    const answer = await searchFor(`khussa size ${missing}`);
    expect(answer.total).toBe(0);
    expect(answer.nearest?.relaxed).toEqual(["size"]);
    const near = answer.nearest?.products ?? [];
    const neighbours = [Number(missing) - 1, Number(missing) + 1].filter((s) => sizes.has(s));
    expect(near.every((p) => p.sizes.some((s) => s.stock > 0 && neighbours.includes(s.size)))).toBe(true);
    expect(answer.nearest?.sentence).toMatch(
      new RegExp(`^Nothing in size ${missing}; the closest in size (\\d\\d)( or \\d\\d)?$`),
    );
  });

  it("nothing in the colour: another colour, named", async () => {
    const sneakers = await allOf("sneakers");
    const colours = new Set(sneakers.map((p) => p.colour));
    const missing = ["gold", "red", "pink", "green", "mustard", "silver"].find((c) => !colours.has(c));
    expect(missing, "a palette colour no sneaker has").toBeDefined();
    const answer = await searchFor(`sneakers ${missing}`);
    expect(answer.total).toBe(0);
    expect(answer.nearest?.relaxed).toEqual(["colour"]);
    expect(answer.nearest?.sentence).toMatch(new RegExp(`^Nothing in ${missing}; the closest in [a-z]+`));
    expect(answer.nearest?.products.length).toBeGreaterThan(0);
  });

  it("a size is the shopper's foot: with a colour and a size, the colour is loosened first", async () => {
    // A colour and a size the formal shoes hold, but never together, while some hold the size.
    const formal = await allOf("formal");
    const colours = [...new Set(formal.map((p) => p.colour))];
    let asked: { colour: string; size: number } | undefined;
    for (const size of held(formal)) {
      const colour = colours.find(
        (c) => formal.some((p) => p.colour === c) && !formal.some((p) => p.colour === c && held([p]).has(size)),
      );
      if (colour) asked = { colour, size };
      if (asked) break;
    }
    expect(asked, "a colour no formal shoe of a size holds that others do").toBeDefined();
    const answer = await searchFor(`${asked?.colour} formal size ${asked?.size}`);
    expect(answer.total).toBe(0);
    // Before, the size was loosened: pairs of the colour a size off, which do not fit.
    expect(answer.nearest?.relaxed).toEqual(["colour"]);
    const near = answer.nearest?.products ?? [];
    expect(near.length).toBeGreaterThan(0);
    expect(near.every((p) => held([p]).has(asked?.size ?? 0))).toBe(true);
  });

  it("never loosens the gender, and a search with results has none", async () => {
    // A kind of shoe one gender has none of ('gents pumps'): under a price too, nothing is loosened to the other gender.
    let none: string | undefined;
    for (const gender of ["gents", "ladies"]) {
      for (const word of ["pumps", "heels", "stilettos", "peshawari", "oxfords", "brogues"]) {
        if ((await searchFor(word)).total > 0 && (await searchFor(`${gender} ${word}`)).total === 0) {
          none ??= `${gender} ${word}`;
        }
      }
    }
    expect(none, "a kind of shoe only one gender has").toBeDefined();
    const other = await searchFor(`${none} under 5000`);
    expect(other.total).toBe(0);
    expect(other.nearest).toBeNull();
    expect((await searchFor("peshawari")).nearest).toBeNull();
  });
});

describe("the owner's searches that found little", () => {
  it("counts each query per day with its dropped words, most searched first; never a search with results", async () => {
    await searchFor("zzqq");
    await searchFor("Lacoste  loafers");
    await searchFor("lacoste loafers");
    await searchFor("lacoste loafers"); // found loafers: more than two, not a miss
    await instantFor("vvww"); // the instant results as the shopper types are not counted
    await t.app.inject({ url: "/api/search?query=zzqq&page=2" }); // nor a later page of the same search
    const rows = await misses();
    const zzqq = rows.find((r) => r.query === "zzqq");
    expect(zzqq).toMatchObject({ count: 1, dropped: ["zzqq"], results: 0 });
    expect(zzqq?.lastDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rows.some((r) => r.query.includes("loafers"))).toBe(false);
    expect(rows.some((r) => r.query === "vvww")).toBe(false);
    const before = (await misses()).find((r) => r.query === "chair")?.count ?? 0;
    await searchFor("chair");
    await searchFor("CHAIR");
    const chair = (await misses()).find((r) => r.query === "chair");
    expect(chair).toMatchObject({ count: before + 2, dropped: ["chair"], results: 0 });
    const rowsNow = await misses();
    expect(rowsNow.map((r) => r.count)).toEqual([...rowsNow.map((r) => r.count)].sort((a, b) => b - a));
  });

  it("keeps 30 days: a recorded miss prunes the older ones", async () => {
    await t.database.db.execute(
      sql`insert into search_misses (day, query, count, dropped, results)
          values (current_date - 45, 'oldmiss', 3, '{oldmiss}', 0), (current_date - 10, 'recentmiss', 1, '{}', 1)`,
    );
    await searchFor("qqzzx");
    const left = await t.database.db.execute(
      sql`select query from search_misses where query in ('oldmiss', 'recentmiss')`,
    );
    expect((left as unknown as { rows: { query: string }[] }).rows.map((r) => r.query)).toEqual(["recentmiss"]);
    expect((await misses()).find((r) => r.query === "recentmiss")).toMatchObject({ count: 1, results: 1 });
  });

  it("one step: a synonym for a missed word makes the next search find it", async () => {
    await searchFor("jhoota");
    expect((await misses()).some((r) => r.dropped.includes("jhoota"))).toBe(true);
    const added = await call(t, admin, "PUT", "/api/admin/synonyms/jhoota", { means: "chappal" });
    expect(added.statusCode).toBe(201);
    expect((await searchFor("jhoota")).products[0]?.name).toMatch(/chappal/i);
  });

  it("one step: 'not sold' for a missed word makes the next search say so", async () => {
    await searchFor("lacoste");
    expect((await misses()).find((r) => r.query === "lacoste")?.dropped).toEqual(["lacoste"]);
    expect((await call(t, admin, "PUT", "/api/admin/not-sold/lacoste", { kind: "brand" })).statusCode).toBe(201);
    expect((await searchFor("lacoste")).notSold).toEqual([{ word: "lacoste", kind: "brand" }]);
    const again = await call(t, admin, "PUT", "/api/admin/not-sold/lacoste", { kind: "other product" });
    expect(again.statusCode).toBe(200);
    const listed = (await call(t, admin, "GET", "/api/admin/not-sold")).json<NotSoldWord[]>();
    expect(listed.find((w) => w.word === "lacoste")?.kind).toBe("other product");
    expect(listed.find((w) => w.word === "bachon")?.kind).toBe("children");
  });
});

describe("bad input and who may", () => {
  it("refuses a bad word, kind or body with a message, and changes nothing", async () => {
    const before = (await call(t, admin, "GET", "/api/admin/not-sold")).json<NotSoldWord[]>();
    for (const [url, body] of [
      ["/api/admin/not-sold/two%20words", { kind: "brand" }],
      ["/api/admin/not-sold/servis", { kind: "shoes" }],
      ["/api/admin/not-sold/servis", {}],
      ["/api/admin/not-sold/servis", { kind: "brand", extra: 1 }],
      [`/api/admin/not-sold/${"a".repeat(41)}`, { kind: "brand" }],
    ] as const) {
      const res = await call(t, admin, "PUT", url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ message: string }>().message.length, url).toBeGreaterThan(0);
    }
    expect((await call(t, admin, "DELETE", "/api/admin/not-sold/nosuchword")).statusCode).toBe(404);
    expect((await call(t, admin, "GET", "/api/admin/not-sold")).json<NotSoldWord[]>()).toEqual(before);
  });

  it("only an admin reaches them", async () => {
    for (const [method, url, body] of [
      ["GET", "/api/admin/searches", undefined],
      ["GET", "/api/admin/not-sold", undefined],
      ["PUT", "/api/admin/not-sold/servis", { kind: "brand" }],
      ["DELETE", "/api/admin/not-sold/kids", undefined],
    ] as const) {
      expect((await t.app.inject({ method, url, ...(body ? { payload: body } : {}) })).statusCode).toBe(401);
      expect((await call(t, customer, method, url, body)).statusCode).toBe(403);
    }
    expect((await searchFor("kids")).notSold).toEqual([{ word: "kids", kind: "children" }]);
  });
});

describe("a miss that cannot be recorded", () => {
  it("never fails the search: the shopper still gets the answer (the error is only logged)", async () => {
    await t.database.db.execute(sql`alter table search_misses rename to search_misses_away`);
    try {
      const res = await t.app.inject({ url: `/api/search?query=${q("chair")}` });
      expect(res.statusCode).toBe(200);
      expect(res.json<SearchPage>()).toMatchObject({ products: [], unmatched: true });
      expect(await pageFor("school shoes for kids")).toContain("We sell men's and women's shoes only");
    } finally {
      await t.database.db.execute(sql`alter table search_misses_away rename to search_misses`);
    }
  });
});
