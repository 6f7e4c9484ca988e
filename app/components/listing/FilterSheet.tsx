// On a phone the filters open in a sheet from the bottom. A native <dialog> opened as a modal gives
// Escape, the inert page and focus return without a library (showModalHoldingPage keeps Tab inside), as the
// phone menu does: Radix's dialog (portal, focus scope, scroll lock) made the first tap on this
// button take 220-300 ms at 4x CPU.
// Without JavaScript there is no sheet: the list's sidebar shows on a phone too (ProductList.tsx),
// so the server renders the form once (a second copy in <noscript> was a fifth of a list page's
// render and 18 KB of its HTML).
// The button is in the server's HTML, where it will be once hydrated: drawn only after hydration, it
// pushed the list 26 px down on a phone just as a slow phone's shopper (or a test) tapped a link in
// it, and the tap landed on what had moved. A tap on it before hydration is replayed (early taps);
// without JavaScript it is hidden (`scripting: none`).
import { SlidersHorizontal, X } from "lucide-react";
import { type ReactNode, useId, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { countLabel } from "#shared/listing.ts";
import { afterNextPaint } from "../../lib/after-paint.ts";
import { showModalHoldingPage } from "../../lib/modal.ts";
import { useFiltersTarget } from "./filters-target.ts";

export function FilterSheet({ total, active, children }: { total: number; active: number; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  // The form is mounted on the first opening and kept: a phone that never opens the sheet never
  // renders a second copy of the sidebar's form. It is mounted after the open sheet has been painted:
  // rendered in the tap's own task, its few hundred elements kept the shopper's finger waiting
  // 130-230 ms at 4x CPU (issue 17's first tap). A transition no longer puts it off: Preact, which runs
  // in the browser (decision 048), renders a transition's update at once, and the tap measured 250-340
  // ms again (issue 54, decision 055).
  const [opened, setOpened] = useState(false);
  const busy = useNavigation().state !== "idle";
  const id = useId();
  const label = active > 0 ? `Filter & sort (${active})` : "Filter & sort";
  const close = () => dialog.current?.close();
  const open = () => {
    if (dialog.current?.open) return;
    showModalHoldingPage(dialog.current);
    if (!opened) afterNextPaint(() => setOpened(true));
  };
  useFiltersTarget((sidebar) => {
    if (!sidebar) open();
  });
  return (
    <>
      <button
        type="button"
        className="button-secondary min-h-11 px-4 md:hidden [@media(scripting:none)]:hidden"
        aria-haspopup="dialog"
        onClick={open}
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {label}
      </button>
      {/* A click on the backdrop lands on the dialog element itself and closes it; Escape is native. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes a modal dialog with Escape, natively */}
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
        className="inset-x-0 top-auto bottom-0 m-0 max-h-[88dvh] w-full max-w-none overflow-hidden rounded-t-2xl bg-white p-0 shadow-xl backdrop:bg-black/50"
      >
        {/* Until the form is in, the sheet stands at the height the form gives it (its limit on
            every phone measured), so it does not grow up the screen a moment after it opened. */}
        <div className={`flex max-h-[88dvh] flex-col ${opened ? "" : "h-[88dvh]"}`}>
          <div className="flex items-center justify-between border-b border-stone-200 px-4 py-2">
            <h2 id={`${id}-title`} className="text-lg font-bold">
              Filter &amp; sort
            </h2>
            <button type="button" className="icon-button" aria-label="Close filters" onClick={close}>
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <p id={`${id}-description`} className="sr-only">
            Changes apply to the list at once.
          </p>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">{opened && children}</div>
          <div className="border-t border-stone-200 p-3">
            <button type="button" className="button-primary w-full" aria-live="polite" onClick={close}>
              {busy ? "Updating…" : `Show ${countLabel(total)}`}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
