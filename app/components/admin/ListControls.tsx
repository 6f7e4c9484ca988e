// What every admin list shares: filters kept in the address (so a list can be bookmarked and the
// back button works), a search box, and the loading / failed / empty / rows-and-pager states.
import { type FormEvent, type ReactNode, useState } from "react";
import { useSearchParams } from "react-router";
import type { AdminData } from "../../lib/admin-api.ts";
import { AdminEmpty, AdminError, AdminLoading } from "./AdminStatus.tsx";
import { Pager } from "./Pager.tsx";

/** The list's filters from the address; `update` sets some (empty removes) and goes back to page 1. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!("page" in changes)) next.delete("page");
    setParams(next);
  };
  return { get: (key: string) => params.get(key) ?? "", page: Number(params.get("page") ?? "1") || 1, update };
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
  list: AdminData<L> & { reload: () => void };
  what: string;
  rows: (data: L) => T[];
  empty: string;
  children: (row: T) => ReactNode;
  onPage: (page: number) => void;
}) {
  if (list.state === "loading") return <AdminLoading what={what} />;
  if (list.state === "failed") return <AdminError message={list.message} onRetry={list.reload} />;
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
