// Issue 48: a courier's payment report compared with what its terms say each parcel should pay,
// through the admin API on the real database. A line paid as the terms say is 'paid'; one short or
// over by more than Rs.1 becomes a short payment with its evidence; a refused parcel's return charge
// is owed to the courier (never a green 'paid'); a number the courier never had is said; and the
// parcel keeps every deduction the report stated.
import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { termsOf } from "#server/couriers/terms.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { AdminOrder } from "#shared/admin.ts";
import type { ImportResult } from "#shared/courier-imports.ts";
import { type CourierTerms, expectedPayout } from "#shared/courier-terms.ts";
import type { Order } from "#shared/orders.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { type Deliveries, deliveries } from "./support/deliveries.ts";
import { products, type Shopper, setStock, type TestProduct } from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper & { username: string };
let product: TestProduct;
let tcs: string;
let terms: CourierTerms;
let parcels: Deliveries;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
  [product] = (await products(t, 1)) as [TestProduct];
  for (const size of product.sizes) await setStock(t, product.id, size, 500);
  parcels = await deliveries(t, admin, product);
  tcs = parcels.courier("TCS");
  const seeded = (await termsOf(t.database.db, [tcs])).get(tcs);
  if (!seeded) throw new Error("TCS has seeded terms");
  terms = seeded;
});
afterAll(() => t?.close());

const csv = (rows: (string | number)[][]) => rows.map((r) => r.join(",")).join("\r\n");

/** A TCS parcel on its way (tests/support/deliveries.ts), with its tracking number. */
async function onItsWay(): Promise<Order & { number: string }> {
  const { order, trackingNumber } = await parcels.dispatched("TCS");
  return { ...order, number: trackingNumber ?? "" };
}

