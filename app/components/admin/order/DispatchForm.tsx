// Handing a confirmed order to a courier: the courier, and the tracking number it printed on its
// receipt (none for the shop's own rider). The number is checked here as the API checks it; a number
// already on another parcel of that courier comes back as 409 and is shown by the field.
import { type FormEvent, useId, useState } from "react";
import type { AdminOrder } from "#shared/admin.ts";
import { COURIER_MESSAGES, dispatchInputSchema, TRACKING_NUMBER_MAX } from "#shared/couriers.ts";
import { summariseIssues } from "#shared/validation.ts";
import { type AdminResult, adminCall } from "../../../lib/admin-api.ts";
import { AdminField } from "../AdminField.tsx";
import { AdminError, AdminLoading } from "../AdminStatus.tsx";
import { CourierSelect, useActiveCouriers } from "../CourierPicker.tsx";

export function DispatchForm({
  order,
  onDone,
}: {
  order: AdminOrder;
  onDone: (result: AdminResult<AdminOrder>, what: string) => void;
}) {
  const id = useId();
  const couriers = useActiveCouriers();
  const [courierId, setCourierId] = useState("");
  const [trackingNumber, setTrackingNumber] = useState("");
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);

  if (couriers.state === "loading") return <AdminLoading what="the couriers" />;
  if (couriers.state === "failed") return <AdminError message={couriers.message} onRetry={couriers.reload} />;
  const courier = couriers.couriers.find((c) => c._id === courierId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { courierId, trackingNumber: courier?.ownRider ? undefined : trackingNumber };
    const parsed = dispatchInputSchema.safeParse(body);
    if (!parsed.success) return setErrors(summariseIssues(parsed.error).fields);
    if (courier && !courier.ownRider && !parsed.data.trackingNumber) {
      return setErrors({ trackingNumber: COURIER_MESSAGES.numberNeeded });
    }
    setErrors({});
    setBusy(true);
    const result = await adminCall<AdminOrder>(`/orders/${order._id}/dispatch`, { method: "POST", json: parsed.data });
    setBusy(false);
    if (!result.ok) {
      const taken = result.error.message === COURIER_MESSAGES.numberTaken;
      setErrors(taken ? { trackingNumber: result.error.message } : result.error.fields);
    }
    const sent = parsed.data.trackingNumber
      ? `${courier?.name}, tracking number ${parsed.data.trackingNumber}`
      : courier?.name;
    onDone(result, `Dispatched with ${sent}. The customer has been e-mailed.`);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Dispatch"
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
    >
      <p className="text-sm text-stone-700 sm:col-span-3">
        Not dispatched yet. Choose who takes it and enter the tracking number from the courier's receipt.
      </p>
      <CourierSelect
        id={`${id}-courier`}
        couriers={couriers.couriers}
        value={courierId}
        onChange={(next) => {
          setCourierId(next);
          setErrors({});
        }}
        error={errors.courierId}
      />
      {courier?.ownRider ? (
        <span className="hidden sm:block" />
      ) : (
        <AdminField id={`${id}-number`} label="Tracking number" error={errors.trackingNumber}>
          {(control) => (
            <input
              {...control}
              value={trackingNumber}
              maxLength={TRACKING_NUMBER_MAX}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => setTrackingNumber(e.target.value)}
            />
          )}
        </AdminField>
      )}
      <button type="submit" className="button-primary sm:mt-6" disabled={busy}>
        {busy ? "Dispatching…" : "Dispatch"}
      </button>
    </form>
  );
}
