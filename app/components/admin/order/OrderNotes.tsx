// The owner's internal notes on an order (never shown to the customer), with author and time.
import { type FormEvent, useId, useState } from "react";
import type { AdminOrder } from "#shared/admin.ts";
import { NOTE_MAX } from "#shared/admin-orders.ts";
import { type AdminResult, adminCall } from "../../../lib/admin-api.ts";
import { karachiTime } from "../../../lib/dates.ts";

export function OrderNotes({
  order,
  onDone,
}: {
  order: AdminOrder;
  onDone: (result: AdminResult<AdminOrder>, what: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await adminCall<AdminOrder>(`/orders/${order._id}/notes`, { method: "POST", json: { text } });
    setBusy(false);
    if (result.ok) setText("");
    onDone(result, "Note added.");
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6">
      <h3 id={`${id}-title`} className="font-bold">
        Internal notes
      </h3>
      <p className="text-sm text-stone-600">Only the shop sees these.</p>
      {order.notes.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">No notes yet.</p>
      ) : (
        <ol className="mt-2 space-y-2 text-sm">
          {order.notes.map((note) => (
            <li key={note._id} className="rounded-lg bg-amber-50 p-2">
              <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{note.text}</p>
              <p className="mt-1 text-xs text-stone-600">
                {note.author.username} · {karachiTime(note.at)}
              </p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} className="mt-2">
        <label className="block text-sm font-semibold">
          New note
          <textarea
            rows={2}
            required
            maxLength={NOTE_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 font-normal"
          />
        </label>
        <button type="submit" disabled={busy || text.trim() === ""} className="button-secondary mt-2">
          {busy ? "Adding…" : "Add note"}
        </button>
      </form>
    </section>
  );
}
