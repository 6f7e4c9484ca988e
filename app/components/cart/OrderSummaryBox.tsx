import { formatRs } from "#shared/money.ts";
import { orderCharges } from "#shared/order-charges.ts";
import { orderSummary } from "#shared/order-summary.ts";
import type { DiscountLine } from "#shared/promotions.ts";
import type { OrderCheck } from "#shared/risk-rules.ts";
import type { StoredCartLine } from "../../lib/cart-store.ts";
import { ChargeRows } from "./ChargeRows.tsx";

/** docs/product.md section 9: Subtotal, Savings, Delivery Rs.0 and Total Amount. */
/** `pairsNote` says how many pairs may still be ordered (issue 29), once the limits are known. */
export function OrderSummaryBox({
  lines,
  offer,
  pairsNote,
  children,
}: {
  lines: StoredCartLine[];
  /** The automatic offer the cart gets now (issue 51), as the server reckoned it. */
  offer: DiscountLine | null;
  pairsNote?: string | undefined;
  children?: React.ReactNode;
}) {
  return (
    <section aria-labelledby="order-summary" className="rounded-2xl border border-stone-200 bg-stone-50 p-5">
      <h2 id="order-summary" className="text-lg font-bold">
        Order Summary
      </h2>
      <CartTotals lines={lines} check={null} discount={offer} className="mt-4" />
      {pairsNote && (
        <p id="pairs-note" className="mt-3 text-sm text-stone-700">
          {pairsNote}
        </p>
      )}
      {children}
    </section>
  );
}

/**
 * The cart's amounts; at checkout, with what the owner's rules add for this address (`check`, issue
 * 50) and the discount the server reckoned (issue 51: the cart's offer, or at checkout the check's
 * offer or code), so the total read is the total sent.
 */
export function CartTotals({
  lines,
  check,
  discount,
  className,
}: {
  lines: readonly StoredCartLine[];
  check: OrderCheck | null;
  discount: DiscountLine | null;
  className?: string;
}) {
  const summary = orderSummary(lines);
  const charges = orderCharges(summary.total, {
    codFee: check?.codFee ?? 0,
    advance: check?.advance ?? 0,
    discount,
  });
  return (
    <dl className={`space-y-2 text-sm ${className ?? ""}`}>
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
      <ChargeRows charges={charges} discountLabel={discount?.label} />
    </dl>
  );
}
