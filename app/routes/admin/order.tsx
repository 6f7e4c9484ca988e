// One order: what was bought, where it goes, who ordered it, what happened to it so far, and the
// moves the workflow allows next (pending -> confirm -> delivered, or cancelled, which returns
// the stock). Every move is recorded with the admin's name and e-mailed to the customer.
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { AdminOrder } from "#shared/admin.ts";
import { formatRs } from "#shared/money.ts";
import { type OrderStatus, orderNumber, statusLabel } from "#shared/orders.ts";
import { AdminError, AdminLoading, AdminNotice } from "../../components/admin/AdminStatus.tsx";
import { OrderStatusBadge } from "../../components/OrderStatusBadge.tsx";
import { adminCall, needsSignIn, useAdminData } from "../../lib/admin-api.ts";
import { formatWhen } from "../../lib/dates.ts";

const MOVE_LABELS: Partial<Record<OrderStatus, string>> = {
  confirm: "Confirm order",
  delivered: "Mark delivered",
  cancelled: "Cancel order",
};

export default function AdminOrderDetail() {
  const { orderId = "" } = useParams();
  const navigate = useNavigate();
  const order = useAdminData<AdminOrder>(`/orders/${orderId}`);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  if (order.state === "loading") return <AdminLoading what="the order" />;
  if (order.state === "failed") return <AdminError message={order.message} onRetry={order.reload} />;
  const current = order.data;
  const address = current.shippingAddress;

  async function move(status: OrderStatus) {
    if (status === "cancelled" && !window.confirm("Cancel this order? Its pairs go back into stock.")) return;
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    const result = await adminCall<AdminOrder>(`/orders/${orderId}/status`, { method: "POST", json: { status } });
    setBusy(false);
    if (needsSignIn(result)) return navigate("/login");
    if (!result.ok) return setError(result.message);
    order.replace(result.data);
    setNotice(`Order ${statusLabel(status)}. The customer has been e-mailed.`);
  }

  return (
    <div>
      <Link to="/admin/orders" className="mb-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
        ← All orders
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-bold">
          Order <span className="font-mono">{orderNumber(current._id)}</span>
        </h2>
        <OrderStatusBadge status={current.status} />
        <span className="text-sm text-stone-600">{formatWhen(current.createdAt)}</span>
      </div>
      {notice ? <AdminNotice>{notice}</AdminNotice> : null}
      {error ? <AdminError message={error} onRetry={order.reload} /> : null}
      {current.allowedMoves.length > 0 ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {current.allowedMoves.map((status) => (
            <button
              key={status}
              type="button"
              disabled={busy}
              onClick={() => move(status)}
              className={status === "cancelled" ? "button-secondary text-red-800" : "button-primary"}
            >
              {MOVE_LABELS[status] ?? status}
            </button>
          ))}
        </div>
      ) : (
        <p className="mt-4 text-sm text-stone-600">This order is {statusLabel(current.status)}: nothing more to do.</p>
      )}

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="order-lines">
          <h3 id="order-lines" className="font-bold">
            Items
          </h3>
          <ul className="mt-2 divide-y divide-stone-100 rounded-xl border border-stone-200">
            {current.items.map((item) => (
              <li key={`${item.productId}:${item.size}`} className="flex gap-3 p-3 text-sm">
                <img
                  src={item.imageUrl[0]}
                  alt=""
                  width={56}
                  height={56}
                  className="size-14 rounded bg-stone-100 object-cover"
                />
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/admin/products/${item.productId}`}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    {item.name}
                  </Link>
                  <p>
                    Size {item.size} · Qty {item.quantity} · {formatRs(item.discountPrice)} each
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-right">
            Total <strong>{formatRs(current.totalAmount)}</strong> · cash on delivery
          </p>
        </section>

        <section aria-labelledby="deliver-to">
          <h3 id="deliver-to" className="font-bold">
            Deliver to
          </h3>
          <address className="mt-2 rounded-xl border border-stone-200 p-3 text-sm not-italic">
            <strong>{address.fullName}</strong>
            <br />
            {address.addressLine}
            <br />
            {address.city}
            {address.postalCode ? ` ${address.postalCode}` : ""}
            <br />
            <a href={`tel:${address.phoneNumber}`} className="text-brand-700 underline">
              {address.phoneNumber}
            </a>{" "}
            ·{" "}
            <a href={`mailto:${address.email}`} className="text-brand-700 underline">
              {address.email}
            </a>
          </address>
          <p className="mt-2 text-sm text-stone-700">
            Account: {current.customer.username} ({current.customer.email})
          </p>

          <h3 className="mt-6 font-bold">History</h3>
          <ol className="mt-2 space-y-2 text-sm">
            {current.history.map((entry) => (
              <li key={`${entry.at}:${entry.to}`} className="rounded-lg bg-stone-50 p-2">
                <span className="text-stone-600">{formatWhen(entry.at)}</span> ·{" "}
                {entry.from ? `${statusLabel(entry.from)} → ` : "placed as "}
                <strong>{statusLabel(entry.to)}</strong>
                {entry.actor ? ` by ${entry.actor.username}` : ""}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
