// The exchanges asked on an order's pairs, as the customer follows them on Track Your Order: where
// each stands in words, by when the shop answers while it waits (the new size kept meanwhile), the
// shop's message, what the approved difference means, and a link to the new pair's own order.
import { differenceLine, EXCHANGE_REASON_LABELS, EXCHANGE_STATUS_LABELS } from "#shared/exchange-words.ts";
import type { Exchange } from "#shared/exchanges.ts";
import { orderAnchor, orderNumber } from "#shared/order-words.ts";
import { karachiDate, karachiTime } from "../../lib/dates.ts";

const STATUS_STYLES: Record<Exchange["status"], string> = {
  requested: "bg-amber-100 text-amber-950",
  approved: "bg-green-100 text-green-950",
  refused: "bg-red-100 text-red-950",
  expired: "bg-stone-200 text-stone-900",
};

export function ExchangeRequests({ requests }: { requests: Exchange[] }) {
  return (
    <ul aria-label="Exchange requests" className="space-y-2">
      {requests.map((request) => (
        <ExchangeRequestItem key={request._id} request={request} />
      ))}
    </ul>
  );
}

function ExchangeRequestItem({ request }: { request: Exchange }) {
  const difference = request.status === "approved" ? differenceLine(request.priceDifference) : null;
  const photos = request.photoCount;
  return (
    <li className="space-y-1 rounded-xl border border-stone-200 bg-stone-50 p-3 text-sm text-stone-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 font-semibold [overflow-wrap:anywhere]">
          Exchange: {request.product.name}, size {request.size} for size {request.wantedSize}
        </p>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[request.status]}`}>
          {EXCHANGE_STATUS_LABELS[request.status]}
        </span>
      </div>
      <p className="text-stone-700 [overflow-wrap:anywhere]">
        {EXCHANGE_REASON_LABELS[request.reason]} · asked {karachiDate(request.createdAt)}
        {photos > 0 ? ` · ${photos} ${photos === 1 ? "photo" : "photos"}` : ""}
        {request.note ? ` · “${request.note}”` : ""}
      </p>
      {request.status === "requested" && request.answerBy ? (
        <p>
          We will answer by {karachiTime(request.answerBy)}. Size {request.wantedSize} is kept for you meanwhile.
        </p>
      ) : null}
      {request.ownerMessage ? (
        <p className="[overflow-wrap:anywhere]">
          <span className="font-semibold">From the shop:</span> {request.ownerMessage}
        </p>
      ) : null}
      {difference ? <p className="font-medium">{difference}</p> : null}
      {request.exchangeOrderId ? (
        <p>
          <a href={`#${orderAnchor(request.exchangeOrderId)}`} className="font-semibold text-brand-700 underline">
            Follow the new pair: order {orderNumber(request.exchangeOrderId)}
          </a>
        </p>
      ) : null}
      {request.receivedAt ? <p>We received the old pair on {karachiDate(request.receivedAt)}.</p> : null}
    </li>
  );
}
