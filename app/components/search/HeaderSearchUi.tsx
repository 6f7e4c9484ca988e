// The header's search once its code has arrived (HeaderSearch.tsx fetches it): the combobox in the
// header's row on wide screens; below `lg` the search icon opens a panel under the header with the
// same combobox.
import { Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useLocation } from "react-router";
import { SearchCombobox } from "./SearchCombobox.tsx";
import { type HeaderSearchUiProps, SEARCH_INPUT, SEARCH_PLACEHOLDER, WIDE_SEARCH } from "./search-box.ts";

export function HeaderSearchUi({ initialText, focused, phoneOpen = false }: HeaderSearchUiProps) {
  return (
    <>
      <div className={WIDE_SEARCH}>
        <SearchCombobox
          initialText={initialText}
          autoFocus={focused}
          inputClassName={SEARCH_INPUT}
          popupClassName="absolute right-0 top-full mt-2 w-[26rem] max-w-[calc(100vw-1rem)]"
          placeholder={SEARCH_PLACEHOLDER}
        />
      </div>
      <PhoneSearch startOpen={phoneOpen} />
    </>
  );
}

function PhoneSearch({ startOpen }: { startOpen: boolean }) {
  const [open, setOpen] = useState(startOpen);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const mounted = useRef(false);
  // Wherever the shopper went (a result, 'See all results', a link of the page), the panel closes.
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is each navigation; `startOpen` only counts on mount
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      if (startOpen) panel.current?.querySelector("input")?.focus();
      return;
    }
    setOpen(false);
  }, [key]);

  return (
    <>
      <button
        ref={toggle}
        type="button"
        className="icon-button lg:hidden"
        aria-label="Search"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (open) return setOpen(false);
          // Focus inside the tap itself: a phone opens its keyboard only for a focus the tap caused.
          flushSync(() => setOpen(true));
          panel.current?.querySelector("input")?.focus();
        }}
      >
        {open ? <X aria-hidden="true" className="size-5" /> : <Search aria-hidden="true" className="size-5" />}
      </button>
      <div
        ref={panel}
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-stone-200 bg-white px-3 py-3 shadow-lg lg:hidden"
      >
        <div className="mx-auto max-w-xl">
          <SearchCombobox
            initialText=""
            autoFocus={false}
            inputClassName={SEARCH_INPUT}
            popupClassName="mt-2 max-h-[calc(100dvh-9rem)] overflow-y-auto"
            placeholder={SEARCH_PLACEHOLDER}
            onEscape={() => {
              setOpen(false);
              toggle.current?.focus();
            }}
          />
        </div>
      </div>
    </>
  );
}
