// /TrackOrder: the signed-in customer's orders (docs/product.md section 2), newest first. [Ours] Each
// shows its items, what to pay on delivery, the address, the status with the date of every step,
// and what to do next: a pending order asks to be confirmed or cancelled, a confirmed one says to
// keep the cash ready; a delivered one offers an exchange while the owner's window lasts, and every
// exchange asked shows under its order (issue 33). An order waiting for its advance shows what to pay,
// where, and takes the receipt (issue 50).
import { Link, useSearchParams } from "react-router";
import { ADVANCE_RETURN_PARAM, HOSTED_PAYMENT_WORDS } from "#shared/hosted-payments.ts";
import { ORDER_MESSAGES, orderAnchor, orderNumber } from "#shared/order-words.ts";
import type { Order } from "#shared/orders.ts";
import { type NoScriptOrderList, NoScriptOrders } from "../components/no-script/NoScriptOrders.tsx";
import { OrderStatusBadge } from "../components/OrderStatusBadge.tsx";
import { AdvancePanel } from "../components/order/AdvancePanel.tsx";
import { ExchangeForLine, OrderExchanges } from "../components/order/OrderExchanges.tsx";
import { OrderNextStep } from "../components/order/OrderNextStep.tsx";
import { OrderSummary } from "../components/order/OrderSummary.tsx";
import { StatusHistory } from "../components/order/StatusHistory.tsx";
import { useAuth } from "../lib/auth-store.ts";
import { noScriptPagesContext } from "../lib/context.server.ts";
import { karachiDate } from "../lib/dates.ts";
import { answerOwnOrder, useMyOrders } from "../lib/my-orders.ts";
import { withReturnTo } from "../lib/return-to.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import type { Route } from "./+types/track-order.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Track Your Order",
    description:
      "Track your Shoe Shop orders: the status of each, its courier and tracking number; confirm or cancel an order before it ships.",
    publicUrl: publicUrlOf(matches),
    path: "/TrackOrder",
  });
}

/** [Ours] Without JavaScript (issue 46): the cookie session's orders, read here; null when not asked. */
export async function loader({ context }: Route.LoaderArgs): Promise<{ noScript: NoScriptOrderList | null }> {
  const pages = context.get(noScriptPagesContext);
  return { noScript: pages ? await pages.orders() : null };
}

export default function TrackOrder({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const { token } = useAuth();
  // docs/product.md section 6: the order list is requested only when a token exists.
  const { state, reload, replace } = useMyOrders(token);
  // Back from JazzCash's page (server/payments/hosted-routes.ts): what became of the payment.
  const [search] = useSearchParams();
  const paidOnline = search.get(ADVANCE_RETURN_PARAM);

  return (
    <div className="page max-w-4xl">
      <h1 className="page-title">{ORDER_MESSAGES.trackTitle}</h1>
      {paidOnline === "paid" || paidOnline === "failed" ? (
        <p
          role="status"
          className={`mt-4 rounded-lg p-3 ${paidOnline === "paid" ? "bg-green-50 text-green-900" : "bg-red-50 text-red-900"}`}
        >
          {HOSTED_PAYMENT_WORDS[paidOnline]}
        </p>
      ) : null}
      <noscript>
        <div className="mt-6">
          <NoScriptOrders view={loaderData.noScript} returnTo="/TrackOrder" />
        </div>
      </noscript>
      {/* Without JavaScript the list is the one above (app.css .js-only; issue 46). */}
      <div className="js-only mt-6">
        {hydrated && !token ? (
          <p className="text-stone-700">
            <Link to={withReturnTo("/login", "/TrackOrder")} className="font-semibold text-brand-700 underline">
              Sign in
            </Link>{" "}
            to see your orders.
          </p>
        ) : state.status === "failed" ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
            {`Error: ${state.error}`}
          </p>
        ) : state.status === "succeeded" ? (
          state.orders.length === 0 ? (
            <p className="rounded-lg bg-stone-50 p-8 text-center text-stone-700">{ORDER_MESSAGES.noOrders}</p>
          ) : (
            <ul className="space-y-5">
              {state.orders.map((order) => (
                <OrderCard key={order._id} order={order} onAnswered={replace} onRefused={reload} />
              ))}
            </ul>
          )
        ) : (
          <p role="status" className="text-stone-600">
            Loading your orders…
          </p>
        )}
      </div>
    </div>
  );
}

function OrderCard(props: { order: Order; onAnswered: (order: Order) => void; onRefused: () => void }) {
  const { order } = props;
  return (
    <li id={orderAnchor(order._id)} className="scroll-mt-24 rounded-2xl border border-stone-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">
          Order <span className="font-mono text-sm">{orderNumber(order._id)}</span>
          <span className="ml-2 text-sm font-normal text-stone-600">{karachiDate(order.createdAt)}</span>
        </h2>
        <OrderStatusBadge status={order.status} />
      </div>
      <div className="mt-2 space-y-2">
        <ExchangeForLine order={order} />
        <StatusHistory steps={order.statusHistory} />
      </div>
      {/* An advance the owner's rules asked (issue 50); a hosted checkout's button goes in its payOnline slot. */}
      {order.advance ? (
        <div className="mt-3">
          <AdvancePanel order={order} onSent={props.onRefused} />
        </div>
      ) : null}
      <div className="mt-3">
        <OrderNextStep
          order={order}
          send={(action) => answerOwnOrder(order._id, action)}
          onAnswered={props.onAnswered}
          onRefused={props.onRefused}
          headingLevel={3}
        />
      </div>
      <div className="mt-3">
        <OrderExchanges order={order} onChanged={props.onAnswered} />
      </div>
      <div className="mt-1">
        <OrderSummary order={order} />
      </div>
    </li>
  );
}
