// The product's colour, picked from the shop's palette (GET /api/colours) as swatches with names:
// a radio group, so arrow keys move between colours and a screen reader reads each name.
import { useEffect, useState } from "react";
import type { Colour } from "#shared/listing.ts";
import { api } from "../../lib/api-client.ts";

export function ColourPicker({ value, onChange }: { value: string | null; onChange: (colour: string | null) => void }) {
  const [palette, setPalette] = useState<Colour[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    api<Colour[]>("/api/colours", { signal: controller.signal }).then((response) => {
      if (controller.signal.aborted) return;
      if (response.ok) setPalette(response.body);
      else setFailed(true);
    });
    return () => controller.abort();
  }, []);

  const options: { slug: string | null; name: string; hex: string | null }[] = [
    { slug: null, name: "None", hex: null },
    ...(palette ?? []),
  ];
  return (
    <fieldset className="md:col-span-2">
      <legend className="text-sm font-semibold">Colour</legend>
      {failed ? (
        <p className="mt-1 text-sm text-red-700">The colours could not be loaded. Reload the page to pick one.</p>
      ) : palette === null ? (
        <p className="mt-1 text-sm text-stone-600">Loading colours…</p>
      ) : (
        <div className="mt-2 flex flex-wrap gap-2">
          {options.map((option) => (
            <label
              key={option.slug ?? "none"}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-stone-300 px-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700"
            >
              <input
                type="radio"
                name="colour"
                className="sr-only"
                checked={value === option.slug}
                onChange={() => onChange(option.slug)}
              />
              {option.hex ? (
                <span
                  aria-hidden="true"
                  className="size-5 rounded-full border border-stone-400"
                  style={{ backgroundColor: option.hex }}
                />
              ) : null}
              {option.name}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
