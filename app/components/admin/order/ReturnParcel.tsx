// Recording a parcel that came back (a confirmed order refused at the door or returned): its pairs
// go back into stock, the history keeps who, when and why, and the customer reads it as cancelled.
import { type FormEvent, useId, useState } from "react";
import type { AdminOrder } from "#shared/admin.ts";
import { REASON_MAX } from "#shared/admin-orders.ts";
import { RETURN_KIND_LABELS, RETURN_KINDS, type ReturnKind } from "#shared/order-life.ts";
import { type AdminResult, adminCall } from "../../../lib/admin-api.ts";

export function ReturnParcel({
  order,
  onDone,
}: {
  order: AdminOrder;
  onDone: (result: AdminResult<AdminOrder>, what: string) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<ReturnKind>("refused");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);

  if (!open) {
    return (
      <button type="button" className="button-secondary text-red-800" onClick={() => setOpen(true)}>
        Parcel came back…
      </button>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await adminCall<AdminOrder>(`/orders/${order._id}/return`, {
      method: "POST",
      json: { as: kind, reason: reason.trim() || undefined },
    });
    setBusy(false);
    if (result.ok) setOpen(false);
    onDone(result, `Recorded as ${RETURN_KIND_LABELS[kind]}. Its pairs are back in stock.`);
  }

  return (
    <form
      onSubmit={submit}
      className="mt-3 w-full rounded-xl border border-red-200 bg-red-50 p-3"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="font-bold">
        The parcel came back
      </h3>
      <fieldset className="mt-2">
        <legend className="text-sm font-semibold">How?</legend>
        <div className="mt-1 flex flex-wrap gap-x-6">
          {RETURN_KINDS.map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-kind`}
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
                className="size-5"
              />
              {value === "refused" ? "Refused at the door" : "Returned to the shop"}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="mt-2 block text-sm font-semibold">
        Reason (optional)
        <textarea
          rows={2}
          maxLength={REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          className="mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 font-normal"
        />
      </label>
      <p className="mt-2 text-sm text-stone-700">
        Its pairs go back into stock; the customer sees the order as cancelled.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className="button-primary bg-red-800 hover:bg-red-900">
          {busy ? "Recording…" : "Record the return"}
        </button>
        <button type="button" className="button-secondary" onClick={() => setOpen(false)}>
          Keep as it is
        </button>
      </div>
    </form>
  );
}
