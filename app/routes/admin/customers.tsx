// Everyone with an account, newest first, with how many orders each has placed.
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { AdminCustomerList } from "#shared/admin.ts";
import { AdminEmpty, AdminError, AdminLoading } from "../../components/admin/AdminStatus.tsx";
import { Pager } from "../../components/admin/Pager.tsx";
import { queryString, useAdminData } from "../../lib/admin-api.ts";
import { formatWhen } from "../../lib/dates.ts";

export default function AdminCustomers() {
  const [params, setParams] = useSearchParams();
  const query = params.get("query") ?? "";
  const page = Number(params.get("page") ?? "1") || 1;
  const list = useAdminData<AdminCustomerList>(`/customers${queryString({ query, page })}`);
  const [search, setSearch] = useState(query);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setParams(search.trim() ? { query: search.trim() } : {});
  };

  return (
    <div>
      <h2 className="text-xl font-bold">Customers</h2>
      <form onSubmit={onSearch} className="mt-3 flex flex-wrap items-end gap-2">
        <label className="block min-w-0 flex-1 text-sm font-semibold">
          Username or e-mail
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
        <AdminLoading what="customers" />
      ) : list.state === "failed" ? (
        <AdminError message={list.message} onRetry={list.reload} />
      ) : list.data.customers.length === 0 ? (
        <div className="mt-4">
          <AdminEmpty>No customers found.</AdminEmpty>
        </div>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-stone-100 rounded-xl border border-stone-200">
            {list.data.customers.map((customer) => (
              <li key={customer._id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm">
                <span className="font-semibold">{customer.username}</span>
                {customer.role === "admin" ? <span className="rounded bg-brand-100 px-1.5">admin</span> : null}
                <span className="min-w-0 flex-1 text-stone-700">{customer.email}</span>
                <span className="text-stone-600">since {formatWhen(customer.createdAt)}</span>
                <Link
                  to={`/admin/orders?query=${encodeURIComponent(customer.email)}`}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  {customer.orderCount} {customer.orderCount === 1 ? "order" : "orders"}
                </Link>
              </li>
            ))}
          </ul>
          <Pager
            page={list.data.page}
            hasMore={list.data.hasMore}
            total={list.data.total}
            onPage={(next) => setParams({ ...(query ? { query } : {}), page: String(next) })}
          />
        </>
      )}
    </div>
  );
}
