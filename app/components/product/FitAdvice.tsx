// The fit of the style under the size buttons' heading (issue 33, size advice): the owner's note, or
// the buyers' fit once their reviews speak for it (issue 53, said as theirs), in the server's HTML;
// and once hydrated the size to pick from the shopper's own size (kept in this browser). The second
// line's room is kept from the start, so nothing below moves when it fills in.
import type { SizeStock } from "#shared/catalog.ts";
import {
  BUYERS_FIT_SENTENCES,
  FIT_NOTE_SENTENCES,
  type FitNote,
  suggestionSentence,
  suggestSize,
} from "#shared/fit-note.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

const NO_SIZE_YET = "Set 'my size' below, or find it in the size chart, and we will suggest one.";

export function FitAdvice({
  fitNote,
  byBuyers = false,
  sizes,
  mySize,
}: {
  fitNote: FitNote;
  /** The fit is the buyers' (their reviews), not the owner's note. */
  byBuyers?: boolean;
  sizes: readonly SizeStock[];
  mySize: number | null;
}) {
  const hydrated = useHydrated();
  const advice = mySize === null ? NO_SIZE_YET : suggestionSentence(mySize, suggestSize(fitNote, mySize, sizes));
  return (
    <div className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-stone-800">
      <p className="font-semibold">{(byBuyers ? BUYERS_FIT_SENTENCES : FIT_NOTE_SENTENCES)[fitNote]}</p>
      {/* Two lines' room on a phone, one from 640 px: the longest advice fits them. */}
      <p aria-live="polite" className="min-h-10 sm:min-h-5" data-testid="size-suggestion">
        {hydrated ? advice : ""}
      </p>
    </div>
  );
}
