// Importing a courier's file (shared/courier-imports.ts): read it through the courier's adapter, plan
// every line (import-plan.ts), and either answer the plan (a preview, which changes nothing) or apply
// it in one transaction under locks: dispatches, outcomes and the cash, the file recorded once by
// its contents and its columns remembered for the courier. Each customer whose order it moves is
// mailed through the outbox, queued in the same transaction (`tellCustomer`). No HTTP here.
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import {
  type CourierImportInput,
  IMPORT_MESSAGES,
  type ImportColumns,
  type ImportKind,
  type ImportOutcome,
  type ImportResult,
} from "#shared/courier-imports.ts";
import { COURIER_MESSAGES } from "#shared/couriers.ts";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { constraintOf, sqlState } from "../db/errors.ts";
import { courierImports, couriers, orders, parcels, shortPayments } from "../db/schema.ts";
import { conflict, invalid } from "../domain-errors.ts";
import { moveOrder } from "../orders/life/moves.ts";
import type { TellCustomer } from "../orders/life/status-mail.ts";
import type { CourierAdapter, PaymentLine, TrackingLine } from "./adapter.ts";
import type { RecordAttempt } from "./attempts/service.ts";
import { type CourierRow, findCourier } from "./couriers.ts";
import { createCsvAdapter, readCourierFile, resolveColumns } from "./csv-adapter.ts";
import { dispatchParcels } from "./dispatch.ts";
import { rememberedColumns } from "./import-history.ts";
import type { PlannedLine, SettleAction } from "./import-plan.ts";
import type { TellOutForDelivery } from "./out-for-delivery.ts";
import { planDispatch } from "./plan-dispatch.ts";
import { planPayment } from "./plan-payment.ts";
import { planStatus } from "./plan-status.ts";

/** An order an applied import moved: its customer's mail is queued, and returned stock refreshes the caches. */
export interface MovedOrder {
  orderId: string;
  restockedProductIds: string[];
}

export interface ImportOutput {
  result: ImportResult;
  moved: MovedOrder[];
  /** The failed delivery attempts it recorded (each customer asked in the same transaction). */
  attempts: string[];
  /** The orders whose customer it told the parcel is out for delivery (issue 53), each once per parcel. */
  told: string[];
}

/** What applying lines does beyond the orders: the customers' mails and the failed attempts' questions. */
export interface ImportHooks {
  tellCustomer: TellCustomer;
  recordAttempt: RecordAttempt;
  tellOutForDelivery: TellOutForDelivery;
}

interface Source {
  courier: CourierRow;
  kind: ImportKind;
  adapter: CourierAdapter;
  headers: string[];
  columns: ImportColumns;
  hash: string;
}

