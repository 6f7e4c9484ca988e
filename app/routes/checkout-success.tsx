// /checkout-success?order={id}: the thanks, the order number, and [Ours] the order itself read
// through the signed-in API, with the question every cash-on-delivery order asks (confirm or cancel)
// while the shop waits for the answer.
import { CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { CONFIRMATION_MESSAGES } from "#shared/confirmation-words.ts";
import { ORDER_VIEW_TEXTS } from "#shared/order-view.ts";
import { orderNumber } from "#shared/order-words.ts";
import { type NoScriptOrderList, NoScriptOrders } from "../components/no-script/NoScriptOrders.tsx";
import { OrderStatusBadge } from "../components/OrderStatusBadge.tsx";
import { OrderNextStep } from "../components/order/OrderNextStep.tsx";
import { OrderSummary } from "../components/order/OrderSummary.tsx";
import { useAuth } from "../lib/auth-store.ts";
import { noScriptPagesContext } from "../lib/context.server.ts";
import { answerOwnOrder, useMyOrders } from "../lib/my-orders.ts";
import { withReturnTo } from "../lib/return-to.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import type { Route } from "./+types/checkout-success.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Order Placed",
    description: "Thank you for your order.",
    publicUrl: publicUrlOf(matches),
    path: "/checkout-success",
    noindex: true,
  });
}

/** The checkout sends the new order's id along; anything that is not an order id is not shown. */
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * [Ours] Without JavaScript (issue 46): the order placed, read for the cookie session (only that
 * shopper's own order); null when no cookie session was asked for.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<{ noScript: NoScriptOrderList | null }> {
  const pages = context.get(noScriptPagesContext);
  if (!pages) return { noScript: null };
  const raw = new URL(request.url).searchParams.get("order");
  const found = await pages.orders();
  return { noScript: found.signedIn ? { signedIn: true, orders: found.orders.filter((o) => o._id === raw) } : found };
}

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const raw = useSearchParams()[0].get("order");
  const orderId = raw && ORDER_ID.test(raw) ? raw : null;
  return (
    <div className="page max-w-2xl">
      <div className="text-center">
        <CircleCheck aria-hidden="true" className="mx-auto size-16 text-green-700" />
        <h1 className="page-title mt-4">Thank you for your order!</h1>
        {orderId ? (
          <p className="mt-3 text-lg">
            Your order number is <strong className="font-mono">{orderNumber(orderId)}</strong>
          </p>
        ) : null}
        <p className="mt-3 text-stone-700">
          We have received your order and e-mailed you a confirmation. Pay in cash when your shoes arrive; delivery in
          Karachi is free.
        </p>
      </div>
      {orderId && (
        <>
          <noscript>
            <div className="mt-8">
              <NoScriptOrders view={loaderData.noScript} returnTo={`/checkout-success?order=${orderId}`} />
            </div>
          </noscript>
          {/* Without JavaScript the order is the one above (app.css .js-only; issue 46). */}
          <div className="js-only">
            <PlacedOrder orderId={orderId} />
          </div>
        </>
      )}
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/" className="button-primary">
          Back to Home
        </Link>
        <Link to="/TrackOrder" className="button-secondary">
          Track Your Order
        </Link>
      </div>
    </div>
  );
}

/** The order as the shop has it: only the signed-in customer's own orders can be read. */
function PlacedOrder({ orderId }: { orderId: string }) {
  const hydrated = useHydrated();
  const { token } = useAuth();
  const { state, reload, replace } = useMyOrders(token);
  const here = `/checkout-success?order=${orderId}`;

  let body: ReactNode;
  if (hydrated && !token) {
    body = (
      <p className="text-center text-stone-700">
        <Link to={withReturnTo("/login", here)} className="font-semibold text-brand-700 underline">
          Sign in
        </Link>{" "}
        {ORDER_VIEW_TEXTS.signInToSee}
      </p>
    );
  } else if (state.status === "failed") {
    body = (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
        {`Error: ${state.error}`}
      </p>
    );
  } else if (state.status === "succeeded") {
    const order = state.orders.find((o) => o._id === orderId);
    body = order ? (
      <div className="space-y-5">
        <p className="flex items-center justify-center gap-2">
          Status: <OrderStatusBadge status={order.status} />
        </p>
        <OrderNextStep
          order={order}
          send={(action) => answerOwnOrder(order._id, action)}
          onAnswered={replace}
          onRefused={reload}
          headingLevel={2}
        />
        <section aria-label={ORDER_VIEW_TEXTS.orderDetails} className="rounded-2xl border border-stone-200 p-4">
          <OrderSummary order={order} />
        </section>
      </div>
    ) : (
      <p className="text-center text-stone-700">{CONFIRMATION_MESSAGES.orderNotFound}</p>
    );
  } else {
    body = (
      <p role="status" className="text-center text-stone-600">
        {ORDER_VIEW_TEXTS.loadingOrder}
      </p>
    );
  }
  return <div className="mt-8">{body}</div>;
}
