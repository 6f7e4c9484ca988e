// The accountant's payouts as a CSV (issue 48): this month so far, last month, or two dates the
// owner picks (Karachi days). The server checks the period and says what is wrong under the button.
import { useId, useState } from "react";
import { payoutPeriod } from "#shared/exports.ts";
import { queryString } from "../../lib/admin-api.ts";
import { ADMIN_INPUT } from "./AdminField.tsx";
import { DownloadButton } from "./DownloadButton.tsx";

const CHOICES = [
  { value: "this-month", label: "This month so far" },
  { value: "last-month", label: "Last month" },
  { value: "dates", label: "Between two dates" },
] as const;
type Choice = (typeof CHOICES)[number]["value"];

export function PayoutsDownload() {
  const id = useId();
  const [choice, setChoice] = useState<Choice>("this-month");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const period = choice === "dates" ? { from, to } : payoutPeriod(choice);
  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 max-w-3xl rounded-lg border border-stone-200 p-3 text-sm">
      <h3 id={`${id}-title`} className="text-base font-bold">
        Payouts for your accountant
      </h3>
      <p className="mt-1 text-stone-700">
        Each parcel whose cash came in, with what its courier's terms say it should have paid, what the payment report
        took off and the difference.
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-period`} className="block font-semibold">
            Period
          </label>
          <select
            id={`${id}-period`}
            className={ADMIN_INPUT}
            value={choice}
            onChange={(e) => setChoice(e.target.value as Choice)}
          >
            {CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        {choice === "dates" ? (
          <>
            <div>
              <label htmlFor={`${id}-from`} className="block font-semibold">
                From
              </label>
              <input
                id={`${id}-from`}
                type="date"
                className={ADMIN_INPUT}
                value={from}
                onChange={(e) => setFrom(e.target.value)}
              />
            </div>
            <div>
              <label htmlFor={`${id}-to`} className="block font-semibold">
                To
              </label>
              <input
                id={`${id}-to`}
                type="date"
                className={ADMIN_INPUT}
                value={to}
                onChange={(e) => setTo(e.target.value)}
              />
            </div>
          </>
        ) : null}
        <DownloadButton
          path={`/exports/payouts.csv${queryString(period)}`}
          fileName={`payouts-${period.from}-to-${period.to}.csv`}
          label="Download payouts (CSV)"
        />
      </div>
    </section>
  );
}
