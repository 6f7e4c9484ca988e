import { CircleCheck } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { orderNumber } from "#shared/orders.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
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

export default function CheckoutSuccess() {
  const orderId = useSearchParams()[0].get("order");
  const number = orderId && ORDER_ID.test(orderId) ? orderNumber(orderId) : null;
  return (
    <div className="page max-w-xl text-center">
      <CircleCheck aria-hidden="true" className="mx-auto size-16 text-green-700" />
      <h1 className="page-title mt-4">Thank you for your order!</h1>
      {number ? (
        <p className="mt-3 text-lg">
          Your order number is <strong className="font-mono">{number}</strong>
        </p>
      ) : null}
      <p className="mt-3 text-stone-700">
        We have received your order and e-mailed you a confirmation. Pay in cash when your shoes arrive; delivery in
        Karachi is free.
      </p>
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
