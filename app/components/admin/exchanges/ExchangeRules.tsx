// The owner's exchange rules (issue 33): how many days after delivery a customer may ask, and how
// many days the shop has to answer before a request lapses and its kept pair goes back on sale. The
// exchange policy page states both.
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import type { ExchangeSettings } from "#shared/exchanges.ts";
import type { FieldMessages } from "#shared/validation.ts";
import { adminCall, useAdminData } from "../../../lib/admin-api.ts";
import { toast } from "../../../lib/toast.ts";
import { AdminField } from "../AdminField.tsx";
import { AdminError, AdminLoading } from "../AdminStatus.tsx";

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

export function ExchangeRules() {
  const settings = useAdminData<ExchangeSettings>("/exchange-settings");
  const [windowDays, setWindowDays] = useState("");
  const [answerWithinDays, setAnswerWithinDays] = useState("");
  const [errors, setErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);

  const loaded = settings.state === "ready" ? settings.data : undefined;
  useEffect(() => {
    if (!loaded) return;
    setWindowDays(String(loaded.windowDays));
    setAnswerWithinDays(String(loaded.answerWithinDays));
  }, [loaded]);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    // Sent as typed (a number when it reads as one): the server's rules say what is wrong with it.
    const asNumber = (text: string) => (text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : text);
    const answer = await adminCall<ExchangeSettings>("/exchange-settings", {
      method: "PUT",
      json: { windowDays: asNumber(windowDays), answerWithinDays: asNumber(answerWithinDays) },
    });
    setBusy(false);
    if (!answer.ok) {
      setErrors(Object.keys(answer.error.fields).length > 0 ? answer.error.fields : { form: answer.error.message });
      return;
    }
    setErrors({});
    toast.success(
      `Saved: exchanges within ${days(answer.body.windowDays)} of delivery, answered within ${days(answer.body.answerWithinDays)}.`,
    );
    settings.replace(answer.body);
  }

  return (
    <section aria-labelledby="exchange-rules" className="mt-8 max-w-2xl">
      <h3 id="exchange-rules" className="text-lg font-bold">
        Exchange rules
      </h3>
      <p className="mt-1 text-sm text-stone-700">
        The{" "}
        <Link to="/exchange-policy" className="font-semibold text-brand-700 underline">
          exchange policy
        </Link>{" "}
        page tells customers both.
      </p>
      {settings.state === "loading" ? (
        <AdminLoading what="the exchange rules" />
      ) : settings.state === "failed" ? (
        <AdminError message={settings.message} onRetry={settings.reload} />
      ) : (
        <form
          onSubmit={save}
          noValidate
          className="mt-3 grid gap-3 rounded-lg border border-stone-200 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        >
          <AdminField
            id="exchange-window-days"
            label="Customers may ask within (days after delivery)"
            error={errors.windowDays}
          >
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                value={windowDays}
                onChange={(event) => setWindowDays(event.target.value)}
              />
            )}
          </AdminField>
          <AdminField
            id="exchange-answer-days"
            label="You answer within (days), or the request lapses"
            error={errors.answerWithinDays}
          >
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                value={answerWithinDays}
                onChange={(event) => setAnswerWithinDays(event.target.value)}
              />
            )}
          </AdminField>
          <button type="submit" disabled={busy} className="button-primary sm:mt-6">
            Save
          </button>
          {errors.form ? (
            <p role="alert" className="text-sm font-semibold text-red-800 sm:col-span-3">
              {errors.form}
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}
