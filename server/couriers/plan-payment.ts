// A payment report's plan: each line names one of this courier's parcels, the cash it collected and
// its charges. A delivered parcel is paid (its amount compared with what the courier was to
// collect); a parcel that came back, or was lost or damaged, had nothing to collect, so its line
// records the charges (not paid: a return charge owed, or nothing to collect); a parcel still on
// its way is refused, and one already settled is 'already'. No HTTP here.
import { formatRs } from "#shared/money.ts";
import { statusIs } from "#shared/order-life.ts";
import type { Db } from "../db/client.ts";
import type { PaymentLine } from "./adapter.ts";
import type { CourierRow } from "./couriers.ts";
import { type CourierParcel, lineOf, type PlannedLine, planByParcel, stateOf } from "./import-plan.ts";

/** What the courier should have collected: the order's amount if delivered, nothing otherwise. */
const expected = (parcel: CourierParcel) => (statusIs(parcel.status, "cashDue") ? parcel.codAmount : 0);

export async function planPayment(db: Db, courier: CourierRow, lines: PaymentLine[]): Promise<PlannedLine[]> {
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
    const due = expected(parcel);
    const mismatch = l.collected !== due;
    const charges = `${formatRs(l.charges)} charges`;
    const message =
      parcel.status === "delivered"
        ? mismatch
          ? `${formatRs(l.collected)} collected, but the order is ${formatRs(due)}; ${charges}.`
          : `${formatRs(l.collected)} collected, ${charges}.`
        : mismatch
          ? `${formatRs(l.collected)} collected, but this order is ${stateOf(parcel)}: nothing was to be collected; ${charges}.`
          : `This order is ${stateOf(parcel)}: nothing collected, ${charges}.`;
    // What happened to the money, as the badge says it: a parcel that came back was not paid, and
    // the courier's return charge is owed; one lost or damaged had nothing to collect.
    const outcome = mismatch
      ? "mismatch"
      : parcel.status === "delivered"
        ? "paid"
        : parcel.status === "cancelled"
          ? "returnCharge"
          : "notCollected";
    return lineOf(l.line, number, parcel, outcome, message, {
      kind: "settle",
      orderId: parcel.orderId,
      collected: l.collected,
      charges: l.charges,
      mismatch,
    });
  });
}
