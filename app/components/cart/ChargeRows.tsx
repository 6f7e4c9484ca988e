// What an owner's rule adds to a cart's money at checkout (issue 50), as rows of a totals list: the
// cash-on-delivery fee above the total, and an advance with the rest due on delivery under it. The
// same rows in the cart's summary, the checkout dialog and the checkout without scripts.
import { formatRs } from "#shared/money.ts";
import { ORDER_CHARGE_TEXTS, type OrderCharges } from "#shared/order-charges.ts";

/**
 * Rows of a <dl>: the discount of an offer or a code (issue 51, with its words), the fee (when there is
 * one), the total, then with an advance the advance and what is left to pay on delivery.
 */
export function ChargeRows({ charges, discountLabel }: { charges: OrderCharges; discountLabel?: string | undefined }) {
  return (
    <>
      {charges.discount > 0 ? (
        <div className="flex justify-between gap-3 font-semibold text-green-800">
          <dt>{discountLabel ?? "Discount"}</dt>
          <dd className="shrink-0">-{formatRs(charges.discount)}</dd>
        </div>
      ) : null}
      {charges.codFee > 0 ? <Row label={ORDER_CHARGE_TEXTS.codFee} amount={charges.codFee} /> : null}
      <div className="flex justify-between gap-3 border-t border-stone-300 pt-2 text-base font-bold">
        <dt>{ORDER_CHARGE_TEXTS.total}</dt>
        <dd>{formatRs(charges.total)}</dd>
      </div>
      {charges.advance > 0 ? (
        <>
          <Row label={ORDER_CHARGE_TEXTS.advance} amount={charges.advance} />
          <Row label={ORDER_CHARGE_TEXTS.dueOnDelivery} amount={charges.dueOnDelivery} />
        </>
      ) : null}
    </>
  );
}

function Row({ label, amount }: { label: string; amount: number }) {
  return (
    <div className="flex justify-between gap-3">
      <dt>{label}</dt>
      <dd className="shrink-0">{formatRs(amount)}</dd>
    </div>
  );
}
