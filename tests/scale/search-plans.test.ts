// Query plans of search at catalogue scale: every statement the search sends (the words' look-up,
// each ranking tier, the dropped-word checks, the page's rows) is run again under EXPLAIN ANALYZE
// on 30,000 generated products, with the list filters read from the text and from the address.
// No plan may read a catalogue table whole (no sequential scan) or read more rows than a walk and
// a tier's gather can (decisions 006 and 012). PostgreSQL only, like catalog-plans.test.ts.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCatalogService } from "#server/catalog/service.ts";
import { seedCategories, seedDemoCatalogue } from "#server/seed/seed.ts";
import { seedSynonyms } from "#server/seed/synonyms.ts";
import { DEFAULT_LIST_QUERY, type ListQuery } from "#shared/listing.ts";
import { generateCatalogue } from "../../scripts/generate-catalogue.ts";
import { openTestDatabase, type TestDatabase } from "../support/database.ts";
import { type Explained, explaining } from "../support/plans.ts";

const GENERATED = 30_000;
/**
 * The most rows one statement may read: the capped walk (1,000 rows of the catalogue order), its
 * further walk when the first found matches but too few (11,000 more), and, when the walks came up
 * short (the filters are narrow), the gather of one tier's matches from its GIN index: at most the
 * products named for the broadest noun ('loafers', 'sneakers': about 15% of the generated
 * catalogue), fewer when the filters' own index narrows it (migration 0012). Bounded by how common
 * a word is, never the whole catalogue.
 */
const MAX_ROWS_PER_STATEMENT = 1_000 + 11_000 + 0.15 * GENERATED;

const onServer = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onServer)(`search query plans at ${GENERATED.toLocaleString("en-US")} products`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCategories(database.db);
    await seedSynonyms(database.db);
    await seedDemoCatalogue(database.db);
    await generateCatalogue(database.db, { count: GENERATED });
    await database.db.execute(sql`vacuum analyze products`);
  }, 180_000);
  afterAll(() => database?.close());

  async function plansOf(action: (catalog: ReturnType<typeof createCatalogService>) => Promise<unknown>) {
    const plans: Explained[] = [];
    // The ranking statements are explained as the search pool plans them: once, for any words.
    const searchDb = explaining(database.db, plans, { generic: true });
    await action(createCatalogService(explaining(database.db, plans), { searchDb }));
    expect(plans.length).toBeGreaterThan(0);
    return plans;
  }

  function expectBounded(plans: Explained[]) {
    for (const plan of plans) {
      expect(plan.seqScans, plan.statement).toEqual([]);
      expect(plan.rowsRead, plan.statement).toBeLessThanOrEqual(MAX_ROWS_PER_STATEMENT);
    }
  }

  const cases: [string, Partial<ListQuery>, boolean][] = [
    ["heel", {}, true],
    ["heels 38", {}, true],
    ["black loafers", {}, true],
    ["sneakers under 5000", {}, true],
    ["ladies sandals 38", {}, true],
    ["gents chappal 42 5000 se kam", {}, true],
    ["kala khussa 38", {}, true],
    ["chapal", { sizes: [42], maxPrice: 4000 }, true],
    ["tilla khussa", { sizes: [37], colours: ["maroon"] }, true],
    ["trainers", { onSale: true, minPrice: 3000, maxPrice: 6000, gender: "women" }, true],
    ["heel", { sort: "price-asc" }, true],
    ["loafers", { sort: "newest", page: 3 }, true],
    ["peshawari heel", {}, true],
    ["zzqq heels", {}, true],
    ["zzqq", {}, false],
  ];

  it.each(cases)("search '%s' with %j reads a bounded share of the catalogue", async (text, list, found) => {
    const plans = await plansOf(async (catalog) => {
      const page = await catalog.searchPage(text, { ...DEFAULT_LIST_QUERY, ...list });
      expect(page.total > 0, `${text}: ${page.total}`).toBe(found);
    });
    expectBounded(plans);
    // Its ranking statements were among them, explained as planned once for any words.
    expect(plans.some((plan) => plan.generic)).toBe(found);
    // A search is a handful of statements whatever the catalogue: the look-ups, up to five tiers
    // (twice when words are dropped, with a check per word), the page's rows.
    expect(plans.length).toBeLessThanOrEqual(20);
    // And none is asked twice ('peshawari heel': the check that all the words together find
    // nothing was made again as the first of the dropped-word checks).
    const sent = plans.map((p) => `${p.statement} ${p.params}`);
    expect(sent.filter((s, i) => sent.indexOf(s) !== i)).toEqual([]);
  });

  it("a text of filters alone ('kala joota 42', instant 'kala') is the catalogue's list: its indexes only", async () => {
    const plans = await plansOf(async (catalog) => {
      const page = await catalog.searchPage("kala joota 42", DEFAULT_LIST_QUERY);
      expect(page.words).toEqual([]);
      expect(page.products.length).toBe(24);
      expect((await catalog.instant("kala")).products).toHaveLength(5);
    });
    for (const plan of plans) {
      expect(plan.seqScans, plan.statement).toEqual([]);
      // The list's count reads the catalogue's index entries once (as a size page does).
      expect(plan.rowsRead, plan.statement).toBeLessThanOrEqual(GENERATED + 100 + 24 * 20);
    }
  });

  it.each(["sn", "heel", "peshawari ch"])("instant results for '%s' are bounded too", async (text) => {
    const plans = await plansOf(async (catalog) => {
      const results = await catalog.instant(text);
      expect(results.products.length).toBeGreaterThan(0);
      expect(results.products.length).toBeLessThanOrEqual(5);
    });
    expectBounded(plans);
  });
});
