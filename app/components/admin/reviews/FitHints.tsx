// Fit that learns, for the owner (issue 53): the styles whose buyers, three or more, mostly say
// another fit than the product's fit note, each with the buyers' words and one press that takes
// their fit as the note. Nothing is shown while the buyers agree with every note.
import { useState } from "react";
import { FIT_NOTE_LABELS } from "#shared/fit-note.ts";
import type { FitHint } from "#shared/reviews.ts";
import { adminCall, useAdminData } from "../../../lib/admin-api.ts";
import { FormAlert } from "../../account/FormAlert.tsx";

export function FitHints() {
  const hints = useAdminData<FitHint[]>("/review-fit-hints");
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  if (hints.state !== "ready" || hints.data.length === 0) return null;

  async function take(productId: string) {
    setBusy(productId);
    const answer = await adminCall<FitHint[]>(`/review-fit-hints/${productId}/take`, { method: "POST" });
    setBusy(undefined);
    if (!answer.ok) return setError(answer.error.message);
    setError(undefined);
    hints.replace(answer.body);
  }

  return (
    <section aria-labelledby="fit-hints" className="mt-4 rounded-xl border border-amber-400 bg-amber-50 p-4">
      <h3 id="fit-hints" className="font-bold">
        Buyers say another fit
      </h3>
      <ul className="mt-2 space-y-3">
        {hints.data.map((hint) => (
          <li key={hint.productId} className="flex flex-wrap items-center justify-between gap-2">
            <p className="[overflow-wrap:anywhere]">
              <strong>{hint.name}</strong>: {hint.sentence}. Your note says{" "}
              {hint.fitNote ? FIT_NOTE_LABELS[hint.fitNote].toLowerCase() : "nothing"}.
            </p>
            <button
              type="button"
              className="button-secondary"
              disabled={busy !== undefined}
              onClick={() => void take(hint.productId)}
            >
              Use “{FIT_NOTE_LABELS[hint.buyersFit]}”
            </button>
          </li>
        ))}
      </ul>
      <FormAlert id="fit-hints-alert" message={error} />
    </section>
  );
}
