// The customer's answer to a failed delivery, recorded by the owner who phoned them (issue 49): try
// again, a new address or phone (the checkout's fields, the Area field offering the shop's areas),
// or cancel. Checked with the API's own schema before sending; a field the server refuses (an area
// not in the list) is marked by its name. The advice then goes to the courier, or the task says to
// call it.
import type { FormEvent } from "react";
import {
  type AdminAttempt,
  type AdminAttemptList,
  ATTEMPT_CHOICE_DONE,
  ATTEMPT_CHOICES,
  ATTEMPT_QUEUE_TEXTS,
  type AttemptChoice,
  ownerAttemptAnswerSchema,
} from "#shared/delivery-attempts.ts";
import { summariseIssues } from "#shared/validation.ts";
import { type AdminResult, adminCall } from "../../../lib/admin-api.ts";
import { useAreaList } from "../../../lib/area-list.ts";
import { useOwnerForm } from "../../../lib/owner-form.ts";
import { AreaOptions } from "../../AreaOptions.tsx";
import { AdminField } from "../AdminField.tsx";

interface AnswerValues {
  choice: AttemptChoice | "";
  addressLine: string;
  area: string;
  landmark: string;
  phoneNumber: string;
}

export type AttemptDone = (result: AdminResult<AdminAttemptList>, what: string) => void;

const valuesOf = (attempt: AdminAttempt): AnswerValues => ({
  choice: attempt.choice ?? "",
  addressLine: attempt.correction?.addressLine ?? "",
  area: attempt.correction?.area ?? "",
  landmark: attempt.correction?.landmark ?? "",
  phoneNumber: attempt.correction?.phoneNumber ?? "",
});

/** Only a correction sends the address fields (the schema is strict about the rest being absent). */
const bodyOf = ({ choice, ...correction }: AnswerValues) =>
  choice === "correct" ? { choice, ...correction } : { choice: choice || undefined };

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

export function OwnerAnswerForm({
  attempt,
  number,
  onDone,
  onClose,
}: {
  attempt: AdminAttempt;
  /** The order's number, as the notices say it. */
  number: string;
  onDone: AttemptDone;
  onClose: () => void;
}) {
  const { id, values, errors, problem, busy, form, set, refuse, whileBusy } = useOwnerForm(() => valuesOf(attempt));
  const areas = useAreaList();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = bodyOf(values);
    const parsed = ownerAttemptAnswerSchema.safeParse(body);
    if (!parsed.success) {
      const summary = summariseIssues(parsed.error);
      return refuse(summary.fields, summary.message);
    }
    const choice = parsed.data.choice;
    const result = await whileBusy(() =>
      adminCall<AdminAttemptList>(`/attempts/${attempt._id}/answer`, { method: "POST", json: body }),
    );
    // A refused field stays on the form; anything else (answered meanwhile, gone) is the screen's to say.
    if (!result.ok && result.status === 400) return refuse(result.error.fields, result.error.message);
    onDone(result, ATTEMPT_QUEUE_TEXTS.answered(number, choice));
  }

  const text = (name: "addressLine" | "area" | "landmark" | "phoneNumber") => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => set({ [name]: event.target.value }),
  });
  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      aria-label={`The customer's answer, ${number}`}
      className="space-y-3 rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm"
    >
      <fieldset aria-describedby={errors.choice ? `${id}-choice-error` : undefined}>
        <legend className="font-semibold">What did the customer say?</legend>
        <div className="mt-1 flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-x-4">
          {ATTEMPT_CHOICES.map((choice) => (
            <label key={choice} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${id}-choice`}
                value={choice}
                className="size-5"
                checked={values.choice === choice}
                aria-invalid={errors.choice ? true : undefined}
                onChange={() => set({ choice })}
              />
              {capital(ATTEMPT_CHOICE_DONE[choice])}
            </label>
          ))}
        </div>
        {errors.choice ? (
          <span id={`${id}-choice-error`} className="mt-1 block text-red-800">
            {errors.choice}
          </span>
        ) : null}
      </fieldset>
      {values.choice === "correct" ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <AdminField id={`${id}-address`} label="Address" error={errors.addressLine} className="text-sm sm:col-span-2">
            {(control) => <input {...control} {...text("addressLine")} maxLength={300} autoComplete="off" />}
          </AdminField>
          <AdminField id={`${id}-area`} label="Area" error={errors.area}>
            {(control) => <input {...control} {...text("area")} list={`${id}-areas`} autoComplete="off" />}
          </AdminField>
          <AdminField id={`${id}-landmark`} label="Nearby landmark (optional)" error={errors.landmark}>
            {(control) => <input {...control} {...text("landmark")} maxLength={100} autoComplete="off" />}
          </AdminField>
          <AdminField id={`${id}-phone`} label="Phone" error={errors.phoneNumber}>
            {(control) => <input {...control} {...text("phoneNumber")} type="tel" autoComplete="off" />}
          </AdminField>
          <AreaOptions id={`${id}-areas`} areas={areas} />
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="text-red-800">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="button-primary min-h-11 px-3 py-1.5 text-sm" disabled={busy}>
          {busy ? "Saving…" : "Save the answer"}
        </button>
        <button type="button" className="button-secondary min-h-11 px-3 py-1.5 text-sm" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
