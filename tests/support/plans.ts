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
  /** Planned once for any parameters (the search pool), or for these parameters. */
  generic: boolean;
  /** Its parameters, as JSON: with the text, what tells two sends of the same statement apart. */
  params: string;
  rowsRead: number;
  seqScans: string[];
  productHeapReads: string[];
}

function summarise(plan: PlanNode): Omit<Explained, "statement" | "params" | "generic"> {
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

type PlanRows = { rows: { "QUERY PLAN": [{ Plan: PlanNode }] }[] };
const planOf = (result: unknown) => (result as PlanRows).rows[0]?.["QUERY PLAN"][0].Plan;

/** A parameter as an SQL literal, for EXECUTE's arguments (PostgreSQL casts it to the parameter's type). */
function literalOf(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  const text = value instanceof Date ? value.toISOString() : typeof value === "string" ? value : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * The plan PostgreSQL makes once for any parameters (the search pool's, `Database.searchDb`): the
 * statement prepared under `plan_cache_mode = force_generic_plan` and explained as executed with
 * this call's parameters, in a transaction of its own so all of it is on one connection.
 */
async function genericPlan(db: Db, statement: string, params: unknown[]): Promise<PlanNode | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw("set local plan_cache_mode = force_generic_plan"));
    await tx.execute(sql.raw(`prepare explained_shape as ${statement}`));
    const args = params.length === 0 ? "" : `(${params.map(literalOf).join(", ")})`;
    const plan = planOf(await tx.execute(sql.raw(`explain (analyze, format json) execute explained_shape${args}`)));
    await tx.execute(sql.raw("deallocate explained_shape"));
    return plan;
  });
}

/**
 * The real database, but every statement is also run under EXPLAIN ANALYZE and its plan kept;
 * with `generic`, the plan made once for any parameters, as the search pool plans it.
 */
export function explaining(db: Db, plans: Explained[], options: { generic?: boolean } = {}): Db {
  const dialect = new PgDialect();
  const wrap = (target: Db): Db =>
    new Proxy(target, {
      get(object, property, receiver) {
        if (property === "execute") {
          return async (query: SQL) => {
            const { sql: statement, params } = dialect.sqlToQuery(query);
            const plan = options.generic
              ? await genericPlan(object, statement, params)
              : planOf(await object.execute(sql`explain (analyze, format json) ${query}`));
            if (plan)
              plans.push({
                statement,
                params: JSON.stringify(params),
                generic: Boolean(options.generic),
                ...summarise(plan),
              });
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
