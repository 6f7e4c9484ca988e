// The owner's form for a courier's terms (issue 48): how it charges delivery, its COD fee, the taxes,
// the return charge and when it pays, as the contract states them. Rates are typed as percentages
// (the API keeps basis points); checked with the API's own schema before sending, and what the
// server refuses is shown at its field. Under the fields, what a delivered parcel should pay on
// these terms, worked by the same expectedPayout the payment checks use.

import type { FormEvent, KeyboardEvent } from "react";
import {
  type CourierTerms,
  type CourierTermsInput,
  courierTermsInputSchema,
  DELIVERY_BY,
  type DeliveryBy,
  expectedPayout,
  PAYOUT_CYCLES,
  type PayoutCycle,
  termsFromInput,
  WEEKDAYS,
} from "#shared/courier-terms.ts";
import type { Courier } from "#shared/couriers.ts";
import { formatRs } from "#shared/money.ts";
import { summariseIssues } from "#shared/validation.ts";
import { adminCall } from "../../lib/admin-api.ts";
import { useOwnerForm } from "../../lib/owner-form.ts";
import { AdminField } from "./AdminField.tsx";

interface TermsValues {
  deliveryBy: DeliveryBy;
  deliveryCharge: string;
  perExtraHalfKilo: string;
  codFeePercent: string;
  codFeeMinimum: string;
  salesTaxPercent: string;
  withholdingPercent: string;
  returnCharge: string;
  payoutCycle: PayoutCycle;
  payoutWeekday: string;
  payoutHours: string;
}

const percentOf = (basisPoints: number) => String(basisPoints / 100);

/** The saved terms to change; for a courier with none, the taxes the law sets and the rest empty. */
const valuesOf = (terms: CourierTerms | null): TermsValues => ({
  deliveryBy: terms?.deliveryBy ?? "flat",
  deliveryCharge: terms ? String(terms.deliveryCharge) : "",
  perExtraHalfKilo: terms ? String(terms.perExtraHalfKilo) : "0",
  codFeePercent: terms ? percentOf(terms.codFeeBasisPoints) : "",
  codFeeMinimum: terms ? String(terms.codFeeMinimum) : "0",
  salesTaxPercent: terms ? percentOf(terms.salesTaxBasisPoints) : "15",
  withholdingPercent: terms ? percentOf(terms.withholdingBasisPoints) : "2",
  returnCharge: terms ? String(terms.returnCharge) : "",
  payoutCycle: terms?.payoutCycle ?? "weekly",
  payoutWeekday: String(terms?.payoutWeekday ?? 1),
  payoutHours: String(terms?.payoutHours ?? 24),
});

/** Empty is missing (the schema names it); '1,500' is 1500 rupees and '4%' is 4. */
const numberOf = (text: string, strip: RegExp) => (text.trim() === "" ? undefined : Number(text.replace(strip, "")));
const whole = (text: string) => numberOf(text, /[\s,]/g);
const percent = (text: string) => numberOf(text, /[\s%]/g);

/** What PUT .../terms takes: only the fields the choices use. */
const bodyOf = (v: TermsValues) => ({
  deliveryBy: v.deliveryBy,
  deliveryCharge: whole(v.deliveryCharge),
  ...(v.deliveryBy === "weight" ? { perExtraHalfKilo: whole(v.perExtraHalfKilo) } : {}),
  codFeePercent: percent(v.codFeePercent),
  codFeeMinimum: whole(v.codFeeMinimum),
  salesTaxPercent: percent(v.salesTaxPercent),
  withholdingPercent: percent(v.withholdingPercent),
  returnCharge: whole(v.returnCharge),
  payoutCycle: v.payoutCycle,
  ...(v.payoutCycle === "weekly" ? { payoutWeekday: Number(v.payoutWeekday) } : { payoutHours: whole(v.payoutHours) }),
});

const EXAMPLE_AMOUNT = 3000;

