// PostEx's parcels read as the shop's lines (postex.ts): a tracked parcel as its latest status, a
// settled one as its payment. PostEx's times carry no zone (or +0500): Karachi's, read by the courier
// files' reader (csv-cells.ts). Amounts are rounded to whole rupees, as the files' are.
import { readKarachiDay, readKarachiInstant } from "../csv-cells.ts";
import type { ParcelPayment, ParcelStatus } from "./courier-api.ts";
import type { HistoryStep, Parcel, Payment } from "./postex-answers.ts";
import { postexOutcome } from "./postex-statuses.ts";

const instantOf = (raw: string | null | undefined) => {
  const read = raw ? readKarachiInstant(raw) : "blank";
  return read === "blank" || read === "unreadable" ? undefined : read;
};

/** The newest step of a history: by its time where steps have one, else the last written. */
function latestStep(steps: HistoryStep[]): HistoryStep | undefined {
  const at = (step: HistoryStep) => instantOf(step.modifiedDatetime ?? step.updatedAt);
  const dated = steps.filter((step) => at(step) !== undefined);
  if (dated.length === 0) return steps.at(-1);
  return dated.reduce((latest, step) => (Date.parse(at(step) ?? "") >= Date.parse(at(latest) ?? "") ? step : latest));
}

export function statusOf(trackingNumber: string, p: Parcel): ParcelStatus {
  const step = latestStep(p.transactionStatusHistory ?? []);
  const said = step?.transactionStatusMessage?.trim() || undefined;
  const status = p.transactionStatus?.trim() || said || "No status yet";
  return {
    trackingNumber,
    status,
    outcome: postexOutcome(status, step?.transactionStatusMessageCode ?? undefined),
    statusDate: step ? instantOf(step.modifiedDatetime ?? step.updatedAt) : undefined,
    // The step says why: 'Attempt Made: CNA' under 'Attempted'.
    remark: said && said.toLowerCase() !== status.toLowerCase() ? said : undefined,
  };
}

const rupees = (...amounts: (number | null | undefined)[]) =>
  amounts.every((a) => a == null) ? undefined : Math.round(amounts.reduce<number>((sum, a) => sum + (a ?? 0), 0));

/** A settled parcel's line: PostEx itemises its charge, the return charge and the tax on each. */
export function paymentOf(trackingNumber: string, p: Parcel, paid: Payment): ParcelPayment {
  const delivered = statusOf(trackingNumber, p).outcome === "delivered";
  const day =
    paid.settlementDate ?? paid.reservePaymentDate ?? paid.cpr2Date ?? paid.upfrontPaymentDate ?? paid.cpr1Date ?? "";
  const payoutDay = readKarachiDay(day);
  const receipts = [paid.cprNumber_1 ?? paid.cpr1, paid.cprNumber_2 ?? paid.cpr2].filter((r) => r?.trim());
  return {
    trackingNumber,
    collected: delivered ? (rupees(p.invoicePayment) ?? 0) : 0,
    deliveryCharge: rupees(p.transactionFee),
    returnCharge: rupees(p.reversalFee),
    salesTax: rupees(p.transactionTax, p.reversalTax),
    // What PostEx says it paid: its upfront payment and the reserve it paid later (negative for a
    // return, whose charges it keeps).
    netPaid: rupees(p.upfrontPayment, p.reservePayment),
    payoutReference: receipts.length > 0 ? receipts.join(", ") : undefined,
    payoutDate: payoutDay === "blank" || payoutDay === "unreadable" ? undefined : payoutDay,
  };
}
