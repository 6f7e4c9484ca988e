// A courier file's lines with what each would do (the preview) or did (applied): a count per
// outcome that also filters the table, and the table itself, which scrolls inside its own box
// (sideways on a phone, down for a long file) so the page never does.
import { useState } from "react";
import { Link } from "react-router";
import { IMPORT_OUTCOMES, type ImportOutcome, type ImportResult, outcomeLabel } from "#shared/courier-imports.ts";

/** Solid colours for what changes an order (as its status badge has them), soft for what is skipped. */
const OUTCOME_COLOURS: Record<ImportOutcome, string> = {
  dispatch: "bg-violet-700 text-white",
  delivered: "bg-green-700 text-white",
  refused: "bg-stone-300 text-stone-900",
  lost: "bg-red-800 text-white",
  damaged: "bg-orange-700 text-white",
  // A task for the owner: the customer is asked what to do (issue 49).
  attemptFailed: "bg-amber-500 text-amber-950",
  // The customer is told the rider has it (issue 53): no change to the order, so a soft colour.
  outForDelivery: "bg-violet-100 text-violet-900",
  paid: "bg-green-700 text-white",
  mismatch: "bg-amber-300 text-amber-950",
  short: "bg-red-700 text-white",
  overpaid: "bg-amber-300 text-amber-950",
  // Money that did not come: never the green of cash in.
  returnCharge: "bg-orange-200 text-orange-950",
  notCollected: "bg-stone-300 text-stone-900",
  noChange: "bg-stone-100 text-stone-700",
  already: "bg-stone-100 text-stone-700",
  unknownOrder: "bg-red-100 text-red-900",
  unknownNumber: "bg-red-100 text-red-900",
  notAllowed: "bg-red-100 text-red-900",
  invalid: "bg-red-100 text-red-900",
};

export function OutcomeBadge({ outcome, applied }: { outcome: ImportOutcome; applied: boolean }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${OUTCOME_COLOURS[outcome]}`}
    >
      {outcomeLabel(outcome, applied)}
    </span>
  );
}

const chip =
  "inline-flex items-center gap-1.5 rounded-full border border-stone-300 py-1 pl-1 pr-3 text-sm font-semibold aria-pressed:border-brand-700 aria-pressed:ring-2 aria-pressed:ring-brand-700";

export function ImportLines({ result }: { result: ImportResult }) {
  const [only, setOnly] = useState<ImportOutcome | null>(null);
  const present = IMPORT_OUTCOMES.filter((outcome) => (result.summary[outcome] ?? 0) > 0);
  const shown = only && present.includes(only) ? result.lines.filter((line) => line.outcome === only) : result.lines;
  return (
    <div>
      <ul aria-label="Lines by outcome" className="flex flex-wrap gap-2">
        <li>
          <button type="button" aria-pressed={shown === result.lines} className={chip} onClick={() => setOnly(null)}>
            <span className="rounded-full bg-stone-800 px-2 py-0.5 text-xs text-white">{result.lines.length}</span>
            All lines
          </button>
        </li>
        {present.map((outcome) => (
          <li key={outcome}>
            <button
              type="button"
              aria-pressed={only === outcome}
              className={chip}
              onClick={() => setOnly(only === outcome ? null : outcome)}
            >
              <span className={`rounded-full px-2 py-0.5 text-xs ${OUTCOME_COLOURS[outcome]}`}>
                {result.summary[outcome]}
              </span>
              {outcomeLabel(outcome, result.applied)}
            </button>
          </li>
        ))}
      </ul>
      {/* A box that scrolls is reached by keyboard to scroll it (axe: scrollable-region-focusable). */}
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        tabIndex={0}
        aria-label="The file's lines"
        className="mt-3 max-h-[32rem] overflow-auto rounded-xl border border-stone-200"
      >
        {/* On a phone the tracking number goes under the order and the note under the outcome: three
            columns fit 375 px, so nothing needs scrolling sideways to be read. */}
        <table className="w-full border-collapse text-sm">
          <thead className="sticky top-0 z-10 bg-stone-50 text-left">
            <tr>
              <th scope="col" className="p-2">
                Line
              </th>
              <th scope="col" className="p-2">
                Order
              </th>
              <th scope="col" className="p-2 max-sm:hidden">
                Tracking number
              </th>
              <th scope="col" className="p-2">
                Outcome
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((line) => (
              <tr key={line.line} className="border-t border-stone-100 align-top">
                <td className="p-2 tabular-nums text-stone-600">{line.line}</td>
                <td className="p-2">
                  {line.orderId ? (
                    <Link
                      to={`/admin/orders/${line.orderId}`}
                      className="whitespace-nowrap font-semibold text-brand-700 hover:underline"
                    >
                      {line.order}
                    </Link>
                  ) : (
                    "–"
                  )}
                  <span className="block font-mono text-xs [overflow-wrap:anywhere] sm:hidden">
                    {line.trackingNumber}
                  </span>
                </td>
                <td className="whitespace-nowrap p-2 font-mono text-xs max-sm:hidden">{line.trackingNumber ?? "–"}</td>
                <td className="p-2">
                  <OutcomeBadge outcome={line.outcome} applied={result.applied} />
                  <p className="mt-1 text-stone-700 [overflow-wrap:anywhere]">{line.message}</p>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
