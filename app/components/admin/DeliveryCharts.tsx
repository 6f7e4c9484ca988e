// The delivery report's charts, drawn with CSS bars (no chart library in the admin's JavaScript).
// Each bar says what it shows in words (role="img" with a label, so a screen reader reads the rates
// row by row), and every chart has its numbers in a table below it; by courier and by week the table
// also says how many parcels were delivered at the first attempt and how many were rescued after a
// failed one (issue 49); by risk rule, the refusal rate of the parcels sent out (issue 50).
import type { ReactNode } from "react";
import { type DeliveryRow, OUTCOMES, type Outcome } from "#shared/delivery-report.ts";
import { formatRs } from "#shared/money.ts";

export const OUTCOME_LABELS: Record<Outcome, string> = {
  delivered: "Delivered",
  refused: "Refused or returned",
  cancelled: "Cancelled before dispatch",
  lostDamaged: "Lost or damaged",
  open: "Still open",
};

/** Colours apart for any eye: green, red, grey, orange, light blue; the legend names them. */
const OUTCOME_COLOURS: Record<Outcome, string> = {
  delivered: "bg-green-700",
  refused: "bg-red-600",
  cancelled: "bg-stone-400",
  lostDamaged: "bg-orange-400",
  open: "bg-sky-300",
};

export interface ChartRow {
  key: string;
  label: string;
  row: DeliveryRow;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** "40% delivered, 20% refused or returned, …", the outcomes that happened. */
function ratesInWords(row: DeliveryRow): string {
  if (row.orders === 0) return "No orders.";
  return OUTCOMES.filter((o) => row[o] > 0)
    .map((o) => `${row.rates[o]}% ${OUTCOME_LABELS[o].toLowerCase()}`)
    .join(", ");
}

export function OutcomeLegend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700" aria-label="Colours of the bars">
      {OUTCOMES.map((o) => (
        <li key={o} className="flex items-center gap-1.5">
          <span className={`inline-block size-3 rounded-sm ${OUTCOME_COLOURS[o]}`} aria-hidden="true" />
          {OUTCOME_LABELS[o]}
        </li>
      ))}
    </ul>
  );
}

/** One bar per row, split by outcome as shares of the row's orders (100% wide when it has any). */
export function OutcomeChart({
  id,
  title,
  note,
  rows,
  rowHeader,
  attempts = false,
  refusalRate = false,
}: {
  id: string;
  title: string;
  note?: ReactNode;
  rows: ChartRow[];
  rowHeader: string;
  /** The table adds the First attempt and Rescued columns. */
  attempts?: boolean;
  /** The table adds the Refusal rate column (of the parcels sent out), for rows compared by it. */
  refusalRate?: boolean;
}) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-stone-200 p-3">
      <h3 id={id} className="font-bold">
        {title}
      </h3>
      {note ? <p className="mt-0.5 text-xs text-stone-600">{note}</p> : null}
      <div className="mt-2">
        <OutcomeLegend />
      </div>
      <ul className="mt-3 space-y-2.5">
        {rows.map(({ key, label, row }) => (
          // On a phone the name and count sit above the bar; wider, all three share a line. The bar's
          // label says them too, so a screen reader reads each row once.
          <li
            key={key}
            className="grid min-w-0 grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3 gap-y-1 text-sm sm:grid-cols-[minmax(0,9rem)_minmax(0,1fr)_5rem] sm:items-center"
          >
            <span aria-hidden="true" className="col-start-1 row-start-1 font-semibold [overflow-wrap:anywhere]">
              {label}
            </span>
            <span aria-hidden="true" className="col-start-2 row-start-1 text-right text-stone-600 sm:col-start-3">
              {plural(row.orders, "order")}
            </span>
            <div
              role="img"
              aria-label={`${label}: ${plural(row.orders, "order")}. ${ratesInWords(row)}`}
              className="col-span-2 row-start-2 flex h-4 overflow-hidden rounded bg-stone-100 sm:col-span-1 sm:col-start-2 sm:row-start-1"
            >
              {OUTCOMES.map((o) =>
                row[o] > 0 ? (
                  <span key={o} className={OUTCOME_COLOURS[o]} style={{ width: `${(row[o] / row.orders) * 100}%` }} />
                ) : null,
              )}
            </div>
          </li>
        ))}
      </ul>
      <OutcomeTable
        caption={`${title}: the numbers`}
        rows={rows}
        rowHeader={rowHeader}
        attempts={attempts}
        refusalRate={refusalRate}
      />
    </section>
  );
}

