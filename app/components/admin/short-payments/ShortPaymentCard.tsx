// One short payment as the owner settles it: the order, courier and tracking number, how much short
// (or over), the evidence line by line, where the report said it, what was decided so far; then the
// note and the decisions that can follow (shared/short-payments.ts DECIDABLE_FROM).
import { Link } from "react-router";
import { formatRs } from "#shared/money.ts";
import { orderNumber } from "#shared/orders.ts";
import {
  differenceText,
  SHORT_PAYMENT_LABELS,
  type ShortPayment,
  type ShortPaymentStatus,
} from "#shared/short-payments.ts";
import { karachiDate, karachiTime } from "../../../lib/dates.ts";
import { type DecisionDone, ShortPaymentDecision } from "./ShortPaymentDecision.tsx";
import { ShortPaymentEvidence } from "./ShortPaymentEvidence.tsx";

const BADGE: Record<ShortPaymentStatus, string> = {
  open: "bg-amber-100 text-amber-950",
  disputed: "bg-orange-100 text-orange-950",
  accepted: "bg-stone-200 text-stone-900",
  recovered: "bg-green-100 text-green-950",
};

/** Where the payment report said it: 'tcs-payments.csv, line 4; payout TCS-PO-88121 of 3 Dec 2026'. */
function reportLine({ report }: ShortPayment): string {
  const file = [report.fileName ?? "The payment report", report.line === null ? null : `line ${report.line}`];
  const payout = [
    report.payoutReference ? `payout ${report.payoutReference}` : null,
    report.payoutDate ? `of ${karachiDate(`${report.payoutDate}T12:00:00+05:00`)}` : null,
  ];
  const payoutText = payout.filter(Boolean).join(" ");
  return [file.filter(Boolean).join(", "), payoutText].filter(Boolean).join("; ");
}

export function ShortPaymentCard({ shortPayment, onDone }: { shortPayment: ShortPayment; onDone: DecisionDone }) {
  const s = shortPayment;
  const number = orderNumber(s.orderId);
  const short = s.difference < 0;
  return (
    <article aria-labelledby={`short-${s._id}`} className="space-y-3 p-3 sm:p-4">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 id={`short-${s._id}`} className="min-w-0 text-base font-bold [overflow-wrap:anywhere]">
          <Link to={`/admin/orders/${s.orderId}`} className="font-mono text-brand-700 underline">
            {number}
          </Link>{" "}
          · {s.courier}
          {s.trackingNumber ? <span className="font-mono font-normal"> · {s.trackingNumber}</span> : null}
        </h3>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[s.status]}`}>
          {SHORT_PAYMENT_LABELS[s.status]}
        </span>
        <strong className={`ml-auto text-lg ${short ? "text-red-800" : "text-stone-900"}`}>
          {differenceText(s.difference)}
        </strong>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ShortPaymentEvidence shortPayment={s} />
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] content-start gap-x-3 gap-y-1.5 text-sm">
          <dt className="font-semibold text-stone-600">Report</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">{reportLine(s)}</dd>
          <dt className="font-semibold text-stone-600">Cash at the door</dt>
          <dd>{formatRs(s.codAmount)}</dd>
          <dt className="font-semibold text-stone-600">Found</dt>
          <dd>{karachiTime(s.foundAt)}</dd>
          {s.decidedAt ? (
            <>
              <dt className="font-semibold text-stone-600">{SHORT_PAYMENT_LABELS[s.status]}</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere]">
                {karachiTime(s.decidedAt)}
                {s.decidedBy ? ` by ${s.decidedBy.username}` : ""}
              </dd>
            </>
          ) : null}
          {s.note ? (
            <>
              <dt className="font-semibold text-stone-600">Note</dt>
              <dd className="min-w-0 whitespace-pre-line [overflow-wrap:anywhere]">{s.note}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <ShortPaymentDecision shortPayment={s} onDone={onDone} />
    </article>
  );
}
