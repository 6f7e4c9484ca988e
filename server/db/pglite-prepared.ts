// Named prepared statements on PGlite, planned once for any parameters: what the search pool does on
// a PostgreSQL server (`Database.searchDb`, plan_cache_mode = force_generic_plan), for the search's
// ranking statements. PGlite plans in this process's WebAssembly, where planning one of them took
// 1-6 ms and running it 0.3-2.5 ms (EXPLAIN ANALYZE at 10,000 products; the planner reads the
// tsvector statistics of the expression indexes): most of a search was planning
// (docs/decisions/047-search-plans-on-pglite.md).
//
// PGlite's `query` binds parameters to an unnamed statement, planned at every call. So the statement
// is PREPAREd once by its text, and each call EXECUTEs it with the parameters written as quoted
// literals (a utility statement takes no bound parameters); each literal is coerced to the type the
// statement inferred for its parameter, as a bound parameter is.
import { type PGlite, type Results, types } from "@electric-sql/pglite";

/**
 * Statements kept prepared per database; past it, the least recently used is deallocated. The
 * search's shapes (a tier, a set of filters) number in the tens in a day's searches; each prepared
 * plan is a few kilobytes of PGlite's heap.
 */
const MAX_PREPARED = 200;

/** As drizzle's PGlite driver reads them (drizzle-orm/pglite/session.js): dates and times stay text. */
const AS_TEXT = (value: string) => value;
const PARSERS = {
  [types.TIMESTAMP]: AS_TEXT,
  [types.TIMESTAMPTZ]: AS_TEXT,
  [types.INTERVAL]: AS_TEXT,
  [types.DATE]: AS_TEXT,
  // numeric[], timestamp[], timestamptz[], interval[], date[]
  1231: AS_TEXT,
  1115: AS_TEXT,
  1185: AS_TEXT,
  1187: AS_TEXT,
  1182: AS_TEXT,
};

/**
 * Each database's prepared names, least recently used first (a Map keeps insertion order; a use
 * moves the name last), each with its PREPARE.
 */
const preparedOf = new WeakMap<PGlite, Map<string, Promise<void>>>();

/** A parameter as an SQL literal: text quoted (standard_conforming_strings is on), numbers as they are. */
export function literalOf(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number" || typeof value === "bigint") {
    if (typeof value === "number" && !Number.isFinite(value)) throw new TypeError(`not a finite number: ${value}`);
    return `'${String(value)}'`;
  }
  if (typeof value === "boolean") return value ? "'true'" : "'false'";
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  throw new TypeError(`a prepared statement's parameter must be text, a number or a boolean, not ${typeof value}`);
}

/**
 * The rows of `text` (with $1… placeholders) for `params`, from a statement prepared once under
 * `name`. `generic`: planned once for any parameters (the search's shapes, as on the search pool);
 * else PostgreSQL's own choice (custom plans first, a generic one when it costs no more), as the
 * server's named statements (`selectPrepared`) get.
 */
export async function selectPreparedOnPglite<Row>(
  client: PGlite,
  name: string,
  text: string,
  params: readonly unknown[],
  { generic }: { generic: boolean },
): Promise<Row[]> {
  const args = params.length === 0 ? "" : `(${params.map(literalOf).join(", ")})`;
  await prepare(client, name, text);
  // One simple-protocol call is one implicit transaction, so SET LOCAL holds for the EXECUTE alone:
  // no other statement of the shop (a trigger's, a function's) has its plans forced generic.
  const execute = `execute "${name}"${args}`;
  const results: Results[] = await client.exec(
    generic ? `set local plan_cache_mode = force_generic_plan; ${execute}` : execute,
    { parsers: PARSERS },
  );
  return (results.at(-1)?.rows ?? []) as Row[];
}

async function prepare(client: PGlite, name: string, text: string): Promise<void> {
  let names = preparedOf.get(client);
  if (!names) {
    names = new Map();
    preparedOf.set(client, names);
  }
  const known = names.get(name);
  if (known) {
    names.delete(name);
    names.set(name, known);
    return known;
  }
  // Callers asking at once share one PREPARE; a failed one is forgotten, so the next call tries again.
  const preparing = client.exec(`prepare "${name}" as ${text}`).then(() => undefined);
  names.set(name, preparing);
  preparing.catch(() => names.delete(name));
  while (names.size > MAX_PREPARED) {
    const oldest = names.keys().next().value as string;
    const gone = names.get(oldest);
    names.delete(oldest);
    await gone?.catch(() => {});
    await client.exec(`deallocate "${oldest}"`).catch(() => {});
  }
  return preparing;
}
