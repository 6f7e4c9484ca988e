// 'My size: 42 · change': the shopper's own size, set once for every list and the product page.
// It lives in the browser (and on the account), so it shows only once JavaScript runs; until then
// its place is kept (invisible, out of the tab order), so the list below does not move down when
// it appears (Lighthouse counted that shift on the search page).
import { useState } from "react";
import { SIZES } from "#shared/sizes.ts";
import { mySizeStore, setMySize } from "../../lib/my-size.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

export function MySizeControl({ className = "" }: { className?: string }) {
  const hydrated = useHydrated();
  const mySize = mySizeStore.use();
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <div className={`flex flex-wrap items-center gap-2 text-sm ${className}`}>
        <label htmlFor="my-size-choice" className="font-semibold">
          My size
        </label>
        <select
          id="my-size-choice"
          // biome-ignore lint/a11y/noAutofocus: the shopper just asked to change it
          autoFocus
          value={mySize ?? ""}
          onChange={(event) => {
            setMySize(event.target.value === "" ? null : Number(event.target.value));
            setEditing(false);
          }}
          className="min-h-11 rounded-lg border border-stone-300 bg-white px-2"
        >
          <option value="">Not set</option>
          {SIZES.map((size) => (
            <option key={size} value={size}>
              EU {size}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => setEditing(false)} className="min-h-11 px-2 font-semibold text-stone-700">
          Done
        </button>
      </div>
    );
  }
  return (
    // Held invisible until hydrated (it keeps its room, so nothing moves); gone without JavaScript,
    // where it could never work and left an empty row above the list.
    <p
      className={`flex flex-wrap items-center gap-1 text-sm ${hydrated ? "" : "invisible [@media(scripting:none)]:hidden"} ${className}`}
    >
      {mySize !== null && (
        <>
          <span>
            My size: <strong>{mySize}</strong>
          </span>
          <span aria-hidden="true">·</span>
        </>
      )}
      <button
        type="button"
        onClick={() => setEditing(true)}
        aria-label={mySize === null ? "Set my size" : `Change my size (${mySize})`}
        className="min-h-11 font-semibold text-brand-700 underline underline-offset-4"
      >
        {mySize === null ? "Set my size" : "change"}
      </button>
    </p>
  );
}
