// One order: what was bought, where it goes, who ordered it, its cash-on-delivery risk with the
// customer's track record (and blocking its phone or address), what happened to it so far, and what
// the owner can do next: confirm it on WhatsApp, move it through the workflow (pending -> confirm ->
// dispatched -> delivered, or cancelled, which returns the stock), book it through a courier's API
// (BookingPanel) or hand it to a courier by hand, and record what became of the parcel and its cash
// (ParcelPanel), verify an advance the rules asked (AdvancePanel), record a parcel that came back,
// correct the delivery details, and keep internal notes.
import { useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import type { AdminOrder } from "#shared/admin.ts";
import { areaCityLine, landmarkLine } from "#shared/areas.ts";
import type { OrderBooking } from "#shared/courier-api.ts";
import { formatRs } from "#shared/money.ts";
import { type OrderStatus, statusLabel } from "#shared/order-life.ts";
import { moneyLineText, orderMoneyLines } from "#shared/order-money.ts";
import { orderNumber } from "#shared/orders.ts";
import { telHref } from "#shared/phone.ts";
import { matchedRuleWords } from "#shared/risk-rules.ts";
import { AdminError, AdminLoadFailed, AdminLoading, AdminNotice } from "../../components/admin/AdminStatus.tsx";
import { AddressEditor } from "../../components/admin/order/AddressEditor.tsx";
import { AdminStatusBadge } from "../../components/admin/order/AdminStatusBadge.tsx";
import { AdvancePanel } from "../../components/admin/order/AdvancePanel.tsx";
import { BlockContact } from "../../components/admin/order/BlockContact.tsx";
import { BookingPanel } from "../../components/admin/order/BookingPanel.tsx";
import { ConfirmationPanel } from "../../components/admin/order/ConfirmationPanel.tsx";
import { OrderNotes } from "../../components/admin/order/OrderNotes.tsx";
import { RiskPanel } from "../../components/admin/order/OrderRisk.tsx";
import { OrderTimeline } from "../../components/admin/order/OrderTimeline.tsx";
import { ParcelPanel } from "../../components/admin/order/ParcelPanel.tsx";
import { ReturnParcel } from "../../components/admin/order/ReturnParcel.tsx";
import { WhatsAppConfirm } from "../../components/admin/order/WhatsAppConfirm.tsx";
import { type AdminResult, adminCall, needsSignIn } from "../../lib/admin-api.ts";
import { loadAdmin, useLatest } from "../../lib/admin-loader.ts";
import { karachiTime } from "../../lib/dates.ts";
import { loginFromHere } from "../../lib/return-to.ts";
import type { Route } from "./+types/order.ts";

const MOVE_LABELS: Partial<Record<OrderStatus, string>> = {
  confirm: "Confirm order",
  delivered: "Mark delivered",
  cancelled: "Cancel order",
};

/**
 * The moves with a plain button: a dispatch needs its courier (the parcel panel's form), and a
 * parcel on the road has its outcomes in the parcel panel, each asked in a dialog.
 */
function plainMoves(order: AdminOrder): OrderStatus[] {
  const onTheRoad: readonly OrderStatus[] = order.status === "dispatched" ? ["delivered", "lost", "damaged"] : [];
  return order.allowedMoves.filter((status) => status !== "dispatched" && !onTheRoad.includes(status));
}

/** The order, and its booking through a courier's API (null when it was never booked that way). */
export const clientLoader = async ({ request, params }: Route.ClientLoaderArgs) => {
  const [order, booking] = await Promise.all([
    loadAdmin<AdminOrder>(request, `/orders/${params.orderId}`),
    loadAdmin<{ booking: OrderBooking | null }>(request, `/orders/${params.orderId}/booking`),
  ]);
  return { order, booking };
};

export const HydrateFallback = () => <AdminLoading what="the order" />;

export default function AdminOrderDetail({ loaderData, params: { orderId } }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [order, replace] = useLatest(loaderData.order);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  if (!order.ok) return <AdminLoadFailed message={order.message} what="the order" />;
  const current = order.data;
  const address = current.shippingAddress;
  const landmark = landmarkLine(address);
  const moves = plainMoves(current);

  /** Every change answers the whole order: show it, or say why it was refused. */
  function done(result: AdminResult<AdminOrder>, what: string) {
    if (needsSignIn(result)) return navigate(loginFromHere());
    if (!result.ok) {
      setNotice(undefined);
      return setError(result.error.message);
    }
    setError(undefined);
    replace({ ok: true, data: result.body });
    setNotice(what);
  }

  async function move(status: OrderStatus) {
    if (status === "cancelled" && !window.confirm("Cancel this order? Its pairs go back into stock.")) return;
    setBusy(true);
    const result = await adminCall<AdminOrder>(`/orders/${orderId}/status`, { method: "POST", json: { status } });
    setBusy(false);
    done(result, `Order ${statusLabel(status)}. The customer has been e-mailed.`);
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
        <AdminStatusBadge status={current.status} returnedAs={current.returnedAs} />
        <span className="text-sm text-stone-600">{karachiTime(current.createdAt)}</span>
        <Link to={`/admin/slips?ids=${current._id}`} className="button-secondary min-h-9 px-3 py-1 text-sm sm:ml-auto">
          {/* A parcel with a CN has its airway bill on the slip (issue 49). */}
          {current.parcel?.trackingNumber ? "Print slip and airway bill" : "Print packing slip"}
        </Link>
      </div>
      {notice ? <AdminNotice>{notice}</AdminNotice> : null}
      {error ? <AdminError message={error} onRetry={() => void revalidate()} /> : null}
      {/* The risk first: it decides whether the parcel goes out at all. */}
      <RiskPanel risk={current.risk}>
        <BlockContact
          order={current}
          onBlocked={(what) => {
            setError(undefined);
            setNotice(what);
            void revalidate();
          }}
        />
      </RiskPanel>
      {current.matchedRules.length > 0 ? (
        <section
          aria-label="Your rules it matched"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm"
        >
          <h3 className="font-semibold">Your rules it matched</h3>
          <ul className="mt-1 list-disc pl-5 [overflow-wrap:anywhere]">
            {current.matchedRules.map((rule) => (
              <li key={rule.id}>{matchedRuleWords(rule)}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <AdvancePanel
        order={current}
        onChanged={(result) => {
          if ("problem" in result) {
            setNotice(undefined);
            return setError(result.problem);
          }
          setError(undefined);
          setNotice(result.notice);
          void revalidate();
        }}
      />
      <ConfirmationPanel
        order={current}
        onChanged={(problem) => {
          setError(problem);
          if (!problem) void revalidate();
        }}
      />
      {current.status === "pending" ? <WhatsAppConfirm order={current} /> : null}
      <BookingPanel
        order={current}
        booking={loaderData.booking}
        onRetry={() => void revalidate()}
        onChanged={(what) => {
          // The answer is the booking, not the order: the order (dispatched, or confirmed again) is read anew.
          setError(undefined);
          setNotice(what);
          void revalidate();
        }}
      />
      <ParcelPanel order={current} onDone={done} />
      {current.allowedMoves.length > 0 ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {moves.map((status) => (
            <button
              key={status}
              type="button"
              disabled={busy}
              onClick={() => move(status)}
              className={
                status === "cancelled"
                  ? "button-secondary text-red-800"
                  : status === "confirm"
                    ? "button-primary"
                    : // A confirmed order usually goes with a courier (the parcel panel) first.
                      "button-secondary"
              }
            >
              {MOVE_LABELS[status] ?? status}
            </button>
          ))}
          {current.canReturn ? <ReturnParcel order={current} onDone={done} /> : null}
        </div>
      ) : (
        <p className="mt-4 text-sm text-stone-600">
          This order is {current.returnedAs ? "cancelled (the parcel came back)" : statusLabel(current.status)}: its
          status can no longer change.
        </p>
      )}

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <div className="min-w-0">
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
            {orderMoneyLines(current, "shop").map((line) => (
              <p key={line.label} className="text-right text-sm">
                {moneyLineText(line)}
              </p>
            ))}
          </section>
          <OrderNotes order={current} onDone={done} />
        </div>

        <div className="min-w-0">
          <section aria-labelledby="deliver-to">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id="deliver-to" className="font-bold">
                Deliver to
              </h3>
              {current.canEditAddress && !editing ? (
                <button
                  type="button"
                  className="button-secondary min-h-9 px-3 py-1 text-sm"
                  onClick={() => setEditing(true)}
                >
                  Edit address and phone
                </button>
              ) : null}
            </div>
            {editing ? (
              <AddressEditor order={current} onDone={done} onClose={() => setEditing(false)} />
            ) : (
              <address className="mt-2 rounded-xl border border-stone-200 p-3 text-sm not-italic [overflow-wrap:anywhere]">
                <strong>{address.fullName}</strong>
                <br />
                {address.addressLine}
                <br />
                {landmark ? (
                  <>
                    {landmark}
                    <br />
                  </>
                ) : null}
                {areaCityLine(address)}
                <br />
                <a href={telHref(address.phoneNumber)} className="text-brand-700 underline">
                  {address.phoneNumber}
                </a>{" "}
                ·{" "}
                <a href={`mailto:${address.email}`} className="text-brand-700 underline">
                  {address.email}
                </a>
              </address>
            )}
            <p className="mt-2 text-sm text-stone-700 [overflow-wrap:anywhere]">
              Account: {current.customer.username} ({current.customer.email})
            </p>
          </section>

          <h3 className="mt-6 font-bold">History</h3>
          <OrderTimeline order={current} />
        </div>
      </div>
    </div>
  );
}
