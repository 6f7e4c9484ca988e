// [Ours] The Area field (docs/product.md section 5; issue 46). The page's list of areas (its datalist,
// which the field names in `list`) is the phone's own search-as-you-type list. When that list has
// nothing for what is typed ('Gulshan block 13 D', 'Nazimabaad 3'), the field says the area it is,
// or offers the closest names, read as the server will read it (shared/area-spelling.ts); a name
// pressed is written into the field. The names come from the field's own list, so any page that
// renders the list (the checkout, the address book) offers them.
import { type ComponentProps, type InputEvent, useRef, useState } from "react";
import { type AreaIndex, indexAreas, matchArea } from "#shared/area-spelling.ts";
import { TextField } from "../account/TextField.tsx";

/** Fewer letters than this are still being typed: the list alone answers them. */
const OFFER_FROM = 2;

interface Offer {
  /** "one": the text is this area; "closest": it is not one area, these are the nearest. */
  kind: "one" | "closest";
  names: string[];
}

export function AreaField({ onInput, ...field }: ComponentProps<typeof TextField>) {
  const [offer, setOffer] = useState<Offer | null>(null);
  const indexed = useRef<{ names: string[]; index: AreaIndex } | null>(null);

  /** The list's names, prepared once (the list is the page's, and changes only when it is read again). */
  function areasOf(list: HTMLDataListElement | null): { names: string[]; index: AreaIndex } {
    const names = Array.from(list?.options ?? [], (option) => option.value);
    const kept = indexed.current;
    if (kept && kept.names.length === names.length && kept.names.every((name, i) => name === names[i])) return kept;
    indexed.current = { names, index: indexAreas(names) };
    return indexed.current;
  }

  function offerFor(input: HTMLInputElement): Offer | null {
    const typed = input.value.trim().toLowerCase();
    if (typed.length < OFFER_FROM) return null;
    const { names, index } = areasOf(input.list);
    // Names holding the text as typed are what the browser's own list shows.
    if (names.some((name) => name.toLowerCase().includes(typed))) return null;
    const match = matchArea(input.value, index);
    if (match.kind === "listed") return { kind: "one", names: [match.name] };
    return match.closest.length > 0 ? { kind: "closest", names: match.closest } : null;
  }

  function typed(event: InputEvent<HTMLInputElement>) {
    onInput?.(event);
    setOffer(offerFor(event.currentTarget));
  }

  /** Writes the name as the customer would type it, so the form hears it (its message goes). */
  function pick(name: string) {
    const input = document.getElementById(field.id);
    if (!(input instanceof HTMLInputElement)) return;
    input.value = name;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.focus();
  }

  return (
    <div className="flex flex-col gap-2">
      <TextField {...field} onInput={typed} />
      <div aria-live="polite">
        {offer && (
          <fieldset>
            <legend className="mb-1.5 text-sm text-stone-700">
              {offer.kind === "one" ? "Your area:" : "Did you mean:"}
            </legend>
            <div className="flex flex-wrap gap-2">
              {offer.names.map((name) => (
                <button
                  key={name}
                  type="button"
                  onClick={() => pick(name)}
                  className="min-h-11 rounded-full border border-brand-700 px-3.5 text-left text-sm font-semibold text-brand-700 hover:bg-brand-50"
                >
                  {name}
                </button>
              ))}
            </div>
          </fieldset>
        )}
      </div>
    </div>
  );
}
