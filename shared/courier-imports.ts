// Importing a courier's CSV files (issue 32): the booking export (order number and tracking number),
// the status file and the payment report. Every import is previewed first: each line with the
// outcome it would have, nothing changed; the same request with `apply: true` applies it. A file
// already imported (same courier, kind and contents) applies nothing again.
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

export const IMPORT_KINDS = ["dispatch", "status", "payment"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  dispatch: "Tracking numbers (booking export)",
  status: "Delivery statuses",
  payment: "Payment report",
};

/**
 * The columns of each kind of file, by the name we give them: the ones a line cannot do without, and
 * the ones a portal may not export (issue 48: what the cash needs). The types, the column choices on
 * the import screen and the API's column names all read this one list.
 */
export const IMPORT_FIELDS = {
  dispatch: { required: ["order", "tracking"], optional: ["codAmount", "weight"] },
  status: { required: ["tracking", "status"], optional: ["statusDate", "remark"] },
  payment: {
    required: ["tracking", "collected"],
    optional: [
      "deliveryCharge",
      "codFee",
      "salesTax",
      "withholdingTax",
      "returnCharge",
      "charges",
      "netPaid",
      "payoutReference",
      "payoutDate",
    ],
  },
} as const satisfies Record<ImportKind, { required: readonly string[]; optional: readonly string[] }>;
type FieldsOfKind<K extends ImportKind> = (typeof IMPORT_FIELDS)[K]["required" | "optional"][number];
export type ImportField = FieldsOfKind<ImportKind>;

/** A kind's fields, the required ones first: the order the screen shows them and columns are guessed in. */
export function kindFields(kind: ImportKind): readonly ImportField[] {
  return [...IMPORT_FIELDS[kind].required, ...IMPORT_FIELDS[kind].optional];
}

export function isRequiredField(kind: ImportKind, field: ImportField): boolean {
  const required: readonly ImportField[] = IMPORT_FIELDS[kind].required;
  return required.includes(field);
}

/** Every field of every kind, once. */
export const ALL_IMPORT_FIELDS: readonly ImportField[] = [...new Set(IMPORT_KINDS.flatMap(kindFields))];

/** Each field as the owner reads it beside its column choice. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  order: "Order number",
  tracking: "Tracking number",
  status: "Status",
  collected: "Amount collected",
  codAmount: "COD amount booked",
  weight: "Weight",
  statusDate: "Date of the status",
  remark: "Courier's remark",
  deliveryCharge: "Delivery charge",
  codFee: "COD fee",
  salesTax: "Sales tax (GST/SST)",
  withholdingTax: "Withholding tax (WHT)",
  returnCharge: "Return charge",
  charges: "Charges",
  netPaid: "Net amount paid",
  payoutReference: "Payment reference",
  payoutDate: "Payment date",
};

/**
 * A file's column for each field, by the file's own header names. null: the owner said the file has
 * no such column (only an optional field can be left so), and no column is guessed for it.
 */
export type ImportColumns = Partial<Record<ImportField, string | null>>;

export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_LINES = 5000;
/** Portals export a few dozen columns; a file with thousands is not a courier's (and costs the server). */
export const IMPORT_MAX_COLUMNS = 200;

/** What a line would do (preview) or did (applied). */
export const IMPORT_OUTCOMES = [
  // dispatch
  "dispatch",
  // status
  "delivered",
  "refused",
  "lost",
  "damaged",
  /** The rider could not deliver: the customer is asked what to do (issue 49); the order stays on its way. */
  "attemptFailed",
  /** With the rider today: the customer is told once, with the cash to keep ready (issue 53); the order stays on its way. */
  "outForDelivery",
  "noChange",
  // payment
  "paid",
  "mismatch",
  /** Paid less than the courier's terms say, by more than Rs.1: a short payment for the owner to chase. */
  "short",
  /** Paid more than the terms say: recorded too, the owner decides. */
  "overpaid",
  /** A parcel that came back: nothing collected, the courier's return charge owed (issue 46: it read 'paid'). */
  "returnCharge",
  /** A parcel lost or damaged on the way: nothing collected. */
  "notCollected",
  // any kind
  "already",
  "unknownOrder",
  "unknownNumber",
  "notAllowed",
  "invalid",
] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** The outcomes that change something when applied; the others are reported and skipped. */
export const APPLYING_OUTCOMES: readonly ImportOutcome[] = [
  "dispatch",
  "delivered",
  "refused",
  "lost",
  "damaged",
  "attemptFailed",
  "outForDelivery",
  "paid",
  "mismatch",
  "short",
  "overpaid",
  "returnCharge",
  "notCollected",
];

export const IMPORT_OUTCOME_LABELS: Record<ImportOutcome, string> = {
  dispatch: "will be dispatched",
  delivered: "delivered",
  refused: "refused, comes back",
  lost: "lost in transit",
  damaged: "damaged in transit",
  attemptFailed: "delivery failed: customer asked",
  outForDelivery: "out for delivery: customer told",
  noChange: "no change",
  paid: "paid",
  mismatch: "paid, amount differs",
  short: "paid short",
  overpaid: "paid more than due",
  returnCharge: "not paid: return charge owed",
  notCollected: "not paid: nothing to collect",
  already: "already done",
  unknownOrder: "unknown order",
  unknownNumber: "unknown tracking number",
  notAllowed: "not allowed",
  invalid: "cannot read",
};

