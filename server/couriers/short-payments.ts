// The short payments the owner chases (issue 48; shared/short-payments.ts): the list, each with the
// evidence the payment import kept (what the terms said, what the report paid, its file and line),
// the owner's decisions, and the totals still to settle that the dashboard warns of. The payment
// import writes them (table short_payments); nothing here does. No HTTP here.
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { ADMIN_PAGE_SIZE } from "#shared/admin.ts";
import {
  DECIDABLE_FROM,
  SHORT_PAYMENT_MESSAGES,
  SHORT_PAYMENT_STATUSES,
  type ShortPayment,
  type ShortPaymentDecisionInput,
  type ShortPaymentList,
  type ShortPaymentStatus,
  type ShortPaymentsQuery,
  type ShortPaymentTotals,
  settledAlready,
  UNSETTLED_SHORT_PAYMENT,
} from "#shared/short-payments.ts";
import type { Db } from "../db/client.ts";
import { idRow } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { conflict, notFound } from "../domain-errors.ts";

/** A report's amount; a column the report did not have is null (or absent). */
const reported = z
  .number()
  .nullish()
  .transform((v) => v ?? null);
const expectedEvidence = z.object({
  collected: z.number(),
  deliveryCharge: z.number(),
  codFee: z.number(),
  salesTax: z.number(),
  withholdingTax: z.number(),
  returnCharge: z.number(),
  net: z.number(),
});
const paidEvidence = z.object({
  collected: reported,
  deliveryCharge: reported,
  codFee: reported,
  salesTax: reported,
  withholdingTax: reported,
  returnCharge: reported,
  net: reported,
  payoutReference: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  payoutDate: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  line: reported,
});

const shortPaymentRow = z.object({
  id: z.string(),
  order_id: z.string(),
  courier_id: z.string(),
  courier: z.string(),
  tracking_number: z.string().nullable(),
  cod_amount: z.number(),
  expected_net: z.number(),
  paid_net: z.number(),
  difference: z.number(),
  expected: expectedEvidence,
  paid: paidEvidence,
  status: z.enum(SHORT_PAYMENT_STATUSES),
  note: z.string().nullable(),
  found_ms: z.number(),
  decided_ms: z.number().nullable(),
  decided_by: z.string().nullable(),
  file_name: z.string().nullable(),
  imported_ms: z.number().nullable(),
});
type ShortPaymentRow = z.output<typeof shortPaymentRow>;

const iso = (ms: number) => new Date(ms).toISOString();

function toShortPayment(r: ShortPaymentRow): ShortPayment {
  const { payoutReference, payoutDate, line, ...paid } = r.paid;
  return {
    _id: r.id,
    orderId: r.order_id,
    courierId: r.courier_id,
    courier: r.courier,
    trackingNumber: r.tracking_number,
    codAmount: r.cod_amount,
    expected: r.expected,
    paid,
    expectedNet: r.expected_net,
    paidNet: r.paid_net,
    difference: r.difference,
    report: {
      fileName: r.file_name,
      importedAt: r.imported_ms === null ? null : iso(r.imported_ms),
      line,
      payoutReference,
      payoutDate,
    },
    status: r.status,
    note: r.note,
    foundAt: iso(r.found_ms),
    decidedAt: r.decided_ms === null ? null : iso(r.decided_ms),
    decidedBy: r.decided_by === null ? null : { username: r.decided_by },
  };
}

/**
 * Literals, not parameters (as server/db/status-sql.ts), so the planner can use the partial
 * short_payments_unsettled_idx; the statuses are the typed constants above, never input.
 */
const statusIn = (statuses: readonly ShortPaymentStatus[]) =>
  sql.raw(`s.status in (${statuses.map((status) => `'${status}'`).join(", ")})`);
const UNSETTLED = statusIn(UNSETTLED_SHORT_PAYMENT);
const SETTLED = statusIn(SHORT_PAYMENT_STATUSES.filter((status) => !UNSETTLED_SHORT_PAYMENT.includes(status)));

