// A payment report's plan: each line names one of this courier's parcels, the cash it collected and
// what it deducted. Each line is compared twice: the cash collected with what the courier was to
// collect (the order's amount if delivered, nothing otherwise), and what the courier paid with what
// its terms say it should pay (server/couriers/terms.ts, shared/courier-terms.ts): a difference beyond
// PAYMENT_TOLERANCE is a short (or over) payment, recorded for the owner to chase when the file is
// applied. A parcel still on its way is refused, and one already settled is 'already'. No HTTP here.
import type { ImportOutcome } from "#shared/courier-imports.ts";
import { type CourierTerms, expectedPayout, PAYMENT_TOLERANCE, type PayoutAmounts } from "#shared/courier-terms.ts";
import { formatRs } from "#shared/money.ts";
import { statusIs } from "#shared/order-life.ts";
import type { Db } from "../db/client.ts";
import type { PaymentLine } from "./adapter.ts";
import type { CourierRow } from "./couriers.ts";
import {
  type CourierParcel,
  lineOf,
  type PlannedLine,
  planByParcel,
  type StatedPayout,
  stateOf,
} from "./import-plan.ts";
import { termsOf } from "./terms.ts";

/** What the courier should have collected: the order's amount if delivered, nothing otherwise. */
const toCollect = (parcel: CourierParcel) => (statusIs(parcel.status, "cashDue") ? parcel.codAmount : 0);

/** The report's amounts for a line, each deduction as stated (or the one total where that is all). */
export function statedPayout(l: PaymentLine): StatedPayout {
  const stated = [l.deliveryCharge, l.codFee, l.salesTax, l.withholdingTax, l.returnCharge];
  const itemised = stated.some((amount) => amount !== undefined);
  const charges = itemised ? stated.reduce<number>((sum, amount) => sum + (amount ?? 0), 0) : (l.charges ?? 0);
  return {
    collected: l.collected,
    deliveryCharge: l.deliveryCharge ?? null,
    codFee: l.codFee ?? null,
    salesTax: l.salesTax ?? null,
    withholdingTax: l.withholdingTax ?? null,
    returnCharge: l.returnCharge ?? null,
    charges,
    net: l.netPaid ?? l.collected - charges,
    payoutReference: l.payoutReference ?? null,
    payoutDate: l.payoutDate ?? null,
  };
}

/** What the terms say this parcel should pay: delivered, or refused and brought back; else nothing to compare. */
function expectationOf(terms: CourierTerms | undefined, parcel: CourierParcel): PayoutAmounts | undefined {
  if (!terms) return undefined;
  const outcome = statusIs(parcel.status, "cashDue") ? "delivered" : parcel.returnedAs ? "refused" : undefined;
  if (!outcome) return undefined;
  return expectedPayout(terms, { codAmount: parcel.codAmount, weightGrams: parcel.weightGrams, outcome });
}

const owes = (net: number) => (net < 0 ? `${formatRs(-net)} owed to the courier` : `${formatRs(net)} paid`);

export async function planPayment(db: Db, courier: CourierRow, lines: PaymentLine[]): Promise<PlannedLine[]> {
  const terms = (await termsOf(db, [courier.id])).get(courier.id);
  const paidBy = new Map<string, number>();
  return planByParcel(db, courier, lines, (l, parcel) => {
    const number = l.trackingNumber;
    if (parcel.settled) {
      const how = parcel.settled.via === "hand" ? "handed over" : "paid";
      return lineOf(l.line, number, parcel, "already", `Already ${how}: ${formatRs(parcel.settled.collected)}.`);
    }
    const earlier = paidBy.get(parcel.orderId);
    if (earlier !== undefined) {
      return lineOf(l.line, number, parcel, "already", `Line ${earlier} of this file already pays this parcel.`);
    }
    if (statusIs(parcel.status, "open")) {
      return lineOf(
        l.line,
        number,
        parcel,
        "notAllowed",
        `This order is ${stateOf(parcel)} in our records: import the courier's status file, or mark it delivered, first.`,
      );
    }
    paidBy.set(parcel.orderId, l.line);
    const paid = statedPayout(l);
    const due = toCollect(parcel);
    const mismatch = paid.collected !== due;
    const charges = `${formatRs(paid.charges)} charges`;
    const collected =
      parcel.status === "delivered"
        ? mismatch
          ? `${formatRs(paid.collected)} collected, but the order is ${formatRs(due)}; ${charges}.`
          : `${formatRs(paid.collected)} collected, ${charges}.`
        : mismatch
          ? `${formatRs(paid.collected)} collected, but this order is ${stateOf(parcel)}: nothing was to be collected; ${charges}.`
          : `This order is ${stateOf(parcel)}: nothing collected, ${charges}.`;
    const expected = expectationOf(terms, parcel);
    const difference = expected ? paid.net - expected.net : 0;
    const off = Math.abs(difference) > PAYMENT_TOLERANCE;
    const versus = expected
      ? ` ${owes(paid.net)}; ${courier.name}'s terms say ${owes(expected.net)}${off ? `: ${formatRs(Math.abs(difference))} ${difference < 0 ? "short" : "over"}` : ""}.`
      : "";
    // What happened to the money, as the badge says it: a payout off the terms is short (or over);
    // a parcel that came back was not paid, and the courier's return charge is owed; one lost or
    // damaged had nothing to collect.
    const outcome: ImportOutcome = off
      ? difference < 0
        ? "short"
        : "overpaid"
      : mismatch
        ? "mismatch"
        : parcel.status === "delivered"
          ? "paid"
          : parcel.status === "cancelled"
            ? "returnCharge"
            : "notCollected";
    return lineOf(l.line, number, parcel, outcome, collected + versus, {
      kind: "settle",
      orderId: parcel.orderId,
      line: l.line,
      paid,
      mismatch,
      short: expected && off ? { expected, difference } : undefined,
    });
  });
}
