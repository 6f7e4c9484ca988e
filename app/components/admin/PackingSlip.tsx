// One packing slip: who sends it, who gets it, what is in the parcel, the courier once it is
// dispatched (with its airway bill when the parcel has a CN), and, largest of all, the cash the
// rider collects. Laid out for paper by app/routes/admin/slips.css (A4 or 80 mm roll).
import { areaCityLine, landmarkLine } from "#shared/areas.ts";
import { type OrderParcel, riderLine } from "#shared/couriers.ts";
import { formatRs } from "#shared/money.ts";
import { moneyLineText, orderMoneyLines } from "#shared/order-money.ts";
import { orderNumber } from "#shared/orders.ts";
import { readablePhone } from "#shared/phone.ts";
import type { SlipOrder, SlipShop } from "#shared/slips.ts";
import { karachiTime } from "../../lib/dates.ts";
import { SlipAirwayBill } from "./SlipAirwayBill.tsx";

export function PackingSlip({ order, shop }: { order: SlipOrder; shop: SlipShop }) {
  const a = order.shippingAddress;
  const landmark = landmarkLine(a);
  const pairs = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const ref = orderNumber(order._id);
  return (
    <article className="slip" aria-label={`Packing slip ${ref}`}>
      <header className="slip-head">
        <div>
          <p className="slip-shop">{shop.name}</p>
          <p>{shop.phone}</p>
          <p className="[overflow-wrap:anywhere]">{shop.email}</p>
        </div>
        <div className="slip-ref">
          <p className="font-mono text-lg font-bold">{ref}</p>
          <p>{karachiTime(order.createdAt)}</p>
        </div>
      </header>

      <div className="slip-section">
        <h3 className="slip-label">Deliver to</h3>
        <p className="text-lg font-bold" dir="auto">
          {a.fullName}
        </p>
        <p className="[overflow-wrap:anywhere]" dir="auto">
          {a.addressLine}
        </p>
        {landmark ? (
          <p className="[overflow-wrap:anywhere]" dir="auto">
            {landmark}
          </p>
        ) : null}
        {/* The area is what the rider routes by: as large as the name when there is one. */}
        <p className={a.area ? "text-lg font-bold [overflow-wrap:anywhere]" : undefined}>{areaCityLine(a)}</p>
        <p className="text-lg font-bold">Phone: {readablePhone(a.phoneNumber)}</p>
      </div>

      {order.airwayBill ? (
        <SlipAirwayBill bill={order.airwayBill} />
      ) : order.parcel ? (
        <SlipCourier parcel={order.parcel} />
      ) : null}

      <table className="slip-items">
        <caption className="slip-label text-left">In the parcel</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Size</th>
            <th scope="col">Qty</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={`${item.productId}:${item.size}`}>
              <td className="[overflow-wrap:anywhere]" dir="auto">
                {item.name}
              </td>
              <td className="font-bold">{item.size}</td>
              <td className="font-bold">{item.quantity}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Pairs
            </th>
            <td className="font-bold">{pairs}</td>
          </tr>
        </tfoot>
      </table>

      <SlipMoney order={order} />
      <div className="slip-collect">
        <p className="slip-label">Collect cash on delivery</p>
        {/* The total less the advance (issue 50): a rider who collected the total would charge it twice. */}
        <p className="slip-amount">{formatRs(order.dueOnDelivery)}</p>
      </div>
    </article>
  );
}

/** The fee and the advance, when the order has them, above the cash: the rider can answer the customer. */
function SlipMoney({ order }: { order: SlipOrder }) {
  const lines = orderMoneyLines(order, "shop");
  if (lines.length === 0) return null;
  return (
    <div className="slip-section">
      <p>Total {formatRs(order.totalAmount)}</p>
      {lines.map((line) => (
        <p key={line.label}>{moneyLineText(line)}</p>
      ))}
    </div>
  );
}

/** Who carries a parcel without a CN (the shop's own rider): one with a CN has its airway bill. */
function SlipCourier({ parcel }: { parcel: OrderParcel }) {
  const rider = riderLine(parcel.rider);
  return (
    <div className="slip-section">
      <h3 className="slip-label">Courier</h3>
      <p className="text-lg font-bold [overflow-wrap:anywhere]">
        {parcel.courier}
        {rider ? <span className="font-normal"> ({rider})</span> : null}
      </p>
    </div>
  );
}