/** 'A delivered Rs.3,000 parcel should pay Rs.2,652: Rs.250 delivery, Rs.38 sales tax and Rs.60 withholding taken off. …' */
function exampleText(input: CourierTermsInput): string {
  const terms = termsFromInput(input);
  const parcel = { codAmount: EXAMPLE_AMOUNT, weightGrams: null };
  const paid = expectedPayout(terms, { ...parcel, outcome: "delivered" });
  const refused = expectedPayout(terms, { ...parcel, outcome: "refused" });
  const deductions = [
    [paid.deliveryCharge, "delivery"],
    [paid.codFee, "COD fee"],
    [paid.salesTax, "sales tax"],
    [paid.withholdingTax, "withholding"],
  ] as const;
  const parts = deductions.filter(([amount]) => amount > 0).map(([amount, what]) => `${formatRs(amount)} ${what}`);
  const weight = terms.deliveryBy === "weight" ? " of up to 500 g" : "";
  const last = parts.pop();
  const list = parts.length > 0 ? `${parts.join(", ")} and ${last}` : last;
  return (
    `A delivered ${formatRs(EXAMPLE_AMOUNT)} parcel${weight} should pay ${formatRs(paid.net)}` +
    `${list ? `: ${list} taken off` : ""}. ` +
    `Refused at the door, it costs the shop ${formatRs(-refused.net)}.`
  );
}

