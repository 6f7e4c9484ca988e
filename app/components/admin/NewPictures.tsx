// Pictures chosen while a product is being created: checked here (type, size, how many) and
// previewed; the new-product screen uploads them through the pictures API right after the
// product exists, since a picture belongs to a product id.
import { type ChangeEvent, useEffect, useState } from "react";
import { ADMIN_IMAGE_MAX_BYTES, ADMIN_IMAGE_TYPES, ADMIN_MAX_IMAGES, ADMIN_MESSAGES } from "#shared/admin.ts";
import { PLACEHOLDER_PICTURE, readAsDataUrl } from "../../lib/data-url.ts";

/** Why a file cannot be a product picture, or undefined when it can. */
export function pictureProblem(file: File): string | undefined {
  if (!(ADMIN_IMAGE_TYPES as readonly string[]).includes(file.type)) return `${file.name}: ${ADMIN_MESSAGES.imageType}`;
  if (file.size > ADMIN_IMAGE_MAX_BYTES) return `${file.name}: ${ADMIN_MESSAGES.imageTooBig}`;
  return undefined;
}

export function NewPictures({
  files,
  onChange,
  disabled,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  disabled: boolean;
}) {
  const [problems, setProblems] = useState<string[]>([]);
  // data: URLs, not blob: ones (app/lib/data-url.ts).
  const [previews, setPreviews] = useState<Map<File, string>>(new Map());
  useEffect(() => {
    let current = true;
    Promise.all(files.map(async (file) => [file, await readAsDataUrl(file)] as const)).then((pairs) => {
      if (current) setPreviews(new Map(pairs));
    });
    return () => {
      current = false;
    };
  }, [files]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = "";
    const found = chosen.map(pictureProblem).filter((p): p is string => p !== undefined);
    const good = chosen.filter((file) => pictureProblem(file) === undefined);
    const room = ADMIN_MAX_IMAGES - files.length;
    if (good.length > room) found.push(ADMIN_MESSAGES.tooManyImages);
    setProblems(found);
    onChange([...files, ...good.slice(0, Math.max(room, 0))]);
  }

  return (
    <fieldset className="md:col-span-2">
      <legend className="text-sm font-semibold">Pictures</legend>
      <p className="text-xs text-stone-600">
        Optional: they are uploaded as soon as the product is created. The first one is the main picture.
      </p>
      <label className="mt-2 block text-sm font-semibold">
        Choose pictures (JPEG, PNG or WebP, up to 10 MB each)
        <input
          type="file"
          multiple
          accept={ADMIN_IMAGE_TYPES.join(",")}
          disabled={disabled}
          onChange={choose}
          className="mt-1 block w-full text-sm font-normal"
        />
      </label>
      {problems.length > 0 ? (
        <ul role="alert" className="mt-2 space-y-1 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {files.length > 0 ? (
        <ol className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Chosen pictures">
          {files.map((file, index) => (
            <li
              key={`${file.name}:${file.size}:${file.lastModified}`}
              className="rounded-lg border border-stone-200 p-2"
            >
              <img
                src={previews.get(file) ?? PLACEHOLDER_PICTURE}
                alt=""
                className="aspect-square w-full rounded object-cover"
              />
              <p className="mt-1 truncate text-xs text-stone-600">
                {index === 0 ? "Main picture" : `Picture ${index + 1}`}: {file.name}
              </p>
              <button
                type="button"
                className="button-secondary mt-1 min-h-9 px-2 py-1 text-xs text-red-800"
                disabled={disabled}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
                aria-label={`Remove ${file.name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </fieldset>
  );
}
