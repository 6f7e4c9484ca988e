// `#filters` on a list's address (the overview's 'Filter & sort all men's shoes' link) opens the list
// with its filters in hand: the sheet open on a phone, the sidebar's first control focused on a wider
// screen. A fragment, not a query parameter: the list and its links stay the same addresses (a
// parameter would have to be kept out of every link and cache key), and it works from a full page
// load as from a tap, because the hash is read once the page runs its script. Without JavaScript
// the fragment scrolls to the sidebar (its id) and the phone's form is one tap away in its <details>.
import { useEffect } from "react";
import { useLocation } from "react-router";

export const FILTERS_ID = "filters";

/** Tailwind's `md`, where the filters are a sidebar instead of a sheet. */
const SIDEBAR_MEDIA = "(min-width: 48rem)";

/**
 * Calls `open(sidebar)` when the address's fragment is `#filters`, on the first render and each
 * time a navigation lands on it again; `sidebar` tells whether the screen shows the sidebar.
 */
export function useFiltersTarget(open: (sidebar: boolean) => void): void {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` makes a new tap on the same link open them again; `open` is the caller's latest
  useEffect(() => {
    if (hash !== `#${FILTERS_ID}`) return;
    open(window.matchMedia(SIDEBAR_MEDIA).matches);
  }, [hash, key]);
}
