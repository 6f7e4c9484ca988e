// The cash of a delivered parcel: recorded (how much came, the courier's charges, when, by hand or
// from a payment report, and a warning when it was not what the courier was to collect), or still
// with the courier, or, for the shop's own rider, handed over now (the amount starts at the cash
// to collect, and the owner corrects it when the rider brought less).
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import type { AdminOrder } from "#shared/admin.ts";
import { type AdminParcel, cashInputSchema } from "#shared/couriers.ts";
import { formatRs } from "#shared/money.ts";
import { summariseIssues } from "#shared/validation.ts";
import { type AdminResult, adminCall } from "../../../lib/admin-api.ts";
import { karachiTime } from "../../../lib/dates.ts";
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
          {formatRs(settlement.collected)} collected, recorded {karachiTime(settlement.at)}{" "}
          {settlement.via === "hand" ? "(handed over by hand)" : `(from ${parcel.courier}'s payment report)`}.
          {settlement.charges !== null && !hasBreakdown(settlement)
            ? ` ${parcel.courier}'s charges: ${formatRs(settlement.charges)}.`
            : ""}
        </p>
        <PayoutLines settlement={settlement} courier={parcel.courier} />
        {settlement.mismatch ? (
          <p role="note" className="mt-1 rounded-lg bg-amber-50 p-2 font-semibold text-amber-900">
            Not the amount to collect: {formatRs(parcel.codAmount)} was due, {formatRs(settlement.collected)} came.
          </p>
        ) : null}
        {settlement.short ? <ShortNote short={settlement.short} courier={parcel.courier} /> : null}
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

type Settlement = NonNullable<AdminParcel["settlement"]>;

const DEDUCTIONS = [
  ["deliveryCharge", "Delivery charge"],
  ["codFee", "COD fee"],
  ["salesTax", "Sales tax"],
  ["withholdingTax", "Withholding tax"],
  ["returnCharge", "Return charge"],
] as const;

const hasBreakdown = (settlement: Settlement) => DEDUCTIONS.some(([key]) => settlement.deductions[key] !== null);

/** Each deduction the courier's report stated, and what reached the shop. */
function PayoutLines({ settlement, courier }: { settlement: Settlement; courier: string }) {
  const stated = DEDUCTIONS.filter(([key]) => settlement.deductions[key] !== null);
  if (stated.length === 0 && settlement.net === null) return null;
  return (
    <dl className="mt-2 grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-0.5">
      {stated.map(([key, label]) => (
        <div key={key} className="contents">
          <dt>{label}</dt>
          <dd className="text-right tabular-nums">− {formatRs(settlement.deductions[key] ?? 0)}</dd>
        </div>
      ))}
      {settlement.net !== null ? (
        <div className="contents font-semibold">
          <dt>{settlement.net < 0 ? `Owed to ${courier}` : "Net received"}</dt>
          <dd className="text-right tabular-nums">{formatRs(Math.abs(settlement.net))}</dd>
        </div>
      ) : null}
      {settlement.payoutReference || settlement.payoutDate ? (
        <p className="col-span-2 text-stone-600">
          Payout {settlement.payoutReference ?? ""}
          {settlement.payoutDate ? ` of ${settlement.payoutDate}` : ""}
        </p>
      ) : null}
    </dl>
  );
}

const SHORT_STATUS: Record<NonNullable<Settlement["short"]>["status"], string> = {
  open: "not yet chased",
  disputed: "disputed with the courier",
  accepted: "accepted",
  recovered: "recovered",
};

function ShortNote({ short, courier }: { short: NonNullable<Settlement["short"]>; courier: string }) {
  const settled = short.status === "accepted" || short.status === "recovered";
  return (
    <p
      role="note"
      className={`mt-1 rounded-lg p-2 font-semibold ${settled ? "bg-stone-100 text-stone-800" : "bg-red-50 text-red-900"}`}
    >
      {courier} paid {formatRs(Math.abs(short.difference))} {short.difference < 0 ? "less" : "more"} than its terms say
      ({SHORT_STATUS[short.status]}).{" "}
      <Link to="/admin/short-payments" className="underline">
        Short payments
      </Link>
    </p>
  );
}
