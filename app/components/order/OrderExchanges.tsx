// An order's exchanges on Track Your Order (issue 33): the requests made on its pairs, and, while
// the owner's window after delivery lasts and a pair is left to ask about, 'Exchange a pair (until
// 3 Dec)' opening the form in place. Focus goes to the form when it opens, back to the button when
// it is cancelled, and to the shop's answer when the request was sent. An exchange's own order
// names the order whose pair it replaces.
import { useEffect, useRef, useState } from "react";
import { statusIs } from "#shared/order-life.ts";
import { orderAnchor, orderNumber } from "#shared/order-words.ts";
import type { Order } from "#shared/orders.ts";
import { karachiDayMonth } from "../../lib/dates.ts";
import { pairsOf } from "../../lib/exchanges.ts";
import { FormAlert } from "../account/FormAlert.tsx";
import { ExchangeForm } from "./ExchangeForm.tsx";
import { ExchangeRequests } from "./ExchangeRequests.tsx";

export function OrderExchanges({ order, onChanged }: { order: Order; onChanged: (order: Order) => void }) {
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<string>();
  const focusNext = useRef<"button" | "answer" | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const answerBox = useRef<HTMLDivElement>(null);
  const { until, requests } = order.exchanges;
  const canAsk = until !== null && pairsOf(order).some((p) => !p.asked);

  useEffect(() => {
    if (open || !focusNext.current) return;
    (focusNext.current === "answer" ? answerBox.current : button.current)?.focus();
    focusNext.current = null;
  }, [open]);

  if (requests.length === 0 && !canAsk && !answer) return null;
  return (
    <div className="space-y-3">
      {requests.length > 0 ? <ExchangeRequests requests={requests} /> : null}
      <div ref={answerBox} tabIndex={-1} className="outline-offset-2">
        <FormAlert id={`exchange-answer-${order._id}`} tone="success" message={answer} />
      </div>
      {until !== null && canAsk ? (
        open ? (
          <ExchangeForm
            order={{ ...order, exchanges: { ...order.exchanges, until } }}
            onClose={() => {
              focusNext.current = "button";
              setOpen(false);
            }}
            onDone={(changed, message) => {
              focusNext.current = "answer";
              setAnswer(message);
              setOpen(false);
              onChanged(changed);
            }}
          />
        ) : (
          <button
            ref={button}
            type="button"
            className="button-secondary"
            onClick={() => {
              setAnswer(undefined);
              setOpen(true);
            }}
          >
            Exchange a pair (until {karachiDayMonth(until)})
          </button>
        )
      ) : null}
    </div>
  );
}

/** On an exchange's own order: the order whose pair it replaces, and, on its way, what to hand over. */
export function ExchangeForLine({ order }: { order: Order }) {
  const { replacesOrderId } = order.exchanges;
  if (!replacesOrderId) return null;
  const onTheWay = statusIs(order.status, "open") && order.status !== "pending";
  return (
    <p className="rounded-lg bg-brand-50 p-3 text-sm text-stone-800">
      Exchange for order{" "}
      <a href={`#${orderAnchor(replacesOrderId)}`} className="font-semibold text-brand-700 underline">
        {orderNumber(replacesOrderId)}
      </a>
      .{onTheWay ? " Please hand the old pair to whoever brings the new one." : ""}
    </p>
  );
}
