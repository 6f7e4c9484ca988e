// Shop by size knows the gender (issue 14): the size API and /buy/{size} narrow to men or women,
// /men and /women lead to their own gender's shoes and offer only the sizes it has in stock, and
// the cards of /buy/{size} tell the stock of that size. Pages need the production build.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalCatalogChanges } from "#server/catalog/changes.ts";
import { createCatalogService, SIZES_IN_STOCK_TTL_MS } from "#server/catalog/service.ts";
import { productSizes } from "#server/db/schema.ts";
import type { Product, ProductList } from "#shared/catalog.ts";
import { CATEGORY_SLUGS, categoryBySlug, type Gender } from "#shared/categories.ts";
import { LIST_PAGE_SIZE } from "#shared/listing.ts";
import { SIZES } from "#shared/sizes.ts";
import { createTestApp, type TestApp } from "./support/app.ts";

let t: TestApp;
/** The whole demo catalogue, read through the category lists (each category fits one page). */
let catalogue: Product[];
beforeAll(async () => {
  t = await createTestApp({ pages: true });
  const lists = await Promise.all(
    CATEGORY_SLUGS.map((slug) => t.app.inject({ url: `/api/products?category=${slug}` })),
  );
  catalogue = lists.flatMap((res) => res.json<ProductList>().products);
  expect(lists.every((res) => !res.json<ProductList>().hasMore)).toBe(true);
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: "GET", url });

/** Every page of the size API (24 a page) for one address. */
async function allPages(url: string): Promise<Product[]> {
  const products: Product[] = [];
  for (let page = 1; ; page++) {
    const res = await get(`${url}&page=${page}`);
    expect(res.statusCode).toBe(200);
    const batch = res.json<Product[]>();
    products.push(...batch);
    if (batch.length < LIST_PAGE_SIZE) return products;
  }
}
const genderOf = (product: Product) => categoryBySlug(product.category).gender;
const stockIn = (product: Product, size: number) => product.sizes.find((s) => s.size === size)?.stock ?? 0;
const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');

/** What the catalogue itself says a gender has in a size: the ids, in no particular order. */
function expectedIds(size: number, gender?: Gender): string[] {
  return catalogue
    .filter((p) => stockIn(p, size) > 0 && (!gender || genderOf(p) === gender))
    .map((p) => p._id)
    .sort();
}

function sizesWithStock(gender: Gender): number[] {
  return SIZES.filter((size) => expectedIds(size, gender).length > 0);
}

