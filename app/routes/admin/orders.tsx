// Every order, newest first, filtered by status and searchable by customer or order number.
import { Link } from "react-router";
import type { AdminOrderList } from "#shared/admin.ts";
import { formatRs } from "#shared/money.ts";
import { ORDER_STATUSES, orderNumber, statusLabel } from "#shared/orders.ts";
import { ListResults, SearchForm, useListParams } from "../../components/admin/ListControls.tsx";
import { OrderStatusBadge } from "../../components/OrderStatusBadge.tsx";
import { queryString, useAdminData } from "../../lib/admin-api.ts";
import { formatWhen } from "../../lib/dates.ts";

export default function AdminOrders() {
  const { get, page, update } = useListParams();
  const status = get("status");
  const query = get("query");
  const list = useAdminData<AdminOrderList>(`/orders${queryString({ status, query, page })}`);

  return (
    <div>
      <h2 className="text-xl font-bold">Orders</h2>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Filter by status">
        {(["", ...ORDER_STATUSES] as const).map((value) => (
          <li key={value ? statusLabel(value) : "all"}>
            <button
              type="button"
              aria-pressed={status === value}
              onClick={() => update({ status: value })}
              className="rounded-full border border-stone-300 px-3 py-1.5 text-sm font-semibold aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
            >
              {value ? statusLabel(value) : "all"}
            </button>
          </li>
        ))}
      </ul>
      <SearchForm
        label="Customer name, e-mail or order number"
        initial={query}
        onSearch={(text) => update({ query: text })}
      />
      <ListResults
        list={list}
        what="orders"
        rows={(data) => data.orders}
        empty="No orders found."
        onPage={(next) => update({ page: String(next) })}
      >
        {(order) => (
          <li key={order._id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3">
            <Link to={`/admin/orders/${order._id}`} className="font-mono font-semibold text-brand-700 hover:underline">
              {orderNumber(order._id)}
            </Link>
            <OrderStatusBadge status={order.status} />
            <span className="min-w-0 basis-full text-sm [overflow-wrap:anywhere] sm:basis-0 sm:flex-1">
              {order.customer.name} <span className="text-stone-600">({order.customer.email})</span>
            </span>
            <span className="text-sm text-stone-600">{formatWhen(order.createdAt)}</span>
            <span className="text-sm">
              {order.itemCount} {order.itemCount === 1 ? "pair" : "pairs"} ·{" "}
              <strong>{formatRs(order.totalAmount)}</strong>
            </span>
          </li>
        )}
      </ListResults>
    </div>
  );
}
