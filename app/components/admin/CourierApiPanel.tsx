// A courier company's API on the couriers screen (issue 49): which API it is booked and followed
// through, the credentials saved (their names, never their values), when it was last synced, when it
// is next, its failures in a row and the last one's words; Sync now; and Set up / Change API, a
// disclosure that opens the form under it (CourierApiForm). Without COURIER_CREDENTIALS_KEY the shop
// can keep no credentials: a calm note says how to set it, and nothing else is offered.
import { useEffect, useRef, useState } from "react";
import { COURIER_API_MESSAGES, type CourierApiSettingsView } from "#shared/courier-api.ts";
import type { Courier } from "#shared/couriers.ts";
import { adminCall, useAdminData } from "../../lib/admin-api.ts";
import { karachiTime } from "../../lib/dates.ts";
import { toast } from "../../lib/toast.ts";
import { AdminError } from "./AdminStatus.tsx";
import { CourierApiForm } from "./CourierApiForm.tsx";

/** POST /api/admin/couriers/sync: every courier due now, each synced or its failure. */
interface SyncAnswer {
  synced: { courierId: string; error: string | null }[];
  moved: number;
  attempts: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a press of Sync now did, in the owner's words, each courier by name. */
function syncSaid(answer: SyncAnswer, nameOf: (id: string) => string): { said: string; failed: string[] } {
  const failed = answer.synced.filter((s) => s.error).map((s) => `${nameOf(s.courierId)}: ${s.error}`);
  const ok = answer.synced.filter((s) => !s.error).map((s) => nameOf(s.courierId));
  if (answer.synced.length === 0) {
    return { said: "Nothing was due: each courier is synced again at its next sync time.", failed };
  }
  const what = ok.length > 0 ? `Synced ${ok.join(", ")}: ` : "";
  const moved = `${plural(answer.moved, "order", "orders")} moved on`;
  const attempts =
    answer.attempts > 0 ? `, ${plural(answer.attempts, "failed delivery", "failed deliveries")} to ask about` : "";
  return { said: ok.length > 0 ? `${what}${moved}${attempts}.` : "", failed };
}

export function CourierApiPanel({
  courier,
  nameOf,
  synced,
  onSynced,
}: {
  courier: Courier;
  /** A courier's name by id, for what a sync of every courier due did. */
  nameOf: (id: string) => string;
  /** Goes up after any panel's Sync now: every panel reads its account again. */
  synced: number;
  onSynced: () => void;
}) {
  const path = `/couriers/${courier._id}/api`;
  const settings = useAdminData<CourierApiSettingsView>(path);
  const { replace } = settings;
  const [open, setOpen] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const [syncResult, setSyncResult] = useState<{ said: string; failed: string[] } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  // After a sync the times and failures changed: read them again in place (no loading line), unless
  // the owner is typing in this courier's form.
  useEffect(() => {
    if (synced === 0 || open) return;
    let current = true;
    adminCall<CourierApiSettingsView>(path).then((answer) => {
      if (current && answer.ok) replace(answer.body);
    });
    return () => {
      current = false;
    };
  }, [synced, path, replace, open]);

  async function syncNow() {
    setSyncing(true);
    const answer = await adminCall<SyncAnswer>("/couriers/sync", { method: "POST" });
    setSyncing(false);
    setSyncResult(answer.ok ? syncSaid(answer.body, nameOf) : { said: "", failed: [answer.error.message] });
    if (answer.ok) onSynced();
  }

  const formId = `api-form-${courier._id}`;
  const heading = <h4 className="font-semibold">API</h4>;
  if (settings.state === "loading") {
    return (
      <div className="basis-full border-t border-stone-100 pt-2 text-sm">
        {heading}
        <p role="status" className="text-stone-600">
          Loading the API…
        </p>
      </div>
    );
  }
  if (settings.state === "failed") {
    return (
      <div className="basis-full border-t border-stone-100 pt-2 text-sm">
        {heading}
        <AdminError message={settings.message} onRetry={settings.reload} />
      </div>
    );
  }
  const view = settings.data;
  if (!view.keySet) {
    return (
      <div className="basis-full border-t border-stone-100 pt-2 text-sm">
        {heading}
        <p className="mt-1 rounded-md bg-stone-50 p-2 text-stone-700 [overflow-wrap:anywhere]">
          {COURIER_API_MESSAGES.noKey}
        </p>
      </div>
    );
  }
  const { account } = view;
  const option = account ? view.apis.find((a) => a.kind === account.api) : undefined;
  const savedLabels = account
    ? (option?.credentials ?? []).filter((f) => account.savedCredentials.includes(f.key)).map((f) => f.label)
    : [];

  return (
    <div className="basis-full border-t border-stone-100 pt-2 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1 basis-56">
          {heading}
          {account ? (
            <>
              <p className="text-stone-700 [overflow-wrap:anywhere]">
                {option?.label ?? account.api} at <span className="font-mono text-xs">{account.baseUrl}</span>
                {" · "}
                {account.enabled ? (
                  <span className="font-semibold text-green-800">switched on</span>
                ) : (
                  <span className="font-semibold text-stone-800">switched off</span>
                )}
              </p>
              <p className="text-stone-700">
                Credentials saved: {savedLabels.length > 0 ? savedLabels.join(", ") : "none"}
              </p>
            </>
          ) : (
            <p className="text-stone-700">
              None: its parcels are booked in the courier's portal and followed with its files.
            </p>
          )}
        </div>
        <button
          ref={button}
          type="button"
          className="button-secondary min-h-9 px-3 py-1 text-sm"
          aria-expanded={open}
          aria-controls={open ? formId : undefined}
          aria-label={`${account ? "Change the API of" : "Set up the API of"} ${courier.name}`}
          onClick={() => setOpen(!open)}
        >
          {account ? "Change API" : "Set up API"}
        </button>
      </div>
      {open ? (
        <div id={formId}>
          <CourierApiForm
            courier={courier}
            view={view}
            onSaved={(saved) => {
              replace(saved);
              setOpen(false);
              toast.success(`Saved the API of ${courier.name}.`);
            }}
            onRemoved={() => {
              replace({ ...view, account: null });
              setOpen(false);
              setSyncResult(null);
              toast.success(`Removed the API of ${courier.name}.`);
            }}
            onClose={() => setOpen(false)}
          />
        </div>
      ) : null}
      {account ? (
        <div className="mt-2">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5" aria-label={`Sync of ${courier.name}`}>
            <dt className="text-stone-600">Last sync</dt>
            <dd>{account.lastSyncAt ? karachiTime(account.lastSyncAt) : "not yet"}</dd>
            <dt className="text-stone-600">Next sync</dt>
            <dd>{account.enabled ? karachiTime(account.nextSyncAt) : "none while switched off"}</dd>
            <dt className="text-stone-600">Failures in a row</dt>
            <dd>{account.syncFailures}</dd>
            {account.lastError ? (
              <>
                <dt className="text-stone-600">Last error</dt>
                <dd className="font-semibold text-red-800 [overflow-wrap:anywhere]">{account.lastError}</dd>
              </>
            ) : null}
          </dl>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
            <button
              type="button"
              className="button-secondary min-h-9 px-3 py-1 text-sm"
              disabled={syncing}
              aria-label={`Sync now: ${courier.name} and every other courier due`}
              onClick={() => void syncNow()}
            >
              {syncing ? "Syncing…" : "Sync now"}
            </button>
            <p role="status" className="min-w-0 flex-1 basis-48 [overflow-wrap:anywhere]">
              {syncResult?.said}
              {syncResult?.failed.map((line) => (
                <span key={line} className="block font-semibold text-red-800">
                  {line}
                </span>
              ))}
            </p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
