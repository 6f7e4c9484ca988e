// The filters' lexemes (products.filter_vector, migration 0013) only narrow a search's gather:
// for every filter, the products whose lexemes match and that pass the exact conditions are
// exactly those that pass the exact conditions. A lexeme that left out a product would drop it
// from search results without a trace, so the boundaries (price buckets, a price that changes)
// are checked against the database's own rows.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchFilterSql } from "#server/catalog/search.ts";
import { filterLexemesQuery } from "#server/catalog/search-filter-lexemes.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { seedCategories, seedDemoCatalogue } from "#server/seed/seed.ts";
import { type ListFilters, NO_FILTERS } from "#shared/listing.ts";
import { openTestDatabase, type TestDatabase } from "./support/database.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedCategories(database.db);
  await seedDemoCatalogue(database.db);
});
afterAll(() => database?.close());

async function idsOf(filters: ListFilters, narrowed: boolean): Promise<string[]> {
  const lexemes = filterLexemesQuery(filters);
  const narrowing = narrowed && lexemes !== undefined ? sql` and q.filter_vector @@ ${lexemes}::tsquery` : sql``;
  const rows = await selectRowsAsserted<{ id: string }>(
    database.db,
    sql`select q.id from products q where ${searchFilterSql(filters)}${narrowing} order by q.id`,
  );
  return rows.map((r) => r.id);
}

async function expectOnlyNarrows(filters: ListFilters) {
  const exact = await idsOf(filters, false);
  expect(await idsOf(filters, true), JSON.stringify(filters)).toEqual(exact);
  return exact;
}

const filtersOf = (partial: Partial<ListFilters>): ListFilters => ({ ...NO_FILTERS, ...partial });

describe("search filter lexemes", () => {
  it("leave out nothing that passes the filters", async () => {
    const cases: Partial<ListFilters>[] = [
      { colours: ["black"] },
      { colours: ["black", "brown", "maroon"] },
      { maxPrice: 4999 },
      { maxPrice: 5000 },
      { maxPrice: 5001 },
      { minPrice: 5000 },
      { minPrice: 3000, maxPrice: 6000 },
      { minPrice: 6000, maxPrice: 3000 },
      { minPrice: 25_000 },
      { colours: ["black"], sizes: [42], maxPrice: 8000, onSale: true, gender: "men" },
    ];
    for (const partial of cases) expect(filterLexemesQuery(filtersOf(partial)), JSON.stringify(partial)).toBeDefined();
    let found = 0;
    for (const partial of cases) found += (await expectOnlyNarrows(filtersOf(partial))).length;
    expect(found).toBeGreaterThan(0);
  });

  it("are absent for the filters that hold most of the catalogue", () => {
    const broad: Partial<ListFilters>[] = [
      { sizes: [42] },
      { onSale: true },
      { gender: "women" },
      { minPrice: 0, maxPrice: 1_000_000 },
    ];
    for (const partial of broad)
      expect(filterLexemesQuery(filtersOf(partial)), JSON.stringify(partial)).toBeUndefined();
  });

  it("follow the price as it changes", async () => {
    const [product] = await selectRowsAsserted<{ id: string; price: number }>(
      database.db,
      sql`select p.id, p.price from products p where p.price > 2000 order by p.id limit 1`,
    );
    if (!product) throw new Error("the demo catalogue has a product over Rs. 2,000");
    await database.db.execute(sql`update products set discount_price = 999 where id = ${product.id}`);
    expect(await expectOnlyNarrows(filtersOf({ maxPrice: 999, onSale: true }))).toContain(product.id);
    await database.db.execute(sql`update products set discount_price = price where id = ${product.id}`);
    expect(await expectOnlyNarrows(filtersOf({ minPrice: product.price, maxPrice: product.price }))).toContain(
      product.id,
    );
    expect(await expectOnlyNarrows(filtersOf({ onSale: true }))).not.toContain(product.id);
  });

  it("never match a word, so the vectors joined with them answer a word's search exactly", async () => {
    // Every word and every word being typed (a prefix) finds the same products on the joined
    // vectors (the gather's index, migration 0013) as on the words' own.
    const prefixes = [..."abcdefghijklmnopqrstuvwxyz0123456789"].map((c) => `${c}:*`);
    for (const query of [...prefixes, "sale", "black", "p", "c"]) {
      const [row] = await selectRowsAsserted<{ name: number; joined: number; search: number; searchJoined: number }>(
        database.db,
        sql`select count(*) filter (where name_vector @@ ${query}::tsquery)::int as name,
                   count(*) filter (where (name_vector || filter_vector) @@ ${query}::tsquery)::int as joined,
                   count(*) filter (where search_vector @@ ${query}::tsquery)::int as search,
                   count(*) filter (where (search_vector || filter_vector) @@ ${query}::tsquery)::int as "searchJoined"
            from products`,
      );
      expect(row?.joined, query).toBe(row?.name);
      expect(row?.searchJoined, query).toBe(row?.search);
    }
  });
});
