// What the orders list does with many orders at once: tick orders (on any page of the list) and
// print their packing slips together or hand them to a courier (the list's own tool, `children`),
// or download the list as it is filtered as a spreadsheet.
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { orderNumber } from "#shared/orders.ts";
import { SLIPS_MAX } from "#shared/slips.ts";
import { queryString } from "../../lib/admin-api.ts";
import { DownloadButton } from "./DownloadButton.tsx";

export interface OrderSelection {
  selected: ReadonlySet<string>;
  toggle: (id: string, on: boolean) => void;
  setMany: (ids: string[], on: boolean) => void;
  clear: () => void;
}

export function useOrderSelection(): OrderSelection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const setMany = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  return {
    selected,
    toggle: (id, on) => setMany([id], on),
    setMany,
    clear: () => setSelected(new Set()),
  };
}

export function OrderBatchTools({
  selection,
  shownIds,
  filters,
  children,
}: {
  selection: OrderSelection;
  /** The orders on the page now, for "select all on this page". */
  shownIds: string[];
  filters: { status: string; query: string };
  /** More actions on the selection, beside the slips. */
  children?: ReactNode;
}) {
  const { selected } = selection;
  const count = selected.size;
  const allShown = shownIds.length > 0 && shownIds.every((id) => selected.has(id));
  const ids = [...selected].join(",");
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl bg-stone-50 p-3">
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
        <input
          type="checkbox"
          className="size-5"
          checked={allShown}
          disabled={shownIds.length === 0}
          onChange={(e) => selection.setMany(shownIds, e.target.checked)}
        />
        Select all on this page
      </label>
      <span className="text-sm text-stone-700" aria-live="polite">
        {count === 0 ? "No orders selected" : `${count} ${count === 1 ? "order" : "orders"} selected`}
      </span>
      {count > 0 ? (
        <button
          type="button"
          className="text-sm font-semibold text-brand-700 hover:underline"
          onClick={selection.clear}
        >
          Clear
        </button>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:ml-auto">
        {children}
        {count > SLIPS_MAX ? (
          <span className="text-sm text-red-800">Print at most {SLIPS_MAX} slips at once.</span>
        ) : count > 0 ? (
          <Link to={`/admin/slips?ids=${ids}`} className="button-primary">
            Print slips ({count})
          </Link>
        ) : (
          <span className="button-primary cursor-not-allowed bg-stone-300 text-stone-600" aria-disabled="true">
            Print slips
          </span>
        )}
        <DownloadButton
          path={`/exports/orders.csv${queryString({ status: filters.status, query: filters.query })}`}
          fileName="orders.csv"
          label="Download CSV"
        />
      </div>
    </div>
  );
}

export function SelectOrder({ id, selection }: { id: string; selection: OrderSelection }) {
  return (
    <input
      type="checkbox"
      className="size-5 shrink-0"
      aria-label={`Select order ${orderNumber(id)}`}
      checked={selection.selected.has(id)}
      onChange={(e) => selection.toggle(id, e.target.checked)}
    />
  );
}

/**
 * What the batch dialogs (booking, dispatch) say of the selected orders they leave alone: empty when
 * every selected order is confirmed, else a sentence that starts with a space.
 */
export function leftOutSentence(leftOut: number): string {
  if (leftOut <= 0) return "";
  const one = leftOut === 1;
  return ` ${leftOut} selected ${one ? "order is" : "orders are"} not confirmed and ${one ? "stays" : "stay"} as ${one ? "it is" : "they are"}.`;
}
