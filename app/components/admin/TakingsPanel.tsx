// Takings as the bank sees them (issue 48, shared/takings.ts): the cash collected at the door, less
// each kind of deduction the couriers' payment reports made, equals what reached the shop; for
// today, the last 7 days and, for the 7 days, each courier. Each is a small statement, so it reads
// the same at 375 px as at 1280.
import { formatRs } from "#shared/money.ts";
import { DEDUCTION_LABELS, DEDUCTIONS, type Takings as TakingsSum, type TakingsSummary } from "#shared/takings.ts";
import { AdminEmpty } from "./AdminStatus.tsx";

const minus = (value: number) =>
  value === 0 ? formatRs(0) : value < 0 ? `+${formatRs(-value)}` : `−${formatRs(value)}`;
/** A net can be below 0: a refused parcel's charges with nothing collected. */
const signedRs = (value: number) => (value < 0 ? `−${formatRs(-value)}` : formatRs(value));

export function TakingsPanel({ takings }: { takings: TakingsSummary }) {
  return (
    <section aria-labelledby="bank-takings" className="space-y-3">
      <div>
        <h2 id="bank-takings" className="text-xl font-bold">
          Takings as the bank sees them
        </h2>
        <p className="mt-1 text-xs text-stone-600">
          What couriers and the rider collected, less what each courier's payment report deducted, is what reached the
          shop. The rider's cash has no deductions; a report from before deductions were itemised counts its charges as
          delivery. By the Karachi day the cash came in.
        </p>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <Statement id="takings-today" title="Today" takings={takings.today} heading="h3" />
        <Statement id="takings-week" title="Last 7 days" takings={takings.week} heading="h3" />
      </div>
      <h3 className="text-lg font-bold">By courier, last 7 days</h3>
      {takings.byCourier.length === 0 ? (
        <AdminEmpty>No cash came in from any courier in the last 7 days.</AdminEmpty>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Takings by courier, last 7 days">
          {takings.byCourier.map((c) => (
            <li key={c.courierId}>
              <Statement id={`takings-${c.courierId}`} title={c.courier} takings={c} heading="h4" compact />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Collected, each deduction, net: one period's or one courier's; compact leaves out the deductions at 0. */
function Statement({
  id,
  title,
  takings,
  heading: Heading,
  compact = false,
}: {
  id: string;
  title: string;
  takings: TakingsSum;
  heading: "h3" | "h4";
  compact?: boolean;
}) {
  const lines = DEDUCTIONS.filter((kind) => !compact || takings[kind] !== 0).map((kind) => ({
    label: DEDUCTION_LABELS[kind],
    value: takings[kind],
  }));
  if (takings.unexplained !== 0) lines.push({ label: "Not itemised by the report", value: takings.unexplained });
  return (
    <section aria-labelledby={id} className="h-full rounded-xl border border-stone-200 p-4">
      <Heading id={id} className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span className="font-semibold">{title}</span>
        <span className="text-xs font-normal text-stone-600">
          {takings.parcels} {takings.parcels === 1 ? "parcel" : "parcels"} settled
        </span>
      </Heading>
      <dl className="mt-2 space-y-0.5 text-sm tabular-nums">
        <div className="flex justify-between gap-3">
          <dt>Collected</dt>
          <dd>{formatRs(takings.collected)}</dd>
        </div>
        {lines.map((line) => (
          <div key={line.label} className={`flex justify-between gap-3 ${line.value === 0 ? "text-stone-600" : ""}`}>
            <dt>{line.label}</dt>
            <dd className={line.value === 0 ? undefined : "text-red-800"}>{minus(line.value)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3 border-t border-stone-300 pt-1 font-bold">
          <dt>Net received</dt>
          <dd>{signedRs(takings.net)}</dd>
        </div>
      </dl>
    </section>
  );
}
