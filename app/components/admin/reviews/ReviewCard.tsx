// One review in the owner's list: the stars, the buyer's name as the page shows it, the pair and size
// bought, the fit, the words and photos; then what can be done now: publish, keep off with a reason,
// and the public answer. Each press answers the review as it now stands, and the list is read again.
import { type FormEvent, useId, useState } from "react";
import { boughtSize, REVIEW_FIT_LABELS, starsLabel } from "#shared/review-words.ts";
import {
  type AdminReview,
  REJECT_REASON_LABELS,
  REJECT_REASONS,
  REVIEW_ANSWER_MAX,
  type RejectReason,
} from "#shared/reviews.ts";
import { adminCall } from "../../../lib/admin-api.ts";
import { karachiTime } from "../../../lib/dates.ts";
import { FormAlert } from "../../account/FormAlert.tsx";
import { ReviewPhotos } from "./ReviewPhotos.tsx";

export function ReviewCard({ review, onChanged }: { review: AdminReview; onChanged(): void }) {
  const id = useId();
  const [reason, setReason] = useState<RejectReason | "">(review.rejectReason ?? "");
  const [answer, setAnswer] = useState(review.answer ?? "");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: "error" | "success" }>();

  async function send(path: string, method: "POST" | "PUT", json: unknown, done: string) {
    setBusy(true);
    const result = await adminCall<AdminReview>(path, { method, json });
    setBusy(false);
    if (!result.ok) return setMessage({ text: result.error.message, tone: "error" });
    setMessage({ text: done, tone: "success" });
    onChanged();
  }
  const decide = (json: unknown, done: string) => send(`/reviews/${review.id}/decision`, "POST", json, done);
  const saveAnswer = (event: FormEvent) => {
    event.preventDefault();
    void send(`/reviews/${review.id}/answer`, "PUT", { answer }, answer.trim() ? "Answer saved." : "Answer removed.");
  };

  return (
    <article className="space-y-3 p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          <span role="img" aria-label={starsLabel(review.rating)} className="text-amber-500">
            {"★".repeat(review.rating)}
            <span className="text-stone-300">{"★".repeat(5 - review.rating)}</span>
          </span>{" "}
          {review.author}
        </p>
        <p className="text-sm text-stone-600">{karachiTime(review.createdAt)}</p>
      </header>
      <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">
        {review.productName}: {boughtSize(review.size)}, {REVIEW_FIT_LABELS[review.fit].toLowerCase()}
      </p>
      {review.body ? <p className="whitespace-pre-line [overflow-wrap:anywhere]">{review.body}</p> : null}
      <ReviewPhotos review={review} />
      {review.status === "rejected" && review.rejectReason ? (
        <p className="text-sm text-red-800">Kept off: {REJECT_REASON_LABELS[review.rejectReason]}</p>
      ) : null}
      <div className="flex flex-wrap items-end gap-2">
        {review.status !== "approved" ? (
          <button
            type="button"
            className="button-primary"
            disabled={busy}
            onClick={() => void decide({ action: "approve" }, "Published.")}
          >
            Publish
          </button>
        ) : null}
        {review.status !== "rejected" ? (
          <div className="flex flex-wrap items-end gap-2">
            <label className="text-sm font-semibold" htmlFor={`${id}-reason`}>
              Keep off because
              <select
                id={`${id}-reason`}
                value={reason}
                onChange={(event) => setReason(event.target.value as RejectReason | "")}
                className="mt-1 block min-h-11 rounded-lg border border-stone-300 px-2 font-normal"
              >
                <option value="">Choose a reason</option>
                {REJECT_REASONS.map((value) => (
                  <option key={value} value={value}>
                    {REJECT_REASON_LABELS[value]}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="button-secondary"
              disabled={busy}
              onClick={() => void decide({ action: "reject", ...(reason ? { reason } : {}) }, "Kept off the page.")}
            >
              Keep off
            </button>
          </div>
        ) : null}
      </div>
      <form onSubmit={saveAnswer} className="space-y-2">
        <label htmlFor={`${id}-answer`} className="block text-sm font-semibold">
          Public answer <span className="font-normal text-stone-600">(shown under the review as the shop's)</span>
        </label>
        <textarea
          id={`${id}-answer`}
          value={answer}
          maxLength={REVIEW_ANSWER_MAX}
          rows={2}
          onChange={(event) => setAnswer(event.target.value)}
          className="block w-full rounded-lg border border-stone-300 p-2"
        />
        <button type="submit" className="button-secondary" disabled={busy}>
          Save answer
        </button>
      </form>
      <FormAlert id={`${id}-alert`} message={message?.text} tone={message?.tone} />
    </article>
  );
}
