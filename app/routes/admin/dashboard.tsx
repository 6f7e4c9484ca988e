// The owner's morning view: today's and this week's orders and takings (cash that reached the
// shop, after the couriers' deductions, worked out line by line), the cash still with couriers or
// on the road and how late, the short payments to settle, what waits for a move, the failed
// deliveries to handle, and the sizes about to sell out.
import { useEffect, useRef } from "react";
import { Link, useRevalidator } from "react-router";
import type { AdminDashboard } from "#shared/admin.ts";
import { ATTEMPT_QUEUE_TEXTS } from "#shared/delivery-attempts.ts";
import { formatRs } from "#shared/money.ts";
import { ORDER_STATUSES } from "#shared/order-life.ts";
import { AdminEmpty, AdminLoadFailed, AdminLoading } from "../../components/admin/AdminStatus.tsx";
import { CashPanel } from "../../components/admin/CashPanel.tsx";
import { SalesReport } from "../../components/admin/SalesReport.tsx";
import { TakingsPanel } from "../../components/admin/TakingsPanel.tsx";
import { OrderStatusBadge } from "../../components/OrderStatusBadge.tsx";
import { loadAdmin } from "../../lib/admin-loader.ts";
import { useAdminNewOrders } from "../../lib/new-order-count.ts";
import type { Route } from "./+types/dashboard.ts";

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadAdmin<AdminDashboard>(request, "/dashboard");

export const HydrateFallback = () => <AdminLoading what="the dashboard" />;

export default function Dashboard({ loaderData: dashboard }: Route.ComponentProps) {
  const newOrders = useAdminNewOrders();
  useFreshFigures(newOrders);
  if (!dashboard.ok) return <AdminLoadFailed message={dashboard.message} what="the dashboard" />;
  const { today, week, byStatus, lowStock, sales } = dashboard.data;
  return (
    <div className="space-y-8">
      <AwaitingCustomers count={newOrders} held={dashboard.data.waiting.held} />
      <FailedDeliveries {...dashboard.data.failedDeliveries} />

      <section aria-labelledby="takings">
        <h2 id="takings" className="text-xl font-bold">
          Orders and takings
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
          <Figure label="Orders today" value={String(today.orders)} />
          <Figure label="Takings today" value={formatRs(today.revenue)} />
          <Figure label="Orders this week" value={String(week.orders)} />
          <Figure label="Takings this week" value={formatRs(week.revenue)} />
        </dl>
        <p className="mt-2 text-xs text-stone-600">
          Takings are cash that reached the shop: handed over by the rider, or paid by a courier's payment report after
          its deductions (
          <a href="#bank-takings" className="text-brand-700 underline">
            worked out below
          </a>
          ), on the day it came in. Days follow Karachi time.
        </p>
      </section>

      <CashPanel dashboard={dashboard.data} />

      <TakingsPanel takings={dashboard.data.cash.takings} />

      <SalesReport sales={sales} />

      <section aria-labelledby="by-status">
        <h2 id="by-status" className="text-xl font-bold">
          Orders by status
        </h2>
        <ul className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
          {ORDER_STATUSES.map((status) => (
            <li key={status}>
              <Link
                to={`/admin/orders?status=${status}`}
                className="flex items-center justify-between gap-2 rounded-xl border border-stone-200 p-4 hover:border-brand-700"
              >
                <OrderStatusBadge status={status} />
                <span className="text-2xl font-bold">{byStatus[status]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="low-stock">
        <h2 id="low-stock" className="text-xl font-bold">
          Low stock
        </h2>
        {lowStock.length === 0 ? (
          <AdminEmpty>No size is running low.</AdminEmpty>
        ) : (
          <ul className="mt-3 divide-y divide-stone-100 rounded-xl border border-stone-200">
            {lowStock.map((row) => (
              <li key={`${row.productId}:${row.size}`} className="flex items-center justify-between gap-3 p-3">
                <Link to={`/admin/products/${row.productId}`} className="font-semibold text-brand-700 hover:underline">
                  {row.name}
                </Link>
                <span className="shrink-0 text-sm">
                  Size {row.size}: <strong>{row.stock} left</strong>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-stone-200 p-4">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">{value}</dd>
    </div>
  );
}

/**
 * The orders awaiting the customer's confirmation (pending), live: it changes as orders arrive,
 * without a reload. The customer confirms them (docs/decisions/017); the ones the owner holds are
 * named apart, since they wait for the owner instead.
 */
function AwaitingCustomers({ count, held }: { count: number | undefined; held: number }) {
  const waiting = count !== undefined && count > 0;
  return (
    <section
      aria-labelledby="new-orders"
      className={`flex flex-wrap items-center justify-between gap-3 rounded-xl border p-4 ${waiting ? "border-brand-500 bg-brand-50" : "border-stone-200"}`}
    >
      <div>
        <h2 id="new-orders" className="text-sm text-stone-600">
          Awaiting the customer's confirmation
        </h2>
        <p className="mt-1 text-3xl font-bold" data-testid="new-orders-count">
          {count === undefined ? <span className="text-base font-normal text-stone-600">Counting…</span> : count}
        </p>
        {waiting && held > 0 ? (
          <p className="mt-1 text-sm text-stone-700" data-testid="held-orders">
            {held === 1 ? "1 of them is held by you" : `${held} of them are held by you`}: no reminder, no automatic
            cancellation.
          </p>
        ) : null}
      </div>
      {waiting ? (
        <Link to="/admin/orders?view=awaiting" className="button-primary min-h-11 px-4 py-2 text-sm">
          See orders awaiting the customer
        </Link>
      ) : count === 0 ? (
        <p className="text-sm text-stone-600">
          No order is waiting for a customer's answer. New orders show here as they arrive.
        </p>
      ) : null}
    </section>
  );
}

/** The failed deliveries still to handle (issue 49), when there are any: red while some are due soon. */
function FailedDeliveries({ open, dueSoon }: AdminDashboard["failedDeliveries"]) {
  if (open === 0) return null;
  return (
    <Link
      to="/admin/attempts"
      data-testid="failed-deliveries"
      className={`flex min-h-11 items-center justify-between gap-3 rounded-xl border p-4 font-semibold hover:border-brand-700 ${
        dueSoon > 0 ? "border-red-700 bg-red-50 text-red-900" : "border-amber-500 bg-amber-50 text-amber-950"
      }`}
    >
      <span>{ATTEMPT_QUEUE_TEXTS.dashboard(open, dueSoon)}</span>
      <span aria-hidden="true">→</span>
    </Link>
  );
}

/**
 * When the live count of new orders changes, the figures below it (orders today, by status) have
 * changed too: read them again in place (a revalidation keeps the page as it is until they come),
 * so the page never shows two different numbers of pending orders.
 */
function useFreshFigures(newOrders: number | undefined) {
  const { revalidate } = useRevalidator();
  const seen = useRef(newOrders);
  useEffect(() => {
    const before = seen.current;
    seen.current = newOrders;
    // The first count arrives while the dashboard itself is loading.
    if (before === undefined || newOrders === before) return;
    void revalidate();
  }, [newOrders, revalidate]);
}
