// A booked parcel's airway bill on its packing slip (issue 49): the courier, the consignment
// number (CN) large enough to read out on the phone and as a Code 128 barcode for the rider's
// scanner, the cash to collect, weight and pieces, and a link to the courier's own document when
// its API gave one. Laid out by app/routes/admin/slips.css.
import type { CSSProperties } from "react";
import { code128 } from "#shared/barcode.ts";
import { formatRs } from "#shared/money.ts";
import { type AirwayBill, formatWeight } from "#shared/slips.ts";

export function SlipAirwayBill({ bill }: { bill: AirwayBill }) {
  return (
    <div className="slip-section slip-awb">
      <h3 className="slip-label">Airway bill</h3>
      <p className="text-lg font-bold [overflow-wrap:anywhere]">{bill.courier}</p>
      <p>
        <span className="slip-label">Tracking number: </span>
        <span className="slip-cn-number">{bill.trackingNumber}</span>
      </p>
      <Barcode text={bill.trackingNumber} />
      <dl className="slip-awb-facts">
        <div>
          <dt>COD</dt>
          <dd>{formatRs(bill.codAmount)}</dd>
        </div>
        {bill.weightGrams !== null ? (
          <div>
            <dt>Weight</dt>
            <dd>{formatWeight(bill.weightGrams)}</dd>
          </div>
        ) : null}
        {bill.pieces !== null ? (
          <div>
            <dt>Pieces</dt>
            <dd>{bill.pieces}</dd>
          </div>
        ) : null}
      </dl>
      {bill.labelUrl ? (
        <a className="slip-awb-link" href={bill.labelUrl} target="_blank" rel="noopener noreferrer">
          Courier's airway bill
        </a>
      ) : null}
    </div>
  );
}

/**
 * The CN as Code 128. Its width is its modules times the format's module (slips.css sets
 * --module per paper), narrowed to the paper if it must. A CN with a character Code 128 cannot
 * carry gets no barcode: the number above it still reads.
 */
function Barcode({ text }: { text: string }) {
  const code = code128(text);
  if (!code) return null;
  return (
    <svg
      className="slip-barcode"
      role="img"
      aria-label={`Barcode of ${text}`}
      // A custom property is no key of React's CSSProperties: the cast names it.
      style={{ "--modules": code.modules } as CSSProperties}
      viewBox={`0 0 ${code.modules} 1`}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
    >
      <path d={code.path} fill="#000" />
    </svg>
  );
}
