// A filterable list (category pages, /men and /women, /buy/{size}, search): filters and sort (a
// sidebar on desktop, a sheet on a phone), the count, a chip per applied filter, one page of cards,
// page links, and 'Load more' once JavaScript runs. Every state is an address the server renders.
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { countLabel, type ListPageData } from "#shared/listing.ts";
import { mySizeStore } from "../../lib/my-size.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { ProductGrid } from "../product/ProductGrid.tsx";
import { AppliedChips, activeFilters } from "./AppliedChips.tsx";
import { FilterForm } from "./FilterForm.tsx";
import { FilterSheet } from "./FilterSheet.tsx";
import { FILTERS_ID, useFiltersTarget } from "./filters-target.ts";
import { type FixedFilter, type HrefOf, listLinks, rangeHref } from "./list-links.ts";
import { MySizeControl } from "./MySizeControl.tsx";
import { Pagination } from "./Pagination.tsx";

const NO_EXTRA: Record<string, string> = {};
const NO_HIDE: FixedFilter[] = [];

export function ProductList({
  list,
  path,
  empty,
  size,
  extra = NO_EXTRA,
  hide = NO_HIDE,
  extraChips,
  offerGender = false,
  listOnly = false,
  after,
}: {
  /**
   * One page of the list. 'Load more' fetches the next page from the same route, whose loader
   * must answer it as `list` (as category, /buy and the overview do).
   */
  list: ListPageData;
  /** The page's path, which the list state is added to. */
  path: string;
  /** What an empty first page says. */
  empty: ReactNode;
  /** The size the page lists by (/buy/{size}): it wins over the shopper's own size. */
  size?: number;
  /** The page's own query parameters that every link and the form keep (the search's `query`). */
  extra?: Record<string, string>;
  /** Filters the page fixes and the form does not offer (/buy/{size}'s size). */
  hide?: FixedFilter[];
  /** Chips the page adds before the filter chips (what the search understood). */
  extraChips?: ReactNode;
  /** The list holds men's and women's shoes: offer Men/Women. */
  offerGender?: boolean;
  /** The bare path shows something else (/men's overview): links keep `?page=1`. */
  listOnly?: boolean;
  /** Below the results, in their column (the search's "more like these", issue 52). */
  after?: ReactNode;
}) {
  const { query, colours, total, pages, problem } = list;
  const hrefOf = listLinks({ path, extra, hide, listOnly });
  const mySize = mySizeStore.use();
  const more = useLoadMore(list, hrefOf);
  const products = [...list.products, ...more.products];

  // The page's size wins; else the shopper's own when the list may hold it; else the one size filtered by.
  const cardSize =
    size ??
    (mySize !== null && (query.sizes.length === 0 || query.sizes.includes(mySize))
      ? mySize
      : query.sizes.length === 1
        ? query.sizes[0]
        : undefined);
  // The one size the list is of, from the address: a card opens its product in that size.
  const linkSize = size ?? (query.sizes.length === 1 ? query.sizes[0] : undefined);
  const offerMySize =
    !hide.includes("size") && mySize !== null && !(query.sizes.length === 1 && query.sizes[0] === mySize);
  const active = activeFilters(query, colours, hide);
  const sidebar = useRef<HTMLElement>(null);
  useFiltersTarget((shown) => {
    if (shown)
      sidebar.current?.querySelector("form")?.querySelector<HTMLElement>("select, input, button, a[href]")?.focus();
  });

  const form = (
    <FilterForm
      query={query}
      colours={colours}
      path={path}
      hrefOf={hrefOf}
      hide={hide}
      extra={extra}
      offerGender={offerGender}
    />
  );
  return (
    <div className="mt-6 md:grid md:grid-cols-[13rem_minmax(0,1fr)] md:items-start md:gap-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <aside
        ref={sidebar}
        id={FILTERS_ID}
        aria-label="Filters"
        className="mb-6 hidden md:mb-0 md:block [@media(scripting:none)]:block"
      >
        {/* A phone without JavaScript has no sheet: a box and its label open the form here instead,
            with CSS alone. The server renders the form once (a second copy in <noscript> was a
            fifth of a list page's render). */}
        <input
          id={`${FILTERS_ID}-shown`}
          type="checkbox"
          className="peer sr-only md:hidden [@media(scripting:enabled)]:hidden"
        />
        <label
          htmlFor={`${FILTERS_ID}-shown`}
          className="hidden min-h-11 cursor-pointer items-center rounded-lg border border-stone-300 px-4 font-semibold peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700 [@media(scripting:none)]:max-md:flex"
        >
          {active.length > 0 ? `Filter & sort (${active.length})` : "Filter & sort"}
        </label>
        <div className="[@media(scripting:none)]:max-md:hidden [@media(scripting:none)]:max-md:peer-checked:block [@media(scripting:none)]:max-md:pt-4">
          {form}
        </div>
      </aside>
      <div className="min-w-0">
        {problem && (
          <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
            {problem}
          </p>
        )}
        <div className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2">
          <p className="mr-auto text-sm font-semibold text-stone-700" aria-live="polite">
            {countLabel(total)}
          </p>
          <FilterSheet total={total} active={active.length}>
            {form}
          </FilterSheet>
          <div className="flex w-full flex-wrap items-center gap-x-4 md:w-auto">
            {offerMySize && (
              <Link
                to={hrefOf({ ...query, sizes: [mySize], page: 1 })}
                preventScrollReset
                className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline underline-offset-4"
              >
                Only my size ({mySize})
              </Link>
            )}
            <MySizeControl />
          </div>
        </div>
        <AppliedChips query={query} colours={colours} hrefOf={hrefOf} hide={hide} extraChips={extraChips} />
        <div ref={more.gridRef}>
          {products.length > 0 ? (
            <ProductGrid products={products} priorityCount={2} heading="h2" size={cardSize} linkSize={linkSize} />
          ) : list.page > 1 ? (
            <p className="rounded-lg bg-stone-50 p-10 text-center text-stone-700">
              This page is past the end of the list.{" "}
              <Link to={hrefOf({ ...query, page: 1 })} className="font-semibold text-brand-700 underline">
                Go to the first page
              </Link>
            </p>
          ) : (
            empty
          )}
        </div>
        {more.last < pages && products.length > 0 && <LoadMoreButton busy={more.busy} onClick={more.load} />}
        <Pagination query={query} page={{ first: list.page, last: more.last }} pages={pages} hrefOf={hrefOf} />
        {after}
      </div>
    </div>
  );
}

