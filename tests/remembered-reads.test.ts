// The catalogue reads pages make, remembered for a second (server/catalog/remembered-reads.ts,
// issue 35): the same read answers every page until a change is published or the second is up,
// a failed read is not kept, and the entries stay within their bound. Against the real catalogue
// service on a real database; the counts are of calls that reach it.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalCatalogChanges } from "#server/catalog/changes.ts";
import { rememberCatalogReads } from "#server/catalog/remembered-reads.ts";
import { type CatalogService, createCatalogService } from "#server/catalog/service.ts";
import { products } from "#server/db/schema.ts";
import { DEFAULT_LIST_QUERY } from "#shared/listing.ts";
import { createTestApp, type TestApp } from "./support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const CATEGORY = { category: "men-formal-shoes" } as const;

/** The real service, with the calls that reach it counted by method. */
function counted(catalog: CatalogService) {
  const calls: Record<string, number> = {};
  const count = <A extends unknown[], R>(name: string, read: (...args: A) => Promise<R>) => {
    return (...args: A) => {
      calls[name] = (calls[name] ?? 0) + 1;
      return read(...args);
    };
  };
  const service: CatalogService = {
    ...catalog,
    getProduct: count("getProduct", catalog.getProduct),
    list: count("list", catalog.list),
    colours: count("colours", catalog.colours),
  };
  return { service, calls };
}

function setUp(ttlMs = 1_000, maxEntries = 300) {
  let clock = 5_000_000;
  const changes = createLocalCatalogChanges();
  const { service, calls } = counted(createCatalogService(t.database.db, { changes }));
  const remembered = rememberCatalogReads(service, changes, { ttlMs, maxEntries, now: () => clock });
  return { remembered, calls, changes, tick: (ms: number) => (clock += ms) };
}

describe("remembered catalogue reads", () => {
  it("answer the same read from memory until the second is up, and share one in flight", async () => {
    const { remembered, calls, tick } = setUp();
    const [first, second] = await Promise.all([
      remembered.list(CATEGORY, DEFAULT_LIST_QUERY),
      remembered.list(CATEGORY, DEFAULT_LIST_QUERY),
    ]);
    expect(first.products.length).toBeGreaterThan(0);
    expect(second).toBe(first);
    tick(999);
    expect(await remembered.list(CATEGORY, DEFAULT_LIST_QUERY)).toBe(first);
    expect(calls.list).toBe(1);
    // Another query is another read.
    await remembered.list(CATEGORY, { ...DEFAULT_LIST_QUERY, sort: "price-asc" });
    expect(calls.list).toBe(2);
    tick(1);
    const again = await remembered.list(CATEGORY, DEFAULT_LIST_QUERY);
    expect(calls.list).toBe(3);
    expect(again).toEqual(first);
  });

  it("drop a product's own entry on its change, and every list on any change", async () => {
    const { remembered, calls, changes } = setUp();
    const list = await remembered.list(CATEGORY, DEFAULT_LIST_QUERY);
    const [one, two] = list.products;
    if (!one || !two) throw new Error("the category has fewer than two products");
    await remembered.getProduct(one._id);
    await remembered.getProduct(two._id);
    await t.database.db.update(products).set({ price: 9_876 }).where(eq(products.id, one._id));

    changes.publish({ productIds: [one._id] });
    expect((await remembered.getProduct(one._id))?.price).toBe(9_876);
    await remembered.getProduct(two._id);
    expect(calls.getProduct).toBe(3);
    expect((await remembered.list(CATEGORY, DEFAULT_LIST_QUERY)).products[0]?.price).toBe(9_876);
    expect(calls.list).toBe(2);
    await t.database.db.update(products).set({ price: one.price }).where(eq(products.id, one._id));
  });

  it("do not keep a read that failed, and keep at most maxEntries", async () => {
    const { remembered, calls } = setUp(1_000, 2);
    await expect(remembered.list(CATEGORY, { ...DEFAULT_LIST_QUERY, colours: ["no-such-colour"] })).rejects.toThrow();
    await expect(remembered.list(CATEGORY, { ...DEFAULT_LIST_QUERY, colours: ["no-such-colour"] })).rejects.toThrow();
    expect(calls.list).toBe(2);
    await remembered.colours();
    await remembered.list(CATEGORY, DEFAULT_LIST_QUERY);
    await remembered.list(CATEGORY, { ...DEFAULT_LIST_QUERY, page: 2 });
    expect(remembered.size).toBe(2);
    // The palette, the least recently used, went first.
    await remembered.colours();
    expect(calls.colours).toBe(2);
  });

  it("ask the database for the palette once for the life of the process, however often it is awaited", async () => {
    const { remembered } = setUp();
    const palette = await remembered.colours();
    expect(palette.length).toBeGreaterThan(5);
    // A read that reached the database now would fail: the table is not where it was.
    await t.database.db.execute(sql`alter table colours rename to colours_away`);
    try {
      for (let i = 0; i < 3; i++) expect(await remembered.colours()).toEqual(palette);
      await expect(t.database.db.execute(sql`select 1 from colours`)).rejects.toThrow();
    } finally {
      await t.database.db.execute(sql`alter table colours_away rename to colours`);
    }
  });
});