/** '50% (1 of 2)': refused or returned, of the parcels sent out. */
function refusalRateCell(row: DeliveryRow): string {
  return row.dispatched === 0 ? "–" : `${row.refusalRate}% (${row.refusedOfDispatched} of ${row.dispatched})`;
}

/** '75% (3 of 4)': delivered at once, of the parcels that finished (delivered, or refused or returned). */
function firstAttemptCell(row: DeliveryRow): string {
  const finished = row.firstAttempt + row.rescued + row.refusedOfDispatched;
  return finished === 0 ? "–" : `${row.firstAttemptRate}% (${row.firstAttempt} of ${finished})`;
}

function OutcomeTable({
  caption,
  rows,
  rowHeader,
  attempts,
  refusalRate,
}: {
  caption: string;
  rows: ChartRow[];
  rowHeader: string;
  attempts: boolean;
  refusalRate: boolean;
}) {
  const cell = (row: DeliveryRow, o: Outcome) => (row.orders === 0 ? "–" : `${row[o]} (${row.rates[o]}%)`);
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-semibold text-brand-700">The numbers</summary>
      {/* Its own sideways scroll on a phone (the page itself never scrolls sideways); focusable so
          arrow keys scroll it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard can only scroll a region that takes focus */}
      <section className="mt-2 overflow-x-auto" aria-label={caption} tabIndex={0}>
        <table
          className={`w-full text-left tabular-nums ${attempts ? "min-w-[52rem]" : refusalRate ? "min-w-[46rem]" : "min-w-[40rem]"}`}
        >
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="text-xs text-stone-600">
              <th scope="col" className="p-1">
                {rowHeader}
              </th>
              <th scope="col" className="p-1 text-right">
                Orders
              </th>
              {OUTCOMES.map((o) => (
                <th key={o} scope="col" className="p-1 text-right">
                  {OUTCOME_LABELS[o]}
                </th>
              ))}
              {refusalRate ? (
                <th scope="col" className="p-1 text-right">
                  Refusal rate
                </th>
              ) : null}
              <th scope="col" className="p-1 text-right">
                Refusals cost
              </th>
              {attempts ? (
                <>
                  <th scope="col" className="p-1 text-right">
                    First attempt
                  </th>
                  <th scope="col" className="p-1 text-right">
                    Rescued
                  </th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ key, label, row }) => (
              <tr key={key} className="border-t border-stone-100">
                <th scope="row" className="p-1 font-normal">
                  {label}
                </th>
                <td className="p-1 text-right">{row.orders}</td>
                {OUTCOMES.map((o) => (
                  <td key={o} className="p-1 text-right">
                    {cell(row, o)}
                  </td>
                ))}
                {refusalRate ? <td className="p-1 text-right">{refusalRateCell(row)}</td> : null}
                <td className="p-1 text-right">{formatRs(row.refusalCost)}</td>
                {attempts ? (
                  <>
                    <td className="p-1 text-right">{firstAttemptCell(row)}</td>
                    <td className="p-1 text-right">{row.rescued}</td>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}

/** One bar per row, as long as its amount against the largest; the amount written beside it. */
export function AmountChart({
  id,
  title,
  note,
  rows,
}: {
  id: string;
  title: string;
  note?: ReactNode;
  rows: { key: string; label: string; amount: number; detail?: string }[];
}) {
  const max = Math.max(0, ...rows.map((r) => r.amount));
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-stone-200 p-3">
      <h3 id={id} className="font-bold">
        {title}
      </h3>
      {note ? <p className="mt-0.5 text-xs text-stone-600">{note}</p> : null}
      {/* A list in words: the bars only draw what the amounts say. */}
      <ul className="mt-3 space-y-2.5">
        {rows.map((r) => (
          <li key={r.key} className="min-w-0 text-sm">
            <div className="flex items-baseline justify-between gap-2">
              <span className="min-w-0 font-semibold [overflow-wrap:anywhere]">{r.label}</span>
              <span className="shrink-0 tabular-nums">{formatRs(r.amount)}</span>
            </div>
            <div className="mt-1 h-3 rounded bg-stone-100" aria-hidden="true">
              <div
                className="h-3 rounded bg-red-600"
                style={{ width: max === 0 ? "0%" : `${(r.amount / max) * 100}%` }}
              />
            </div>
            {r.detail ? <p className="mt-0.5 text-xs text-stone-600">{r.detail}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
