// CSV that opens right in Excel: UTF-8 with a byte-order mark (or Excel reads Urdu as mojibake),
// CRLF line ends, text always quoted, numbers bare so they sum. A text cell that starts like a
// formula (= + - @, or a tab or carriage return that hides one) gets a leading quote, so a customer
// who types "=HYPERLINK(...)" as their name cannot run it on the owner's computer (OWASP CSV injection).
// Their full-width forms (＝ ＋ － ＠) too, and any of them after leading spaces: spreadsheets
// that convert full-width input or trim spaces would still read a formula.
export type CsvCell = string | number | null | undefined;

const BOM = "\uFEFF";
const FORMULA_START = /^(?:[\t\r]|[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  const lines = [header, ...rows].map((row) => row.map(cell).join(","));
  return `${BOM}${lines.join("\r\n")}\r\n`;
}
