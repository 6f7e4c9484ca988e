// The owner's review rules (issue 53): how many days after delivery the buyer is asked for a review,
// and whether reviews of so many stars and up, without photos, go on the page at once (otherwise
// every review waits for the owner here).
import { type FormEvent, useEffect, useState } from "react";
import type { ReviewSettings } from "#shared/reviews.ts";
import type { FieldMessages } from "#shared/validation.ts";
import { adminCall, useAdminData } from "../../../lib/admin-api.ts";
import { toast } from "../../../lib/toast.ts";
import { AdminField } from "../AdminField.tsx";
import { AdminError, AdminLoading } from "../AdminStatus.tsx";

const WAIT_ALL = "";
const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

export function ReviewRules() {
  const settings = useAdminData<ReviewSettings>("/review-settings");
  const [requestAfterDays, setRequestAfterDays] = useState("");
  const [stars, setStars] = useState(WAIT_ALL);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);

  const loaded = settings.state === "ready" ? settings.data : undefined;
  useEffect(() => {
    if (!loaded) return;
    setRequestAfterDays(String(loaded.requestAfterDays));
    setStars(loaded.autoApproveMinStars === null ? WAIT_ALL : String(loaded.autoApproveMinStars));
  }, [loaded]);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    // Sent as typed (a number when it reads as one): the server's rules say what is wrong with it.
    const asNumber = (text: string) => (text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : text);
    const answer = await adminCall<ReviewSettings>("/review-settings", {
      method: "PUT",
      json: {
        requestAfterDays: asNumber(requestAfterDays),
        autoApproveMinStars: stars === WAIT_ALL ? null : Number(stars),
      },
    });
    setBusy(false);
    if (!answer.ok) {
      setErrors(Object.keys(answer.error.fields).length > 0 ? answer.error.fields : { form: answer.error.message });
      return;
    }
    setErrors({});
    const live =
      answer.body.autoApproveMinStars === null
        ? "every review waits for you"
        : `${answer.body.autoApproveMinStars} stars and up without photos go on the page at once`;
    toast.success(`Saved: buyers asked ${days(answer.body.requestAfterDays)} after delivery; ${live}.`);
    settings.replace(answer.body);
  }

  return (
    <section aria-labelledby="review-rules" className="mt-8 max-w-2xl">
      <h3 id="review-rules" className="text-lg font-bold">
        Review rules
      </h3>
      {settings.state === "loading" ? (
        <AdminLoading what="the review rules" />
      ) : settings.state === "failed" ? (
        <AdminError message={settings.message} onRetry={settings.reload} />
      ) : (
        <form
          onSubmit={save}
          noValidate
          className="mt-3 grid gap-3 rounded-lg border border-stone-200 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        >
          <AdminField id="review-request-days" label="Ask buyers (days after delivery)" error={errors.requestAfterDays}>
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                value={requestAfterDays}
                onChange={(event) => setRequestAfterDays(event.target.value)}
              />
            )}
          </AdminField>
          <AdminField id="review-auto-stars" label="Publish at once" error={errors.autoApproveMinStars}>
            {(control) => (
              <select {...control} value={stars} onChange={(event) => setStars(event.target.value)}>
                <option value={WAIT_ALL}>No: every review waits for me</option>
                {[5, 4, 3].map((n) => (
                  <option key={n} value={String(n)}>
                    {n === 5 ? "5 stars" : `${n} stars and up`}, without photos
                  </option>
                ))}
              </select>
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
