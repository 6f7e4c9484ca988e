// Filters, sort and paging of the product lists (issue 15) through the real HTTP layer, checked
// against the catalogue itself: every page of every answer holds exactly the products the filters
// describe, in the order the sort names. Bad input is a 400 naming the parameter; a page past the
// end is an empty page.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { Product, ProductList } from "#shared/catalog.ts";
import { CATEGORY_SLUGS } from "#shared/categories.ts";
import { LIST_PAGE_SIZE, type ListQuery, listParams, type Sort } from "#shared/listing.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { makeShopper, orderBody, placeOrder, setStock } from "./support/shoppers.ts";

let t: TestApp;
let catalogue: Product[];
beforeAll(async () => {
  t = await createTestApp({ pages: true });
  catalogue = [];
  for (const slug of CATEGORY_SLUGS) catalogue.push(...(await allPages(slug, {})));
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: "GET", url });

async function listPage(category: string, query: Partial<ListQuery>) {
  const res = await get(`/api/products?category=${category}&${listParams(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductList>();
}

/** Every page of a category's list, checking the page arithmetic on the way. */
async function allPages(category: string, query: Partial<ListQuery>): Promise<Product[]> {
  const products: Product[] = [];
  for (let page = 1; ; page++) {
    const list = await listPage(category, { ...query, page });
    expect(list.page).toBe(page);
    expect(list.products.length).toBeLessThanOrEqual(LIST_PAGE_SIZE);
    products.push(...list.products);
    if (!list.hasMore) {
      expect(list.total).toBe(products.length);
      expect(list.pages).toBe(Math.max(1, Math.ceil(list.total / LIST_PAGE_SIZE)));
      return products;
    }
    expect(list.products.length).toBe(LIST_PAGE_SIZE);
  }
}

const inStock = (p: Product, size: number) => (p.sizes.find((s) => s.size === size)?.stock ?? 0) > 0;
const ofCategory = (slug: string) => catalogue.filter((p) => p.category === slug);
const ids = (products: Product[]) => products.map((p) => p._id).sort();

/** A category to sort: the demo's hold about ten products each. */
const SORTED_CATEGORY = "men-sneakers-casual-shoes";

describe("filters", () => {
  it.each<[string, Partial<ListQuery>, (p: Product) => boolean]>([
    ["size 42", { sizes: [42] }, (p) => inStock(p, 42)],
    ["sizes 39 or 46", { sizes: [39, 46] }, (p) => inStock(p, 39) || inStock(p, 46)],
    ["black", { colours: ["black"] }, (p) => p.colour === "black"],
    ["black or brown", { colours: ["black", "brown"] }, (p) => p.colour === "black" || p.colour === "brown"],
    ["up to Rs.5,000", { maxPrice: 5000 }, (p) => p.discountPrice <= 5000],
    [
      "Rs.3,000 to Rs.6,000",
      { minPrice: 3000, maxPrice: 6000 },
      (p) => p.discountPrice >= 3000 && p.discountPrice <= 6000,
    ],
    ["on sale", { onSale: true }, (p) => p.discountPercentage > 0],
    [
      "size 42, black, on sale",
      { sizes: [42], colours: ["black"], onSale: true },
      (p) => inStock(p, 42) && p.colour === "black" && p.discountPercentage > 0,
    ],
  ])("%s: exactly the matching products of the category", async (_, query, matches) => {
    for (const slug of ["men-formal-shoes", "women-heels-sandals"]) {
      const found = await allPages(slug, query);
      expect(ids(found)).toEqual(ids(ofCategory(slug).filter(matches)));
    }
  });

  it("every demo product has a colour of the palette", async () => {
    const palette = (await t.app.inject({ url: "/api/products?category=men-formal-shoes" })).statusCode;
    expect(palette).toBe(200);
    expect(catalogue.length).toBeGreaterThan(80);
    for (const p of catalogue) expect(p.colour, p.name).toMatch(/^[a-z]+$/);
  });

  it("the size API takes the same filters", async () => {
    const res = await get("/api/products/size?size=42&colour=black&sort=price-asc");
    expect(res.statusCode).toBe(200);
    const products = res.json<Product[]>();
    const expected = catalogue.filter((p) => inStock(p, 42) && p.colour === "black");
    expect(products.map((p) => p._id).sort()).toEqual(ids(expected).slice(0, LIST_PAGE_SIZE).sort());
    const prices = products.map((p) => p.discountPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});

describe("sort", () => {
  const orderings: [Sort, (a: Product, b: Product) => number][] = [
    ["price-asc", (a, b) => a.discountPrice - b.discountPrice],
    ["price-desc", (a, b) => b.discountPrice - a.discountPrice],
    ["discount", (a, b) => b.discountPercentage - a.discountPercentage],
  ];
  it.each(orderings)("%s orders every page and keeps the same products", async (sort, compare) => {
    const slug = SORTED_CATEGORY;
    const sorted = await allPages(slug, { sort });
    expect(ids(sorted)).toEqual(ids(ofCategory(slug)));
    for (let i = 1; i < sorted.length; i++) {
      expect(compare(sorted[i - 1] as Product, sorted[i] as Product)).toBeLessThanOrEqual(0);
    }
  });

  it("featured is the owner's order, the default", async () => {
    const slug = SORTED_CATEGORY;
    expect((await allPages(slug, { sort: "featured" })).map((p) => p._id)).toEqual(ofCategory(slug).map((p) => p._id));
  });

  it("newest puts the product added last first", async () => {
    // The demo catalogue is added in one transaction: one product is made the newest by hand.
    const newest = ofCategory("men-formal-shoes").at(-2);
    await t.database.db.execute(
      sql`update products set created_at = now() + interval '1 minute' where id = ${newest?._id}`,
    );
    const [first] = (await listPage("men-formal-shoes", { sort: "newest", colours: [newest?.colour ?? ""] })).products;
    expect(first?._id).toBe(newest?._id);
  });
});

describe("sizes in stock follow the stock", () => {
  it("a size that sells out leaves the size filter, and comes back when restocked", async () => {
    const product = ofCategory("men-sports-shoes").find((p) => inStock(p, 44));
    if (!product) throw new Error("the demo catalogue has a sports shoe in size 44");
    // setStock writes the table behind the catalogue's back: each look asks a list not read
    // before (another sort), so no kept answer hides the change.
    const listed = async (sort: Sort) =>
      (await allPages("men-sports-shoes", { sizes: [44], sort })).some((p) => p._id === product._id);
    expect(await listed("featured")).toBe(true);
    await setStock(t, product._id, 44, 0);
    expect(await listed("price-asc")).toBe(false);
    await setStock(t, product._id, 44, 3);
    expect(await listed("price-desc")).toBe(true);
  });

  it("an order that takes the last pair takes the product off the size's list", async () => {
    const product = ofCategory("men-sandals-slippers").find((p) => inStock(p, 45));
    if (!product) throw new Error("the demo catalogue has a sandal in size 45");
    await setStock(t, product._id, 45, 1);
    const shopper = await makeShopper(t);
    const pick = { product: { id: product._id, discountPrice: product.discountPrice } as never, size: 45, quantity: 1 };
    const res = await placeOrder(t, shopper, orderBody(shopper, [pick]));
    expect(res.statusCode, res.body).toBe(201);
    const list = await allPages("men-sandals-slippers", { sizes: [45] });
    expect(list.some((p) => p._id === product._id)).toBe(false);
  });
});

describe("the sizes-in-stock masks (kept by a trigger, migrations 0004 and 0014)", () => {
  // Every product's mask against its stock rows, computed afresh.
  const wrongMasks = async () =>
    selectRowsAsserted<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from products p
          where p.sizes_in_stock <> coalesce((select bit_or(1 << (s.size - 37)) from product_sizes s
                                              where s.product_id = p.id and s.stock > 0), 0)`,
    );

  it("an order taking the last pairs of two sizes of one product, and a restock of both, keep every mask right", async () => {
    const product = ofCategory("women-heels-sandals").find((p) => inStock(p, 38) && inStock(p, 39));
    if (!product) throw new Error("the demo catalogue has a women's heel or sandal in sizes 38 and 39");
    await setStock(t, product._id, 38, 1);
    await setStock(t, product._id, 39, 2);
    expect(await wrongMasks()).toEqual([{ n: 0 }]);
    const shopper = await makeShopper(t);
    const pick = (size: number, quantity: number) => ({
      product: { id: product._id, discountPrice: product.discountPrice } as never,
      size,
      quantity,
    });
    const res = await placeOrder(t, shopper, orderBody(shopper, [pick(38, 1), pick(39, 2)]));
    expect(res.statusCode, res.body).toBe(201);
    expect(await wrongMasks()).toEqual([{ n: 0 }]);
    const listed = async (size: number, sort: Sort) =>
      (await allPages("women-heels-sandals", { sizes: [size], sort })).some((p) => p._id === product._id);
    expect(await listed(38, "newest")).toBe(false);
    expect(await listed(39, "newest")).toBe(false);
    // Both back in one statement, and a stock change that crosses no zero.
    await t.database.db.execute(
      sql`update product_sizes set stock = stock + 5 where product_id = ${product._id} and size in (38, 39, 40)`,
    );
    expect(await wrongMasks()).toEqual([{ n: 0 }]);
    expect(await listed(38, "discount")).toBe(true);
    expect(await listed(39, "discount")).toBe(true);
  });
});

