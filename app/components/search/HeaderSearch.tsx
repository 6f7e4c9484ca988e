// The header's search as the server renders it, and as it works without JavaScript: a GET form to
// /search on wide screens, the icon linking there below `lg`. The instant-results combobox
// (HeaderSearchUi.tsx) is a chunk of its own, fetched at the first sign of interest (pointing at or
// focusing the box, tapping the icon), then put in place with what was typed so far: a visitor who
// never searches never downloads it, and the home page's first load stays within its JavaScript
// budget (docs/architecture.md section 4). A tap on the icon before the chunk has come waits for it and opens
// the panel.
import { Search } from "lucide-react";
import { type ComponentType, useRef, useState } from "react";
import { Link } from "react-router";
import { SEARCH_QUERY_MAX } from "#shared/catalog.ts";
import { type HeaderSearchUiProps, SEARCH_ICON, SEARCH_INPUT, SEARCH_PLACEHOLDER, WIDE_SEARCH } from "./search-box.ts";

type Ui = ComponentType<HeaderSearchUiProps>;
let loading: Promise<Ui> | undefined;
function loadUi(): Promise<Ui> {
  loading ??= import("./HeaderSearchUi.tsx").then((module) => module.HeaderSearchUi);
  // A failed fetch (offline) is tried again at the next sign of interest; the plain form still works.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

export function HeaderSearch() {
  const [ui, setUi] = useState<{ Ui: Ui; props: HeaderSearchUiProps }>();
  const input = useRef<HTMLInputElement>(null);
  // Whether the plain box holds the focus now: the chunk may arrive on pointing (before the click
  // focuses the box), so what was true when it arrived is not what is true when the combobox mounts.
  const boxFocused = useRef(false);
  const load = (phoneOpen = false) =>
    void loadUi().then((Ui) => {
      const field = input.current;
      const focused = field !== null && document.activeElement === field;
      setUi((now) => now ?? { Ui, props: { initialText: field?.value ?? "", focused, phoneOpen } });
    });

  if (ui) return <ui.Ui {...ui.props} focused={ui.props.focused || boxFocused.current} />;
  return (
    <>
      <div className={WIDE_SEARCH}>
        <search className="relative block">
          <form
            method="get"
            action="/search"
            onFocus={() => {
              boxFocused.current = true;
              load();
            }}
            onBlur={() => {
              boxFocused.current = false;
            }}
            onPointerEnter={() => load()}
          >
            <label htmlFor="header-search" className="sr-only">
              Search products
            </label>
            <Search aria-hidden="true" className={`${SEARCH_ICON} text-stone-500`} />
            <input
              ref={input}
              id="header-search"
              name="query"
              type="text"
              enterKeyHint="search"
              autoComplete="off"
              maxLength={SEARCH_QUERY_MAX}
              placeholder={SEARCH_PLACEHOLDER}
              className={SEARCH_INPUT}
            />
          </form>
        </search>
      </div>
      <Link
        to="/search"
        state={{ focusPage: true }}
        className="icon-button lg:hidden"
        aria-label="Search"
        onClick={(event) => {
          // Hydrated: open the panel instead of leaving the page, once its code has come.
          event.preventDefault();
          load(true);
        }}
      >
        <Search aria-hidden="true" className="size-5" />
      </Link>
    </>
  );
}
