// Which column of a courier's file holds each field: the one the owner chose, else the one this
// courier's last import used, else a guess from the header names Pakistani courier portals use
// (courier-headers.ts).
// Shared: the import screen fills its column choices with the same answer the server would use.
import { COMMON_HEADERS } from "./courier-headers.ts";
import { type ImportColumns, type ImportField, type ImportKind, kindFields } from "./courier-imports.ts";

/** 'CN #', 'cn', 'C.N.' and ' CN ' are one header: case, spaces and punctuation do not count. */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/** The file's own spelling of `name` (same key), or undefined when it has no such column. */
export function findHeader(headers: readonly string[], name: string): string | undefined {
  return headers.find((h) => h === name) ?? headers.find((h) => headerKey(h) === headerKey(name) && h.trim() !== "");
}

function guess(field: ImportField, headers: readonly string[], taken: Set<string>): string | undefined {
  for (const name of COMMON_HEADERS[field]) {
    const found = findHeader(headers, name);
    if (found !== undefined && !taken.has(found)) return found;
  }
  return undefined;
}

/**
 * The columns to use when the owner chose none: the courier's remembered ones that the file has
 * (null, remembered: the owner said its files have no such column), then guesses for the rest, each
 * column for one field only. A field with neither is left out.
 */
export function suggestColumns(
  kind: ImportKind,
  headers: readonly string[],
  remembered: ImportColumns = {},
): ImportColumns {
  const columns: ImportColumns = {};
  const taken = new Set<string>();
  for (const field of kindFields(kind)) {
    const saved = remembered[field];
    if (saved === null) columns[field] = null;
    const found = typeof saved === "string" ? findHeader(headers, saved) : undefined;
    if (found !== undefined && !taken.has(found)) {
      columns[field] = found;
      taken.add(found);
    }
  }
  for (const field of kindFields(kind)) {
    if (columns[field] !== undefined) continue;
    const found = guess(field, headers, taken);
    if (found !== undefined) {
      columns[field] = found;
      taken.add(found);
    }
  }
  return columns;
}
