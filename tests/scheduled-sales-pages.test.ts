// Scheduled sales on the shop's pages (issue 51): the sale job's sweep at a sale's start and at its end
// changes the price on the very next view of every kept page (product, category, search) and API
// answer, and the product says "Sale ends in 4 days" while a sale that shows it is on. The sweeps are
// the job's own function (sweepAndTell) run at chosen instants, with the job's timer off, so nothing
// else moves a price. Needs the production build.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepAndTell } from "#server/promotions/sale-job.ts";
import type { Product, ProductAnswer, ProductDetail, ProductList } from "#shared/catalog.ts";
import { CATEGORIES, categoryBySlug } from "#shared/categories.ts";
import { formatRs } from "#shared/money.ts";
import { saleEndsInWords } from "#shared/sale-ends-in.ts";
import type { ScheduledSale } from "#shared/scheduled-sales.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { products } from "./support/shoppers.ts";

let t: TestApp;
beforeAll(async () => {
  // No sweeps of the job's own: the test's are the only ones.
  t = await createTestApp({ pages: true, env: { SALE_SWEEP_MS: "0" } });
});
afterAll(() => t?.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Karachi is UTC+5 all year (no daylight saving): its wall time to the minute, as the owner enters it. */
const karachiWallTime = (ms: number) => new Date(ms + 5 * HOUR).toISOString().slice(0, 16);
const instantOf = (wallTime: string) => new Date(`${wallTime}:00+05:00`);

const get = (url: string) => t.app.inject({ method: "GET", url });
const html = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  return res.body.replaceAll("&#x27;", "'");
};
const productOf = async (id: string): Promise<ProductDetail> =>
  (await get(`/api/products/${id}`)).json<ProductAnswer>().product;

