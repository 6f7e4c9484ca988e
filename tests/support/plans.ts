// EXPLAIN ANALYZE of every statement a service sends (tests/scale): the rows each plan's scans
// read, its sequential scans of catalogue tables, and its reads of the products table other than
// from an index alone or of single rows by primary key. Counts of rows, not milliseconds.
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";

const CATALOGUE_TABLES = new Set(["products", "product_sizes", "product_images"]);

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  "Index Name"?: string;
  "Heap Fetches"?: number;
  Plans?: PlanNode[];
}

export interface Explained {
  statement: string;
  /** Its parameters, as JSON: with the text, what tells two sends of the same statement apart. */
  params: string;
  rowsRead: number;
  seqScans: string[];
  productHeapReads: string[];
}

function summarise(plan: PlanNode): Omit<Explained, "statement" | "params"> {
  let rowsRead = 0;
  const seqScans: string[] = [];
  const productHeapReads: string[] = [];
  const visit = (node: PlanNode) => {
    if (node["Relation Name"] === "products" && node["Index Name"] !== "products_pkey") {
      const indexOnly = node["Node Type"] === "Index Only Scan" && (node["Heap Fetches"] ?? 0) === 0;
      if (!indexOnly) productHeapReads.push(`${node["Node Type"]} ${node["Index Name"] ?? ""}`.trim());
    }
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
  return { rowsRead, seqScans, productHeapReads };
}

/** The real database, but every statement is also run under EXPLAIN ANALYZE and its plan kept. */
export function explaining(db: Db, plans: Explained[]): Db {
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
            const { sql: statement, params } = dialect.sqlToQuery(query);
            if (plan) plans.push({ statement, params: JSON.stringify(params), ...summarise(plan) });
            return object.execute(query);
          };
        }
        // Without the pool, selectPrepared (server/db/rows.ts) sends its statements through execute too.
        if (property === "$client") return undefined;
        if (property === "transaction") {
          return (run: (tx: Db) => Promise<unknown>) => object.transaction((tx) => run(wrap(tx as unknown as Db)));
        }
        return Reflect.get(object, property, receiver);
      },
    });
  return wrap(db);
}
