// An order's cash-on-delivery risk as the owner reads it (issue 50, shared/order-risk.ts): a badge
// with its level, each reason as a sentence (always written out, never only in a hover title, so a
// phone shows them too), and the customer's track record the reasons were read from.
import type { ReactNode } from "react";
import {
  type CustomerHistory,
  type OrderRisk,
  RISK_LEVEL_LABELS,
  type RiskLevel,
  SIGNAL_LEVELS,
} from "#shared/order-risk.ts";

const BADGE: Record<RiskLevel, string> = {
  none: "bg-green-100 text-green-900",
  watch: "bg-amber-100 text-amber-950",
  high: "bg-red-800 text-white",
};

const REASON: Record<Exclude<RiskLevel, "none">, string> = {
  watch: "text-amber-950",
  high: "font-semibold text-red-900",
};

export function RiskBadge({ level }: { level: RiskLevel }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${BADGE[level]}`}>
      {level === "none" ? "" : "⚠ "}
      {RISK_LEVEL_LABELS[level]}
    </span>
  );
}

function counts(history: CustomerHistory): string {
  const parts = [
    `${history.delivered} delivered`,
    `${history.cancelled} cancelled`,
    `${history.returned} refused/returned`,
    `${history.open} open`,
  ];
  return `${history.orders} order${history.orders === 1 ? "" : "s"}: ${parts.join(" · ")}`;
}

/** Each reason in its own level's colour: what cost the shop before stands out from what is only unusual. */
function Reasons({ risk, label }: { risk: OrderRisk; label: string }) {
  if (risk.reasons.length === 0) return null;
  return (
    <ul aria-label={label} className="mt-1 space-y-1">
      {risk.reasons.map((reason) => (
        <li key={reason.signal} className={`${REASON[SIGNAL_LEVELS[reason.signal]]} [overflow-wrap:anywhere]`}>
          {reason.text}
        </li>
      ))}
    </ul>
  );
}

/** One row's risk in the orders list: the badge, every reason, and the customer's counts. */
export function RiskLine({ risk }: { risk: OrderRisk }) {
  return (
    <div className="basis-full text-sm" data-risk={risk.level}>
      <RiskBadge level={risk.level} />
      <Reasons risk={risk} label="Risk reasons" />
      <p className="mt-1 text-stone-600">History: {counts(risk.history)}</p>
    </div>
  );
}

/** The panel on the order page, with what the owner can do about it (`children`: the block buttons). */
export function RiskPanel({ risk, children }: { risk: OrderRisk; children?: ReactNode }) {
  const tone =
    risk.level === "high" ? "border-red-300" : risk.level === "watch" ? "border-amber-300" : "border-stone-200";
  return (
    <section aria-labelledby="order-risk" className={`mt-4 rounded-xl border p-3 text-sm ${tone}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="order-risk" className="font-bold">
          Cash-on-delivery risk
        </h3>
        <RiskBadge level={risk.level} />
      </div>
      {risk.reasons.length > 0 ? (
        <Reasons risk={risk} label="Risk reasons" />
      ) : (
        <p className="mt-1 text-green-800">Nothing unusual: no refused or unconfirmed orders, nothing blocked.</p>
      )}
      <h4 className="mt-3 font-semibold">Customer's history</h4>
      <p className="text-stone-600">Every order of this account or this phone number, this one included.</p>
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {(
          [
            ["Delivered", risk.history.delivered],
            ["Cancelled", risk.history.cancelled],
            ["Refused / returned", risk.history.returned],
            ["Open", risk.history.open],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-lg bg-stone-50 p-2">
            <dt className="text-xs text-stone-600">{label}</dt>
            <dd className="text-lg font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
