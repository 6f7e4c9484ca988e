// An order's status as the owner reads it: the customer's badge, except that a parcel that came
// back says so (the customer sees it as cancelled).

import { adminStatusLabel } from "#shared/admin-orders.ts";
import type { OrderStatus, ReturnKind } from "#shared/order-life.ts";
import { OrderStatusBadge } from "../../OrderStatusBadge.tsx";

export function AdminStatusBadge({ status, returnedAs }: { status: OrderStatus; returnedAs: ReturnKind | null }) {
  if (!returnedAs) return <OrderStatusBadge status={status} />;
  return (
    <span className="rounded-full bg-red-800 px-3 py-1 text-sm font-semibold text-white">
      {adminStatusLabel(status, returnedAs)}
    </span>
  );
}
