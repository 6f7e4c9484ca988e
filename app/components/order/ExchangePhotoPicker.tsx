// The photos of an exchange request: each chosen file is checked here (type, how many), made small
// on the phone (about 1600 px, 300 KB: docs/decisions/030) and uploaded at once for the order
// (POST /api/orders/{id}/exchange-photos) with its progress shown, so the request only names their
// ids. A photo that fails stays with its reason and a Retry that sends it alone (issue 46: on a
// slow link the rest of the form must not be lost); a photo can be removed before the request is
// sent. Required for a faulty pair, and said so up front.
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { EXCHANGE_MAX_PHOTOS, EXCHANGE_MESSAGES, EXCHANGE_PHOTO_TYPES } from "#shared/exchange-words.ts";
import { PLACEHOLDER_PICTURE, readAsDataUrl } from "../../lib/data-url.ts";
import { photoSizeProblem, photoTypeProblem, uploadExchangePhoto, uploadRetryable } from "../../lib/exchanges.ts";

type PhotoStep =
  | { step: "preparing" }
  /** `sent`: the share of the photo sent so far, 0-1. */
  | { step: "sending"; sent: number }
  | { step: "added" }
  | { step: "failed"; message: string; retryable: boolean };

export interface ChosenPhoto {
  key: string;
  name: string;
  preview: string;
  /** The server's id once uploaded. */
  id: string | null;
  /** What is sent (shrunk on the phone), kept so that a failed upload is sent again as it was. */
  upload: Blob | null;
  state: PhotoStep;
}

/** The shrinking code, loaded only where photos are chosen (decision 030). */
const loadShrinker = () => import("../../lib/photo-shrinker.ts");

/** Keys for the photos chosen on this page (crypto.randomUUID needs a secure context). */
let chosenCount = 0;

type PhotosUpdate = (update: (now: ChosenPhoto[]) => ChosenPhoto[]) => void;

