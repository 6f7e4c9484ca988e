import { orderSummary } from "#shared/cart.ts";
import { formatRs } from "#shared/money.ts";
import type { StoredCartLine } from "../../lib/cart-store.ts";

/** docs/product.md section 9: Subtotal, Savings, Delivery Rs.0 and Total Amount. */
/** `pairsNote` says how many pairs may still be ordered (issue 29), once the limits are known. */
export function OrderSummaryBox({
  lines,
  pairsNote,
  children,
}: {
  lines: StoredCartLine[];
  pairsNote?: string | undefined;
  children?: React.ReactNode;
}) {
  const summary = orderSummary(lines);
  return (
    <section aria-labelledby="order-summary" className="rounded-2xl border border-stone-200 bg-stone-50 p-5">
      <h2 id="order-summary" className="text-lg font-bold">
        Order Summary
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{formatRs(summary.subtotal)}</dd>
        </div>
        <div className="flex justify-between text-green-800">
          <dt>Savings</dt>
          <dd>-{formatRs(summary.savings)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Delivery</dt>
          <dd>{formatRs(summary.delivery)}</dd>
        </div>
        <div className="flex justify-between border-t border-stone-300 pt-2 text-base font-bold">
          <dt>Total Amount</dt>
          <dd>{formatRs(summary.total)}</dd>
        </div>
      </dl>
      {pairsNote && (
        <p id="pairs-note" className="mt-3 text-sm text-stone-700">
          {pairsNote}
        </p>
      )}
      {children}
    </section>
  );
}
