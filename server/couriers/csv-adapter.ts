// The first courier adapter (adapter.ts): the CSV files courier portals export, read with the shared
// CSV reader, each field taken from the column the owner chose (or this courier's remembered one,
// or a guess from common header names), amounts read as whole rupees however the portal writes
// them, weights and dates as csv-cells.ts reads them, and courier status words mapped to what they
// mean for the order. A field the file has no column for is left out of its lines. No HTTP here.
import { findHeader, suggestColumns } from "#shared/courier-columns.ts";
import {
  IMPORT_FIELD_LABELS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_LINES,
  IMPORT_MESSAGES,
  type ImportColumns,
  type ImportField,
  type ImportKind,
  isRequiredField,
  kindFields,
} from "#shared/courier-imports.ts";
import { CsvSyntaxError, CsvTooWideError, isBlankRecord, readCsv } from "#shared/csv-read.ts";
import { BrokenPromise } from "../broken-promise.ts";
import { invalid } from "../domain-errors.ts";
import type { BookingLine, CourierAdapter, ParcelOutcome, PaymentLine, TrackingLine } from "./adapter.ts";
import {
  type CellValue,
  cellText,
  isExcelNumber,
  readAmount,
  readDeduction,
  readKarachiDay,
  readKarachiInstant,
  readSignedAmount,
  readWeightGrams,
} from "./csv-cells.ts";

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
 * The column of each field of the kind: the owner's choice (null: not in this file), else the
 * remembered or guessed one. A choice the file lacks, a required field without a column, or one
 * column for two fields is a 400 that names the file's columns; an optional field without one is
 * left out.
 */
export function resolveColumns(
  kind: ImportKind,
  headers: string[],
  chosen: ImportColumns | undefined,
  remembered: ImportColumns | undefined,
): ImportColumns {
  const fields = kindFields(kind);
  const isField = (name: string): name is ImportField => (fields as readonly string[]).includes(name);
  const missing = (field: ImportField) => {
    const message = IMPORT_MESSAGES.missingColumn(field, headers);
    return invalid(message, { [`columns.${field}`]: message });
  };
  const columns: ImportColumns = {};
  for (const [field, name] of Object.entries(chosen ?? {})) {
    if (name === undefined) continue;
    if (!isField(field)) throw invalid(IMPORT_MESSAGES.notAField(field, kind));
    if (name === null) {
      if (isRequiredField(kind, field)) throw missing(field);
      columns[field] = null;
      continue;
    }
    const found = findHeader(headers, name);
    if (found === undefined) {
      throw invalid(IMPORT_MESSAGES.unknownColumn(name, headers), {
        [`columns.${field}`]: "Not a column of the file.",
      });
    }
    columns[field] = found;
  }
  const chosenColumns = new Set(Object.values(columns));
  const suggested = suggestColumns(
    kind,
    headers.filter((h) => !chosenColumns.has(h)),
    remembered,
  );
  for (const field of fields) {
    const column = columns[field] !== undefined ? columns[field] : suggested[field];
    if (typeof column !== "string" && isRequiredField(kind, field)) throw missing(field);
    if (column !== undefined) columns[field] = column;
  }
  const used = fields.flatMap((field) => columns[field] ?? []);
  const twice = used.find((column, i) => used.indexOf(column) !== i);
  if (twice !== undefined) throw invalid(IMPORT_MESSAGES.sameColumn(twice));
  return columns;
}

/**
 * Courier status words, checked in this order: 'Return delivered to shipper' came back, 'Undelivered'
 * and 'Refused' too (a status file comes late: by then it is on its way back). A failed attempt with
 * the parcel still out ('Customer not available', 'Address incomplete', 'Attempted') asks the customer
 * what to do (issue 49); each courier's API adapter maps its own codes (server/couriers/api/).
 */
const STATUS_WORDS: [RegExp, ParcelOutcome][] = [
  [/\b(return|returned|returning|refused|rts|rto|undelivered|not delivered)\b/, "refused"],
  [
    /\b(attempted|attempt failed|failed attempt|delivery failed|(customer|consignee) not (available|responding|reachable)|(address|addr) (incomplete|incorrect|wrong|not found)|(incomplete|incorrect|wrong) address|phone (off|switched off|not responding)|rescheduled)\b/,
    "attemptFailed",
  ],
  [/\b(lost|missing)\b/, "lost"],
  [/\b(damage|damaged)\b/, "damaged"],
  // With the rider today (issue 53): a portal's 'Out for Delivery', Leopards' 'Assign(ed) to Courier',
  // PostEx's order list's 'Delivery En-Route' (its Order Status 4, api/postex-statuses.ts), M&P's
  // 'Dispatch(ed) for Delivery' and 'Loaded for Delivery' (what its API adapter reads, api/mp-statuses.ts).
  [
    /\b(out for delivery|assign(ed)? to courier|with rider|(dispatch|dispatched|loaded) for delivery|delivery en route)\b/,
    "outForDelivery",
  ],
  [/\bdelivered\b/, "delivered"],
];

