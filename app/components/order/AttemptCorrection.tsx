// The corrected address and phone a customer sends when the courier could not find them (issue 49):
// the checkout's own fields, labels and hints (the Area field with the page's list of Karachi areas
// and its closest names), in a real POST form, so it is sent without JavaScript too
// (server/web/no-script/forms.ts). With JavaScript the page checks it with the API's schema first
// and marks each refused field under it; the text of a plain post comes back into the fields.
import { type FormEvent, useEffect, useRef } from "react";
import type { KarachiArea } from "#shared/areas.ts";
import { ATTEMPT_PAGE_TEXTS } from "#shared/delivery-attempts.ts";
import type { FieldMessages } from "#shared/validation.ts";
import { AreaOptions } from "../AreaOptions.tsx";
import { FormAlert } from "../account/FormAlert.tsx";
import { SubmitButton } from "../account/SubmitButton.tsx";
import { TextField } from "../account/TextField.tsx";
import { AREA_LIST_ID, addressFieldId, PlaceFields } from "../cart/AddressFields.tsx";

/** The fields of a correction, as the API names them. */
export const CORRECTION_FIELDS = ["addressLine", "area", "landmark", "phoneNumber"] as const;
export type Correction = Record<(typeof CORRECTION_FIELDS)[number], string>;

const PREFIX = "attempt";

export function AttemptCorrection({
  id,
  areas,
  busy,
  problem,
  errors,
  onSend,
  focusOnOpen,
}: {
  id: string;
  areas: readonly KarachiArea[];
  busy: boolean;
  /** The form's own message (a refusal, or the server's line after a plain post). */
  problem: string | undefined;
  errors: FieldMessages;
  onSend: (correction: Correction) => void;
  /** Opened by a press: the address field takes the focus, so the customer types at once. */
  focusOnOpen: boolean;
}) {
  const form = useRef<HTMLFormElement>(null);
  const alertId = `${id}-alert`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens
  useEffect(() => {
    if (focusOnOpen) form.current?.querySelector<HTMLElement>("input:not([type=hidden])")?.focus();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new set of errors is the trigger
  useEffect(() => {
    form.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [errors]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const text = (name: keyof Correction) => String(data.get(name) ?? "").trim();
    onSend({
      addressLine: text("addressLine"),
      area: text("area"),
      landmark: text("landmark"),
      phoneNumber: text("phoneNumber"),
    });
  }

  const field = (name: keyof Correction) => ({
    id: addressFieldId(PREFIX, name),
    name,
    error: errors[name],
  });
  return (
    <form
      ref={form}
      id={id}
      method="post"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-2xl border border-stone-300 bg-white p-4"
    >
      <div>
        <h3 id={`${id}-title`} className="text-lg font-bold">
          {ATTEMPT_PAGE_TEXTS.correctionTitle}
        </h3>
        {/* The live region stays in the page; only a message takes room. */}
        <div className="has-[p]:mt-3">
          <FormAlert id={alertId} message={problem} />
        </div>
      </div>
      {/* What the server answers without JavaScript: this form's choice. */}
      <input type="hidden" name="choice" value="correct" />
      <PlaceFields field={field} />
      <AreaOptions id={AREA_LIST_ID} areas={areas} />
      <TextField {...field("phoneNumber")} label="Phone Number" type="tel" autoComplete="tel" />
      <SubmitButton busy={busy} label={ATTEMPT_PAGE_TEXTS.sendCorrection} busyLabel="Sending…" />
    </form>
  );
}