export function ExchangePhotoPicker({
  id,
  orderId,
  photos,
  onPhotos,
  onChosen,
  required,
  error,
  disabled,
}: {
  id: string;
  /** The order whose pair the photos show: the shop takes photos only for an order it can exchange. */
  orderId: string;
  photos: ChosenPhoto[];
  onPhotos: PhotosUpdate;
  /** Files were chosen (the field's message can go). */
  onChosen: () => void;
  required: boolean;
  /** The field's own message (a faulty pair without a photo, a photo the server lost). */
  error: string | undefined;
  disabled: boolean;
}) {
  const [problems, setProblems] = useState<string[]>([]);
  const hintId = useId();
  const errorId = `${id}-error`;
  /** The photos still chosen (one removed while it was shrunk is not sent), and their uploads under way. */
  const kept = useRef(new Set<string>());
  const sending = useRef(new Map<string, AbortController>());

  useEffect(() => {
    // Loaded as the form opens, so it is here by the time a photo is chosen.
    loadShrinker().catch(() => {});
    const chosenNow = kept.current;
    const uploads = sending.current;
    return () => {
      // The form closed: a photo still being shrunk is not sent, and uploads under way stop.
      chosenNow.clear();
      for (const upload of uploads.values()) upload.abort();
    };
  }, []);

  const update = (key: string, change: Partial<ChosenPhoto>) =>
    onPhotos((now) => now.map((p) => (p.key === key ? { ...p, ...change } : p)));

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = "";
    const found = chosen.map(photoTypeProblem).filter((p): p is string => p !== undefined);
    const good = chosen.filter((file) => photoTypeProblem(file) === undefined);
    const room = Math.max(EXCHANGE_MAX_PHOTOS - photos.length, 0);
    if (good.length > room) found.push(EXCHANGE_MESSAGES.tooManyPhotos);
    setProblems(found);
    if (good.length > 0) onChosen();
    for (const file of good.slice(0, room)) void add(file);
  }

  async function add(file: File) {
    chosenCount += 1;
    const key = `photo-${chosenCount}`;
    kept.current.add(key);
    onPhotos((now) => [
      ...now,
      { key, name: file.name, preview: PLACEHOLDER_PICTURE, id: null, upload: null, state: { step: "preparing" } },
    ]);
    // The code not loaded (the connection dropped): the photo as chosen, within the server's budget.
    const upload = await loadShrinker().then(
      (shrinker) => shrinker.shrinkForUpload(file),
      () => file,
    );
    if (!kept.current.has(key)) return;
    const tooBig = photoSizeProblem(file.name, upload);
    if (tooBig) {
      remove(key);
      setProblems((now) => [...now, tooBig]);
      return;
    }
    update(key, { upload });
    readAsDataUrl(upload).then((preview) => update(key, { preview }));
    await send(key, upload);
  }

  async function send(key: string, upload: Blob) {
    const controller = new AbortController();
    sending.current.set(key, controller);
    update(key, { state: { step: "sending", sent: 0 } });
    let shown = 0;
    const answer = await uploadExchangePhoto(orderId, upload, {
      signal: controller.signal,
      onProgress: (sent) => {
        // One update a percent: a progress event comes every few KB.
        if (Math.floor(sent * 100) === shown) return;
        shown = Math.floor(sent * 100);
        update(key, { state: { step: "sending", sent } });
      },
    });
    sending.current.delete(key);
    if (controller.signal.aborted) return;
    update(
      key,
      answer.ok
        ? { id: answer.body._id, state: { step: "added" } }
        : { state: { step: "failed", message: answer.error.message, retryable: uploadRetryable(answer.status) } },
    );
  }

  function remove(key: string) {
    kept.current.delete(key);
    sending.current.get(key)?.abort();
    onPhotos((now) => now.filter((p) => p.key !== key));
  }

  function retry(photo: ChosenPhoto, card: HTMLElement | null) {
    if (!photo.upload) return;
    // The Retry button goes while the photo is sent: the focus stays on its card.
    card?.focus();
    void send(photo.key, photo.upload);
  }

  const full = photos.length >= EXCHANGE_MAX_PHOTOS;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-stone-900">
        Photos {required ? "(required for a faulty pair)" : "(optional)"}
      </legend>
      <p id={hintId} className="text-sm text-stone-600">
        {required ? "Add at least one photo that shows the fault clearly." : "Photos help us answer quickly."} Up to{" "}
        {EXCHANGE_MAX_PHOTOS}: JPEG, PNG or WebP. Large photos are made smaller on your phone before they are sent.
      </p>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        {full ? `${EXCHANGE_MAX_PHOTOS} photos added` : "Add photos"}
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept={EXCHANGE_PHOTO_TYPES.join(",")}
        disabled={disabled || full}
        onChange={choose}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : undefined, hintId].filter(Boolean).join(" ")}
        className="block w-full max-w-full text-sm text-stone-700 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-4 file:font-semibold file:text-stone-800"
      />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {problems.length > 0 ? (
        <ul role="alert" className="space-y-1 rounded-lg bg-red-50 p-3 text-sm text-red-800 [overflow-wrap:anywhere]">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {photos.length > 0 ? (
        <ul aria-label="Chosen photos" className="grid grid-cols-2 items-start gap-3 sm:flex sm:flex-wrap">
          {photos.map((photo, index) => (
            <PhotoCard
              key={photo.key}
              photo={photo}
              number={index + 1}
              disabled={disabled}
              onRetry={(card) => retry(photo, card)}
              onRemove={() => remove(photo.key)}
            />
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

const STEP_WORDS: Record<PhotoStep["step"], string> = {
  preparing: "Preparing…",
  sending: "Uploading…",
  added: "Added",
  failed: "Not sent",
};

function PhotoCard({
  photo,
  number,
  disabled,
  onRetry,
  onRemove,
}: {
  photo: ChosenPhoto;
  number: number;
  disabled: boolean;
  onRetry: (card: HTMLElement | null) => void;
  onRemove: () => void;
}) {
  const card = useRef<HTMLLIElement>(null);
  const { state } = photo;
  const percent = state.step === "sending" ? Math.floor(state.sent * 100) : null;
  return (
    <li
      ref={card}
      tabIndex={-1}
      data-photo-failed={state.step === "failed" ? "" : undefined}
      className="min-w-0 rounded-lg border border-stone-200 bg-white p-1.5 text-xs data-photo-failed:border-red-300 sm:w-36"
    >
      <img src={photo.preview} alt={photo.name} className="aspect-square w-full rounded bg-stone-100 object-cover" />
      <p className="mt-1 flex justify-between gap-1 text-stone-700">
        {/* The step is announced as it changes; the percent is shown, not read out at every step. */}
        <span role="status" className={state.step === "failed" ? "font-semibold text-red-800" : undefined}>
          {STEP_WORDS[state.step]}
        </span>
        {percent !== null ? <span aria-hidden="true">{percent}%</span> : null}
      </p>
      {percent !== null ? (
        <div
          role="progressbar"
          aria-label={`Photo ${number} uploading`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-1 h-1.5 overflow-hidden rounded-full bg-stone-200"
        >
          <div className="h-full bg-brand-700" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
      {state.step === "failed" ? <p className="mt-1 text-red-800 [overflow-wrap:anywhere]">{state.message}</p> : null}
      {state.step === "failed" && state.retryable ? (
        <button
          type="button"
          className="button-secondary mt-1 min-h-9 w-full px-2 py-1 text-xs"
          disabled={disabled}
          onClick={() => onRetry(card.current)}
          aria-label={`Retry photo ${number}`}
        >
          Retry
        </button>
      ) : null}
      <button
        type="button"
        className="button-secondary mt-1 min-h-9 w-full px-2 py-1 text-xs text-red-800"
        disabled={disabled}
        onClick={onRemove}
        aria-label={`Remove photo ${number}`}
      >
        Remove
      </button>
    </li>
  );
}
