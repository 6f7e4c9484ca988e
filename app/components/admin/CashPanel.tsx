// The dashboard's cash still to come (issue 32): what couriers and the shop's rider hold for
// delivered parcels, and what the parcels on the road should bring; and what waits to go out.
import { Link } from "react-router";
import type { AdminDashboard } from "#shared/admin.ts";
import { formatRs } from "#shared/money.ts";

const parcels = (n: number) => `${n} ${n === 1 ? "parcel" : "parcels"}`;

export function CashPanel({ dashboard }: { dashboard: AdminDashboard }) {
  const { cash, byStatus } = dashboard;
  const withCouriers = cash.withCouriers.reduce((sum, c) => sum + c.amount, 0);
  return (
    <section aria-labelledby="cash-to-come" className="space-y-3">
      <h2 id="cash-to-come" className="text-xl font-bold">
        Cash still to come
      </h2>
      <div className="grid gap-3 md:grid-cols-2">
        <section aria-labelledby="cash-with-couriers" className="rounded-xl border border-stone-200 p-4">
          <h3 id="cash-with-couriers" className="text-sm text-stone-600">
            With couriers
          </h3>
          <p className="mt-1 text-2xl font-bold">{formatRs(withCouriers)}</p>
          <p className="text-xs text-stone-600">Delivered, the cash not yet paid to the shop.</p>
          {cash.withCouriers.length === 0 ? (
            <p className="mt-2 text-sm text-green-800">Every delivered parcel's cash is in.</p>
          ) : (
            <ul className="mt-2 divide-y divide-stone-100 text-sm" aria-label="Cash with each courier">
              {cash.withCouriers.map((c) => (
                <li key={c.courierId} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5">
                  <span className="font-semibold">{c.courier}</span>
                  <span className="tabular-nums">
                    <span className="text-stone-600">{parcels(c.parcels)}</span> {formatRs(c.amount)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="cash-on-the-road" className="rounded-xl border border-stone-200 p-4">
          <h3 id="cash-on-the-road" className="text-sm text-stone-600">
            On the road
          </h3>
          <p className="mt-1 text-2xl font-bold">{formatRs(cash.onTheRoad.amount)}</p>
          <p className="text-xs text-stone-600">
            Expected from {parcels(cash.onTheRoad.parcels)} out for delivery, if every customer pays.
          </p>
        </section>
      </div>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3" aria-label="Waiting">
        <WaitingLink to="/admin/orders?status=confirm" label="Confirmed, to dispatch" count={byStatus.confirm} />
        <WaitingLink to="/admin/orders?status=dispatched" label="Parcels on the road" count={byStatus.dispatched} />
        <li className="col-span-2 md:col-span-1">
          <Link
            to="/admin/reports"
            className="flex h-full min-h-11 items-center justify-between gap-2 rounded-xl border border-stone-200 p-4 font-semibold text-brand-700 hover:border-brand-700"
          >
            Delivery report: delivered, refused, what refusals cost
            <span aria-hidden="true">→</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}

function WaitingLink({ to, label, count }: { to: string; label: string; count: number }) {
  return (
    <li>
      <Link
        to={to}
        className="flex h-full flex-col justify-between gap-1 rounded-xl border border-stone-200 p-4 hover:border-brand-700"
      >
        <span className="text-sm text-stone-600">{label}</span>
        <span className="text-2xl font-bold">{count}</span>
      </Link>
    </li>
  );
}
