// One exchange request as the owner answers it: who asked (phone to tap, e-mail), the order it
// comes from, the pair and the size wanted, why, their note and photos, when it was asked and when
// it lapses; then what the owner can do now (approve or refuse; for an approved one, its order and
// the pair coming back), or what was decided.
import { Link } from "react-router";
import { type AdminExchange, EXCHANGE_REASON_LABELS, EXCHANGE_STATUS_LABELS } from "#shared/exchanges.ts";
import { orderNumber } from "#shared/orders.ts";
import { readablePhone, telHref } from "#shared/phone.ts";
import { karachiTime } from "../../../lib/dates.ts";
import { ExchangeDecision, type ExchangeDone, ownerDifferenceLine } from "./ExchangeDecision.tsx";
import { ExchangePhotos } from "./ExchangePhotos.tsx";
import { ExchangeReceived } from "./ExchangeReceived.tsx";

/** Where an exchange stands for the owner: an approved one waits for its pair until received. */
function standing(exchange: AdminExchange): { label: string; style: string } {
  if (exchange.receivedAt) return { label: "Pair received", style: "bg-stone-200 text-stone-900" };
  if (exchange.status === "approved")
    return { label: "Approved: pair to receive", style: "bg-green-100 text-green-950" };
  if (exchange.status === "requested") return { label: "Waiting for you", style: "bg-amber-100 text-amber-950" };
  return {
    label: EXCHANGE_STATUS_LABELS[exchange.status],
    style: exchange.status === "refused" ? "bg-red-100 text-red-950" : "bg-stone-200 text-stone-900",
  };
}

export function ExchangeCard({ exchange, onDone }: { exchange: AdminExchange; onDone: ExchangeDone }) {
  const { customer } = exchange;
  const { label, style } = standing(exchange);
  const title = `${exchange.product.name}: size ${exchange.size} for size ${exchange.wantedSize}`;
  return (
    <article aria-label={`Exchange for order ${orderNumber(exchange.orderId)}`} className="space-y-3 p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="min-w-0 text-base font-bold [overflow-wrap:anywhere]">{title}</h3>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${style}`}>{label}</span>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="font-semibold text-stone-600">Customer</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]">
          {customer.name} ·{" "}
          <a
            href={telHref(customer.phone)}
            className="font-semibold text-brand-700 underline"
            aria-label={`Call ${customer.name} on ${readablePhone(customer.phone)}`}
          >
            {readablePhone(customer.phone)}
          </a>{" "}
          ·{" "}
          <a href={`mailto:${customer.email}`} className="text-brand-700 underline">
            {customer.email}
          </a>
        </dd>
        <dt className="font-semibold text-stone-600">Order</dt>
        <dd>
          <Link to={`/admin/orders/${exchange.orderId}`} className="font-mono font-semibold text-brand-700 underline">
            {orderNumber(exchange.orderId)}
          </Link>
        </dd>
        <dt className="font-semibold text-stone-600">Why</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]">
          {EXCHANGE_REASON_LABELS[exchange.reason]}
          {exchange.note ? <span className="block text-stone-700">“{exchange.note}”</span> : null}
        </dd>
        <dt className="font-semibold text-stone-600">Asked</dt>
        <dd>
          {karachiTime(exchange.createdAt)}
          {exchange.answerBy ? (
            <span className="block text-amber-900">
              Lapses {karachiTime(exchange.answerBy)} if not answered; size {exchange.wantedSize} is kept until then.
            </span>
          ) : null}
        </dd>
        {exchange.decidedAt ? (
          <>
            <dt className="font-semibold text-stone-600">Decided</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              {karachiTime(exchange.decidedAt)}
              {exchange.decidedBy ? ` by ${exchange.decidedBy}` : ""}
              {exchange.status === "approved" ? (
                <span className="block">{ownerDifferenceLine(exchange.priceDifference)}</span>
              ) : null}
              {exchange.ownerMessage ? (
                <span className="block text-stone-700">Message: “{exchange.ownerMessage}”</span>
              ) : null}
            </dd>
          </>
        ) : null}
        {exchange.receivedAt ? (
          <>
            <dt className="font-semibold text-stone-600">Pair back</dt>
            <dd>{karachiTime(exchange.receivedAt)}</dd>
          </>
        ) : null}
      </dl>
      <ExchangePhotos exchange={exchange} />
      {exchange.status === "requested" ? <ExchangeDecision exchange={exchange} onDone={onDone} /> : null}
      {exchange.status === "approved" && !exchange.receivedAt ? (
        <ExchangeReceived exchange={exchange} onDone={onDone} />
      ) : null}
      {exchange.status === "approved" && exchange.receivedAt && exchange.exchangeOrderId ? (
        <p className="text-sm">
          New pair: order{" "}
          <Link
            to={`/admin/orders/${exchange.exchangeOrderId}`}
            className="font-mono font-semibold text-brand-700 underline"
          >
            {orderNumber(exchange.exchangeOrderId)}
          </Link>
        </p>
      ) : null}
    </article>
  );
}
