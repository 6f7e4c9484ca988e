// Query plans at catalogue scale: every statement the catalogue service runs for a category page,
// a size page or a search is run again under EXPLAIN ANALYZE on a generated catalogue of 30,000
// products, and no plan may read a catalogue table whole (no sequential scan) or read more rows
// than its page needs. Counts of rows, not milliseconds: the same on a busy machine.
// PostgreSQL only: the planner's choices are what is tested, and PGlite would need minutes to
// generate the catalogue; `npm run bench` measures the same catalogue at 100,000 on both.
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCatalogService } from "#server/catalog/service.ts";
import type { Db } from "#server/db/client.ts";
import { seedCategories, seedDemoCatalogue } from "#server/db/seed/seed.ts";
import { generateCatalogue } from "../../scripts/generate-catalogue.ts";
import { openTestDatabase, type TestDatabase } from "../support/database.ts";

const GENERATED = 30_000;
const CATALOGUE_TABLES = new Set(["products", "product_sizes", "product_images"]);

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
}

/** Rows a plan's scans touched, and its sequential scans of catalogue tables. */
function summarise(plan: PlanNode): { rowsRead: number; seqScans: string[] } {
  let rowsRead = 0;
  const seqScans: string[] = [];
  const visit = (node: PlanNode) => {
    if (node["Node Type"].includes("Scan") && node["Relation Name"]) {
      const removed = (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0);
      rowsRead += (node["Actual Rows"] + removed) * node["Actual Loops"];
      if (node["Node Type"] === "Seq Scan" && CATALOGUE_TABLES.has(node["Relation Name"])) {
        seqScans.push(node["Relation Name"]);
      }
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(plan);
  return { rowsRead, seqScans };
}

interface Explained {
  statement: string;
  rowsRead: number;
  seqScans: string[];
}

/**
 * The real database, but every statement is also run under EXPLAIN ANALYZE and its plan kept.
 * The service runs unchanged on it: the plans are those of the statements it really sends.
 */
function explaining(db: Db, plans: Explained[]): Db {
  const dialect = new PgDialect();
  const wrap = (target: Db): Db =>
    new Proxy(target, {
      get(object, property, receiver) {
        if (property === "execute") {
          return async (query: SQL) => {
            const result = (await object.execute(sql`explain (analyze, format json) ${query}`)) as unknown as {
              rows: { "QUERY PLAN": [{ Plan: PlanNode }] }[];
            };
            const plan = result.rows[0]?.["QUERY PLAN"][0].Plan;
            if (plan) plans.push({ statement: dialect.sqlToQuery(query).sql, ...summarise(plan) });
            return object.execute(query);
          };
        }
        if (property === "transaction") {
          return (run: (tx: Db) => Promise<unknown>) => object.transaction((tx) => run(wrap(tx as unknown as Db)));
        }
        return Reflect.get(object, property, receiver);
      },
    });
  return wrap(db);
}

const onServer = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onServer)(`catalogue query plans at ${GENERATED.toLocaleString("en-US")} products`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCategories(database.db);
    await seedDemoCatalogue(database.db);
    await generateCatalogue(database.db, { count: GENERATED });
  }, 120_000);
  afterAll(() => database?.close());

  async function plansOf(action: (catalog: ReturnType<typeof createCatalogService>) => Promise<unknown>) {
    const plans: Explained[] = [];
    await action(createCatalogService(explaining(database.db, plans)));
    expect(plans.length).toBeGreaterThan(0);
    return plans;
  }

  function expectBounded(plans: Explained[], maxRowsRead: number) {
    for (const plan of plans) {
      expect(plan.seqScans, plan.statement).toEqual([]);
      expect(plan.rowsRead, plan.statement).toBeLessThanOrEqual(maxRowsRead);
    }
  }

  it.each([1, 20])("a category page (page %i) reads only that page", async (page) => {
    const plans = await plansOf(async (catalog) => {
      const list = await catalog.listCategory("men-formal-shoes", page);
      expect(list.products.length).toBe(48);
    });
    // The index-only walk past earlier pages, then the page's own rows with their images and sizes.
    expectBounded(plans, page * 49 + 49 * 20);
  });

  it.each([1, 5])("a size page (page %i) walks each category only as far as the page needs", async (page) => {
    const plans = await plansOf(async (catalog) => {
      const products = await catalog.listBySize(42, page);
      expect(products.length).toBe(48);
    });
    expectBounded(plans, 10 * 3 * page * 48 + 48 * 20);
  });

  it.each([
    ["men", 1],
    ["men", 5],
    ["women", 1],
    ["women", 5],
  ] as const)("a size page of %s (page %i) walks only that gender's categories, by index", async (gender, page) => {
    const plans = await plansOf(async (catalog) => {
      const products = await catalog.listBySize(42, page, gender);
      expect(products.length).toBe(48);
    });
    // Five categories instead of ten: at most half the rows of the page of both genders.
    expectBounded(plans, 5 * 3 * page * 48 + 48 * 20);
  });

  it("the sizes each gender has in stock are read by index, and once for both genders", async () => {
    const plans = await plansOf(async (catalog) => {
      expect(await catalog.sizesInStock("men")).toEqual([39, 40, 41, 42, 43, 44, 45, 46]);
      expect(await catalog.sizesInStock("women")).toEqual([37, 38, 39, 40, 41, 42]);
    });
    // One read for both genders. A size a gender lacks walks its categories whole (the service
    // keeps the answer a minute for that), but through the indexes, never the tables.
    expect(plans.length).toBe(1);
    for (const plan of plans) expect(plan.seqScans, plan.statement).toEqual([]);
  });

  it.each([
    ["heel", true],
    ["chapal", true],
    ["black loafer", true],
    ["tilla", true],
    ["festive", true],
    ["women sandals", true],
    ["peshawari heel", false],
    ["zzqq", false],
  ])("search '%s' reads a bounded share of the catalogue", async (query, found) => {
    const plans = await plansOf(async (catalog) => {
      const products = await catalog.search(query);
      expect(products.length > 0, query).toBe(found);
    });
    // The capped walk (2,000 rows), and only when it came up short a gather of that tier's matches,
    // which are then fewer than 48 in 2,000 (720 at this size): never the catalogue, never both
    // in full. A gather run after a walk that was enough would read 3,000 rows for 'heel' alone.
    expectBounded(plans, 3_000);
  });
});