describe("GET /api/products/size with and without gender", () => {
  it("without a gender lists both genders' shoes in the size", async () => {
    const products = await allPages("/api/products/size?size=41");
    expect(products.map((p) => p._id).sort()).toEqual(expectedIds(41));
    expect(new Set(products.map(genderOf))).toEqual(new Set(["men", "women"]));
    for (const p of products) expect(stockIn(p, 41)).toBeGreaterThan(0);
  });

  it.each(["men", "women"] as const)(
    "with gender=%s lists exactly that gender's shoes in stock in the size",
    async (gender) => {
      for (const size of [39, 41]) {
        const products = await allPages(`/api/products/size?size=${size}&gender=${gender}`);
        const expected = expectedIds(size, gender);
        expect(expected.length, `${gender} ${size}`).toBeGreaterThan(0);
        expect(products.map((p) => p._id).sort()).toEqual(expected);
        for (const p of products) expect(genderOf(p)).toBe(gender);
      }
    },
  );

  it("answers an empty list for a size the gender has none of", async () => {
    const missing = SIZES.find((size) => expectedIds(size, "men").length === 0);
    expect(missing, "the demo catalogue has a size without men's stock").toBeDefined();
    const res = await get(`/api/products/size?size=${missing}&gender=men`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("carries each product's stock per size, the size asked for included", async () => {
    const products = await allPages("/api/products/size?size=42&gender=women");
    const byId = new Map(catalogue.map((p) => [p._id, p]));
    for (const p of products) expect(p.sizes).toEqual(byId.get(p._id)?.sizes);
  });

  it.each(["gender=kids", "gender=", "gender=MEN", "gender=men,women", "gender=men&gender=women"])(
    "refuses %s with a 400 that names the genders",
    async (query) => {
      const res = await get(`/api/products/size?size=42&${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.headers["content-type"]).toContain("application/json");
      expect(res.json()).toEqual({
        message: "Gender must be one of: men, women.",
        fields: { gender: "Gender must be one of: men, women." },
      });
    },
  );
});

describe("/buy/{size}?gender=", () => {
  it.each([
    [undefined, "Shoes in Size 42", "All"],
    ["men", "Men's Shoes in Size 42", "Men"],
    ["women", "Women's Shoes in Size 42", "Women"],
  ] as const)("gender %s: heading, the active choice and only that gender's shoes", async (gender, title, active) => {
    const res = await get(gender ? `/buy/42?gender=${gender}` : "/buy/42");
    expect(res.statusCode).toBe(200);
    const html = decode(res.body);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    const current = [...html.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]);
    expect(current).toContain(active);
    for (const [choice, href] of [
      ["All", "/buy/42"],
      ["Men", "/buy/42?gender=men"],
      ["Women", "/buy/42?gender=women"],
    ]) {
      expect(html).toContain(`href="${href}"`);
      if (choice !== active) expect(current).not.toContain(choice);
    }
    const shown = [...html.matchAll(/href="\/products\/([0-9a-f-]{36})(?:\?size=\d+)?"/g)].map((m) => m[1]);
    const expected = expectedIds(42, gender);
    // The page shows the first page of 24, in catalogue order.
    expect(shown.length).toBe(Math.min(LIST_PAGE_SIZE, expected.length));
    for (const id of shown) expect(expected).toContain(id);
    if (gender) expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/buy/42?gender=${gender}"/>`);
  });

  it("answers 404 for an unknown gender", async () => {
    const res = await get("/buy/42?gender=kids");
    expect(res.statusCode).toBe(404);
  });

  it("says when a gender has no shoes in the size", async () => {
    const missing = SIZES.find((size) => expectedIds(size, "men").length === 0);
    const html = decode((await get(`/buy/${missing}?gender=men`)).body);
    expect(html).toContain(`Sorry, men's shoes of size ${missing} are currently out of stock.`);
  });

  it("cards tell the stock of the size, not of the product", async () => {
    // One men's shoe in size 43 runs low; a page not asked for before, so no cached answer is stale.
    const [low, ...rest] = catalogue.filter((p) => genderOf(p) === "men" && stockIn(p, 43) > 3);
    expect(low).toBeDefined();
    await t.database.db
      .update(productSizes)
      .set({ stock: 2 })
      .where(and(eq(productSizes.productId, low?._id ?? ""), eq(productSizes.size, 43)));
    const html = decode((await get("/buy/43?gender=men")).body);
    const card = (id: string) => {
      const start = html.indexOf(`href="/products/${id}?size=43"`);
      return html.slice(start, html.indexOf("</article>", start));
    };
    expect(card(low?._id ?? "")).toContain("Only 2 left in size 43");
    const plenty = rest.find((p) => html.includes(`/products/${p._id}?size=43"`));
    expect(plenty).toBeDefined();
    expect(card(plenty?._id ?? "")).toContain("In stock in size 43");
    expect(html).not.toMatch(/>In stock</);
  });
});

describe("shop by size on /men and /women", () => {
  it.each(["men", "women"] as const)(
    "/%s links each size to that gender's shoes and crosses out the rest",
    async (gender) => {
      const html = decode((await get(`/${gender}`)).body);
      const section = html.slice(
        html.indexOf('id="shop-by-size"'),
        html.indexOf("</section>", html.indexOf('id="shop-by-size"')),
      );
      const offered = [...section.matchAll(/href="\/buy\/(\d+)\?gender=(\w+)"/g)];
      expect(offered.every((m) => m[2] === gender)).toBe(true);
      const inStock = sizesWithStock(gender);
      expect(inStock.length).toBeLessThan(SIZES.length);
      expect(offered.map((m) => Number(m[1]))).toEqual(inStock);
      for (const size of SIZES.filter((s) => !inStock.includes(s))) {
        expect(section).toContain(`<s>${size}</s>`);
      }
      expect(section).not.toMatch(/href="\/buy\/\d+"/);
    },
  );

  it("the home page keeps every size, for both genders", async () => {
    const html = (await get("/")).body;
    const section = html.slice(
      html.indexOf('id="shop-by-size"'),
      html.indexOf("</section>", html.indexOf('id="shop-by-size"')),
    );
    expect([...section.matchAll(/href="\/buy\/(\d+)"/g)].map((m) => Number(m[1]))).toEqual([...SIZES]);
  });
});

describe("the sizes a gender has in stock", () => {
  it("come from the stock, and a change shows once the kept answer expires", async () => {
    let clock = 1_000_000;
    const catalog = createCatalogService(t.database.db, { now: () => clock });
    expect(await catalog.sizesInStock("men")).toEqual(sizesWithStock("men"));
    expect(await catalog.sizesInStock("women")).toEqual(sizesWithStock("women"));

    // Every women's pair of size 37 sells.
    const women37 = catalogue.filter((p) => genderOf(p) === "women" && stockIn(p, 37) > 0);
    for (const p of women37) {
      await t.database.db
        .update(productSizes)
        .set({ stock: 0 })
        .where(and(eq(productSizes.productId, p._id), eq(productSizes.size, 37)));
    }
    clock += SIZES_IN_STOCK_TTL_MS - 1;
    expect(await catalog.sizesInStock("women")).toContain(37);
    clock += 1;
    expect(await catalog.sizesInStock("women")).toEqual(sizesWithStock("women").filter((size) => size !== 37));
    expect(await catalog.sizesInStock("men")).toEqual(sizesWithStock("men"));
  });

  it("are read again at once when the catalogue changes (a sale, a restock), long before they expire", async () => {
    const clock = 2_000_000;
    const changes = createLocalCatalogChanges();
    const catalog = createCatalogService(t.database.db, { now: () => clock, changes });
    const women38 = catalogue.filter((p) => genderOf(p) === "women" && stockIn(p, 38) > 0);
    expect(await catalog.sizesInStock("women")).toContain(38);
    for (const p of women38) {
      await t.database.db
        .update(productSizes)
        .set({ stock: 0 })
        .where(and(eq(productSizes.productId, p._id), eq(productSizes.size, 38)));
    }
    // The clock stands still: only the change can make the answer new.
    expect(await catalog.sizesInStock("women")).toContain(38);
    changes.publish({ productIds: women38.map((p) => p._id) });
    expect(await catalog.sizesInStock("women")).not.toContain(38);
  });
});
