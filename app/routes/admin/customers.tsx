// Everyone with an account, newest first: their orders by where they stand (open, delivered,
// cancelled), and the owner's block on ordering (issue 16), marked in the list and undone here.
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { AdminCustomer, AdminCustomerList } from "#shared/admin.ts";
import { AdminError, AdminLoading, AdminNotice } from "../../components/admin/AdminStatus.tsx";
import { ListResults, listQuery, SearchForm, useListParams } from "../../components/admin/ListControls.tsx";
import { adminCall, needsSignIn } from "../../lib/admin-api.ts";
import { loadAdmin, useLatest } from "../../lib/admin-loader.ts";
import { karachiTime } from "../../lib/dates.ts";
import { loginFromHere } from "../../lib/return-to.ts";
import type { Route } from "./+types/customers.ts";

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin<AdminCustomerList>(request, `/customers${listQuery(request.url, ["query"])}`);

export const HydrateFallback = () => <AdminLoading what="customers" />;

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { get, update } = useListParams();
  const query = get("query");
  // A block answers the customer as now: their row changes in place.
  const [list, replace] = useLatest(loaderData);
  const [busyId, setBusyId] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();

  async function setBlocked(customer: AdminCustomer, blocked: boolean) {
    if (busyId) return;
    setBusyId(customer._id);
    setNotice(undefined);
    setError(undefined);
    const result = await adminCall<AdminCustomer>(`/customers/${customer._id}/blocked`, {
      method: "PUT",
      json: { blocked },
    });
    setBusyId(undefined);
    if (needsSignIn(result)) return navigate(loginFromHere());
    if (!result.ok) return setError(result.error.message);
    if (list.ok) {
      const customers = list.data.customers.map((c) => (c._id === result.body._id ? result.body : c));
      replace({ ok: true, data: { ...list.data, customers } });
    }
    setNotice(
      blocked
        ? `${customer.username} is blocked: their new orders are refused with a message to contact the shop.`
        : `${customer.username} can order again.`,
    );
  }

  return (
    <div>
      <h2 className="text-xl font-bold">Customers</h2>
      <SearchForm label="Username or e-mail" initial={query} onSearch={(text) => update({ query: text })} />
      {notice ? <AdminNotice>{notice}</AdminNotice> : null}
      {error ? <AdminError message={error} /> : null}
      <ListResults
        list={list}
        what="customers"
        rows={(data) => data.customers}
        empty="No customers found."
        onPage={(next) => update({ page: String(next) })}
      >
        {(customer) => (
          <CustomerRow
            key={customer._id}
            customer={customer}
            busy={busyId === customer._id}
            onBlock={(blocked) => setBlocked(customer, blocked)}
          />
        )}
      </ListResults>
    </div>
  );
}

function CustomerRow({
  customer,
  busy,
  onBlock,
}: {
  customer: AdminCustomer;
  busy: boolean;
  onBlock: (blocked: boolean) => void;
}) {
  const { orders, blocked } = customer;
  return (
    <li
      className={`flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm ${blocked ? "bg-red-50" : ""}`}
      aria-label={`${customer.username}${blocked ? ", blocked" : ""}`}
    >
      <span className="min-w-0 font-semibold [overflow-wrap:anywhere]">{customer.username}</span>
      {customer.role === "admin" ? <span className="rounded bg-brand-100 px-1.5">admin</span> : null}
      {blocked ? <span className="rounded bg-red-700 px-1.5 font-semibold text-white">Blocked</span> : null}
      <span className="min-w-0 basis-full text-stone-700 [overflow-wrap:anywhere] sm:basis-0 sm:flex-1">
        {customer.email}
      </span>
      <span className="text-stone-600">since {karachiTime(customer.createdAt)}</span>
      <Link
        to={`/admin/orders?query=${encodeURIComponent(customer.email)}`}
        className="font-semibold text-brand-700 hover:underline"
        aria-label={`${customer.orderCount} ${customer.orderCount === 1 ? "order" : "orders"} of ${customer.username}: ${orders.open} open, ${orders.delivered} delivered, ${orders.cancelled} cancelled`}
      >
        {customer.orderCount} {customer.orderCount === 1 ? "order" : "orders"}
      </Link>
      <span className="flex flex-wrap gap-1.5" aria-hidden="true">
        <span className={`rounded px-1.5 ${orders.open > 0 ? "bg-amber-100 text-amber-900" : "bg-stone-100"}`}>
          {orders.open} open
        </span>
        <span className="rounded bg-green-50 px-1.5 text-green-900">{orders.delivered} delivered</span>
        <span className={`rounded px-1.5 ${orders.cancelled > 0 ? "bg-red-100 text-red-900" : "bg-stone-100"}`}>
          {orders.cancelled} cancelled
        </span>
      </span>
      {blocked ? (
        <span className="basis-full text-red-900">
          Blocked from ordering {karachiTime(blocked.at)}
          {blocked.by ? ` by ${blocked.by.username}` : ""}
        </span>
      ) : null}
      {customer.role === "customer" ? (
        <button
          type="button"
          className={`${blocked ? "button-secondary" : "button-secondary text-red-800"} min-h-11 max-w-full px-3 py-1 text-sm [overflow-wrap:anywhere] sm:ml-auto`}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => onBlock(!blocked)}
        >
          {busy ? "Saving…" : blocked ? `Unblock ${customer.username}` : `Block ${customer.username}`}
        </button>
      ) : null}
    </li>
  );
}
