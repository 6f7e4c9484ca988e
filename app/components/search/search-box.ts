// What the header's search box looks like, shared by the server-rendered box (HeaderSearch.tsx) and
// the combobox that takes its place (HeaderSearchUi.tsx, SearchCombobox.tsx), so the swap does not
// move a pixel. Its own module: the on-demand chunk and the page that loads it must not import
// each other.
export const SEARCH_PLACEHOLDER = "Search chappal, khussa, heels…";
export const SEARCH_INPUT =
  "min-h-11 w-full min-w-0 rounded-full border border-stone-400 bg-white pl-10 pr-4 text-base placeholder:text-stone-500";
export const SEARCH_ICON = "pointer-events-none absolute left-3.5 top-3 size-5";
export const WIDE_SEARCH = "hidden w-64 lg:block xl:w-80";

export interface HeaderSearchUiProps {
  /** What the server-rendered box held when this took its place, and whether it had the focus. */
  initialText: string;
  focused: boolean;
  /** The phone's search icon was tapped before this arrived: open its panel at once. */
  phoneOpen?: boolean;
}
