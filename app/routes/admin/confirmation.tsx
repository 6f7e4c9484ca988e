// The owner's confirmation rules: how long after an order the customer is reminded to confirm it,
// and how long before an unanswered order is cancelled and its pairs go back on sale. Typed as the
// owner says them ('6 hours', '1 day', '30 minutes'; a bare number is hours), stored in minutes.
// New times are for orders placed afterwards: each order keeps the times its customer was told
// (issue 46), and saving says how many waiting orders keep theirs.
import { useState } from "react";
import { Link } from "react-router";
import {
  CONFIRMATION_MESSAGES,
  type ConfirmationSettings,
  type ConfirmationSettingsSaved,
  keptTimesLine,
  parseWait,
  waitInput,
  waitWords,
} from "#shared/confirmation.ts";
import { AdminLoadFailed, AdminLoading, AdminNotice } from "../../components/admin/AdminStatus.tsx";
import { adminCall } from "../../lib/admin-api.ts";
import { loadAdmin } from "../../lib/admin-loader.ts";
import type { Route } from "./+types/confirmation.ts";

const input = "mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 font-normal";
const REMIND = "Remind after";
const CANCEL = "Cancel after";

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin<ConfirmationSettings>(request, "/confirmation-settings");

export const HydrateFallback = () => <AdminLoading what="the confirmation times" />;

export default function AdminConfirmation({ loaderData: settings }: Route.ComponentProps) {
  if (!settings.ok) return <AdminLoadFailed message={settings.message} what="the confirmation times" />;
  return <ConfirmationTimes settings={settings.data} />;
}

/** The form, starting from the times the shop holds; a save shows them as the shop now reads them. */
function ConfirmationTimes({ settings }: { settings: ConfirmationSettings }) {
  const [remind, setRemind] = useState(() => waitInput(settings.remindAfterMinutes));
  const [cancel, setCancel] = useState(() => waitInput(settings.cancelAfterMinutes));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setSaved(null);
    const remindAfterMinutes = parseWait(remind);
    const cancelAfterMinutes = parseWait(cancel);
    if (remindAfterMinutes === undefined || cancelAfterMinutes === undefined) {
      setProblem(
        remindAfterMinutes === undefined
          ? CONFIRMATION_MESSAGES.timeUnreadable(REMIND, remind)
          : CONFIRMATION_MESSAGES.timeUnreadable(CANCEL, cancel),
      );
      return;
    }
    setBusy(true);
    const answer = await adminCall<ConfirmationSettingsSaved>("/confirmation-settings", {
      method: "PUT",
      json: { remindAfterMinutes, cancelAfterMinutes },
    });
    setBusy(false);
    if (!answer.ok) {
      setProblem(answer.error.message);
      return;
    }
    const { keptOrders, ...times } = answer.body;
    setProblem(null);
    setSaved(
      `Saved: a reminder after ${waitWords(times.remindAfterMinutes)}, cancelled after ${waitWords(times.cancelAfterMinutes)}.${keptOrders > 0 ? ` ${keptTimesLine(keptOrders)}` : ""}`,
    );
    setRemind(waitInput(times.remindAfterMinutes));
    setCancel(waitInput(times.cancelAfterMinutes));
  };

  const describedBy = ["confirmation-hint", problem ? "confirmation-problem" : ""].join(" ").trim();
  return (
    <div>
      <Link
        to="/admin/orders?view=awaiting"
        className="mb-3 inline-block text-sm font-semibold text-brand-700 hover:underline"
      >
        ← Awaiting the customer
      </Link>
      <h2 className="text-xl font-bold">Confirmation times</h2>
      <p className="mt-1 max-w-2xl text-sm text-stone-700">
        Every cash-on-delivery order asks the customer to confirm it (by e-mail, and on WhatsApp when it is set up). If
        they have not answered, they get one reminder; if they still have not, the order is cancelled and its pairs go
        back on sale. An order you hold waits for you instead.
      </p>
      <p className="mt-2 max-w-2xl text-sm text-stone-700">
        New times apply to orders placed after you save. Orders already waiting keep the times their customer was told.
      </p>
      <form
        noValidate
        className="mt-4 grid max-w-xl gap-3 rounded-lg border border-stone-200 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <p id="confirmation-hint" className="text-sm text-stone-600 sm:col-span-3">
          Type minutes, hours, days or weeks: 30 minutes, 6 hours, 24 h, 1 day, 2 weeks. A number alone is hours.
        </p>
        <label className="block text-sm font-semibold">
          {REMIND}
          <input
            name="remind"
            autoComplete="off"
            value={remind}
            onChange={(event) => setRemind(event.target.value)}
            className={input}
            aria-describedby={describedBy}
          />
        </label>
        <label className="block text-sm font-semibold">
          {CANCEL}
          <input
            name="cancel"
            autoComplete="off"
            value={cancel}
            onChange={(event) => setCancel(event.target.value)}
            className={input}
            aria-describedby={describedBy}
          />
        </label>
        <button type="submit" disabled={busy} className="button-primary">
          Save
        </button>
        {problem ? (
          <p id="confirmation-problem" role="alert" className="text-sm font-semibold text-red-800 sm:col-span-3">
            {problem}
          </p>
        ) : null}
      </form>
      {saved ? <AdminNotice>{saved}</AdminNotice> : null}
    </div>
  );
}