const columnList = (headers: readonly string[]) => headers.map((h) => `"${h}"`).join(", ");

/** A line's outcome in words: a dispatch line that was applied reads 'dispatched'. */
export function outcomeLabel(outcome: ImportOutcome, applied: boolean): string {
  return applied && outcome === "dispatch" ? "dispatched" : IMPORT_OUTCOME_LABELS[outcome];
}

export const IMPORT_MESSAGES = {
  empty: "The file is empty: export it from the courier's portal as CSV and try again.",
  tooBig: `The file is too big: at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB, please.`,
  tooManyLines: `The file has more than ${IMPORT_MAX_LINES} lines: split it, please.`,
  tooManyColumns: (row: number) =>
    `Line ${row} has more than ${IMPORT_MAX_COLUMNS} columns: export only the columns you need from the courier's portal, please.`,
  noHeader: "The file's first line must name its columns.",
  noLines: "The file has its column names but no lines under them.",
  openQuote: (row: number) =>
    `Line ${row} opens a quote (") that is never closed: export the file from the courier's portal again.`,
  unknownColumn: (column: string, headers: readonly string[]) =>
    `The file has no column "${column}". Its columns are: ${columnList(headers)}.`,
  missingColumn: (field: ImportField, headers: readonly string[]) =>
    `Choose which column holds the ${IMPORT_FIELD_LABELS[field].toLowerCase()}. The file's columns are: ${columnList(headers)}.`,
  sameColumn: (column: string) => `The column "${column}" is chosen twice: choose one column for each field.`,
  notAField: (field: string, kind: ImportKind) =>
    `A file of ${IMPORT_KIND_LABELS[kind].toLowerCase()} has no ${field} column: choose only ${kindFields(kind).join(", ")}.`,
  ownRider: "The shop's own rider has no files to import: record its parcels and cash on each order.",
} as const;

const columnName = z
  .string({ error: "A column name must be text." })
  .trim()
  .min(1, { error: "A column name cannot be empty." })
  .max(100, { error: "A column name can be at most 100 characters long." });

/** A column name for each field, or null for 'not in this file'. */
const columnChoices = Object.fromEntries(
  ALL_IMPORT_FIELDS.map((field) => [field, columnName.nullable().optional()]),
) as Record<ImportField, z.ZodOptional<z.ZodNullable<typeof columnName>>>;

/** POST /api/admin/couriers/:id/imports */
export const courierImportInputSchema = strictBody({
  kind: z.enum(IMPORT_KINDS, { error: `kind must be one of: ${IMPORT_KINDS.join(", ")}.` }),
  fileName: z.string({ error: "fileName must be text." }).trim().max(200).optional(),
  csv: z
    .string({ error: "csv must be the file's text." })
    .min(1, { error: IMPORT_MESSAGES.empty })
    .max(IMPORT_MAX_BYTES, { error: IMPORT_MESSAGES.tooBig }),
  /** Which of the file's columns holds each field: left out, the remembered or guessed one; null, none. */
  columns: z
    .strictObject(columnChoices, {
      error: `columns must map ${ALL_IMPORT_FIELDS.slice(0, -1).join(", ")} or ${ALL_IMPORT_FIELDS.at(-1)} to a column name.`,
    })
    .optional(),
  /** false (the default): preview only. true: apply, and remember the columns for this courier. */
  apply: z.boolean({ error: "apply must be true or false." }).optional().default(false),
});
export type CourierImportInput = z.output<typeof courierImportInputSchema>;

export interface ImportLine {
  /** The line's number in the file (the header is line 1). */
  line: number;
  /** The order's number as pages write it ('#71B886C4'), when the line names a known order. */
  order: string | null;
  orderId: string | null;
  trackingNumber: string | null;
  outcome: ImportOutcome;
  /** What the owner reads beside it: why a line is skipped, what differs. */
  message: string;
}

export interface ImportResult {
  kind: ImportKind;
  courierId: string;
  /** The file's header names, and the mapping used. */
  headers: string[];
  columns: ImportColumns;
  lines: ImportLine[];
  summary: Partial<Record<ImportOutcome, number>>;
  /** True when this answer applied the file (apply: true and not imported before). */
  applied: boolean;
  /** When this same file was imported before: applying it again changes nothing. */
  importedBefore: string | null;
}

/** How many past imports the import screen lists. */
export const RECENT_IMPORTS = 20;

/** One applied file, as the import screen lists it. */
export interface CourierImportRecord {
  _id: string;
  kind: ImportKind;
  fileName: string | null;
  at: string;
  /** The admin who applied it (username). */
  by: string | null;
  summary: Partial<Record<ImportOutcome, number>>;
}

/** GET /api/admin/couriers/:id/imports: the courier, its remembered columns and its last imports. */
export interface CourierImportList {
  courier: { _id: string; name: string; ownRider: boolean; active: boolean };
  /** The columns this courier's last applied file of each kind used. */
  columns: Partial<Record<ImportKind, ImportColumns>>;
  imports: CourierImportRecord[];
}
