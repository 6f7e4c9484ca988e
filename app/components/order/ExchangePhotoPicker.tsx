// The photos of an exchange request: each chosen file is checked here (type, size, how many), shown
// small and uploaded at once (POST /api/exchange-photos), so the request only names their ids; a
// photo can be removed before the request is sent. Required for a faulty pair, and said so up front.
import { type ChangeEvent, useId, useState } from "react";
import { EXCHANGE_MAX_PHOTOS, EXCHANGE_MESSAGES, EXCHANGE_PHOTO_TYPES } from "#shared/exchanges.ts";
import { PLACEHOLDER_PICTURE, readAsDataUrl } from "../../lib/data-url.ts";
import { photoProblem, uploadExchangePhoto } from "../../lib/exchanges.ts";

export interface ChosenPhoto {
  key: string;
  name: string;
  preview: string;
  /** The server's id once uploaded; null while it is on its way. */
  id: string | null;
}

/** Keys for the photos chosen on this page (crypto.randomUUID needs a secure context). */
let chosenCount = 0;

type PhotosUpdate = (update: (now: ChosenPhoto[]) => ChosenPhoto[]) => void;

export function ExchangePhotoPicker({
  id,
  photos,
  onPhotos,
  onChosen,
  required,
  error,
  disabled,
}: {
  id: string;
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

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = "";
    const found = chosen.map(photoProblem).filter((p): p is string => p !== undefined);
    const good = chosen.filter((file) => photoProblem(file) === undefined);
    const room = Math.max(EXCHANGE_MAX_PHOTOS - photos.length, 0);
    if (good.length > room) found.push(EXCHANGE_MESSAGES.tooManyPhotos);
    setProblems(found);
    if (good.length > 0) onChosen();
    for (const file of good.slice(0, room)) void upload(file);
  }

  async function upload(file: File) {
    chosenCount += 1;
    const key = `photo-${chosenCount}`;
    const update = (change: Partial<ChosenPhoto>) =>
      onPhotos((now) => now.map((p) => (p.key === key ? { ...p, ...change } : p)));
    onPhotos((now) => [...now, { key, name: file.name, preview: PLACEHOLDER_PICTURE, id: null }]);
    readAsDataUrl(file).then((preview) => update({ preview }));
    const answer = await uploadExchangePhoto(file);
    if (answer.ok) {
      update({ id: answer.body._id });
      return;
    }
    onPhotos((now) => now.filter((p) => p.key !== key));
    setProblems((now) => [...now, `${file.name}: ${answer.error.message}`]);
  }

  const full = photos.length >= EXCHANGE_MAX_PHOTOS;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-stone-900">
        Photos {required ? "(required for a faulty pair)" : "(optional)"}
      </legend>
      <p id={hintId} className="text-sm text-stone-600">
        {required ? "Add at least one photo that shows the fault clearly." : "Photos help us answer quickly."} Up to{" "}
        {EXCHANGE_MAX_PHOTOS}: JPEG, PNG or WebP, up to 10 MB each.
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
        <ul aria-label="Chosen photos" className="flex flex-wrap gap-3">
          {photos.map((photo, index) => (
            <li key={photo.key} className="w-28 rounded-lg border border-stone-200 bg-white p-1.5 text-xs">
              <img
                src={photo.preview}
                alt={photo.name}
                className="aspect-square w-full rounded bg-stone-100 object-cover"
              />
              <p className="mt-1 text-stone-700" role={photo.id ? undefined : "status"}>
                {photo.id ? "Added" : "Uploading…"}
              </p>
              <button
                type="button"
                className="button-secondary mt-1 min-h-9 w-full px-2 py-1 text-xs text-red-800"
                disabled={disabled}
                onClick={() => onPhotos((now) => now.filter((p) => p.key !== photo.key))}
                aria-label={`Remove photo ${index + 1}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