/** The same file saved again by Excel (CRLF, a byte-order mark) is the same file. */
const fileHash = (text: string) =>
  createHash("sha256")
    .update(text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n"))
    .digest("hex");

export async function runCourierImport(
  db: Db,
  courierId: string,
  input: CourierImportInput,
  actorUserId: string,
  hooks: ImportHooks,
): Promise<ImportOutput> {
  const courier = await findCourier(db, courierId);
  if (courier.ownRider) throw invalid(IMPORT_MESSAGES.ownRider);
  if (input.kind === "dispatch" && !courier.active) throw conflict(COURIER_MESSAGES.inactive);
  const file = readCourierFile(input.csv);
  const columns = resolveColumns(input.kind, file.headers, input.columns, rememberedColumns(courier)[input.kind]);
  const source: Source = {
    courier,
    kind: input.kind,
    adapter: createCsvAdapter(file, columns),
    headers: file.headers,
    columns,
    hash: fileHash(input.csv),
  };
  const preview = async (): Promise<ImportOutput> => {
    const before = await importedOn(db, source);
    return { result: resultOf(source, await plan(db, source), false, before), moved: [], attempts: [], told: [] };
  };
  if (!input.apply) return preview();
  return applyOnce(db, source, input.fileName ?? null, actorUserId, hooks, preview);
}

/**
 * What a courier's API answered (the sync job, a webhook), applied as a file of its lines would be:
 * planned, applied under the same locks, recorded once by its contents, so the same answer twice
 * changes nothing the second time.
 */
export async function applyCourierLines(
  db: Db,
  courierId: string,
  lines: { kind: "status"; lines: TrackingLine[] } | { kind: "payment"; lines: PaymentLine[] },
  sourceName: string,
  hooks: ImportHooks,
): Promise<ImportOutput> {
  const courier = await findCourier(db, courierId);
  const adapter: CourierAdapter = {
    book: async () => [],
    track: async () => (lines.kind === "status" ? lines.lines : []),
    paymentReport: async () => (lines.kind === "payment" ? lines.lines : []),
  };
  const source: Source = {
    courier,
    kind: lines.kind,
    adapter,
    headers: [],
    columns: {},
    hash: fileHash(`${lines.kind}\n${JSON.stringify(lines.lines.map(({ line: _, ...rest }) => rest))}`),
  };
  const nothing = async (): Promise<ImportOutput> => ({
    result: resultOf(source, [], false, null),
    moved: [],
    attempts: [],
    told: [],
  });
  return applyOnce(db, source, sourceName, null, hooks, nothing);
}

async function applyOnce(
  db: Db,
  source: Source,
  fileName: string | null,
  actorUserId: string | null,
  hooks: ImportHooks,
  preview: () => Promise<ImportOutput>,
): Promise<ImportOutput> {
  const imported = await importedOn(db, source);
  if (imported) return preview();
  try {
    return await db.transaction((tx) => apply(tx, source, fileName, actorUserId, hooks));
  } catch (error) {
    // The same file applied twice at once: the second waited on the first's row, and finds it now.
    if (sqlState(error) === "23505" && constraintOf(error) === "courier_imports_file_idx") return preview();
    throw error;
  }
}

async function plan(db: Db, source: Source): Promise<PlannedLine[]> {
  const { adapter, courier } = source;
  if (source.kind === "dispatch") return planDispatch(db, courier, await adapter.book());
  if (source.kind === "status") return planStatus(db, courier, await adapter.track());
  return planPayment(db, courier, await adapter.paymentReport());
}

async function importedOn(db: Db, source: Source): Promise<string | null> {
  const [row] = await db
    .select({ at: courierImports.createdAt })
    .from(courierImports)
    .where(
      and(
        eq(courierImports.courierId, source.courier.id),
        eq(courierImports.kind, source.kind),
        eq(courierImports.fileHash, source.hash),
      ),
    );
  return row ? row.at.toISOString() : null;
}

async function apply(
  tx: Db,
  source: Source,
  fileName: string | null,
  actorUserId: string | null,
  hooks: ImportHooks,
): Promise<ImportOutput> {
  const { courier } = source;
  const { tellCustomer } = hooks;
  // One import of a courier's files at a time (a hand dispatch with it still goes ahead: its
  // foreign key's share lock does not wait on this one).
  await tx.select({ id: couriers.id }).from(couriers).where(eq(couriers.id, courier.id)).for("no key update");
  const [record] = await tx
    .insert(courierImports)
    .values({ courierId: courier.id, kind: source.kind, fileHash: source.hash, fileName, summary: {}, actorUserId })
    .returning({ id: courierImports.id });
  if (!record) throw new BrokenPromise("the import record's insert answered no row");

  // The orders the file names, locked in id order (as moves lock them), then planned again: the
  // plan applied is the one made while nobody else can move them.
  const ids = [...new Set((await plan(tx, source)).flatMap((l) => (l.orderId ? [l.orderId] : [])))].sort();
  for (const id of ids) await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for("update");
  const lines = await plan(tx, source);

  const moved: MovedOrder[] = [];
  const attempts: string[] = [];
  const told: string[] = [];
  const dispatches = lines.flatMap((l) => (l.action?.kind === "dispatch" ? [l.action] : []));
  if (dispatches.length > 0) {
    if (actorUserId === null) throw new TypeError("a dispatch is always the owner's");
    await dispatchParcels(tx, courier.id, dispatches, { actorUserId, tx, importId: record.id, tellCustomer });
    moved.push(...dispatches.map((d) => ({ orderId: d.orderId, restockedProductIds: [] })));
  }
  for (const { action } of lines) {
    if (action?.kind === "move") {
      const refused = action.to === "cancelled";
      // The courier's own words, its remark (a refusal's reason) included, and its own time.
      const said = action.remark ? `${action.status} (${action.remark})` : action.status;
      const reason = `${courier.name}: ${said}`.slice(0, 300);
      // The orders are locked and the plan made under the lock: the move cannot find them moved.
      const done = await moveOrder(tx, action.orderId, refused ? "parcelComesBack" : "courierReports", action.to, {
        actorUserId,
        reason,
        comingBack: refused ? { as: "refused", reason } : undefined,
        at: action.at,
        tx,
        tellCustomer,
      });
      moved.push({ orderId: action.orderId, restockedProductIds: done.restockedProductIds });
    }
    if (action?.kind === "settle") await settle(tx, courier.id, record.id, action);
    if (action?.kind === "attempt") {
      const id = await hooks.recordAttempt(tx, courier.id, action);
      if (id) attempts.push(id);
    }
    if (action?.kind === "outForDelivery" && (await hooks.tellOutForDelivery(tx, action.orderId)))
      told.push(action.orderId);
  }

  const result = resultOf(source, lines, true, null);
  await tx.update(courierImports).set({ summary: result.summary }).where(eq(courierImports.id, record.id));
  // A file's columns are remembered for the next file; an API's lines have none.
  if (source.headers.length > 0) {
    await tx
      .update(couriers)
      .set({ csvColumns: sql`${couriers.csvColumns} || ${JSON.stringify({ [source.kind]: source.columns })}::jsonb` })
      .where(eq(couriers.id, courier.id));
  }
  return { result, moved, attempts, told };
}

/**
 * A payment line applied: the parcel's cash and every deduction as the report states it, and, when
 * the payout is off the courier's terms, the short payment the owner will chase (with both sides'
 * amounts and the report's line as its evidence). A parcel settles once: the second of two racing
 * files finds it settled.
 */
async function settle(tx: Db, courierId: string, importId: string, action: SettleAction): Promise<void> {
  const { paid } = action;
  const settled = await tx
    .update(parcels)
    .set({
      collectedAmount: paid.collected,
      charges: paid.charges,
      deliveryCharge: paid.deliveryCharge,
      codFee: paid.codFee,
      salesTax: paid.salesTax,
      withholdingTax: paid.withholdingTax,
      returnCharge: paid.returnCharge,
      netPaid: paid.net,
      payoutReference: paid.payoutReference,
      payoutDate: paid.payoutDate,
      settledAt: sql`now()`,
      settledVia: "report",
      amountMismatch: action.mismatch,
      importId,
    })
    .where(and(eq(parcels.orderId, action.orderId), sql`${parcels.settledAt} is null`))
    .returning({ orderId: parcels.orderId });
  if (settled.length === 0) throw conflict(COURIER_MESSAGES.alreadySettled);
  if (!action.short) return;
  const { expected, difference } = action.short;
  await tx.insert(shortPayments).values({
    orderId: action.orderId,
    courierId,
    importId,
    expectedNet: expected.net,
    paidNet: paid.net,
    difference,
    expected: { ...expected },
    paid: { ...paid, line: action.line },
  });
}

function resultOf(source: Source, lines: PlannedLine[], applied: boolean, importedBefore: string | null): ImportResult {
  const summary: Partial<Record<ImportOutcome, number>> = {};
  for (const line of lines) summary[line.outcome] = (summary[line.outcome] ?? 0) + 1;
  return {
    kind: source.kind,
    courierId: source.courier.id,
    headers: source.headers,
    columns: source.columns,
    lines: lines.map(({ action: _, ...line }) => line),
    summary,
    applied,
    importedBefore,
  };
}