describe("bad input", () => {
  it.each([
    ["colour=purple", /Unknown colour: purple\. Colours are: black, brown/],
    ["minPrice=6000&maxPrice=5000", /lowest price \(minPrice\) must not be above the highest/],
    ["size=47", /Sizes must be whole numbers from 37 to 46/],
    ["size=forty", /Sizes must be whole numbers from 37 to 46/],
    ["maxPrice=cheap", /maxPrice must be a whole number of rupees/],
    ["sort=cheapest", /Sort must be one of: featured, newest, price-asc, price-desc, discount/],
    ["sale=maybe", /sale takes 1/],
    ["page=0", /page must be a whole number from 1 to 10000/],
    ["colour=Black%20Shoes", /A colour is a palette name/],
  ])("%s is a 400 that says what to send", async (query, message) => {
    const res = await get(`/api/products?category=men-formal-shoes&${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.json<{ message: string }>().message).toMatch(message);
  });

  it("a page past the end is an empty page that still counts the list", async () => {
    const list = await listPage("men-formal-shoes", { page: 40 });
    expect(list).toMatchObject({ products: [], page: 40, hasMore: false });
    expect(list.total).toBe(ofCategory("men-formal-shoes").length);
  });
});

describe("list pages", () => {
  const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
  // A card on /buy/{size} carries its size (`?size=42`) so the product opens with it pressed.
  const shownIds = (html: string) =>
    [...html.matchAll(/href="\/products\/([0-9a-f-]{36})(?:\?size=\d+)?"/g)].map((m) => m[1]);

  it("a category page renders the filtered, sorted list the address names, with its count", async () => {
    const res = await get("/men/formal-shoes?colour=black&sort=price-desc");
    expect(res.statusCode).toBe(200);
    const expected = ofCategory("men-formal-shoes")
      .filter((p) => p.colour === "black")
      .sort((a, b) => b.discountPrice - a.discountPrice || b._id.localeCompare(a._id));
    expect(shownIds(res.body)).toEqual(expected.map((p) => p._id));
    expect(decode(res.body)).toContain(`${expected.length} shoes`);
  });

  it("a bad filter in the address renders the page with the message and a 400, not an error page", async () => {
    const res = await get("/men/formal-shoes?minPrice=9000&maxPrice=100");
    expect(res.statusCode).toBe(400);
    expect(decode(res.body)).toContain("The lowest price (minPrice) must not be above the highest (maxPrice).");
    expect(res.body).toContain("<h1");
  });

  it("/buy/{size} pages after 24 with links", async () => {
    const res = await get("/buy/42");
    expect(res.statusCode).toBe(200);
    expect(shownIds(res.body).length).toBe(LIST_PAGE_SIZE);
    expect(res.body).toContain('href="/buy/42?page=2"');
    const second = await get("/buy/42?page=2");
    expect(second.statusCode).toBe(200);
    const first = new Set(shownIds(res.body));
    for (const id of shownIds(second.body)) expect(first.has(id)).toBe(false);
  });

  it("a range of pages (what Load more leaves in the address) renders every page of it, in order", async () => {
    const pages = await Promise.all(["/buy/42", "/buy/42?page=2", "/buy/42?page=3"].map(get));
    const range = await get("/buy/42?page=1-3");
    expect(range.statusCode).toBe(200);
    expect(shownIds(range.body)).toEqual(pages.flatMap((page) => shownIds(page.body)));
    // Past the end the range stops at the last page.
    const past = await get("/buy/42?page=2-9");
    expect(shownIds(past.body)).toEqual([...shownIds(pages[1]?.body ?? ""), ...shownIds(pages[2]?.body ?? "")]);
  });

  it.each(["page=3-1", "page=1-11", "page=0-2", "page=1-2-3"])(
    "%s renders the page with a 400 and what to send",
    async (query) => {
      const res = await get(`/buy/42?${query}`);
      expect(res.statusCode).toBe(400);
      expect(decode(res.body)).toMatch(
        /page (takes a page number or a range of at most 10 pages|must be a whole number)/,
      );
      expect(shownIds(res.body)).toEqual([]);
    },
  );
});
