// Everyone with an account, newest first, with how many orders each has placed.
import { Link } from "react-router";
import type { AdminCustomerList } from "#shared/admin.ts";
import { ListResults, SearchForm, useListParams } from "../../components/admin/ListControls.tsx";
import { queryString, useAdminData } from "../../lib/admin-api.ts";
import { formatWhen } from "../../lib/dates.ts";

export default function AdminCustomers() {
  const { get, page, update } = useListParams();
  const query = get("query");
  const list = useAdminData<AdminCustomerList>(`/customers${queryString({ query, page })}`);

  return (
    <div>
      <h2 className="text-xl font-bold">Customers</h2>
      <SearchForm label="Username or e-mail" initial={query} onSearch={(text) => update({ query: text })} />
      <ListResults
        list={list}
        what="customers"
        rows={(data) => data.customers}
        empty="No customers found."
        onPage={(next) => update({ page: String(next) })}
      >
        {(customer) => (
          <li key={customer._id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm">
            <span className="min-w-0 font-semibold [overflow-wrap:anywhere]">{customer.username}</span>
            {customer.role === "admin" ? <span className="rounded bg-brand-100 px-1.5">admin</span> : null}
            <span className="min-w-0 basis-full text-stone-700 [overflow-wrap:anywhere] sm:basis-0 sm:flex-1">
              {customer.email}
            </span>
            <span className="text-stone-600">since {formatWhen(customer.createdAt)}</span>
            <Link
              to={`/admin/orders?query=${encodeURIComponent(customer.email)}`}
              className="font-semibold text-brand-700 hover:underline"
            >
              {customer.orderCount} {customer.orderCount === 1 ? "order" : "orders"}
            </Link>
          </li>
        )}
      </ListResults>
    </div>
  );
}
