// What every admin list shares: filters kept in the address (so a list can be bookmarked and the
// back button works), a search box, and the loading / failed / empty / rows-and-pager states.
import { type FormEvent, type ReactNode, useState } from "react";
import { useLocation, useNavigation, useSearchParams } from "react-router";
import { queryString } from "../../lib/admin-api.ts";
import { type Loaded, useLoadingHere } from "../../lib/admin-loader.ts";
import { AdminEmpty, AdminLoadFailed, AdminLoading } from "./AdminStatus.tsx";
import { Pager } from "./Pager.tsx";

/** The API's query for the list at `url`: its filters named `keys` and its page (1 unless a good one is given). */
export function listQuery(url: string, keys: readonly string[]): string {
  const params = new URL(url).searchParams;
  const filters = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ""]));
  return queryString({ ...filters, page: Number(params.get("page") ?? "1") || 1 });
}

/**
 * The list's filters from the address; `update` sets some (empty removes) and goes back to page 1.
 * While the router reads a new address of this screen, they are that address's already: a select
 * must not jump back to the old choice (nor an arrow key start again from it) until the rows come.
 */
export function useListParams() {
  const [shown, setParams] = useSearchParams();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const params = navigation.location?.pathname === pathname ? new URLSearchParams(navigation.location.search) : shown;
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!("page" in changes)) next.delete("page");
    setParams(next);
  };
  return { get: (key: string) => params.get(key) ?? "", update };
}

export function SearchForm({
  label,
  initial,
  onSearch,
}: {
  label: string;
  initial: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-2">
      <label className="block min-w-0 flex-1 text-sm font-semibold">
        {label}
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 font-normal"
        />
      </label>
      <button type="submit" className="button-secondary">
        Search
      </button>
    </form>
  );
}

interface Paged {
  page: number;
  hasMore: boolean;
  total: number;
}

export function ListResults<L extends Paged, T>({
  list,
  what,
  rows,
  empty,
  children,
  onPage,
}: {
  list: Loaded<L>;
  what: string;
  rows: (data: L) => T[];
  empty: string;
  children: (row: T) => ReactNode;
  onPage: (page: number) => void;
}) {
  // Another filter or page: the rows go while the router reads the new ones, as on a first load.
  const loading = useLoadingHere();
  if (loading) return <AdminLoading what={what} />;
  if (!list.ok) return <AdminLoadFailed message={list.message} what={what} />;
  const items = rows(list.data);
  if (items.length === 0) {
    return (
      <div className="mt-4">
        <AdminEmpty>{empty}</AdminEmpty>
      </div>
    );
  }
  return (
    <>
      <ul className="mt-4 divide-y divide-stone-100 rounded-xl border border-stone-200">{items.map(children)}</ul>
      <Pager page={list.data.page} hasMore={list.data.hasMore} total={list.data.total} onPage={onPage} />
    </>
  );
}
