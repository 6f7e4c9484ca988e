// A short payment's evidence, as a payout statement: what the parcel collected and each deduction,
// as the courier's terms say them and as its payment report paid them, down to the net, and the
// difference line by line (negative: less for the shop). On a phone the difference sits under the
// paid amount instead of a column of its own, so the table fits 320 px.
import type { PayoutAmounts } from "#shared/courier-terms.ts";
import { formatRs } from "#shared/money.ts";
import type { ShortPayment } from "#shared/short-payments.ts";

const LINES: { key: keyof PayoutAmounts; label: string; deduction: boolean }[] = [
  { key: "collected", label: "Collected", deduction: false },
  { key: "deliveryCharge", label: "Delivery charge", deduction: true },
  { key: "codFee", label: "COD fee", deduction: true },
  { key: "salesTax", label: "Sales tax", deduction: true },
  { key: "withholdingTax", label: "Withholding tax", deduction: true },
  { key: "returnCharge", label: "Return charge", deduction: true },
];

/** An amount as the statement signs it: a deduction with its minus (0 stays 0, never -0). */
const signed = (value: number, deduction: boolean) => (deduction ? 0 - value : value);
const shown = (value: number) => (value < 0 ? `−${formatRs(-value)}` : formatRs(value));
const differenceShown = (value: number) =>
  value === 0 ? "" : value < 0 ? `−${formatRs(-value)}` : `+${formatRs(value)}`;

export function ShortPaymentEvidence({ shortPayment }: { shortPayment: ShortPayment }) {
  const { expected, paid, courier } = shortPayment;
  const rows = LINES.map(({ key, label, deduction }) => {
    const terms = signed(expected[key], deduction);
    const reported = paid[key];
    return {
      key,
      label,
      terms,
      paid: reported === null ? null : signed(reported, deduction),
      difference: reported === null ? 0 : signed(reported, deduction) - terms,
    };
  });
  const net = { terms: shortPayment.expectedNet, paid: shortPayment.paidNet, difference: shortPayment.difference };
  return (
    <table className="w-full text-sm tabular-nums">
      <caption className="sr-only">
        What {courier}'s terms say against what its payment report paid, line by line
      </caption>
      <thead>
        <tr className="border-b border-stone-200 text-left text-xs text-stone-600">
          <th scope="col" className="py-1 pr-2 font-semibold">
            <span className="sr-only">Amount</span>
          </th>
          <th scope="col" className="py-1 pr-2 text-right font-semibold">
            Terms say
          </th>
          <th scope="col" className="py-1 pr-2 text-right font-semibold">
            Report paid
          </th>
          <th scope="col" className="hidden py-1 text-right font-semibold sm:table-cell">
            Difference
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className={row.difference !== 0 ? "bg-amber-50 font-semibold" : undefined}>
            <th scope="row" className="py-1 pr-2 text-left font-normal">
              {row.label}
            </th>
            <td className="py-1 pr-2 text-right">{shown(row.terms)}</td>
            <td className="py-1 pr-2 text-right">
              {row.paid === null ? <span className="text-stone-600">not stated</span> : shown(row.paid)}
              <PhoneDifference value={row.difference} />
            </td>
            <td className={`hidden py-1 text-right sm:table-cell ${tone(row.difference)}`}>
              {differenceShown(row.difference)}
            </td>
          </tr>
        ))}
        <tr className="border-t border-stone-300 font-bold">
          <th scope="row" className="py-1 pr-2 text-left">
            Net to the shop
          </th>
          <td className="py-1 pr-2 text-right">{shown(net.terms)}</td>
          <td className="py-1 pr-2 text-right">
            {shown(net.paid)}
            <PhoneDifference value={net.difference} />
          </td>
          <td className={`hidden py-1 text-right sm:table-cell ${tone(net.difference)}`}>
            {differenceShown(net.difference)}
          </td>
        </tr>
      </tbody>
    </table>
  );
}

const tone = (difference: number) => (difference < 0 ? "text-red-800" : difference > 0 ? "text-green-900" : "");

/** The difference under the paid amount, on a phone only (wider screens have its column). */
function PhoneDifference({ value }: { value: number }) {
  if (value === 0) return null;
  return (
    <span className={`block text-xs sm:hidden ${tone(value)}`}>
      <span className="sr-only">difference </span>
      {differenceShown(value)}
    </span>
  );
}
