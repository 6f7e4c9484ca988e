// How a list's links and form build their addresses: the list state on the page's path, the
// page's own parameters kept (the search's `query`), and what the page fixes left out (/buy/42's
// size is in the path, not the query).
import { type ListQuery, listHref, pageParam } from "#shared/listing.ts";

export type FixedFilter = "size" | "gender";

export interface ListLinkOptions {
  path: string;
  extra?: Record<string, string>;
  hide?: readonly FixedFilter[];
  /**
   * The bare path shows something else (/men's overview): keep `?page=1` so a list without
   * filters stays a list.
   */
  listOnly?: boolean;
}

export type HrefOf = (query: ListQuery) => string;

export function listLinks({ path, extra = {}, hide = [], listOnly = false }: ListLinkOptions): HrefOf {
  return (query) => {
    const state = hide.includes("size") ? { ...query, sizes: [] } : query;
    const href = listHref(path, state, extra);
    return listOnly && href === path ? `${path}?page=1` : href;
  };
}

/**
 * The address of the pages `first` to `last` of a list (`?page=1-2`), what 'Load more' leaves in the
 * address bar: the server renders the same range on a refresh or a Back (app/lib/list-page.server.ts).
 */
export function rangeHref(hrefOf: HrefOf, query: ListQuery, first: number, last: number): string {
  const href = hrefOf({ ...query, page: first });
  const [path = "", search = ""] = href.split("?");
  const params = new URLSearchParams(search);
  params.set("page", pageParam(first, last));
  return `${path}?${params.toString()}`;
}
