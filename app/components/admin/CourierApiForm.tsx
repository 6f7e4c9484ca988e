// The owner's form for a courier's API account (issue 49): which API the courier speaks, where (its
// production host, its staging host when it has one, or an address of the owner's), one password box
// per credential, how long it holds a failed parcel, and whether it is switched on. Credentials go
// in and never come back: a saved one says so under its box, which stays empty (a value left empty
// keeps the saved one). They live only in this form's state and the request's body: never in the
// address (the boxes have no name, so not even a submit before the script runs could send them),
// the browser's storage or a toast. Checked with the API's own schema before sending; what
// the server refuses is shown at its field, or under the form.
import { type FormEvent, useRef, useState } from "react";
import {
  COURIER_API_MESSAGES,
  type CourierApiKind,
  type CourierApiOption,
  type CourierApiSettingsView,
  courierApiInputSchema,
} from "#shared/courier-api.ts";
import type { Courier } from "#shared/couriers.ts";
import { summariseIssues } from "#shared/validation.ts";
import { adminCall } from "../../lib/admin-api.ts";
import { useOwnerForm } from "../../lib/owner-form.ts";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { AdminField } from "./AdminField.tsx";

type Host = "production" | "staging" | "custom";

interface ApiValues {
  api: CourierApiKind | "";
  host: Host;
  baseUrl: string;
  /** What the owner typed in this form, by field key; never a saved value. */
  credentials: Record<string, string>;
  holdHours: string;
  enabled: boolean;
}

/** The host the saved address is: one of the API's own, or the owner's. */
function hostOf(option: CourierApiOption | undefined, baseUrl: string): Host {
  if (option && baseUrl === option.productionUrl) return "production";
  if (option && baseUrl === option.stagingUrl) return "staging";
  return "custom";
}

/** The saved account to change; for a courier without one, the API its name says (Trax: Trax's) if any. */
function valuesOf(courier: Courier, view: CourierApiSettingsView): ApiValues {
  const { account, apis } = view;
  if (account) {
    const option = apis.find((a) => a.kind === account.api);
    const host = hostOf(option, account.baseUrl);
    return {
      api: account.api,
      host,
      baseUrl: host === "custom" ? account.baseUrl : "",
      credentials: {},
      holdHours: String(account.holdHours),
      enabled: account.enabled,
    };
  }
  const named = apis.find((a) => a.label.toLowerCase() === courier.name.trim().toLowerCase());
  return { api: named?.kind ?? "", host: "production", baseUrl: "", credentials: {}, holdHours: "72", enabled: true };
}

const CHECK = "flex min-h-11 items-center gap-2 text-sm font-semibold";