/** Booked, picked up, in transit and anything unknown change nothing; out for delivery tells the customer. */
export function statusOutcome(status: string): ParcelOutcome {
  const words = status.toLowerCase().replace(/[^a-z]+/g, " ");
  return STATUS_WORDS.find(([pattern]) => pattern.test(words))?.[1] ?? "noChange";
}

/** 'Charges' reads 'the charges' in a sentence, 'COD fee' keeps its capitals. */
const nounOf = (field: ImportField) => {
  const label = IMPORT_FIELD_LABELS[field];
  return /^[A-Z][a-z]/.test(label) ? label[0]?.toLowerCase() + label.slice(1) : label;
};
const WEIGHT_HINT = ": write it as 0.5 kg or 500 g";
const DATE_HINT = ": write it as 28/11/2026 or 28-Nov-2026 14:05";

/**
 * One line's cells by field (only the fields the file has columns for), read into values; the first
 * cell that cannot be read becomes the line's problem, in the owner's words.
 */
function lineCells(cells: Partial<Record<ImportField, string>>) {
  const problems: string[] = [];
  return {
    problems,
    text: (field: ImportField) => cells[field] ?? "",
    optionalText: (field: ImportField) => cells[field] || undefined,
    value<T>(field: ImportField, read: (raw: string) => CellValue<T>, hint = ""): T | undefined {
      const raw = cells[field];
      if (raw === undefined) return undefined;
      const value = read(raw);
      if (value === "unreadable") problems.push(`Cannot read the ${nounOf(field)} "${raw}"${hint}.`);
      return value === "blank" || value === "unreadable" ? undefined : value;
    },
  };
}

/** The adapter over one file whose columns are resolved (resolveColumns). */
export function createCsvAdapter(file: CsvFile, columns: ImportColumns): CourierAdapter {
  const linesOf = (kind: ImportKind) => {
    const at = kindFields(kind).flatMap((field) => {
      const column = columns[field];
      const index = typeof column === "string" ? file.headers.indexOf(column) : -1;
      if (index < 0 && isRequiredField(kind, field)) throw new BrokenPromise(`the ${field} column was not resolved`);
      return index < 0 ? [] : [[field, index] as const];
    });
    return file.lines.map((line) => ({
      row: line.row,
      cells: lineCells(Object.fromEntries(at.map(([field, i]) => [field, cellText(line.cells[i])]))),
    }));
  };
  const missing = (what: string) => `This line has no ${what}.`;

  return {
    async book() {
      return linesOf("dispatch").map(({ row, cells: c }): BookingLine => {
        const [order, tracking] = [c.text("order"), c.text("tracking")];
        const codAmount = c.value("codAmount", readAmount);
        const weightGrams = c.value("weight", readWeightGrams, WEIGHT_HINT);
        const problem = !order ? missing("order number") : !tracking ? missing("tracking number") : c.problems[0];
        return { line: row, orderRef: order, trackingNumber: tracking, codAmount, weightGrams, problem };
      });
    },
    async track() {
      return linesOf("status").map(({ row, cells: c }): TrackingLine => {
        const [tracking, status] = [c.text("tracking"), c.text("status")];
        const statusDate = c.value("statusDate", readKarachiInstant, DATE_HINT);
        const problem = !tracking ? missing("tracking number") : !status ? missing("status") : c.problems[0];
        const remark = c.optionalText("remark");
        return {
          line: row,
          trackingNumber: tracking,
          status,
          outcome: statusOutcome(status),
          statusDate,
          remark,
          problem,
        };
      });
    },
    async paymentReport() {
      return linesOf("payment").map(({ row, cells: c }): PaymentLine => {
        const tracking = c.text("tracking");
        const collected = readAmount(c.text("collected"));
        // Reports print the courier's charges as a deduction ('-250', '(250)') as often as not.
        const [deliveryCharge, codFee, salesTax, withholdingTax, returnCharge, charges] = (
          ["deliveryCharge", "codFee", "salesTax", "withholdingTax", "returnCharge", "charges"] as const
        ).map((field) => c.value(field, readDeduction));
        const netPaid = c.value("netPaid", readSignedAmount);
        const payoutReference = c.optionalText("payoutReference");
        const payoutDate = c.value("payoutDate", readKarachiDay, DATE_HINT);
        const problem = !tracking
          ? missing("tracking number")
          : collected === "blank"
            ? missing("amount collected")
            : collected === "unreadable"
              ? `Cannot read the amount collected "${c.text("collected")}".`
              : payoutReference && isExcelNumber(payoutReference)
                ? `Excel turned the payment reference into "${payoutReference}": its digits are gone. Export the report from the portal again.`
                : c.problems[0];
        return {
          line: row,
          trackingNumber: tracking,
          collected: typeof collected === "number" ? collected : 0,
          deliveryCharge,
          codFee,
          salesTax,
          withholdingTax,
          returnCharge,
          charges,
          netPaid,
          payoutReference,
          payoutDate,
          problem,
        };
      });
    },
  };
}