/** One statement's rows: the short payments `where` picks, in `order`, with the page's total. */
function selectShortPayments(db: Db, where: SQL, tail: SQL) {
  return selectRows(
    db,
    shortPaymentRow.extend({ total: z.number() }),
    sql`select s.id, s.order_id, s.courier_id, c.name as courier, p.tracking_number, p.cod_amount,
               s.expected_net, s.paid_net, s.difference, s.expected, s.paid, s.status, s.note,
               (extract(epoch from s.created_at) * 1000)::float8 as found_ms,
               (extract(epoch from s.decided_at) * 1000)::float8 as decided_ms,
               u.username as decided_by, i.file_name,
               (extract(epoch from i.created_at) * 1000)::float8 as imported_ms,
               count(*) over ()::int as total
        from short_payments s
        join couriers c on c.id = s.courier_id
        join parcels p on p.order_id = s.order_id
        left join users u on u.id = s.decided_by
        left join courier_imports i on i.id = s.import_id
        where ${where}
        ${tail}`,
  );
}

/** Unsettled ones newest first (the unsettled index); settled ones by the latest decision. */
export async function listShortPayments(db: Db, query: ShortPaymentsQuery): Promise<ShortPaymentList> {
  const unsettled = query.view === "unsettled";
  const page = sql`limit ${ADMIN_PAGE_SIZE + 1} offset ${(query.page - 1) * ADMIN_PAGE_SIZE}`;
  const rows = await selectShortPayments(
    db,
    unsettled ? UNSETTLED : SETTLED,
    unsettled
      ? sql`order by s.created_at desc, s.id ${page}`
      : sql`order by s.decided_at desc nulls last, s.created_at desc, s.id ${page}`,
  );
  return {
    view: query.view,
    shortPayments: rows.slice(0, ADMIN_PAGE_SIZE).map(toShortPayment),
    page: query.page,
    hasMore: rows.length > ADMIN_PAGE_SIZE,
    total: rows[0]?.total ?? 0,
    unsettled: await unsettledShortPayments(db),
  };
}

/** What is still to settle: the dashboard's warning and the list's heading. */
export async function unsettledShortPayments(db: Db): Promise<ShortPaymentTotals> {
  const [totals] = await selectRows(
    db,
    z.object({ count: z.number(), short: z.number(), over: z.number() }),
    sql`select count(*)::int as count,
               coalesce(sum(-s.difference) filter (where s.difference < 0), 0)::int as short,
               coalesce(sum(s.difference) filter (where s.difference > 0), 0)::int as over
        from short_payments s where ${UNSETTLED}`,
  );
  return totals ?? { count: 0, short: 0, over: 0 };
}

/**
 * The owner's decision on one, by `adminId`: conditional on the status it may follow
 * (DECIDABLE_FROM), so two owners deciding at once cannot both settle it two ways. A note given
 * replaces the one before (empty clears it); no note keeps it.
 */
export async function decideShortPayment(
  db: Db,
  id: string,
  input: ShortPaymentDecisionInput,
  adminId: string,
): Promise<ShortPayment> {
  const from = DECIDABLE_FROM[input.status];
  const note = input.note === undefined ? sql`note` : sql`${input.note}`;
  const changed = await selectRows(
    db,
    idRow,
    sql`update short_payments s set status = ${input.status}, note = ${note}, decided_at = now(), decided_by = ${adminId}
        where s.id = ${id} and ${statusIn(from)}
        returning s.id`,
  );
  if (changed.length === 0) {
    const [found] = await selectRows(
      db,
      z.object({ status: z.enum(SHORT_PAYMENT_STATUSES) }),
      sql`select status from short_payments where id = ${id}`,
    );
    if (!found) throw notFound(SHORT_PAYMENT_MESSAGES.notFound);
    throw conflict(settledAlready(found.status));
  }
  const [row] = await selectShortPayments(db, sql`s.id = ${id}`, sql``);
  if (!row) throw notFound(SHORT_PAYMENT_MESSAGES.notFound);
  return toShortPayment(row);
}
