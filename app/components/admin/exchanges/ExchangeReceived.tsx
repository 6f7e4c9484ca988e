// An approved exchange on the owner's side: its own order (dispatched like any order, on its page),
// and the old pair coming back: 'Pair received', putting it back on sale or not (a faulty pair is
// not, unless the owner ticks it).
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import type { AdminExchange } from "#shared/exchanges.ts";
import { orderNumber } from "#shared/orders.ts";
import { adminCall } from "../../../lib/admin-api.ts";
import type { ExchangeDone } from "./ExchangeDecision.tsx";

export function ExchangeReceived({ exchange, onDone }: { exchange: AdminExchange; onDone: ExchangeDone }) {
  const [restock, setRestock] = useState(exchange.reason !== "faulty");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await adminCall<AdminExchange>(`/exchanges/${exchange._id}/received`, {
      method: "POST",
      json: { restock },
    });
    setBusy(false);
    setProblem(result.ok ? undefined : result.error.message);
    onDone(
      result,
      restock
        ? `Pair received: size ${exchange.size} of ${exchange.product.name} is back on sale.`
        : `Pair received: size ${exchange.size} of ${exchange.product.name} is kept off sale.`,
    );
  }

  return (
    <div className="space-y-3 text-sm">
      {exchange.exchangeOrderId ? (
        <p>
          The new pair goes as order{" "}
          <Link
            to={`/admin/orders/${exchange.exchangeOrderId}`}
            className="font-mono font-semibold text-brand-700 underline"
          >
            {orderNumber(exchange.exchangeOrderId)}
          </Link>
          : dispatch it on its page like any order.
        </p>
      ) : null}
      <form onSubmit={submit} className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label htmlFor={`${id}-restock`} className="flex min-h-11 items-center gap-2">
          <input
            id={`${id}-restock`}
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={restock}
            onChange={(event) => setRestock(event.target.checked)}
            aria-describedby={`${id}-hint`}
          />
          Put it back on sale
        </label>
        <button type="submit" className="button-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? "Recording…" : "Pair received"}
        </button>
        <span id={`${id}-hint`} className="basis-full text-stone-600">
          When the old pair (size {exchange.size}) is back in the shop.
          {exchange.reason === "faulty" ? " It was sent back as faulty: tick only if it can be sold." : ""}
        </span>
        {problem ? (
          <p role="alert" className="basis-full font-semibold text-red-800">
            {problem}
          </p>
        ) : null}
      </form>
    </div>
  );
}