export function CourierApiForm({
  courier,
  view,
  onSaved,
  onRemoved,
  onClose,
}: {
  courier: Courier;
  view: CourierApiSettingsView;
  onSaved: (view: CourierApiSettingsView) => void;
  onRemoved: () => void;
  onClose: () => void;
}) {
  const { id, values, errors, problem, busy, form, set, refuse, whileBusy } = useOwnerForm(
    () => valuesOf(courier, view),
    "select",
  );
  const [asking, setAsking] = useState(false);
  const [removing, setRemoving] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const { account, apis } = view;
  const option = apis.find((a) => a.kind === values.api);
  /** Saved fields count only for the API they were saved for: another API starts afresh. */
  const saved = new Set(account && account.api === values.api ? account.savedCredentials : []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!option) return refuse({ api: "Please choose the courier's API." }, "Please choose the courier's API.");
    const typed = Object.fromEntries(Object.entries(values.credentials).filter(([, value]) => value.trim() !== ""));
    const body = {
      api: values.api,
      host: values.host,
      ...(values.host === "custom" ? { baseUrl: values.baseUrl } : {}),
      credentials: typed,
      holdHours: values.holdHours.trim() === "" ? undefined : Number(values.holdHours),
      enabled: values.enabled,
    };
    const parsed = courierApiInputSchema.safeParse(body);
    if (!parsed.success) {
      const summary = summariseIssues(parsed.error);
      return refuse(summary.fields, summary.message);
    }
    if (values.host === "custom" && !parsed.data.baseUrl) {
      return refuse({ baseUrl: "Please enter the API address." }, "Please enter the API address.");
    }
    // What the server would refuse: a field it needs, neither typed nor saved.
    const missing = option.credentials.filter((f) => !f.optional && !typed[f.key] && !saved.has(f.key));
    if (missing.length > 0) {
      const message = COURIER_API_MESSAGES.credentialsMissing(missing.map((f) => f.label));
      return refuse(Object.fromEntries(missing.map((f) => [`credentials.${f.key}`, message])), message);
    }
    const answer = await whileBusy(() =>
      adminCall<CourierApiSettingsView>(`/couriers/${courier._id}/api`, { method: "PUT", json: parsed.data }),
    );
    if (!answer.ok) return refuse(answer.error.fields, answer.error.message);
    onSaved(answer.body);
  }

  async function remove() {
    setRemoving(true);
    const answer = await adminCall<unknown>(`/couriers/${courier._id}/api`, { method: "DELETE" });
    setRemoving(false);
    setAsking(false);
    if (!answer.ok) return refuse({}, answer.error.message);
    onRemoved();
  }

  const title = `API of ${courier.name}`;
  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      aria-label={title}
      className="mt-2 grid gap-3 rounded-lg border border-stone-200 bg-white p-3 sm:grid-cols-2 sm:p-4"
    >
      <AdminField id={`${id}-api`} label="API" error={errors.api}>
        {(control) => (
          <select
            {...control}
            value={values.api}
            onChange={(e) => {
              const next = apis.find((a) => a.kind === e.target.value);
              // Another API has other fields, and maybe no staging host: what was typed for the old one goes.
              set({
                api: next?.kind ?? "",
                credentials: {},
                host: values.host === "staging" && !next?.stagingUrl ? "production" : values.host,
              });
            }}
          >
            <option value="">Choose the courier's API…</option>
            {apis.map((a) => (
              <option key={a.kind} value={a.kind}>
                {a.label}
              </option>
            ))}
          </select>
        )}
      </AdminField>
      <AdminField
        id={`${id}-host`}
        label="Host"
        error={errors.host}
        hint={
          values.host === "custom" ? undefined : values.host === "staging" ? option?.stagingUrl : option?.productionUrl
        }
        className="text-sm [overflow-wrap:anywhere]"
      >
        {(control) => (
          <select {...control} value={values.host} onChange={(e) => set({ host: e.target.value as Host })}>
            <option value="production">Production</option>
            {option?.stagingUrl ? <option value="staging">Staging (the courier's test host)</option> : null}
            <option value="custom">Another address</option>
          </select>
        )}
      </AdminField>
      {values.host === "custom" ? (
        <AdminField
          id={`${id}-address`}
          label="API address"
          error={errors.baseUrl}
          hint="Starting with https:// (or http:// for a test host on this machine)."
          className="text-sm sm:col-span-2"
        >
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              maxLength={300}
              value={values.baseUrl}
              onChange={(e) => set({ baseUrl: e.target.value })}
              placeholder="https://…"
            />
          )}
        </AdminField>
      ) : null}
      {option ? (
        <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-semibold">{option.label}'s credentials</legend>
          {option.credentials.map((field) => (
            <AdminField
              key={field.key}
              id={`${id}-cred-${field.key}`}
              label={field.label}
              error={errors[`credentials.${field.key}`]}
              className="text-sm [overflow-wrap:anywhere]"
              hint={
                <>
                  {saved.has(field.key) ? (
                    <strong className="block font-semibold text-green-800">Saved: leave empty to keep it</strong>
                  ) : null}
                  {field.hint}
                </>
              }
            >
              {(control) => (
                <input
                  {...control}
                  // A password box: not shown on screen, and "new-password" keeps the browser from
                  // filling in the owner's own sign-in password or offering to remember this one.
                  type="password"
                  autoComplete="new-password"
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={2000}
                  value={values.credentials[field.key] ?? ""}
                  onChange={(e) => set({ credentials: { ...values.credentials, [field.key]: e.target.value } })}
                />
              )}
            </AdminField>
          ))}
        </fieldset>
      ) : null}
      <AdminField
        id={`${id}-hold`}
        label="Hold (hours)"
        error={errors.holdHours}
        hint="How long the courier keeps a parcel whose delivery failed before sending it back: the customer's time to answer."
      >
        {(control) => (
          <input
            {...control}
            inputMode="numeric"
            value={values.holdHours}
            maxLength={4}
            onChange={(e) => set({ holdHours: e.target.value })}
          />
        )}
      </AdminField>
      <div className="flex flex-col justify-start sm:pt-5">
        <label className={CHECK}>
          <input
            type="checkbox"
            role="switch"
            aria-checked={values.enabled}
            className="size-5"
            checked={values.enabled}
            onChange={(e) => set({ enabled: e.target.checked })}
          />
          Switched on: book and follow parcels through the API
        </label>
      </div>
      {problem ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 sm:col-span-2">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? "Saving…" : "Save"}
        </button>
        <button type="button" className="button-secondary" onClick={onClose}>
          Cancel
        </button>
        {account ? (
          <ConfirmDialog
            open={asking}
            onOpenChange={setAsking}
            title={`Remove the API of ${courier.name}?`}
            description={`Booking and following parcels through ${courier.name}'s API stop, and its saved credentials are deleted. Parcels already booked stay as they are: follow them with the courier's files.`}
            keepLabel="Keep it"
            actLabel={removing ? "Removing…" : "Yes, remove"}
            busy={removing}
            onAct={() => void remove()}
            returnFocus={removeButton}
          >
            <button
              ref={removeButton}
              type="button"
              className="button-secondary text-red-800 sm:ml-auto"
              onClick={() => setAsking(true)}
            >
              Remove
            </button>
          </ConfirmDialog>
        ) : null}
      </div>
    </form>
  );
}
