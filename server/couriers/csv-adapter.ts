// The first courier adapter (adapter.ts): the CSV files courier portals export, read with the shared
// CSV reader, each field taken from the column the owner chose (or this courier's remembered one,
// or a guess from common header names), amounts read as whole rupees however the portal writes
// them, and courier status words mapped to what they mean for the order. No HTTP here.
import { findHeader, suggestColumns } from "#shared/courier-columns.ts";
import {
  IMPORT_FIELDS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_LINES,
  IMPORT_MESSAGES,
  type ImportColumns,
  type ImportField,
  type ImportKind,
} from "#shared/courier-imports.ts";
import { CsvSyntaxError, CsvTooWideError, isBlankRecord, readCsv } from "#shared/csv-read.ts";
import { BrokenPromise } from "../broken-promise.ts";
import { invalid } from "../domain-errors.ts";
import type { BookingLine, CourierAdapter, ParcelOutcome, PaymentLine, TrackingLine } from "./adapter.ts";
import { cellText, readAmount } from "./csv-cells.ts";

/** A courier file's header and its lines (blank lines left out), each line with its row. */
export interface CsvFile {
  headers: string[];
  lines: { row: number; cells: string[] }[];
}

/**
 * The file read, or a 400 in the owner's words: empty, no lines, too many lines or columns, a quote
 * never closed. Reading stops at the first line wider than IMPORT_MAX_COLUMNS, before anything that
 * works per column (guessing columns, messages that name them all) or keeps its cells.
 */
export function readCourierFile(text: string): CsvFile {
  let records: ReturnType<typeof readCsv>;
  try {
    records = readCsv(text, { maxColumns: IMPORT_MAX_COLUMNS }).filter((record) => !isBlankRecord(record));
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw invalid(IMPORT_MESSAGES.openQuote(error.row));
    if (error instanceof CsvTooWideError) throw invalid(IMPORT_MESSAGES.tooManyColumns(error.row));
    throw error;
  }
  const [header, ...lines] = records;
  if (!header) throw invalid(IMPORT_MESSAGES.empty);
  if (lines.length === 0) throw invalid(IMPORT_MESSAGES.noLines);
  if (lines.length > IMPORT_MAX_LINES) throw invalid(IMPORT_MESSAGES.tooManyLines);
  return { headers: header.cells.map((cell) => cell.trim()), lines };
}

/**
 * The column of each field the kind needs: the owner's choice, else the remembered or guessed one.
 * A choice the file lacks, a field without a column, or one column for two fields is a 400 that
 * names the file's columns.
 */
export function resolveColumns(
  kind: ImportKind,
  headers: string[],
  chosen: ImportColumns | undefined,
  remembered: ImportColumns | undefined,
): ImportColumns {
  const fields: readonly ImportField[] = IMPORT_FIELDS[kind];
  const columns: ImportColumns = {};
  for (const [field, name] of Object.entries(chosen ?? {})) {
    if (name === undefined) continue;
    if (!fields.includes(field as ImportField)) throw invalid(IMPORT_MESSAGES.notAField(field, kind));
    const found = findHeader(headers, name);
    if (found === undefined) {
      throw invalid(IMPORT_MESSAGES.unknownColumn(name, headers), {
        [`columns.${field}`]: "Not a column of the file.",
      });
    }
    columns[field as ImportField] = found;
  }
  const chosenColumns = new Set(Object.values(columns));
  const suggested = suggestColumns(
    kind,
    headers.filter((h) => !chosenColumns.has(h)),
    remembered,
  );
  for (const field of fields) {
    const column = columns[field] ?? suggested[field];
    if (column === undefined) {
      const message = IMPORT_MESSAGES.missingColumn(field, headers);
      throw invalid(message, { [`columns.${field}`]: message });
    }
    columns[field] = column;
  }
  const used = fields.map((field) => columns[field]);
  const twice = used.find((column, i) => used.indexOf(column) !== i);
  if (twice !== undefined) throw invalid(IMPORT_MESSAGES.sameColumn(twice));
  return columns;
}

/** Courier status words, checked in this order: 'Return delivered to shipper' came back, 'Undelivered' too. */
const STATUS_WORDS: [RegExp, ParcelOutcome][] = [
  [/\b(return|returned|returning|refused|rts|rto|undelivered|not delivered)\b/, "refused"],
  [/\b(lost|missing)\b/, "lost"],
  [/\b(damage|damaged)\b/, "damaged"],
  [/\bdelivered\b/, "delivered"],
];

/** Booked, picked up, in transit, out for delivery and anything unknown change nothing. */
export function statusOutcome(status: string): ParcelOutcome {
  const words = status.toLowerCase().replace(/[^a-z]+/g, " ");
  return STATUS_WORDS.find(([pattern]) => pattern.test(words))?.[1] ?? "noChange";
}

/** The adapter over one file whose columns are resolved (resolveColumns). */
export function createCsvAdapter(file: CsvFile, columns: ImportColumns): CourierAdapter {
  const index = (field: ImportField) => {
    const column = columns[field];
    const at = column === undefined ? -1 : file.headers.indexOf(column);
    if (at < 0) throw new BrokenPromise(`the ${field} column was not resolved`);
    return at;
  };
  const each = <T>(fields: ImportField[], read: (cells: Record<string, string>, row: number) => T): T[] => {
    const at = fields.map((field) => [field, index(field)] as const);
    return file.lines.map((line) =>
      read(Object.fromEntries(at.map(([field, i]) => [field, cellText(line.cells[i])])), line.row),
    );
  };
  const missing = (what: string) => `This line has no ${what}.`;

  return {
    async book() {
      return each<BookingLine>(["order", "tracking"], (c, row) => ({
        line: row,
        orderRef: c.order ?? "",
        trackingNumber: c.tracking ?? "",
        problem: !c.order ? missing("order number") : !c.tracking ? missing("tracking number") : undefined,
      }));
    },
    async track() {
      return each<TrackingLine>(["tracking", "status"], (c, row) => ({
        line: row,
        trackingNumber: c.tracking ?? "",
        status: c.status ?? "",
        outcome: statusOutcome(c.status ?? ""),
        problem: !c.tracking ? missing("tracking number") : !c.status ? missing("status") : undefined,
      }));
    },
    async paymentReport() {
      return each<PaymentLine>(["tracking", "collected", "charges"], (c, row) => {
        const collected = readAmount(c.collected ?? "");
        // Reports print the courier's charges as a deduction ('-250') as often as not.
        const charges = readAmount((c.charges ?? "").replace(/^-/, ""));
        const problem = !c.tracking
          ? missing("tracking number")
          : collected === "blank"
            ? missing("amount collected")
            : collected === "unreadable"
              ? `Cannot read the amount collected "${c.collected}".`
              : charges === "unreadable"
                ? `Cannot read the charges "${c.charges}".`
                : undefined;
        return {
          line: row,
          trackingNumber: c.tracking ?? "",
          collected: typeof collected === "number" ? collected : 0,
          charges: typeof charges === "number" ? charges : 0,
          problem,
        };
      });
    },
  };
}
