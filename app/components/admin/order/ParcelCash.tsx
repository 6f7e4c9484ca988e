// The cash of a delivered parcel: recorded (how much came, the courier's charges, when, by hand or
// from a payment report, and a warning when it was not what the courier was to collect), or still
// with the courier, or, for the shop's own rider, handed over now (the amount starts at the cash
// to collect, and the owner corrects it when the rider brought less).
import { type FormEvent, useId, useState } from "react";
import type { AdminOrder } from "#shared/admin.ts";
import { type AdminParcel, cashInputSchema } from "#shared/couriers.ts";
import { formatRs } from "#shared/money.ts";
import { summariseIssues } from "#shared/validation.ts";
import { type AdminResult, adminCall } from "../../../lib/admin-api.ts";
import { formatWhen } from "../../../lib/dates.ts";
import { AdminField } from "../AdminField.tsx";

export function ParcelCash({
  order,
  parcel,
  onDone,
}: {
  order: AdminOrder;
  parcel: AdminParcel;
  onDone: (result: AdminResult<AdminOrder>, what: string) => void;
}) {
  const { settlement } = parcel;
  if (settlement) {
    return (
      <div className="mt-3 text-sm">
        <h4 className="font-semibold">Cash</h4>
        <p>
          {formatRs(settlement.collected)} collected, recorded {formatWhen(settlement.at)}{" "}
          {settlement.via === "hand" ? "(handed over by hand)" : `(from ${parcel.courier}'s payment report)`}.
          {settlement.charges !== null ? ` ${parcel.courier}'s charges: ${formatRs(settlement.charges)}.` : ""}
        </p>
        {settlement.mismatch ? (
          <p role="note" className="mt-1 rounded-lg bg-amber-50 p-2 font-semibold text-amber-900">
            Not the amount to collect: {formatRs(parcel.codAmount)} was due, {formatRs(settlement.collected)} came.
          </p>
        ) : null}
      </div>
    );
  }
  if (order.status !== "delivered") return null;
  if (!parcel.ownRider) {
    return (
      <p className="mt-3 text-sm">
        The cash ({formatRs(parcel.codAmount)}) is with {parcel.courier} until its payment report is imported at
        Couriers.
      </p>
    );
  }
  return <CashHandover order={order} parcel={parcel} onDone={onDone} />;
}

function CashHandover({
  order,
  parcel,
  onDone,
}: {
  order: AdminOrder;
  parcel: AdminParcel;
  onDone: (result: AdminResult<AdminOrder>, what: string) => void;
}) {
  const id = useId();
  const [amount, setAmount] = useState(String(parcel.codAmount));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = cashInputSchema.safeParse({ amount: amount.trim() === "" ? undefined : Number(amount) });
    if (!parsed.success) return setError(summariseIssues(parsed.error).message);
    setError(undefined);
    setBusy(true);
    const result = await adminCall<AdminOrder>(`/orders/${order._id}/cash`, { method: "POST", json: parsed.data });
    setBusy(false);
    if (!result.ok) setError(result.error.fields.amount ?? result.error.message);
    onDone(result, `Recorded: ${formatRs(parsed.data.amount)} handed over.`);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="mt-3 flex flex-wrap items-start gap-3"
    >
      <h4 id={`${id}-title`} className="basis-full text-sm font-semibold">
        The rider has {formatRs(parcel.codAmount)} to hand over
      </h4>
      <AdminField id={`${id}-amount`} label="Amount handed over (Rs.)" error={error} className="w-48 text-sm">
        {(control) => (
          <input
            {...control}
            inputMode="numeric"
            value={amount}
            onChange={(e) => setAmount(e.target.value.replace(/[^\d]/g, ""))}
          />
        )}
      </AdminField>
      <button type="submit" className="button-primary sm:mt-6" disabled={busy}>
        {busy ? "Recording…" : "Cash handed over"}
      </button>
    </form>
  );
}
