// One delivered pair's review (issue 53): stars, fit (with the size bought), a few words and up to
// three photos. The review is sent first (POST /api/reviews, saying how many photos follow), then each
// photo, made small on the phone (decision 030) and sent on its own with its progress; a photo that
// fails can be sent again without the words being lost. Every control is a real radio, textarea or
// file input, so it works by keyboard and with a screen reader. Without JavaScript the same form
// posts itself to the page (server/web/no-script/forms.ts): stars, fit and words, not the photos,
// which are shrunk on the phone by script; a refusal comes back with what was chosen and typed.
import { type FormEvent, useId, useState } from "react";
import { FIT_NOTES } from "#shared/fit-note.ts";
import { boughtSize, REVIEW_FIT_LABELS } from "#shared/review-words.ts";
import {
  REVIEW_BODY_MAX,
  REVIEW_MAX_PHOTOS,
  REVIEW_MESSAGES,
  type ReviewablePair,
  type ReviewSent,
} from "#shared/reviews.ts";
import { api, apiUpload } from "../../lib/api-client.ts";
import { FormAlert } from "../account/FormAlert.tsx";
import { usePostedForm } from "../account/posted-form.ts";
import { StarChoice } from "./StarChoice.tsx";

/** The shrinking code, loaded only when photos are sent (decision 030). */
const loadShrinker = () => import("../../lib/photo-shrinker.ts");

type Sending = { step: "idle" } | { step: "review" } | { step: "photo"; index: number; sent: number };

