// The filters' lexemes (products.filter_vector, migration 0012) only narrow a search's gather:
// for every filter, the products whose lexemes match and that pass the exact conditions are
// exactly those that pass the exact conditions. A lexeme that left out a product would drop it
// from search results without a trace, so the boundaries (price buckets, sizes coming back into
// stock) are checked against the database's own rows.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchFilterSql } from "#server/catalog/search.ts";
import { filterLexemesQuery } from "#server/catalog/search-filter-lexemes.ts";
import { selectRows } from "#server/db/rows.ts";
import { seedCategories, seedDemoCatalogue } from "#server/db/seed/seed.ts";
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
  const rows = await selectRows<{ id: string }>(
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
      { sizes: [37] },
      { sizes: [42, 46] },
      { sizes: [36] },
      { onSale: true },
      { gender: "men" },
      { gender: "women" },
      { maxPrice: 4999 },
      { maxPrice: 5000 },
      { maxPrice: 5001 },
      { minPrice: 5000 },
      { minPrice: 3000, maxPrice: 6000 },
      { minPrice: 6000, maxPrice: 3000 },
      { minPrice: 0, maxPrice: 1_000_000 },
      { minPrice: 25_000 },
      { colours: ["black"], sizes: [42], maxPrice: 8000, onSale: true, gender: "men" },
    ];
    let found = 0;
    for (const partial of cases) found += (await expectOnlyNarrows(filtersOf(partial))).length;
    expect(found).toBeGreaterThan(0);
  });

  it("follow the stock and the price as they change", async () => {
    const [product] = await selectRows<{ id: string; price: number }>(
      database.db,
      sql`select p.id, p.price from products p join product_sizes s on s.product_id = p.id and s.size = 42
          where s.stock > 0 order by p.id limit 1`,
    );
    if (!product) throw new Error("the demo catalogue has a product in stock in size 42");
    const size42 = filtersOf({ sizes: [42] });
    await database.db.execute(sql`update product_sizes set stock = 0 where product_id = ${product.id} and size = 42`);
    expect(await expectOnlyNarrows(size42)).not.toContain(product.id);
    await database.db.execute(sql`update product_sizes set stock = 3 where product_id = ${product.id} and size = 42`);
    expect(await expectOnlyNarrows(size42)).toContain(product.id);

    await database.db.execute(sql`update products set discount_price = 999 where id = ${product.id}`);
    expect(await expectOnlyNarrows(filtersOf({ maxPrice: 999, onSale: true }))).toContain(product.id);
    await database.db.execute(sql`update products set discount_price = price where id = ${product.id}`);
    expect(await expectOnlyNarrows(filtersOf({ minPrice: product.price, maxPrice: product.price }))).toContain(
      product.id,
    );
    expect(await expectOnlyNarrows(filtersOf({ onSale: true }))).not.toContain(product.id);
  });
});
