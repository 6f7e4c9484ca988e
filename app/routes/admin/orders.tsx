// Every order, newest first, filtered by status and searchable by customer or order number; each
// with the customer's phone to tap and call, and its cash-on-delivery risk: a badge, every reason
// written out, and the customer's history. Ticked orders print their slips together, and the
// confirmed ones among them go to a courier together: by hand with their tracking numbers, or
// booked through a courier's API (issue 49).
import { useEffect, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { AdminOrderList, AdminOrderSummary } from "#shared/admin.ts";
import { formatRs } from "#shared/money.ts";
import { ORDER_STATUSES, type OrderStatus, statusIs, statusLabel } from "#shared/order-life.ts";
import { orderNumber } from "#shared/orders.ts";
import { telHref } from "#shared/phone.ts";
import { AdminLoading } from "../../components/admin/AdminStatus.tsx";
import { BatchBooking } from "../../components/admin/BatchBooking.tsx";
import { BatchDispatch } from "../../components/admin/BatchDispatch.tsx";
import { ListResults, listQuery, SearchForm, useListParams } from "../../components/admin/ListControls.tsx";
import { OrderBatchTools, SelectOrder, useOrderSelection } from "../../components/admin/OrderBatchTools.tsx";
import { AdminStatusBadge } from "../../components/admin/order/AdminStatusBadge.tsx";
import { RiskLine } from "../../components/admin/order/OrderRisk.tsx";
import { loadAdmin } from "../../lib/admin-loader.ts";
import { cancelledIn, karachiTime } from "../../lib/dates.ts";
import type { Route } from "./+types/orders.ts";

const FILTER_BUTTON =
  "rounded-full border border-stone-300 px-3 py-1.5 text-sm font-semibold aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white";
const AWAITING_VIEW = "Awaiting the customer";
/** A filter's words where they say more than the status: confirmed orders wait for a courier. */
const FILTER_LABELS: Partial<Record<OrderStatus, string>> = { confirm: "confirmed: to dispatch" };

/**
 * Where a pending order stands with its customer: held, or the time left before it is cancelled;
 * [Ours] a receipt of its advance to check (it does not lapse meanwhile), or the advance still due.
 */
function AwaitingLine({
  orderId,
  awaiting,
}: {
  orderId: string;
  awaiting: NonNullable<AdminOrderSummary["awaiting"]>;
}) {
  if (awaiting.receiptWaiting) {
    return (
      <Link to={`/admin/orders/${orderId}`} className="basis-full text-sm font-semibold text-blue-800 underline">
        Receipt to check: advance {formatRs(awaiting.advanceDue)}
      </Link>
    );
  }
  return (
    <span className="basis-full text-sm font-semibold text-amber-900">
      {awaiting.advanceDue > 0 ? `Advance ${formatRs(awaiting.advanceDue)} due · ` : ""}
      {awaiting.held || !awaiting.cancelsAt
        ? "Held by the shop: no automatic cancellation"
        : `${awaiting.advanceDue > 0 ? "Not paid yet" : "Not confirmed yet"}: ${cancelledIn(awaiting.cancelsAt)}`}
      {awaiting.reminded && !awaiting.held ? " · reminded" : ""}
    </span>
  );
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin<AdminOrderList>(request, `/orders${listQuery(request.url, ["status", "query", "view"])}`);

export const HydrateFallback = () => <AdminLoading what="orders" />;

export default function AdminOrders({ loaderData: list }: Route.ComponentProps) {
  const { get, update } = useListParams();
  const status = get("status");
  const query = get("query");
  const view = get("view");
  const { revalidate } = useRevalidator();
  const selection = useOrderSelection();
  const seen = useSeenOrders(list.ok ? list.data.orders : null);
  const toDispatch = [...selection.selected]
    .map((id) => seen.get(id))
    .filter((order): order is AdminOrderSummary => order !== undefined && statusIs(order.status, "dispatchable"));

  return (
    <div>
      <h2 className="text-xl font-bold">Orders</h2>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Filter by status">
        <li>
          <button
            type="button"
            aria-pressed={view === "awaiting"}
            onClick={() => update({ view: "awaiting", status: "" })}
            className={FILTER_BUTTON}
          >
            {AWAITING_VIEW}
          </button>
        </li>
        {(["", ...ORDER_STATUSES] as const).map((value) => (
          <li key={value ? statusLabel(value) : "all"}>
            <button
              type="button"
              aria-pressed={view !== "awaiting" && status === value}
              onClick={() => update({ status: value, view: "" })}
              className={FILTER_BUTTON}
            >
              {value ? (FILTER_LABELS[value] ?? statusLabel(value)) : "all"}
            </button>
          </li>
        ))}
      </ul>
      {view === "awaiting" && (
        <p className="mt-2 text-sm text-stone-700">
          Pending orders the customer has not confirmed yet, the soonest to be cancelled first.{" "}
          <Link to="/admin/confirmation" className="font-semibold text-brand-700 underline">
            Reminder and cancellation times
          </Link>
        </p>
      )}
      {status === "confirm" && view !== "awaiting" && (
        <p className="mt-2 text-sm text-stone-700">
          Confirmed orders waiting for a courier. Tick them and press Dispatch selected to enter their tracking numbers,
          or Book selected to book them through a courier's API.
        </p>
      )}
      <SearchForm
        label="Customer name, e-mail, phone or order number"
        initial={query}
        onSearch={(text) => update({ query: text })}
      />
      <OrderBatchTools
        selection={selection}
        shownIds={list.ok ? list.data.orders.map((o) => o._id) : []}
        filters={{ status, query }}
      >
        <BatchBooking
          orders={toDispatch}
          leftOut={selection.selected.size - toDispatch.length}
          onBooked={(booked) => {
            selection.setMany(booked, false);
            void revalidate();
          }}
        />
        <BatchDispatch
          orders={toDispatch}
          leftOut={selection.selected.size - toDispatch.length}
          onDispatched={() => {
            selection.clear();
            void revalidate();
          }}
        />
      </OrderBatchTools>
      <ListResults
        list={list}
        what="orders"
        rows={(data) => data.orders}
        empty="No orders found."
        onPage={(next) => update({ page: String(next) })}
      >
        {(order) => (
          <li key={order._id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3">
            <SelectOrder id={order._id} selection={selection} />
            <Link to={`/admin/orders/${order._id}`} className="font-mono font-semibold text-brand-700 hover:underline">
              {orderNumber(order._id)}
            </Link>
            <AdminStatusBadge status={order.status} returnedAs={order.returnedAs} />
            <span className="min-w-0 basis-full text-sm [overflow-wrap:anywhere] sm:basis-0 sm:flex-1">
              {order.customer.name} <span className="text-stone-600">({order.customer.email})</span>
            </span>
            <a
              href={telHref(order.customer.phone)}
              className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline"
              aria-label={`Call ${order.customer.name} on ${order.customer.phone}`}
            >
              {order.customer.phone}
            </a>
            <span className="text-sm text-stone-600">{karachiTime(order.createdAt)}</span>
            <span className="text-sm">
              {order.itemCount} {order.itemCount === 1 ? "pair" : "pairs"} ·{" "}
              <strong>{formatRs(order.totalAmount)}</strong>
              {/* An advance leaves less for the door (issue 50): the rider's amount beside the total. */}
              {order.dueOnDelivery !== order.totalAmount ? ` · ${formatRs(order.dueOnDelivery)} on delivery` : null}
            </span>
            {order.awaiting && <AwaitingLine orderId={order._id} awaiting={order.awaiting} />}
            <RiskLine risk={order.risk} />
          </li>
        )}
      </ListResults>
    </div>
  );
}

/**
 * Every order the list has shown since the screen opened, by id, as last shown: ticked orders stay
 * ticked across pages and filters, and the batch dispatch needs their status and customer.
 */
function useSeenOrders(shown: readonly AdminOrderSummary[] | null): ReadonlyMap<string, AdminOrderSummary> {
  const [seen, setSeen] = useState<ReadonlyMap<string, AdminOrderSummary>>(new Map());
  useEffect(() => {
    if (shown) setSeen((current) => new Map([...current, ...shown.map((o) => [o._id, o] as const)]));
  }, [shown]);
  return seen;
}