export function PairReviewForm({
  token,
  pair,
  sentMessage,
}: {
  token: string;
  pair: ReviewablePair;
  /** Back from this pair's review posted without JavaScript: its thanks, in place of "already". */
  sentMessage?: string | undefined;
}) {
  const id = useId();
  // This pair's form posted without JavaScript and refused: what was chosen and typed, and why.
  const posted = usePostedForm();
  const mine = posted?.fields.productId === pair.productId && posted.fields.size === String(pair.size);
  const again = mine ? posted.fields : {};
  const [rating, setRating] = useState(Number(again.rating) || 0);
  const [fit, setFit] = useState<string>(again.fit ?? "");
  const [body, setBody] = useState(again.body ?? "");
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | undefined>(mine ? posted.notice : undefined);
  const [sending, setSending] = useState<Sending>({ step: "idle" });
  const [sent, setSent] = useState<ReviewSent | null>(null);
  const [photoFailed, setPhotoFailed] = useState<string>();
  const done = pair.reviewed || (sent !== null && photoFailed === undefined && sending.step === "idle");

  async function sendPhotos(review: ReviewSent, from: number) {
    const { shrinkForUpload } = await loadShrinker();
    for (let index = from; index < files.length; index++) {
      setSending({ step: "photo", index, sent: 0 });
      const file = files[index] as File;
      const upload = await shrinkForUpload(file);
      const answer = await apiUpload<{ _id: string }>(
        `/api/reviews/${review.id}/photos?token=${encodeURIComponent(token)}`,
        upload,
        { onProgress: (share) => setSending({ step: "photo", index, sent: share }) },
      );
      if (!answer.ok) {
        setPhotoFailed(`Photo ${index + 1}: ${answer.error.message}`);
        setSending({ step: "idle" });
        setFiles((all) => all.slice(index));
        return;
      }
    }
    setPhotoFailed(undefined);
    setSending({ step: "idle" });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.step !== "idle") return;
    if (sent) return sendPhotos(sent, 0);
    if (rating === 0) return setError(REVIEW_MESSAGES.ratingRequired);
    if (!fit) return setError(REVIEW_MESSAGES.fitRequired);
    setError(undefined);
    setSending({ step: "review" });
    const answer = await api<ReviewSent>("/api/reviews", {
      method: "POST",
      json: { token, productId: pair.productId, size: pair.size, rating, fit, body, photoCount: files.length },
    });
    if (!answer.ok) {
      setSending({ step: "idle" });
      return setError(answer.error.message);
    }
    setSent(answer.body);
    await sendPhotos(answer.body, 0);
  }

  const heading = (
    <div className="flex items-center gap-3">
      {pair.image ? (
        <img src={pair.image} alt="" width={64} height={64} className="size-16 shrink-0 rounded-lg object-cover" />
      ) : null}
      <div className="min-w-0">
        <h2 className="font-bold text-stone-900 [overflow-wrap:anywhere]">{pair.name}</h2>
        <p className="text-sm text-stone-600">You {boughtSize(pair.size)}</p>
      </div>
    </div>
  );

  if (done)
    return (
      <section className="rounded-2xl border border-stone-200 p-4">
        {heading}
        <p role="status" className="mt-3 rounded-lg border-l-4 border-green-700 bg-green-50 p-3 text-green-950">
          {sent ? sent.message : (sentMessage ?? REVIEW_MESSAGES.already)}
        </p>
      </section>
    );

  const busy = sending.step !== "idle";
  return (
    // method="post": the browser sends it to this page itself when no script is running.
    <form method="post" onSubmit={submit} noValidate className="space-y-4 rounded-2xl border border-stone-200 p-4">
      {heading}
      <input type="hidden" name="productId" value={pair.productId} />
      <input type="hidden" name="size" value={pair.size} />
      <StarChoice
        name="rating"
        value={rating}
        onChange={(stars) => {
          setRating(stars);
          setError(undefined);
        }}
        disabled={busy || sent !== null}
      />
      <fieldset disabled={busy || sent !== null}>
        <legend className="font-semibold text-stone-900">How does size {pair.size} fit?</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {FIT_NOTES.map((note) => (
            <label
              key={note}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-300 px-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input type="radio" name="fit" value={note} checked={fit === note} onChange={() => setFit(note)} />
              {REVIEW_FIT_LABELS[note]}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-body`} className="font-semibold text-stone-900">
          A few words <span className="font-normal text-stone-600">(optional)</span>
        </label>
        <textarea
          id={`${id}-body`}
          name="body"
          value={body}
          onChange={(event) => setBody(event.target.value)}
          maxLength={REVIEW_BODY_MAX}
          rows={3}
          disabled={busy || sent !== null}
          className="mt-1 block w-full rounded-lg border border-stone-300 p-3"
        />
      </div>
      {/* A plain form cannot shrink photos on the phone: without scripts, the words go alone. */}
      <div className="js-only">
        <label htmlFor={`${id}-photos`} className="font-semibold text-stone-900">
          Photos <span className="font-normal text-stone-600">(up to {REVIEW_MAX_PHOTOS}, optional)</span>
        </label>
        <input
          id={`${id}-photos`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          disabled={busy || sent !== null}
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])];
            if (chosen.length > REVIEW_MAX_PHOTOS) setError(REVIEW_MESSAGES.tooManyPhotos);
            setFiles(chosen.slice(0, REVIEW_MAX_PHOTOS));
          }}
          className="mt-1 block w-full text-sm"
        />
        {files.length > 0 ? (
          <p className="mt-1 text-sm text-stone-600">
            {files.length} photo{files.length > 1 ? "s" : ""} chosen
          </p>
        ) : null}
      </div>
      <noscript>
        <p className="text-sm text-stone-600">
          Photos can be added when JavaScript is on. Your stars, fit and words are sent without them.
        </p>
      </noscript>
      <FormAlert id={`${id}-alert`} message={error ?? photoFailed} />
      {sending.step === "photo" ? (
        <p role="status" className="text-sm text-stone-700">
          Sending photo {sending.index + 1} of {files.length}… {Math.round(sending.sent * 100)}%
        </p>
      ) : null}
      <button type="submit" className="button-primary w-full sm:w-auto" disabled={busy}>
        {sending.step === "review" ? "Sending…" : photoFailed ? "Send the photos again" : "Send review"}
      </button>
    </form>
  );
}
