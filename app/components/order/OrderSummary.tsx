// What the customer ordered, what they pay the rider, where it goes and how to ask about it: the
// same block on the success page, the mailed link's page and each order of Track Your Order.
import { formatRs } from "#shared/money.ts";
import { feeAndAdvanceLines, moneyLineText } from "#shared/order-money.ts";
import { addressLines, ORDER_VIEW_TEXTS } from "#shared/order-view.ts";
import { ORDER_MESSAGES } from "#shared/order-words.ts";
import type { Order } from "#shared/orders.ts";
import { previewWords } from "#shared/text.ts";
import { OrderHelp } from "./OrderHelp.tsx";

/** Order descriptions are cut to 4 words (docs/product.md section 9). */
const ORDER_PREVIEW_WORDS = 4;

export function OrderSummary({ order }: { order: Order }) {
  return (
    <div>
      <ul className="divide-y divide-stone-100">
        {order.items.map((item) => (
          <li key={`${item.productId}:${item.size}`} className="flex gap-3 py-3">
            <img
              src={item.imageUrl[0]}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              className="size-16 shrink-0 rounded-lg bg-stone-100 object-cover"
            />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold">{item.name}</p>
              <p className="text-stone-600">{previewWords(item.description, ORDER_PREVIEW_WORDS)}</p>
              <p className="text-stone-700">
                Size {item.size} · Qty {item.quantity} · {formatRs(item.discountPrice)}
                {item.quantity > 1 ? " each" : ""}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-2 grid gap-3 border-t border-stone-200 pt-3 text-sm sm:grid-cols-2">
        <Amount order={order} />
        <div>
          <p className="font-semibold text-stone-600">{ORDER_VIEW_TEXTS.deliverTo}</p>
          <address className="not-italic break-words text-stone-800">
            {addressLines(order.shippingAddress).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </div>
      </div>
      <div className="mt-3 border-t border-stone-100 pt-2">
        <OrderHelp orderId={order._id} />
      </div>
    </div>
  );
}

/** What the rider collects; once delivered, what was paid; a cancelled order owes nothing. */
function Amount({ order }: { order: Order }) {
  // A parcel lost or damaged on the way is owed no more than a cancelled order.
  const cancelled = order.status === "cancelled" || order.status === "lost" || order.status === "damaged";
  if (order.exchanges.replacesOrderId && !cancelled) return <ExchangeAmount order={order} />;
  const label = cancelled
    ? ORDER_VIEW_TEXTS.cancelledTotal
    : order.status === "delivered"
      ? ORDER_VIEW_TEXTS.paidOnDelivery
      : ORDER_VIEW_TEXTS.payOnDelivery;
  return (
    <div>
      <p className="font-semibold text-stone-600">{label}</p>
      <p className={`text-xl font-bold ${cancelled ? "text-stone-500 line-through" : "text-stone-900"}`}>
        {/* At the door: the total less the advance (issue 50); a cancelled order's whole total struck through. */}
        {formatRs(cancelled ? order.totalAmount : order.dueOnDelivery)}
      </p>
      {/* With an advance, the door's amount is not the order's: the whole total is said too. */}
      {!cancelled && order.advance ? (
        <p className="text-stone-600">
          {ORDER_VIEW_TEXTS.orderTotal}: {formatRs(order.totalAmount)}
        </p>
      ) : null}
      {cancelled
        ? null
        : feeAndAdvanceLines(order).map((line) => (
            <p key={line.label} className="text-stone-600">
              {moneyLineText(line)}
            </p>
          ))}
      <p className="text-stone-600">
        {order.status === "cancelled"
          ? ORDER_VIEW_TEXTS.nothingToPay
          : cancelled
            ? ORDER_VIEW_TEXTS.nothingOwed
            : `${ORDER_MESSAGES.paymentMethod}; delivery in Karachi is free.`}
      </p>
    </div>
  );
}

/**
 * An exchange's own order: the pair's price is on its line, but the customer pays only the difference,
 * if any (issue 46: it read 'To pay on delivery Rs.0' beside a Rs.4,890 line).
 */
function ExchangeAmount({ order }: { order: Order }) {
  const label =
    order.totalAmount === 0
      ? ORDER_VIEW_TEXTS.exchangeNothingToPay
      : order.status === "delivered"
        ? ORDER_VIEW_TEXTS.exchangePaid
        : ORDER_VIEW_TEXTS.exchangeToPay;
  return (
    <div>
      <p className="font-semibold text-stone-600">{label}</p>
      {order.totalAmount > 0 ? <p className="text-xl font-bold text-stone-900">{formatRs(order.totalAmount)}</p> : null}
      <p className="text-stone-600">{ORDER_VIEW_TEXTS.exchangeNote}</p>
    </div>
  );
}
