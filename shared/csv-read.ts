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

/**
 * A file saved by Excel in a comma-as-decimal locale separates with ';', some portals with a tab:
 * the header says which (whichever of the three appears in it most, outside quotes).
 */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r|\n|$/)).replace(/"[^"]*"/g, "");
  const counts = [",", ";", "\t"].map((d) => [d, header.split(d).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ",";
}

/**
 * Every record, blank ones included (a spreadsheet shows them as rows, so the rows after them keep
 * their numbers); a record's cells are as written, untrimmed. A quote left open throws CsvSyntaxError.
 */
export function readCsv(input: string): CsvRecord[] {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const delimiter = delimiterOf(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let quoteRow = 0;
  let row = 1;
  const endRecord = () => {
    cells.push(cell);
    records.push({ row, cells });
    row += 1;
    cells = [];
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (c === '"' && cell.trim() === "") {
      // A quote opens a cell only at its start (spaces before it are Excel's padding).
      quoted = true;
      quoteRow = row;
      cell = "";
    } else if (c === delimiter) {
      cells.push(cell);
      cell = "";
    } else if (c === "\r" || c === "\n") {
      if (c === "\r" && text[i + 1] === "\n") i += 1;
      endRecord();
    } else cell += c;
  }
  if (quoted) throw new CsvSyntaxError(quoteRow);
  // The last line without its line break; a file that ends with one has no empty record after it.
  if (cell !== "" || cells.length > 0) endRecord();
  return records;
}

/** A record with nothing in it (a blank line, or only delimiters and spaces). */
export const isBlankRecord = (record: CsvRecord) => record.cells.every((cell) => cell.trim() === "");
