// An order's status as a coloured badge (docs/product.md section 4: pending yellow, confirm dark blue,
// delivered green; ours: dispatched violet, lost red, damaged orange), shared by the customer's order list and the admin's.
import { type OrderStatus, statusLabel } from "#shared/order-life.ts";

const BADGES: Record<OrderStatus, string> = {
  pending: "bg-yellow-300 text-yellow-950",
  confirm: "bg-blue-900 text-white",
  dispatched: "bg-violet-700 text-white",
  delivered: "bg-green-700 text-white",
  cancelled: "bg-stone-300 text-stone-900",
  lost: "bg-red-800 text-white",
  damaged: "bg-orange-700 text-white",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`rounded-full px-3 py-1 text-sm font-semibold ${BADGES[status]}`}>{statusLabel(status)}</span>
  );
}