describe("a scheduled sale on the pages", () => {
  it("shows its prices on the next view of every kept page at its start, the regular ones at its end, and 'Sale ends in' where asked", async () => {
    const [one, two] = await products(t, 2);
    if (!one || !two) throw new Error("no products");
    const shown = await productOf(one.id);
    const quiet = await productOf(two.id);
    // Prices no demo product has, so a page shows them only for these products on sale.
    const salePriceOne = shown.discountPrice - 7;
    const salePriceTwo = quiet.discountPrice - 13;
    const categoryPage = categoryBySlug(shown.category).path;
    const pages = [
      `/products/${one.id}`,
      categoryPage,
      `/search?query=${encodeURIComponent(shown.name)}`,
      `/products/${two.id}`,
    ];
    const apis = [
      `/api/products/${one.id}`,
      `/api/products?category=${shown.category}`,
      `/api/products/search?query=${encodeURIComponent(shown.name)}`,
    ];
    expect(shown.saleEndsAt).toBeNull();

    // Tomorrow, Karachi time, for three days: one sale says when it ends, the other does not.
    const startsAt = karachiWallTime(Date.now() + DAY);
    const endsAt = karachiWallTime(Date.now() + 4 * DAY);
    const admin = await makeAdmin(t);
    const window = { startsAt, endsAt };
    for (const [name, product, price, showEndsIn] of [
      ["Eid sale", one, salePriceOne, true],
      ["Quiet sale", two, salePriceTwo, false],
    ] as const) {
      const saved = await call(t, admin, "POST", "/api/admin/sales", {
        name,
        what: { scope: "products", productIds: [product.id] },
        how: { pricing: "price", price },
        ...window,
        showEndsIn,
      });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json<ScheduledSale>().state).toBe("scheduled");
    }

    // Before the start: the regular prices, viewed twice so the pages are kept.
    for (let view = 0; view < 2; view++) {
      for (const url of pages) expect(await html(url), url).not.toContain(formatRs(salePriceOne));
      for (const url of apis) expect((await get(url)).body, url).not.toContain(`"discountPrice":${salePriceOne}`);
    }
    expect(await html(`/products/${two.id}`)).not.toContain(formatRs(salePriceTwo));
    expect(t.app.pageCache.size.entries).toBeGreaterThan(0);

    // The start, as the job's tick on any instance sweeps it: the kept pages go at that moment.
    const start = await sweepAndTell(t.database.db, t.app.catalogChanges, new Date(instantOf(startsAt).getTime() + 1));
    expect(start.productIds.toSorted()).toEqual([one.id, two.id].toSorted());
    expect(t.app.pageCache.size.entries).toBe(0);

    const during = await html(`/products/${one.id}`);
    expect(during).toContain(formatRs(salePriceOne));
    // The words are counted at render, from the sale's end: four days less a minute at most from now.
    const onSale = await productOf(one.id);
    expect(onSale.discountPrice).toBe(salePriceOne);
    expect(onSale.saleEndsAt).toBe(instantOf(endsAt).toISOString());
    expect(saleEndsInWords(onSale.saleEndsAt ?? "", new Date())).toBe("Sale ends in 4 days");
    expect(during).toContain("Sale ends in 4 days");
    for (const url of pages.slice(1, 3)) expect(await html(url), url).toContain(formatRs(salePriceOne));
    for (const url of apis) expect((await get(url)).body, url).toContain(`"discountPrice":${salePriceOne}`);
    const listed = (await get(`/api/products?category=${shown.category}`)).json<ProductList>().products;
    expect(listed.find((p) => p._id === one.id)?.discountPrice).toBe(salePriceOne);
    const found = (await get(apis[2] ?? "")).json<Product[]>();
    expect(found.find((p) => p._id === one.id)?.discountPrice).toBe(salePriceOne);

    // The other sale's price is on, without the words its owner did not ask for.
    const quietPage = await html(`/products/${two.id}`);
    expect(quietPage).toContain(formatRs(salePriceTwo));
    expect(quietPage).not.toContain("Sale ends in");
    const quietOnSale = await productOf(two.id);
    expect(quietOnSale.discountPrice).toBe(salePriceTwo);
    expect(quietOnSale.saleEndsAt).toBeNull();

    // The end: the regular prices on the next view, and no words.
    for (const url of pages) await html(url);
    const end = await sweepAndTell(t.database.db, t.app.catalogChanges, new Date(instantOf(endsAt).getTime() + 1));
    expect(end.productIds.toSorted()).toEqual([one.id, two.id].toSorted());
    expect(t.app.pageCache.size.entries).toBe(0);
    const after = await html(`/products/${one.id}`);
    expect(after).not.toContain(formatRs(salePriceOne));
    expect(after).toContain(formatRs(shown.discountPrice));
    expect(after).not.toContain("Sale ends in");
    for (const url of pages) expect(await html(url), url).not.toContain(formatRs(salePriceOne));
    expect(await html(`/products/${two.id}`)).not.toContain(formatRs(salePriceTwo));
    for (const url of apis) expect((await get(url)).body, url).not.toContain(`"discountPrice":${salePriceOne}`);
    expect(await productOf(one.id)).toMatchObject({ discountPrice: shown.discountPrice, saleEndsAt: null });
    expect(await productOf(two.id)).toMatchObject({ discountPrice: quiet.discountPrice, saleEndsAt: null });
  });

  it("says when a category's sale ends on the products it lowered, not on one it left at its price", async () => {
    const slug = CATEGORIES.at(-1)?.slug;
    if (!slug) throw new Error("no categories");
    const listed = (await get(`/api/products?category=${slug}`)).json<ProductList>().products;
    const prices = listed.map((p) => p.discountPrice).toSorted((a, b) => a - b);
    const cheapest = listed.find((p) => p.discountPrice === prices[0]);
    const dearest = listed.find((p) => p.discountPrice === prices.at(-1));
    if (!cheapest || !dearest || cheapest.discountPrice === dearest.discountPrice) throw new Error("one price");
    // A new price between the two: it lowers the dearest, and a sale never raises the cheapest.
    const price = cheapest.discountPrice + 1;
    // Later than the other test's sales, whatever the order the tests run in.
    const startsAt = karachiWallTime(Date.now() + 10 * DAY);
    const endsAt = karachiWallTime(Date.now() + 12 * DAY);
    const admin = await makeAdmin(t);
    const saved = await call(t, admin, "POST", "/api/admin/sales", {
      name: "Category sale",
      what: { scope: "category", categorySlug: slug },
      how: { pricing: "price", price },
      startsAt,
      endsAt,
      showEndsIn: true,
    });
    expect(saved.statusCode, saved.body).toBe(201);

    const start = await sweepAndTell(t.database.db, t.app.catalogChanges, new Date(instantOf(startsAt).getTime() + 1));
    expect(start.productIds).toContain(dearest._id);
    expect(start.productIds).not.toContain(cheapest._id);
    expect(await productOf(dearest._id)).toMatchObject({
      discountPrice: price,
      saleEndsAt: instantOf(endsAt).toISOString(),
    });
    expect(await productOf(cheapest._id)).toMatchObject({ discountPrice: cheapest.discountPrice, saleEndsAt: null });
    expect(await html(`/products/${dearest._id}`)).toContain("Sale ends in");
    expect(await html(`/products/${cheapest._id}`)).not.toContain("Sale ends in");

    await sweepAndTell(t.database.db, t.app.catalogChanges, new Date(instantOf(endsAt).getTime() + 1));
    expect(await productOf(dearest._id)).toMatchObject({ discountPrice: dearest.discountPrice, saleEndsAt: null });
    expect(await html(`/products/${dearest._id}`)).not.toContain("Sale ends in");
  });
});
