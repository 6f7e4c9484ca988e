// The owner's note and decisions on one short payment: dispute it while chasing the courier, mark it
// recovered when the money came or accepted when the deduction was right; a settled one can only be
// reopened as disputed (shared/short-payments.ts DECIDABLE_FROM). The note is checked with the API's
// own schema before it is sent; the note box keeps the current note, so what is sent is what shows.
import { useId, useState } from "react";
import { formatRs } from "#shared/money.ts";
import { orderNumber } from "#shared/orders.ts";
import {
  DECIDABLE_FROM,
  type ShortPaymentDecision as Decision,
  SHORT_PAYMENT_NOTE_MAX,
  type ShortPayment,
  shortPaymentDecisionSchema,
} from "#shared/short-payments.ts";
import { summariseIssues } from "#shared/validation.ts";
import { type AdminResult, adminCall } from "../../../lib/admin-api.ts";
import { AdminField } from "../AdminField.tsx";

export type DecisionDone = (result: AdminResult<ShortPayment>, what: string) => void;

/** The chase first, then the endings: the money came (the one hoped for), or the deduction stands. */
const BUTTON_ORDER: readonly Decision[] = ["disputed", "recovered", "accepted"];

function buttonLabel(decision: Decision, s: ShortPayment): string {
  if (decision === "disputed") {
    if (s.status === "disputed") return "Save the note (still disputed)";
    return s.status === "open" ? "Mark disputed" : "Reopen as disputed";
  }
  return decision === "recovered" ? "Mark recovered" : "Mark accepted";
}

function doneText(decision: Decision, s: ShortPayment): string {
  const number = orderNumber(s.orderId);
  const amount = formatRs(Math.abs(s.difference));
  if (decision === "recovered") return `${number} marked recovered: the ${amount} came from ${s.courier}.`;
  if (decision === "accepted") return `${number} marked accepted: nothing more is to come from ${s.courier}.`;
  return s.status === "disputed"
    ? `The note on ${number} is saved; it is still disputed.`
    : `${number} is disputed: it stays on the list to settle until it is recovered or accepted.`;
}

export function ShortPaymentDecision({ shortPayment, onDone }: { shortPayment: ShortPayment; onDone: DecisionDone }) {
  const id = useId();
  const [note, setNote] = useState(shortPayment.note ?? "");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<Decision>();
  const decisions = BUTTON_ORDER.filter((d) => DECIDABLE_FROM[d].includes(shortPayment.status));
  const settled = !DECIDABLE_FROM.recovered.includes(shortPayment.status);

  async function decide(status: Decision) {
    if (busy) return;
    const body = { status, note };
    const checked = shortPaymentDecisionSchema.safeParse(body);
    if (!checked.success) {
      setError(summariseIssues(checked.error).fields.note ?? summariseIssues(checked.error).message);
      return;
    }
    setError(undefined);
    setBusy(status);
    const result = await adminCall<ShortPayment>(`/short-payments/${shortPayment._id}`, { method: "PUT", json: body });
    setBusy(undefined);
    if (!result.ok && result.status === 400) {
      setError(result.error.fields?.note ?? result.error.message);
      return;
    }
    onDone(result, doneText(status, shortPayment));
  }

  return (
    <div className="space-y-2 rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm">
      <AdminField
        id={`${id}-note`}
        label="Note"
        error={error}
        hint={
          settled
            ? "Settled. Reopen it as disputed if the money did not come after all, or came after you accepted it."
            : `Whom you called, what they said (up to ${SHORT_PAYMENT_NOTE_MAX} characters). Recovered: the courier paid the difference. Accepted: the deduction was right.`
        }
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className={`${control.className} min-h-11`}
          />
        )}
      </AdminField>
      <div className="flex flex-wrap gap-2">
        {decisions.map((decision) => (
          <button
            key={decision}
            type="button"
            className={`${decision === "recovered" ? "button-primary" : "button-secondary"} min-h-11 px-3 py-1.5 text-sm`}
            disabled={busy !== undefined}
            aria-busy={busy === decision || undefined}
            onClick={() => void decide(decision)}
          >
            {busy === decision ? "Saving…" : buttonLabel(decision, shortPayment)}
          </button>
        ))}
      </div>
    </div>
  );
}
