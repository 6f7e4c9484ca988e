// Who brings a dispatched order (or brought a delivered one) and how to follow it: the courier with
// its tracking number as a link to the courier's own tracking page, or the shop's rider with a name and phone.

import type { OrderParcel } from "#shared/couriers.ts";
import type { OrderStatus } from "#shared/order-life.ts";
import { carrierLine, ORDER_VIEW_TEXTS } from "#shared/order-view.ts";

export function ParcelLine({ parcel, status }: { parcel: OrderParcel; status: OrderStatus }) {
  return (
    <div className="space-y-1 text-sm text-stone-800">
      <p className="font-medium text-violet-950">{carrierLine(parcel, status)}</p>
      {parcel.trackingNumber && (
        <p>
          {ORDER_VIEW_TEXTS.trackingNumber}:{" "}
          {parcel.trackingUrl ? (
            <a
              href={parcel.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-mono font-semibold text-brand-700 underline"
              aria-label={`${parcel.trackingNumber}: ${ORDER_VIEW_TEXTS.trackOnSite} (opens in a new tab)`}
            >
              {parcel.trackingNumber}
            </a>
          ) : (
            <span className="font-mono font-semibold">{parcel.trackingNumber}</span>
          )}
        </p>
      )}
    </div>
  );
}
