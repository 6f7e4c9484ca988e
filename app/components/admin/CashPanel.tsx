// The dashboard's cash still to come (issues 32 and 48): the short payments still to settle, in a
// warning tone with the way to them; what couriers and the shop's rider hold for delivered parcels
// and how late their payouts are, the courier to call first first; what the parcels on the road
// should bring; and what waits to go out. Green only when every delivered parcel's cash is in and
// no short payment is open or disputed (cash.allIn).
import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import type { AdminDashboard } from "#shared/admin.ts";
import { AGING_BUCKETS, AGING_LABELS, type AgingBucket } from "#shared/cash-aging.ts";
import type { CourierCash } from "#shared/couriers.ts";
import { formatRs } from "#shared/money.ts";
import { unsettledText } from "#shared/short-payments.ts";

const parcels = (n: number) => `${n} ${n === 1 ? "parcel" : "parcels"}`;

export function CashPanel({ dashboard }: { dashboard: AdminDashboard }) {
  const { cash, byStatus } = dashboard;
  const withCouriers = cash.withCouriers.reduce((sum, c) => sum + c.amount, 0);
  return (
    <section aria-labelledby="cash-to-come" className="space-y-3">
      <h2 id="cash-to-come" className="text-xl font-bold">
        Cash still to come
      </h2>
      {cash.shortPayments.count > 0 ? (
        <div
          data-testid="short-payments-warning"
          className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <TriangleAlert aria-hidden="true" className="size-6 shrink-0 text-amber-700" />
          {/* Its basis sends the link under it on a phone rather than squeezing the words. */}
          <p className="min-w-0 flex-1 basis-60">
            <strong>{unsettledText(cash.shortPayments)}</strong>: a courier paid less than its terms say.
          </p>
          <Link to="/admin/short-payments" className="button-secondary min-h-11 px-3 py-1.5 text-sm">
            See the short payments
          </Link>
        </div>
      ) : null}
      <div className="grid gap-3 md:grid-cols-2">
        <section aria-labelledby="cash-with-couriers" className="rounded-xl border border-stone-200 p-4">
          <h3 id="cash-with-couriers" className="text-sm text-stone-600">
            With couriers
          </h3>
          <p className="mt-1 text-2xl font-bold">{formatRs(withCouriers)}</p>
          <p className="text-xs text-stone-600">
            Delivered, the cash not yet paid to the shop, by how late its payout is (the courier's payout day after the
            delivery; the rider's from the delivery). Whom to call first comes first.
          </p>
          {cash.allIn ? (
            <p className="mt-2 text-sm text-green-800">Every delivered parcel's cash is in.</p>
          ) : cash.withCouriers.length === 0 ? (
            <p className="mt-2 text-sm text-amber-900">
              Every delivered parcel is paid for, but not every one as its courier's terms say: see the short payments.
            </p>
          ) : (
            <ul className="mt-2 divide-y divide-stone-100 text-sm" aria-label="Cash with each courier">
              {cash.withCouriers.map((c) => (
                <CourierRow key={c.courierId} cash={c} />
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

const BUCKET_TONE: Record<AgingBucket, string> = {
  notDue: "bg-stone-100 text-stone-800",
  late0to7: "bg-amber-100 text-amber-950",
  late8to14: "bg-orange-100 text-orange-950",
  late15plus: "bg-red-100 text-red-950",
};

/** A courier's cash and parcels, then each bucket that holds any: 'not yet due Rs.3,000 (1 parcel)'. */
function CourierRow({ cash }: { cash: CourierCash }) {
  const buckets = AGING_BUCKETS.filter((bucket) => cash.aging[bucket].parcels > 0);
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold">{cash.courier}</span>
        <span className="tabular-nums">
          <span className="text-stone-600">{parcels(cash.parcels)}</span> {formatRs(cash.amount)}
        </span>
      </div>
      <ul aria-label={`${cash.courier}'s cash by how late`} className="mt-1 flex flex-wrap gap-1.5 text-xs">
        {buckets.map((bucket) => (
          <li key={bucket} className={`rounded px-1.5 py-0.5 tabular-nums ${BUCKET_TONE[bucket]}`}>
            {AGING_LABELS[bucket]}: {formatRs(cash.aging[bucket].amount)} ({parcels(cash.aging[bucket].parcels)})
          </li>
        ))}
      </ul>
    </li>
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
