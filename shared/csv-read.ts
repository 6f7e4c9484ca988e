// Reading the CSV files courier portals export (RFC 4180 and what Excel writes): quoted cells with
// doubled quotes, commas and line breaks inside quotes, CRLF, LF or CR line ends, a UTF-8 byte-order
// mark, blank lines. Shared: the import screen reads a picked file's header with it before sending
// it, and the server reads the whole file with it (server/couriers/csv-adapter.ts).

/** One record of the file, with the row it is on as a spreadsheet numbers it (the header is 1). */
export interface CsvRecord {
  row: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  readonly row: number;
  constructor(row: number) {
    super(`A quote opened on row ${row} is never closed.`);
    this.row = row;
  }
}

/** A record with more cells than the reader was told to accept (readCsv's maxColumns). */
export class CsvTooWideError extends Error {
  readonly row: number;
  constructor(row: number) {
    super(`Row ${row} has too many cells.`);
    this.row = row;
  }
}

/**
 * A file saved by Excel in a comma-as-decimal locale separates with ';', some portals with a tab:
 * the header says which (whichever of the three appears in it most, outside quotes).
 */
function delimiterOf(text: string): string {
  // Counted in one scan of the first line (splitting a header of 200,000 names cost more than reading it).
  const [cr, lf] = [text.indexOf("\r"), text.indexOf("\n")];
  const end = Math.min(cr === -1 ? text.length : cr, lf === -1 ? text.length : lf);
  let [comma, semicolon, tab] = [0, 0, 0];
  for (let i = 0; i < end; i++) {
    const c = text[i];
    const close = c === '"' ? text.indexOf('"', i + 1) : -1;
    if (close !== -1 && close < end) i = close;
    else if (c === ",") comma += 1;
    else if (c === ";") semicolon += 1;
    else if (c === "\t") tab += 1;
  }
  const best = Math.max(comma, semicolon, tab);
  if (best === 0 || best === comma) return ",";
  return best === semicolon ? ";" : "\t";
}

/**
 * Every record, blank ones included (a spreadsheet shows them as rows, so the rows after them keep
 * their numbers); a record's cells are as written, untrimmed. A quote left open throws CsvSyntaxError;
 * a record with more than `maxColumns` cells throws CsvTooWideError as soon as it is seen, so a
 * hostile file costs no more than reading it up to there. One pass: nothing is re-read per character.
 */
export function readCsv(input: string, options: { maxColumns?: number } = {}): CsvRecord[] {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const delimiter = delimiterOf(text);
  const maxColumns = options.maxColumns ?? Number.POSITIVE_INFINITY;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  // Whether `cell` is only spaces so far: kept as we go, since trimming the cell at every quote
  // made a cell of many stray quotes quadratic (45 s for 200,000 of them).
  let blank = true;
  const add = (c: string) => {
    cell += c;
    if (blank && !/\s/.test(c)) blank = false;
  };
  let quoted = false;
  let quoteRow = 0;
  let row = 1;
  const endRecord = () => {
    cells.push(cell);
    records.push({ row, cells });
    row += 1;
    cells = [];
    cell = "";
    blank = true;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? "";
    if (quoted) {
      if (c !== '"') add(c);
      else if (text[i + 1] === '"') {
        add('"');
        i += 1;
      } else quoted = false;
    } else if (c === '"' && blank) {
      // A quote opens a cell only at its start (spaces before it are Excel's padding).
      quoted = true;
      quoteRow = row;
      cell = "";
    } else if (c === delimiter) {
      cells.push(cell);
      cell = "";
      blank = true;
      if (cells.length >= maxColumns) throw new CsvTooWideError(row);
    } else if (c === "\r" || c === "\n") {
      if (c === "\r" && text[i + 1] === "\n") i += 1;
      endRecord();
    } else add(c);
  }
  if (quoted) throw new CsvSyntaxError(quoteRow);
  // The last line without its line break; a file that ends with one has no empty record after it.
  if (cell !== "" || cells.length > 0) endRecord();
  return records;
}

/** A record with nothing in it (a blank line, or only delimiters and spaces). */
export const isBlankRecord = (record: CsvRecord) => record.cells.every((cell) => cell.trim() === "");
