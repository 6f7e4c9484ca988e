// The cart's note of an order its checkout placed whose answer never reached the page (issue 45,
// app/lib/checkout-key.ts): emptied by that order, the cart says so and links it, until it is opened.
import { Link } from "react-router";
import { CHECKOUT_TEXTS, orderPlacedText } from "#shared/checkout-texts.ts";
import { orderAnchor } from "#shared/order-words.ts";
import { unseenOrderOpened } from "../../lib/checkout-key.ts";

export function UnseenOrderNotice({ orderId }: { orderId: string }) {
  return (
    <p role="status" className="rounded-lg border border-green-700/30 bg-green-50 p-4 text-green-950">
      {orderPlacedText(orderId)}{" "}
      <Link
        to={`/TrackOrder#${orderAnchor(orderId)}`}
        onClick={unseenOrderOpened}
        className="font-semibold text-brand-700 underline"
      >
        {CHECKOUT_TEXTS.trackIt}
      </Link>
    </p>
  );
}
