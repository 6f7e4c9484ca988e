// The search box with instant results: the WAI-ARIA "combobox with listbox popup" pattern (list
// autocomplete, manual selection). Focus stays in the input; aria-activedescendant names the
// option the arrows reached. Up to 5 products, then 'See all results' (the /search page).
// Loaded on demand (HeaderSearch.tsx): keep it out of what pages import directly.
import { Loader2, Search } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { ProductSummary } from "#shared/catalog.ts";
import { SEARCH_QUERY_MAX } from "#shared/catalog.ts";
import { INSTANT_MIN_CHARS, nearestTruth, truthOf } from "#shared/search.ts";
import { Price } from "../product/Price.tsx";
import { ProductPicture } from "../product/ProductPicture.tsx";
import { SearchTruth } from "./SearchTruth.tsx";
import { SEARCH_ICON } from "./search-box.ts";
import { useInstantResults } from "./use-instant-results.ts";

export interface SearchComboboxProps {
  initialText: string;
  autoFocus: boolean;
  inputClassName: string;
  /** Where the popup sits: under the header's box, or in the flow of the phone panel. */
  popupClassName: string;
  placeholder: string;
  /** Escape with the popup closed and nothing typed (the phone panel closes). */
  onEscape?: () => void;
}

export function SearchCombobox(props: SearchComboboxProps) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(props.initialText);
  const [open, setOpen] = useState(props.initialText.trim().length >= INSTANT_MIN_CHARS);
  const [active, setActive] = useState(-1);
  const answer = useInstantResults(text);
  const query = text.trim();

  const shown = answer.state === "done" ? answer.results : answer.state === "loading" ? answer.previous : null;
  const products: ProductSummary[] = shown?.products ?? [];
  const expanded = open && query.length >= INSTANT_MIN_CHARS && answer.state !== "idle";
  // The products, then 'See all results': the listbox always has an option while it is open.
  const optionCount = products.length + 1;
  // The page's own sentence when the shop sells nothing of the kind, or nothing matches (decision 025).
  const truth =
    answer.state === "done" && products.length === 0
      ? (truthOf(answer.results.query, answer.results) ?? nearestTruth(answer.results.query, answer.results.nearest))
      : null;
  const searchUrl = `/search?query=${encodeURIComponent(query)}`;

  useEffect(() => {
    if (props.autoFocus) {
      const field = input.current;
      field?.focus();
      field?.setSelectionRange(field.value.length, field.value.length);
    }
  }, [props.autoFocus]);

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  });

  const go = (to: string) => {
    setOpen(false);
    setActive(-1);
    navigate(to);
  };
  const choose = (index: number) => {
    const product = products[index];
    go(product ? `/products/${product._id}` : searchUrl);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          return;
        }
        const step = event.key === "ArrowDown" ? 1 : -1;
        // From the input, Down reaches the first option and Up the last; both wrap around.
        setActive((now) => (now < 0 ? (step > 0 ? 0 : optionCount - 1) : (now + step + optionCount) % optionCount));
        return;
      }
      case "Enter":
        if (expanded && active >= 0 && active < optionCount) {
          event.preventDefault();
          choose(active);
        }
        return; // otherwise the form submits: the search page
      case "Escape":
        // Also keeps the browser from clearing the box on the first Escape itself.
        event.preventDefault();
        if (expanded) {
          setOpen(false);
          setActive(-1);
        } else if (text !== "") setText("");
        else props.onEscape?.();
        return;
      case "Tab":
        setOpen(false);
        setActive(-1);
        return;
    }
  };

  return (
    <search className="relative block">
      <form
        method="get"
        action="/search"
        onSubmit={(event) => {
          event.preventDefault();
          // docs/product.md section 5: an empty or whitespace-only query is not submitted.
          if (query !== "") go(searchUrl);
        }}
      >
        <label htmlFor={`${id}-input`} className="sr-only">
          Search products
        </label>
        {answer.state === "loading" ? (
          <Loader2 aria-hidden="true" className={`${SEARCH_ICON} animate-spin text-brand-700`} />
        ) : (
          <Search aria-hidden="true" className={`${SEARCH_ICON} text-stone-500`} />
        )}
        <input
          ref={input}
          id={`${id}-input`}
          name="query"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_QUERY_MAX}
          placeholder={props.placeholder}
          className={props.inputClassName}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          onClick={() => setOpen(true)}
        />
        {/* A mouse or finger on the popup must not take the focus from the input (it would close it). */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: it only keeps the focus where it is */}
        <div
          hidden={!expanded}
          className={`z-40 rounded-lg border border-stone-200 bg-white py-1 shadow-xl ${props.popupClassName}`}
          onMouseDown={(event) => event.preventDefault()}
        >
          {answer.state === "loading" && !answer.previous ? (
            <p className="px-4 py-3 text-sm text-stone-600">Searching…</p>
          ) : answer.state === "failed" ? (
            <p className="px-4 py-3 text-sm text-stone-600">Instant results are unavailable. Press Enter to search.</p>
          ) : answer.state === "done" && products.length === 0 ? (
            <>
              <p className="px-4 py-3 text-sm text-stone-600">No products match “{query}”.</p>
              {truth && <SearchTruth truth={truth} className="px-4 pb-3 text-center text-sm" />}
            </>
          ) : null}
          <div id={listboxId} role="listbox" aria-label="Search suggestions" aria-busy={answer.state === "loading"}>
            {products.map((product, index) => (
              <Option key={product._id} id={optionId(index)} selected={index === active} onChoose={() => choose(index)}>
                {product.image ? (
                  <ProductPicture
                    image={product.image}
                    sizes="48px"
                    eager
                    alt=""
                    className="size-12 shrink-0 rounded object-cover"
                  />
                ) : (
                  <div className="size-12 shrink-0 rounded bg-stone-100" />
                )}
                <div className="min-w-0 flex-1">
                  <div className="truncate text-sm font-medium text-stone-900">{product.name}</div>
                  <Price
                    price={product.price}
                    discountPrice={product.discountPrice}
                    discountPercentage={product.discountPercentage}
                  />
                </div>
              </Option>
            ))}
            <Option
              id={optionId(products.length)}
              selected={active === products.length}
              onChoose={() => choose(products.length)}
              className="border-t border-stone-100 font-semibold text-brand-700"
            >
              See all results{shown && shown.total > 0 ? ` (${shown.total})` : ""}
              <span className="sr-only"> for “{query}”</span>
            </Option>
          </div>
        </div>
        <p role="status" className="sr-only">
          {expanded && answer.state === "done"
            ? `${resultsMessage(answer.results.products.length)}${truth ? `. ${truth.sentence}` : ""}`
            : ""}
        </p>
      </form>
    </search>
  );
}

/**
 * One option. Options are never focused (focus stays in the input, aria-activedescendant points
 * here), so the keyboard reaches them through the input's arrows and Enter, not their own.
 */
function Option(props: {
  id: string;
  selected: boolean;
  onChoose: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: see above; the input holds the focus
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above; the input's keys choose
    <div
      id={props.id}
      role="option"
      aria-selected={props.selected}
      className={`flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-stone-50 aria-selected:bg-brand-50 ${props.className ?? ""}`}
      onClick={props.onChoose}
    >
      {props.children}
    </div>
  );
}

function resultsMessage(count: number): string {
  if (count === 0) return "No results";
  return count === 1 ? "1 result" : `${count} results`;
}
