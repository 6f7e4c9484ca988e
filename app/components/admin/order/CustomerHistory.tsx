// The customer's track record behind an order (every order of the account or the phone number)
// and the warnings to read before a parcel goes out: refused before, several open orders.
import { type CustomerHistory, historyFlags } from "#shared/admin-orders.ts";

function counts(history: CustomerHistory): string {
  const parts = [
    `${history.delivered} delivered`,
    `${history.cancelled} cancelled`,
    `${history.returned} refused/returned`,
    `${history.open} open`,
  ];
  return `${history.orders} order${history.orders === 1 ? "" : "s"}: ${parts.join(" · ")}`;
}

/** One line for the order list: the counts, and the flags in red when there are any. */
export function HistoryLine({ history }: { history: CustomerHistory }) {
  const flags = historyFlags(history);
  return (
    <span className="basis-full text-sm">
      {flags.map((flag) => (
        <span key={flag} className="mb-1 block w-fit rounded bg-red-100 px-2 py-0.5 font-semibold text-red-900">
          ⚠ {flag}
        </span>
      ))}
      <span className="block text-stone-600">History: {counts(history)}</span>
    </span>
  );
}

/** The panel on the order page. */
export function HistoryPanel({ history }: { history: CustomerHistory }) {
  const flags = historyFlags(history);
  return (
    <section aria-labelledby="customer-history" className="mt-4 rounded-xl border border-stone-200 p-3 text-sm">
      <h3 id="customer-history" className="font-bold">
        Customer's history
      </h3>
      <p className="mt-1 text-stone-600">Every order of this account or this phone number, this one included.</p>
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {(
          [
            ["Delivered", history.delivered],
            ["Cancelled", history.cancelled],
            ["Refused / returned", history.returned],
            ["Open", history.open],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-lg bg-stone-50 p-2">
            <dt className="text-xs text-stone-600">{label}</dt>
            <dd className="text-lg font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      {flags.length > 0 ? (
        <ul className="mt-3 space-y-1 rounded-lg bg-red-50 p-3 text-red-900" aria-label="Warnings">
          {flags.map((flag) => (
            <li key={flag} className="font-semibold">
              ⚠ {flag}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-green-800">Nothing unusual: no refused parcels, no other open orders.</p>
      )}
    </section>
  );
}
