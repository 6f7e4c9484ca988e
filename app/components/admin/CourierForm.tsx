// Adding or changing a courier (the whole courier each time, as PUT takes it): its name, its public
// tracking page with {number} where the tracking number goes, whether it is in use, and for the
// shop's own rider the rider's name and phone instead of a tracking page. Checked with the API's
// own schema before sending; what the server refuses is shown by its field.

import type { FormEvent } from "react";
import {
  COURIER_MESSAGES,
  COURIER_NAME_MAX,
  type Courier,
  courierInputSchema,
  TRACKING_PLACEHOLDER,
} from "#shared/couriers.ts";
import { summariseIssues } from "#shared/validation.ts";
import { adminCall } from "../../lib/admin-api.ts";
import { useOwnerForm } from "../../lib/owner-form.ts";
import { AdminField } from "./AdminField.tsx";

interface CourierValues {
  name: string;
  trackingUrl: string;
  active: boolean;
  ownRider: boolean;
  riderName: string;
  riderPhone: string;
}

const valuesOf = (courier: Courier | null): CourierValues => ({
  name: courier?.name ?? "",
  trackingUrl: courier?.trackingUrl ?? "",
  active: courier?.active ?? true,
  ownRider: courier?.ownRider ?? false,
  riderName: courier?.riderName ?? "",
  riderPhone: courier?.riderPhone ?? "",
});

/** A company has a tracking page; the rider has a name and phone: only the fields that apply are sent. */
const bodyOf = (v: CourierValues) =>
  v.ownRider
    ? { name: v.name, active: v.active, ownRider: true, riderName: v.riderName, riderPhone: v.riderPhone }
    : { name: v.name, active: v.active, ownRider: false, trackingUrl: v.trackingUrl };

const CHECK = "flex min-h-11 items-center gap-2 text-sm font-semibold";

export function CourierForm({
  courier,
  onSaved,
  onClose,
}: {
  /** The courier to change, or null to add one. */
  courier: Courier | null;
  onSaved: (saved: Courier) => void;
  onClose: () => void;
}) {
  const { id, values, errors, problem, busy, form, set, refuse, whileBusy } = useOwnerForm(() => valuesOf(courier));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = bodyOf(values);
    const parsed = courierInputSchema.safeParse(body);
    if (!parsed.success) {
      const summary = summariseIssues(parsed.error);
      return refuse(summary.fields, summary.message);
    }
    const answer = await whileBusy(() =>
      adminCall<Courier>(courier ? `/couriers/${courier._id}` : "/couriers", {
        method: courier ? "PUT" : "POST",
        json: body,
      }),
    );
    if (!answer.ok) {
      // A name another courier has is the name field's problem, though the server says it with 409.
      const taken = answer.error.message === COURIER_MESSAGES.nameTaken;
      return refuse(taken ? { name: answer.error.message } : answer.error.fields, answer.error.message);
    }
    onSaved(answer.body);
  }

  const title = courier ? `Change ${courier.name}` : "Add a courier";
  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      aria-label={title}
      className="grid gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-2"
    >
      <AdminField id={`${id}-name`} label="Name" error={errors.name}>
        {(control) => (
          <input
            {...control}
            value={values.name}
            maxLength={COURIER_NAME_MAX}
            onChange={(e) => set({ name: e.target.value })}
            placeholder="Swift Couriers"
          />
        )}
      </AdminField>
      <div className="flex flex-col justify-end sm:pb-0.5">
        <label className={CHECK}>
          <input
            type="checkbox"
            className="size-5"
            checked={values.ownRider}
            onChange={(e) => set({ ownRider: e.target.checked })}
          />
          The shop's own rider, not a courier company
        </label>
      </div>
      {values.ownRider ? (
        <>
          <AdminField id={`${id}-rider-name`} label="Rider's name" error={errors.riderName}>
            {(control) => (
              <input
                {...control}
                value={values.riderName}
                maxLength={100}
                autoComplete="off"
                onChange={(e) => set({ riderName: e.target.value })}
              />
            )}
          </AdminField>
          <AdminField id={`${id}-rider-phone`} label="Rider's phone" error={errors.riderPhone}>
            {(control) => (
              <input
                {...control}
                type="tel"
                value={values.riderPhone}
                maxLength={30}
                autoComplete="off"
                onChange={(e) => set({ riderPhone: e.target.value })}
                placeholder="0300 1234567"
              />
            )}
          </AdminField>
        </>
      ) : (
        <AdminField
          id={`${id}-tracking`}
          label="Tracking page"
          error={errors.trackingUrl}
          className="text-sm sm:col-span-2"
          hint={
            <>
              The courier's page where customers track a parcel, with <code>{TRACKING_PLACEHOLDER}</code> where the
              tracking number goes, like https://www.tcsexpress.com/track/{TRACKING_PLACEHOLDER}. Leave it empty if it
              has none.
            </>
          }
        >
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              autoCapitalize="none"
              value={values.trackingUrl}
              maxLength={300}
              onChange={(e) => set({ trackingUrl: e.target.value })}
              placeholder={`https://…/track/${TRACKING_PLACEHOLDER}`}
            />
          )}
        </AdminField>
      )}
      <label className={`${CHECK} sm:col-span-2`}>
        <input
          type="checkbox"
          className="size-5"
          checked={values.active}
          onChange={(e) => set({ active: e.target.checked })}
        />
        In use: offered when dispatching an order
      </label>
      {problem ? (
        <p role="alert" className="text-sm text-red-800 sm:col-span-2">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? "Saving…" : courier ? "Save changes" : "Add courier"}
        </button>
        <button type="button" className="button-secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