/**
 * Shown once the page is hydrated (it needs script). Its own component so that only the button,
 * not the whole list, renders again when hydration ends: a change after hydration is rendered at
 * once, in one task the page cannot interrupt.
 */
function LoadMoreButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <div className="mt-6 flex justify-center">
      <button type="button" className="button-primary" disabled={busy} onClick={onClick}>
        {busy ? "Loading…" : "Load more"}
      </button>
    </div>
  );
}

/**
 * 'Load more': fetches the next page through the route's loader and appends it. Focus goes to the
 * first new card so a keyboard continues where the new shoes begin.
 *
 * The address becomes the range shown (`?page=1-2`, replaced, not pushed), which the server renders
 * whole: a Back from a shoe runs the loader for that address, so every page loaded so far is drawn
 * before React Router's scroll restoration puts the shopper back where they were, and a refresh or a
 * shared link shows the same list, without JavaScript too. Keeping the pages in the history entry's
 * state or sessionStorage instead would restore only in this tab with script, and would have to race
 * the loader's one-page answer to the scroll restoration.
 */
function useLoadMore(list: ListPageData, hrefOf: HrefOf) {
  const fetcher = useFetcher<{ list?: ListPageData }>();
  const [loaded, setLoaded] = useState<{ base: ListPageData; pages: ListPageData[] }>({ base: list, pages: [] });
  const gridRef = useRef<HTMLDivElement>(null);
  const focusIndex = useRef<number | null>(null);
  // What the pending fetch is for: an answer for an older list (the filters changed since) is dropped.
  const asked = useRef<ListPageData | null>(null);
  // A new list (other filters, another page, a Back): start again from it.
  const pages = loaded.base === list ? loaded.pages : [];
  const last = pages.at(-1)?.lastPage ?? list.lastPage;

  useEffect(() => {
    const next = fetcher.data?.list;
    if (fetcher.state !== "idle" || !next || next.page !== last + 1 || asked.current !== list) return;
    // The address says which pages the list shows, without a navigation that would redraw it. The
    // history entry's state (React Router's key) stays, so its saved scroll position is found on Back.
    window.history.replaceState(window.history.state, "", rangeHref(hrefOf, list.query, list.page, next.page));
    asked.current = null;
    focusIndex.current = list.products.length + pages.reduce((n, p) => n + p.products.length, 0);
    setLoaded({ base: list, pages: [...pages, next] });
  }, [fetcher.data, fetcher.state, last, list, pages, hrefOf]);

  useEffect(() => {
    if (focusIndex.current === null) return;
    // Runs once the new cards are drawn (the render after the one that appended them).
    const link = gridRef.current?.querySelectorAll("li")[focusIndex.current]?.querySelector<HTMLElement>("a[href]");
    if (!link) return;
    focusIndex.current = null;
    link.focus();
  });

  return {
    products: pages.flatMap((p) => p.products),
    last,
    busy: fetcher.state !== "idle",
    gridRef,
    load() {
      asked.current = list;
      void fetcher.load(hrefOf({ ...list.query, page: last + 1 }));
    },
  };
}
