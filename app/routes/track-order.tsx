import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatRs } from "#shared/money.ts";
import { type Order, orderNumber } from "#shared/orders.ts";
import { previewWords } from "#shared/text.ts";
import { OrderStatusBadge } from "../components/OrderStatusBadge.tsx";
import { api } from "../lib/api-client.ts";
import { useAuth } from "../lib/auth-store.ts";
import { withReturnTo } from "../lib/return-to.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import type { Route } from "./+types/track-order.ts";

/** Order descriptions are cut to 4 words (docs/product.md section 9). */
const ORDER_PREVIEW_WORDS = 4;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Track Your Order",
    description: "See the orders you placed and where they are.",
    publicUrl: publicUrlOf(matches),
    path: "/TrackOrder",
    noindex: true,
  });
}

type State =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "succeeded"; orders: Order[] }
  | { status: "failed"; error: string };

export default function TrackOrder() {
  const { token } = useAuth();
  const [state, setState] = useState<State>({ status: "idle" });

  // docs/product.md section 6: the order list is requested only when a token exists.
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    setState({ status: "loading" });
    api<unknown>("/api/orders/track", { auth: token, signal: controller.signal }).then((response) => {
      if (controller.signal.aborted) return;
      if (response.ok && Array.isArray(response.body))
        setState({ status: "succeeded", orders: response.body as Order[] });
      else setState({ status: "failed", error: response.error?.message ?? "The shop sent no order list." });
    });
    return () => controller.abort();
  }, [token]);

  return (
    <div className="page max-w-4xl">
      <h1 className="page-title">Track Your Order</h1>
      <div className="mt-6" aria-live="polite">
        {!token ? (
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
            <p className="rounded-lg bg-stone-50 p-8 text-center text-stone-700">No orders found.</p>
          ) : (
            <ul className="space-y-5">
              {state.orders.map((order) => (
                <OrderCard key={order._id} order={order} />
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

function OrderCard({ order }: { order: Order }) {
  const placed = new Date(order.createdAt).toLocaleDateString("en-PK", {
    day: "numeric",
    month: "short",
    year: "numeric",
  });
  return (
    <li className="rounded-2xl border border-stone-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">
          Order <span className="font-mono text-sm">{orderNumber(order._id)}</span>
          <span className="ml-2 text-sm font-normal text-stone-600">{placed}</span>
        </h2>
        <OrderStatusBadge status={order.status} />
      </div>
      <ul className="mt-3 divide-y divide-stone-100">
        {order.items.map((item) => (
          <li key={`${item.productId}:${item.size}`} className="flex gap-3 py-2">
            <img
              src={item.imageUrl[0]}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              className="size-16 rounded-lg bg-stone-100 object-cover"
            />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold">{item.name}</p>
              <p className="text-stone-600">{previewWords(item.description, ORDER_PREVIEW_WORDS)}</p>
              <p className="text-stone-700">
                Size {item.size} · Qty {item.quantity} · {formatRs(item.discountPrice)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-right font-bold">Total {formatRs(order.totalAmount)}</p>
    </li>
  );
}
