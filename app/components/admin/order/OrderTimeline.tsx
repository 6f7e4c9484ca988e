// What happened to an order, oldest first: status moves (with a returned parcel's reason) and
// changes to its delivery details, each with who and when.
import type { AdminOrder } from "#shared/admin.ts";
import { ADDRESS_FIELD_LABELS, adminStatusLabel } from "#shared/admin-orders.ts";
import { statusLabel } from "#shared/order-life.ts";
import { karachiTime } from "../../../lib/dates.ts";

export function OrderTimeline({ order }: { order: AdminOrder }) {
  const entries = [
    ...order.history.map((entry, index) => ({
      key: `move:${index}`,
      at: entry.at,
      content: (
        <>
          {entry.from ? `${statusLabel(entry.from)} → ` : "placed as "}
          <strong>{adminStatusLabel(entry.to, entry.returnedAs)}</strong>
          {entry.actor ? ` by ${entry.actor.username}` : ""}
          {entry.reason ? <span className="block text-stone-700">Reason: {entry.reason}</span> : null}
        </>
      ),
    })),
    ...order.edits.map((edit, index) => ({
      key: `edit:${index}`,
      at: edit.at,
      content: (
        <>
          details changed by {edit.actor.username}:
          <ul className="mt-1 list-disc pl-5">
            {edit.changes.map((change) => (
              <li key={change.field} className="[overflow-wrap:anywhere]">
                {ADDRESS_FIELD_LABELS[change.field]}: {change.from ?? "(none)"} → {change.to ?? "(none)"}
              </li>
            ))}
          </ul>
        </>
      ),
    })),
  ].sort((x, y) => Date.parse(x.at) - Date.parse(y.at));

  return (
    <ol className="mt-2 space-y-2 text-sm">
      {entries.map((entry) => (
        <li key={entry.key} className="rounded-lg bg-stone-50 p-2">
          <span className="text-stone-600">{karachiTime(entry.at)}</span> · {entry.content}
        </li>
      ))}
    </ol>
  );
}
