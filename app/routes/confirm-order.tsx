// /confirm-order?token=… [Ours]: the page the order confirmation mail links to. No sign-in: the signed
// token is the permission (docs/decisions/017-order-confirmation.md). The order is read on the
// server, so it shows at once; opening the page changes nothing (mail scanners open links), only a
// press does: confirm, or cancel after a second question. The buttons work before hydration too
// (ConfirmationPanel). A dead link says why and where to go instead.
import { useState } from "react";
import { data, useRevalidator } from "react-router";
import type { ConfirmAction, ConfirmationAnswer } from "#shared/confirmation.ts";
import { ORDER_VIEW_TEXTS } from "#shared/order-view.ts";
import { orderNumber } from "#shared/order-words.ts";
import type { Order } from "#shared/orders.ts";
import { OrderStatusBadge } from "../components/OrderStatusBadge.tsx";
import { DeadLink, LinkWayOn } from "../components/order/LinkWayOn.tsx";
import { OrderNextStep } from "../components/order/OrderNextStep.tsx";
import { OrderSummary } from "../components/order/OrderSummary.tsx";
import { api } from "../lib/api-client.ts";
import { loadConfirmOrder } from "../lib/confirm-order.server.ts";
import { services } from "../lib/context.server.ts";
import { karachiTime } from "../lib/dates.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import type { Route } from "./+types/confirm-order.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Confirm your order",
    description: "Confirm or cancel your cash-on-delivery order.",
    publicUrl: publicUrlOf(matches),
    path: "/confirm-order",
    noindex: true,
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = await loadConfirmOrder(services(context), request);
  return data(page, { status: page.status });
}

export default function ConfirmOrder({ loaderData }: Route.ComponentProps) {
  const { token, view, problem } = loaderData;
  const revalidator = useRevalidator();
  // The order as the last press left it, until the loader reads it again (after a refusal).
  const [pressed, setPressed] = useState<{ on: typeof loaderData; order: Order } | null>(null);
  const answered = pressed?.on === loaderData ? pressed.order : null;

  if (!view || token === null) return <DeadLink title={ORDER_VIEW_TEXTS.deadLinkTitle} message={problem ?? ""} />;
  const order = answered ?? view.order;
  const send = (action: ConfirmAction) =>
    api<ConfirmationAnswer>("/api/orders/confirmation", { method: "POST", json: { token, action } });
  return (
    <div className="page max-w-2xl">
      <h1 className="page-title">
        {ORDER_VIEW_TEXTS.linkTitle} <span className="font-mono">{orderNumber(order._id)}</span>
      </h1>
      <p className="mt-2 flex flex-wrap items-center gap-x-5 gap-y-2 text-stone-700">
        <span>Placed {karachiTime(order.createdAt)}</span>
        <span className="flex items-center gap-2">
          Status: <OrderStatusBadge status={order.status} />
        </span>
      </p>
      <div className="mt-6">
        <OrderNextStep
          order={order}
          canAnswer={answered ? answered.confirmation.awaiting : view.canAnswer}
          notice={view.message}
          send={send}
          onAnswered={(now) => setPressed({ on: loaderData, order: now })}
          onRefused={() => void revalidator.revalidate()}
          headingLevel={2}
        />
      </div>
      <section aria-label={ORDER_VIEW_TEXTS.orderDetails} className="mt-6 rounded-2xl border border-stone-200 p-4">
        <OrderSummary order={order} />
      </section>
      <LinkWayOn />
    </div>
  );
}
