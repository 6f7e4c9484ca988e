// Every order, newest first, filtered by status and searchable by customer or order number.
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { AdminOrderList } from "#shared/admin.ts";
import { formatRs } from "#shared/money.ts";
import { ORDER_STATUSES } from "#shared/orders.ts";
import { AdminEmpty, AdminError, AdminLoading } from "../../components/admin/AdminStatus.tsx";
import { Pager } from "../../components/admin/Pager.tsx";
import { OrderStatusBadge } from "../../components/OrderStatusBadge.tsx";
import { queryString, useAdminData } from "../../lib/admin-api.ts";
import { formatWhen } from "../../lib/dates.ts";

export default function AdminOrders() {
  const [params, setParams] = useSearchParams();
  const status = params.get("status") ?? "";
  const query = params.get("query") ?? "";
  const page = Number(params.get("page") ?? "1") || 1;
  const list = useAdminData<AdminOrderList>(`/orders${queryString({ status, query, page })}`);
  const [search, setSearch] = useState(query);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!("page" in changes)) next.delete("page");
    setParams(next);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ query: search.trim() });
  };

  return (
    <div>
      <h2 className="text-xl font-bold">Orders</h2>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Filter by status">
        {["", ...ORDER_STATUSES].map((value) => (
          <li key={value || "all"}>
            <button
              type="button"
              aria-pressed={status === value}
              onClick={() => update({ status: value })}
              className="rounded-full border border-stone-300 px-3 py-1.5 text-sm font-semibold aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
            >
              {value || "all"}
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={onSearch} className="mt-3 flex flex-wrap items-end gap-2">
        <label className="block min-w-0 flex-1 text-sm font-semibold">
          Customer name, e-mail or order number
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 font-normal"
          />
        </label>
        <button type="submit" className="button-secondary">
          Search
        </button>
      </form>

      {list.state === "loading" ? (
        <AdminLoading what="orders" />
      ) : list.state === "failed" ? (
        <AdminError message={list.message} onRetry={list.reload} />
      ) : list.data.orders.length === 0 ? (
        <div className="mt-4">
          <AdminEmpty>No orders found.</AdminEmpty>
        </div>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-stone-100 rounded-xl border border-stone-200">
            {list.data.orders.map((order) => (
              <li key={order._id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3">
                <Link
                  to={`/admin/orders/${order._id}`}
                  className="font-mono font-semibold text-brand-700 hover:underline"
                >
                  #{order._id.slice(0, 8)}
                </Link>
                <OrderStatusBadge status={order.status} />
                <span className="min-w-0 flex-1 text-sm">
                  {order.customer.name} <span className="text-stone-600">({order.customer.email})</span>
                </span>
                <span className="text-sm text-stone-600">{formatWhen(order.createdAt)}</span>
                <span className="text-sm">
                  {order.itemCount} {order.itemCount === 1 ? "pair" : "pairs"} ·{" "}
                  <strong>{formatRs(order.totalAmount)}</strong>
                </span>
              </li>
            ))}
          </ul>
          <Pager
            page={list.data.page}
            hasMore={list.data.hasMore}
            total={list.data.total}
            onPage={(next) => update({ page: String(next) })}
          />
        </>
      )}
    </div>
  );
}
