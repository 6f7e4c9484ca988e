// The owner's confirmation rules: how long after an order the customer is reminded to confirm it,
// and how long before an unanswered order is cancelled and its pairs go back on sale. In hours,
// as the owner thinks of them; stored in minutes.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { CONFIRMATION_MESSAGES, type ConfirmationSettings, waitWords } from "#shared/confirmation.ts";
import { AdminError, AdminLoading } from "../../components/admin/AdminStatus.tsx";
import { adminCall, useAdminData } from "../../lib/admin-api.ts";
import { toast } from "../../lib/toast.ts";

const input = "mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 font-normal";
const hours = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);

export default function AdminConfirmation() {
  const settings = useAdminData<ConfirmationSettings>("/confirmation-settings");
  const [remind, setRemind] = useState("");
  const [cancel, setCancel] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const loaded = settings.state === "ready" ? settings.data : undefined;
  useEffect(() => {
    if (!loaded) return;
    setRemind(hours(loaded.remindAfterMinutes));
    setCancel(hours(loaded.cancelAfterMinutes));
  }, [loaded]);

  if (settings.state === "loading") return <AdminLoading what="the confirmation times" />;
  if (settings.state === "failed") return <AdminError message={settings.message} onRetry={settings.reload} />;

  const save = async () => {
    const remindAfterMinutes = Math.round(Number(remind) * 60);
    const cancelAfterMinutes = Math.round(Number(cancel) * 60);
    if (!Number.isFinite(remindAfterMinutes) || !Number.isFinite(cancelAfterMinutes)) {
      setProblem(CONFIRMATION_MESSAGES.settingsTimes);
      return;
    }
    setBusy(true);
    const answer = await adminCall<ConfirmationSettings>("/confirmation-settings", {
      method: "PUT",
      json: { remindAfterMinutes, cancelAfterMinutes },
    });
    setBusy(false);
    if (!answer.ok) {
      setProblem(answer.error.message);
      return;
    }
    setProblem(null);
    toast.success(
      `Saved: a reminder after ${waitWords(answer.body.remindAfterMinutes)}, cancelled after ${waitWords(answer.body.cancelAfterMinutes)}.`,
    );
    settings.reload();
  };

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
      <form
        className="mt-4 grid max-w-xl gap-3 rounded-lg border border-stone-200 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label className="block text-sm font-semibold">
          Remind after (hours)
          <input
            required
            inputMode="decimal"
            value={remind}
            onChange={(event) => setRemind(event.target.value)}
            className={input}
            aria-describedby={problem ? "confirmation-problem" : undefined}
          />
        </label>
        <label className="block text-sm font-semibold">
          Cancel after (hours)
          <input
            required
            inputMode="decimal"
            value={cancel}
            onChange={(event) => setCancel(event.target.value)}
            className={input}
            aria-describedby={problem ? "confirmation-problem" : undefined}
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
    </div>
  );
}
