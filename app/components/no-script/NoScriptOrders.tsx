// The orders of the cookie session, for a browser without JavaScript (issue 46): Track Your Order
// and the page after the checkout show them read on the server (server/web/no-script/pages.ts)
// instead of 'Loading your orders…' forever. Rendered inside <noscript>: React never hydrates it.
// Confirming or cancelling and asking an exchange need scripts: said so, with WhatsApp as the way on.
import { Link } from "react-router";
import { ORDER_MESSAGES, orderNumber } from "#shared/order-words.ts";
import type { Order } from "#shared/orders.ts";
import { OrderStatusBadge } from "../OrderStatusBadge.tsx";
import { OrderSummary } from "../order/OrderSummary.tsx";
import { WhatsAppWayOn } from "./NoScriptNote.tsx";

export type NoScriptOrderList = { signedIn: false } | { signedIn: true; orders: Order[] };

export function NoScriptOrders({ view, returnTo }: { view: NoScriptOrderList | null; returnTo: string }) {
  if (!view?.signedIn)
    return (
      <p className="text-stone-700">
        <Link
          to={`/login?${new URLSearchParams({ redirectTo: returnTo })}`}
          className="font-semibold text-brand-700 underline"
        >
          Sign in
        </Link>{" "}
        to see your orders.
      </p>
    );
  if (view.orders.length === 0)
    return <p className="rounded-lg bg-stone-50 p-8 text-center text-stone-700">{ORDER_MESSAGES.noOrders}</p>;
  return (
    <div className="space-y-5">
      <WhatsAppWayOn>To confirm or cancel an order, or to ask for an exchange, turn JavaScript on, or</WhatsAppWayOn>
      <ul className="space-y-5">
        {view.orders.map((order) => (
          <li key={order._id} className="rounded-2xl border border-stone-200 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-semibold">
                Order <span className="font-mono text-sm">{orderNumber(order._id)}</span>
              </h2>
              <OrderStatusBadge status={order.status} />
            </div>
            <div className="mt-2">
              <OrderSummary order={order} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