export function CourierTermsForm({
  courier,
  onSaved,
  onClose,
}: {
  courier: Courier;
  onSaved: (saved: Courier) => void;
  onClose: () => void;
}) {
  const { id, values, errors, problem, busy, form, set, refuse, whileBusy } = useOwnerForm(
    () => valuesOf(courier.terms),
    "select, input",
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const body = bodyOf(values);
    const parsed = courierTermsInputSchema.safeParse(body);
    if (!parsed.success) {
      const summary = summariseIssues(parsed.error);
      return refuse(summary.fields, summary.message);
    }
    const answer = await whileBusy(() =>
      adminCall<Courier>(`/couriers/${courier._id}/terms`, { method: "PUT", json: body }),
    );
    if (!answer.ok) return refuse(answer.error.fields, answer.error.message);
    onSaved(answer.body);
  }

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === "Escape" && !busy) {
      event.preventDefault();
      onClose();
    }
  };

  const parsed = courierTermsInputSchema.safeParse(bodyOf(values));
  const byWeight = values.deliveryBy === "weight";
  const rupeeInput = { inputMode: "numeric", autoComplete: "off", maxLength: 9 } as const;
  const percentInput = { inputMode: "decimal", autoComplete: "off", maxLength: 6 } as const;
  return (
    <form
      ref={form}
      id={`${id}-form`}
      noValidate
      onSubmit={submit}
      onKeyDown={closeOnEscape}
      aria-label={`Terms of ${courier.name}`}
      aria-busy={busy}
      className="mt-3 grid gap-3 rounded-lg border border-stone-200 bg-white p-3 sm:grid-cols-2 sm:p-4"
    >
      <AdminField id={`${id}-by`} label="Delivery is charged" error={errors.deliveryBy}>
        {(control) => (
          <select
            {...control}
            value={values.deliveryBy}
            onChange={(e) => set({ deliveryBy: e.target.value as DeliveryBy })}
          >
            {DELIVERY_BY.map((by) => (
              <option key={by} value={by}>
                {by === "flat" ? "The same for every parcel" : "By weight"}
              </option>
            ))}
          </select>
        )}
      </AdminField>
      <AdminField
        id={`${id}-delivery`}
        label={byWeight ? "First 500 g (Rs.)" : "Delivery charge a parcel (Rs.)"}
        error={errors.deliveryCharge}
      >
        {(control) => (
          <input
            {...control}
            {...rupeeInput}
            value={values.deliveryCharge}
            onChange={(e) => set({ deliveryCharge: e.target.value })}
          />
        )}
      </AdminField>
      {byWeight ? (
        <AdminField
          id={`${id}-extra`}
          label="Each further 500 g (Rs.)"
          error={errors.perExtraHalfKilo}
          className="text-sm sm:col-start-2"
        >
          {(control) => (
            <input
              {...control}
              {...rupeeInput}
              value={values.perExtraHalfKilo}
              onChange={(e) => set({ perExtraHalfKilo: e.target.value })}
            />
          )}
        </AdminField>
      ) : null}
      <AdminField
        id={`${id}-cod`}
        label="COD fee (% of the cash)"
        error={errors.codFeePercent}
        className="text-sm sm:col-start-1"
      >
        {(control) => (
          <input
            {...control}
            {...percentInput}
            value={values.codFeePercent}
            onChange={(e) => set({ codFeePercent: e.target.value })}
          />
        )}
      </AdminField>
      <AdminField id={`${id}-cod-min`} label="COD fee at least (Rs.)" error={errors.codFeeMinimum}>
        {(control) => (
          <input
            {...control}
            {...rupeeInput}
            value={values.codFeeMinimum}
            onChange={(e) => set({ codFeeMinimum: e.target.value })}
          />
        )}
      </AdminField>
      <AdminField id={`${id}-tax`} label="Sales tax on its charges (%)" error={errors.salesTaxPercent}>
        {(control) => (
          <input
            {...control}
            {...percentInput}
            value={values.salesTaxPercent}
            onChange={(e) => set({ salesTaxPercent: e.target.value })}
          />
        )}
      </AdminField>
      <AdminField id={`${id}-withholding`} label="Withholding tax on the cash (%)" error={errors.withholdingPercent}>
        {(control) => (
          <input
            {...control}
            {...percentInput}
            value={values.withholdingPercent}
            onChange={(e) => set({ withholdingPercent: e.target.value })}
          />
        )}
      </AdminField>
      <AdminField id={`${id}-return`} label="Return charge for a refused parcel (Rs.)" error={errors.returnCharge}>
        {(control) => (
          <input
            {...control}
            {...rupeeInput}
            value={values.returnCharge}
            onChange={(e) => set({ returnCharge: e.target.value })}
          />
        )}
      </AdminField>
      <AdminField id={`${id}-cycle`} label="It pays" error={errors.payoutCycle} className="text-sm sm:col-start-1">
        {(control) => (
          <select
            {...control}
            value={values.payoutCycle}
            onChange={(e) => set({ payoutCycle: e.target.value as PayoutCycle })}
          >
            {PAYOUT_CYCLES.map((cycle) => (
              <option key={cycle} value={cycle}>
                {cycle === "weekly" ? "Once a week" : "Within some hours of delivery"}
              </option>
            ))}
          </select>
        )}
      </AdminField>
      {values.payoutCycle === "weekly" ? (
        <AdminField id={`${id}-day`} label="Pay day" error={errors.payoutWeekday}>
          {(control) => (
            <select {...control} value={values.payoutWeekday} onChange={(e) => set({ payoutWeekday: e.target.value })}>
              {WEEKDAYS.map((day, index) => (
                <option key={day} value={index}>
                  {day}
                </option>
              ))}
            </select>
          )}
        </AdminField>
      ) : (
        <AdminField id={`${id}-hours`} label="Within (hours)" error={errors.payoutHours}>
          {(control) => (
            <input
              {...control}
              {...rupeeInput}
              value={values.payoutHours}
              onChange={(e) => set({ payoutHours: e.target.value })}
            />
          )}
        </AdminField>
      )}
      <p className="rounded-md bg-stone-50 p-2 text-sm text-stone-800 sm:col-span-2">
        {parsed.success
          ? exampleText(parsed.data)
          : "Fill in every field to see what a parcel should pay on these terms."}
      </p>
      {problem ? (
        <p role="alert" className="text-sm text-red-800 sm:col-span-2">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? "Saving…" : "Save terms"}
        </button>
        <button type="button" className="button-secondary" onClick={onClose} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