async function imported(kind: "status" | "payment", file: string): Promise<ImportResult> {
  const res = await call(t, admin, "POST", `/api/admin/couriers/${tcs}/imports`, { kind, csv: file, apply: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportResult>();
}

describe("a payment report against TCS's terms", () => {
  it("pays, flags short and over payments with their evidence, owes a refusal's charges, and says a missing parcel", async () => {
    const [exact, short, over, refused] = [await onItsWay(), await onItsWay(), await onItsWay(), await onItsWay()];
    await imported(
      "status",
      csv([
        ["CN Number", "Current Status"],
        [exact.number, "Delivered"],
        [short.number, "Delivered"],
        [over.number, "Delivered"],
        [refused.number, "Returned to shipper"],
      ]),
    );
    const due = (order: Order) =>
      expectedPayout(terms, { codAmount: order.totalAmount, weightGrams: null, outcome: "delivered" });
    const back = expectedPayout(terms, { codAmount: refused.totalAmount, weightGrams: null, outcome: "refused" });
    // Charges such that the net is the terms' own, Rs.500 less, and Rs.100 more.
    const chargesFor = (order: Order, net: number) => order.totalAmount - net;
    const missing = `TCS${randomInt(10_000_000, 99_999_999)}`;
    const result = await imported(
      "payment",
      csv([
        ["CN Number", "Amount Collected", "Charges"],
        [exact.number, exact.totalAmount, chargesFor(exact, due(exact).net)],
        [short.number, short.totalAmount, chargesFor(short, due(short).net - 500)],
        [over.number, over.totalAmount, chargesFor(over, due(over).net + 100)],
        [refused.number, 0, -back.net],
        [missing, 1000, 200],
      ]),
    );
    expect(result.lines.map((l) => l.outcome)).toEqual(["paid", "short", "overpaid", "returnCharge", "unknownNumber"]);
    expect(result.lines[1]?.message).toContain("Rs.500 short");
    expect(result.lines[2]?.message).toContain("Rs.100 over");
    expect(result.lines[3]?.message).toContain(`owed to the courier`);

    const rows = await selectRowsAsserted<{
      order_id: string;
      expected_net: number;
      paid_net: number;
      difference: number;
      status: string;
      expected: Record<string, number>;
      paid: Record<string, number | null>;
    }>(
      t.database.db,
      sql`select order_id, expected_net, paid_net, difference, status, expected, paid from short_payments
          where order_id in (${exact._id}, ${short._id}, ${over._id}, ${refused._id}) order by difference`,
    );
    expect(rows.map((r) => [r.order_id, r.difference, r.status])).toEqual([
      [short._id, -500, "open"],
      [over._id, 100, "open"],
    ]);
    expect(rows[0]?.expected).toMatchObject({ net: due(short).net, withholdingTax: due(short).withholdingTax });
    // The report's line is kept with the evidence (the header is line 1).
    expect(rows[0]?.paid).toMatchObject({ collected: short.totalAmount, net: due(short).net - 500, line: 3 });

    // The order's page shows the same: the net and the short payment with where it stands.
    const shortOrder = (await call(t, admin, "GET", `/api/admin/orders/${short._id}`)).json<AdminOrder>();
    expect(shortOrder.parcel?.settlement).toMatchObject({
      net: due(short).net - 500,
      charges: short.totalAmount - (due(short).net - 500),
      short: { difference: -500, status: "open" },
    });

    const [refusedParcel] = await selectRowsAsserted<{ net_paid: number; charges: number; collected_amount: number }>(
      t.database.db,
      sql`select net_paid, charges, collected_amount from parcels where order_id = ${refused._id}`,
    );
    expect(refusedParcel).toEqual({ net_paid: back.net, charges: -back.net, collected_amount: 0 });
  });

  it("a refusal charged more than the terms is short too", async () => {
    const refused = await onItsWay();
    await imported(
      "status",
      csv([
        ["CN Number", "Current Status"],
        [refused.number, "Refused by customer"],
      ]),
    );
    const back = expectedPayout(terms, { codAmount: refused.totalAmount, weightGrams: null, outcome: "refused" });
    const result = await imported(
      "payment",
      csv([
        ["CN Number", "Amount Collected", "Charges"],
        [refused.number, 0, -back.net + 140],
      ]),
    );
    expect(result.lines.map((l) => l.outcome)).toEqual(["short"]);
    const [row] = await selectRowsAsserted<{ difference: number }>(
      t.database.db,
      sql`select difference from short_payments where order_id = ${refused._id}`,
    );
    expect(row?.difference).toBe(-140);
  });

  it("within a rupee is paid: couriers round too", async () => {
    const order = await onItsWay();
    await imported(
      "status",
      csv([
        ["CN Number", "Current Status"],
        [order.number, "Delivered"],
      ]),
    );
    const net = expectedPayout(terms, { codAmount: order.totalAmount, weightGrams: null, outcome: "delivered" }).net;
    const result = await imported(
      "payment",
      csv([
        ["CN Number", "Amount Collected", "Charges"],
        [order.number, order.totalAmount, order.totalAmount - net + 1],
      ]),
    );
    expect(result.lines.map((l) => l.outcome)).toEqual(["paid"]);
  });
});

describe("the courier files' own facts", () => {
  it("an itemised report keeps each deduction, and its net decides", async () => {
    const order = await onItsWay();
    await imported(
      "status",
      csv([
        ["CN Number", "Current Status"],
        [order.number, "Delivered"],
      ]),
    );
    const due = expectedPayout(terms, { codAmount: order.totalAmount, weightGrams: null, outcome: "delivered" });
    const result = await imported(
      "payment",
      csv([
        [
          "Consignment No",
          "COD Amount",
          "Delivery Charges",
          "GST",
          "Income Tax",
          "Net Payable",
          "Cheque No",
          "Payment Date",
        ],
        [
          order.number,
          order.totalAmount,
          due.deliveryCharge,
          due.salesTax,
          due.withholdingTax,
          due.net - 300,
          "CHQ-004512",
          "03/12/2026",
        ],
      ]),
    );
    expect(result.lines.map((l) => l.outcome)).toEqual(["short"]);
    const [parcel] = await selectRowsAsserted<Record<string, number | string | null>>(
      t.database.db,
      sql`select delivery_charge, sales_tax, withholding_tax, cod_fee, net_paid, payout_reference, payout_date::text
          from parcels where order_id = ${order._id}`,
    );
    expect(parcel).toEqual({
      delivery_charge: due.deliveryCharge,
      sales_tax: due.salesTax,
      withholding_tax: due.withholdingTax,
      cod_fee: null,
      net_paid: due.net - 300,
      payout_reference: "CHQ-004512",
      payout_date: "2026-12-03",
    });
  });

  it("a booking for another amount than the order's is refused with both amounts", async () => {
    const order = await parcels.confirmed();
    const number = `TCS${randomInt(10_000_000, 99_999_999)}`;
    const res = await call(t, admin, "POST", `/api/admin/couriers/${tcs}/imports`, {
      kind: "dispatch",
      csv: csv([
        ["Consignment No", "Customer Reference No", "COD Amount", "Weight (Kg)"],
        [number, `#${order._id.slice(0, 8).toUpperCase()}`, order.totalAmount - 500, "0.5"],
      ]),
    });
    const line = res.json<ImportResult>().lines[0];
    expect(line?.outcome).toBe("notAllowed");
    expect(line?.message).toContain("correct the booking first");
  });

  it("a status file's date is the delivery's time, and its remark the refusal's reason", async () => {
    const [delivered, refused] = [await onItsWay(), await onItsWay()];
    await t.database.db.execute(
      sql`update order_status_events set created_at = now() - interval '5 days'
          where order_id in (${delivered._id}, ${refused._id})`,
    );
    const yesterday = new Date(Date.now() - 86_400_000);
    const stamp = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Karachi",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
    }).format(yesterday);
    await imported(
      "status",
      csv([
        ["CN Number", "Current Status", "Status Date", "Remarks"],
        [delivered.number, "Delivered", `${stamp} 14:05`, "Received by Hina"],
        [refused.number, "Return to shipper", `${stamp} 16:40`, "Consignee refused to receive"],
      ]),
    );
    const rows = await selectRowsAsserted<{ order_id: string; at: string; reason: string }>(
      t.database.db,
      sql`select order_id, to_char(created_at at time zone 'Asia/Karachi', 'DD/MM/YYYY HH24:MI') as at, reason
          from order_status_events where order_id in (${delivered._id}, ${refused._id})
            and to_status in ('delivered', 'cancelled') order by to_status desc`,
    );
    expect(rows).toEqual([
      { order_id: delivered._id, at: `${stamp} 14:05`, reason: "TCS: Delivered (Received by Hina)" },
      { order_id: refused._id, at: `${stamp} 16:40`, reason: "TCS: Return to shipper (Consignee refused to receive)" },
    ]);
  });
});
