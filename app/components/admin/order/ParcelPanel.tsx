// The order's parcel (issue 32): for a confirmed order, the form that hands it to a courier; once it
// went out, who took it, its tracking number as a link to the courier's page, when it left, what
// became of it on the road, and the cash it brings back.
import type { AdminOrder } from "#shared/admin.ts";
import { type AdminParcel, riderLine } from "#shared/couriers.ts";
import { formatRs } from "#shared/money.ts";
import type { AdminResult } from "../../../lib/admin-api.ts";
import { karachiTime } from "../../../lib/dates.ts";
import { DispatchForm } from "./DispatchForm.tsx";
import { ParcelCash } from "./ParcelCash.tsx";
import { ParcelOutcomes } from "./ParcelOutcomes.tsx";

type OnDone = (result: AdminResult<AdminOrder>, what: string) => void;

export function ParcelPanel({ order, onDone }: { order: AdminOrder; onDone: OnDone }) {
  const { parcel } = order;
  if (!parcel && !order.allowedMoves.includes("dispatched")) return null;
  return (
    <section aria-labelledby="order-parcel" className="mt-4 rounded-xl border border-stone-200 p-3">
      <h3 id="order-parcel" className="font-bold">
        Parcel
      </h3>
      {parcel ? (
        <>
          <ParcelFacts parcel={parcel} />
          {order.status === "dispatched" ? (
            <ParcelOutcomes order={order} courier={parcel.courier} onDone={onDone} />
          ) : null}
          <ParcelCash order={order} parcel={parcel} onDone={onDone} />
        </>
      ) : (
        <div className="mt-2 max-w-3xl">
          <DispatchForm order={order} onDone={onDone} />
        </div>
      )}
    </section>
  );
}

function ParcelFacts({ parcel }: { parcel: AdminParcel }) {
  const rider = riderLine(parcel.rider);
  return (
    <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      <dt className="text-stone-600">Courier</dt>
      <dd className="font-semibold">
        {parcel.courier}
        {rider ? <span className="font-normal"> ({rider})</span> : null}
      </dd>
      {parcel.trackingNumber ? (
        <>
          <dt className="text-stone-600">Tracking number</dt>
          <dd className="[overflow-wrap:anywhere]">
            {parcel.trackingUrl ? (
              <a
                href={parcel.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-mono font-semibold text-brand-700 underline"
              >
                {parcel.trackingNumber}
                <span className="sr-only"> (opens {parcel.courier}'s tracking page in a new tab)</span>
              </a>
            ) : (
              <span className="font-mono font-semibold">{parcel.trackingNumber}</span>
            )}
          </dd>
        </>
      ) : null}
      <dt className="text-stone-600">Dispatched</dt>
      <dd>{karachiTime(parcel.dispatchedAt)}</dd>
      <dt className="text-stone-600">Cash to collect</dt>
      <dd>{formatRs(parcel.codAmount)}</dd>
    </dl>
  );
}
