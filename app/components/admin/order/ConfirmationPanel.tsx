// Where a cash-on-delivery order stands with its customer's confirmation: the time left before an
// unanswered order is cancelled, a button to hold it (the customer called, the owner waits for
// them) or release it, and the history: asked by mail or WhatsApp, reminded, answered and how.
import { useId, useState } from "react";
import type { AdminOrder } from "#shared/admin.ts";
import { confirmationEventWords } from "#shared/confirmation.ts";
import { adminCall } from "../../../lib/admin-api.ts";
import { cancelledIn, karachiTime } from "../../../lib/dates.ts";

export function ConfirmationPanel({ order, onChanged }: { order: AdminOrder; onChanged: (error?: string) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const pending = order.status === "pending";
  if (!pending && order.confirmationHistory.length === 0) return null;

  async function hold(held: boolean) {
    setBusy(true);
    const result = await adminCall<unknown>(`/orders/${order._id}/held`, { method: "PUT", json: { held } });
    setBusy(false);
    onChanged(result.ok ? undefined : result.error.message);
  }

  const cancelsAt = order.confirmation.cancelsAt;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 rounded-xl border border-amber-700/30 bg-amber-50 p-3">
      <h3 id={`${id}-title`} className="font-bold">
        Customer's confirmation
      </h3>
      {pending ? (
        <div className="mt-1 flex flex-wrap items-center gap-3 text-sm">
          <p>
            {order.heldAt
              ? `Held by the shop since ${karachiTime(order.heldAt)}: no reminder, no automatic cancellation.`
              : cancelsAt
                ? `Not confirmed yet: ${cancelledIn(cancelsAt)} (${karachiTime(cancelsAt)}) unless the customer answers.`
                : "Not confirmed yet."}
          </p>
          <button
            type="button"
            disabled={busy}
            onClick={() => hold(!order.heldAt)}
            className="button-secondary min-h-9 px-3 py-1 text-sm"
          >
            {order.heldAt ? "Release: apply the times again" : "Hold: keep it waiting"}
          </button>
        </div>
      ) : order.confirmation.answered ? (
        <p className="mt-1 text-sm">The customer answered on {karachiTime(order.confirmation.answered.at)}.</p>
      ) : null}
      {order.confirmationHistory.length > 0 ? (
        <ol className="mt-2 space-y-1 text-sm" aria-label="Confirmation history">
          {order.confirmationHistory.map((event) => (
            <li key={`${event.kind}-${event.at}`}>
              <span className="text-stone-600">{karachiTime(event.at)}</span> · {confirmationEventWords(event)}
              {event.actor ? ` (${event.actor})` : ""}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
