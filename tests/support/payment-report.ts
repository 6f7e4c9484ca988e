// What the payment import writes for one line of a courier's payment report (issue 48; the import
// itself is being written beside this work): the parcel settled with each deduction as the report
// states it, and, when the net paid is more than PAYMENT_TOLERANCE from what the courier's terms
// say, a short payment with both sides' evidence. Used by the Vitest files and by the browser
// tests' fixture door (scripts/e2e-server.ts), which have no import to run yet.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { termsOf } from "#server/couriers/terms.ts";
import type { Db } from "#server/db/client.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { expectedPayout, PAYMENT_TOLERANCE, type PayoutAmounts } from "#shared/courier-terms.ts";

export interface ReportLine {
  /** The report's amounts that differ from the terms' expectation (the rest are as expected). */
  paid?: Partial<PayoutAmounts>;
  /** A report whose net paid is this much below its own collected less deductions (it does not add up). */
  unexplained?: number;
  /** When the report was applied (default now). */
  at?: string;
  fileName?: string;
  line?: number;
  payoutReference?: string;
  payoutDate?: string;
}

export interface ReportedPayment {
  expected: PayoutAmounts;
  paid: PayoutAmounts;
  /** The short payment found, when the net differs from the terms'. */
  shortPaymentId: string | null;
}

/** Settles a delivered (or refused) parcel of a courier with terms as its payment report's line says. */
export async function settleFromReport(db: Db, orderId: string, report: ReportLine = {}): Promise<ReportedPayment> {
  const [parcel] = await selectRowsAsserted<{
    courier_id: string;
    cod_amount: number;
    weight_grams: number | null;
    status: string;
  }>(
    db,
    sql`select p.courier_id, p.cod_amount, p.weight_grams, o.status
        from parcels p join orders o on o.id = p.order_id where p.order_id = ${orderId}`,
  );
  if (!parcel) throw new Error(`order ${orderId} has no parcel`);
  const terms = (await termsOf(db, [parcel.courier_id])).get(parcel.courier_id);
  if (!terms) throw new Error(`the courier of order ${orderId} has no terms`);
  const expected = expectedPayout(terms, {
    codAmount: parcel.cod_amount,
    weightGrams: parcel.weight_grams,
    outcome: parcel.status === "delivered" ? "delivered" : "refused",
  });
  const amounts = { ...expected, ...report.paid };
  const deductions =
    amounts.deliveryCharge + amounts.codFee + amounts.salesTax + amounts.withholdingTax + amounts.returnCharge;
  const paid = { ...amounts, net: report.paid?.net ?? amounts.collected - deductions - (report.unexplained ?? 0) };
  const fileName = report.fileName ?? "payment-report.csv";
  const [file] = await selectRowsAsserted<{ id: string }>(
    db,
    sql`insert into courier_imports (courier_id, kind, file_hash, file_name, summary)
        values (${parcel.courier_id}, 'payment', ${randomUUID()}, ${fileName}, '{}'::jsonb) returning id`,
  );
  const at = report.at ? sql`${report.at}::timestamptz` : sql`now()`;
  await db.execute(
    sql`update parcels set settled_at = ${at}, settled_via = 'report', collected_amount = ${paid.collected},
          charges = ${deductions}, delivery_charge = ${paid.deliveryCharge}, cod_fee = ${paid.codFee},
          sales_tax = ${paid.salesTax}, withholding_tax = ${paid.withholdingTax}, return_charge = ${paid.returnCharge},
          net_paid = ${paid.net}, payout_reference = ${report.payoutReference ?? null},
          payout_date = ${report.payoutDate ?? null}, amount_mismatch = ${paid.collected !== expected.collected},
          import_id = ${file?.id ?? null}
        where order_id = ${orderId}`,
  );
  const difference = paid.net - expected.net;
  if (Math.abs(difference) <= PAYMENT_TOLERANCE) return { expected, paid, shortPaymentId: null };
  const evidence = {
    ...paid,
    payoutReference: report.payoutReference ?? null,
    payoutDate: report.payoutDate ?? null,
    line: report.line ?? 2,
  };
  const [found] = await selectRowsAsserted<{ id: string }>(
    db,
    sql`insert into short_payments (order_id, courier_id, import_id, expected_net, paid_net, difference, expected, paid, created_at)
        values (${orderId}, ${parcel.courier_id}, ${file?.id ?? null}, ${expected.net}, ${paid.net}, ${difference},
                ${JSON.stringify(expected)}::jsonb, ${JSON.stringify(evidence)}::jsonb, ${at})
        returning id`,
  );
  return { expected, paid, shortPaymentId: found?.id ?? null };
}
