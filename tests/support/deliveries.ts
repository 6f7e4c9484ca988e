// Parcels through the real order workflow, for the cash tests: an order placed by a customer of its
// own, confirmed, dispatched with a courier (a tracking number for a courier company, none for the
// shop's own rider) and delivered or refused by the owner, then paid for by the courier's payment
// report through the real payment import (POST /api/admin/couriers/:id/imports), all through the
// admin API.
import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { ImportResult } from "#shared/courier-imports.ts";
import type { PayoutAmounts } from "#shared/courier-terms.ts";
import type { Courier } from "#shared/couriers.ts";
import type { Order } from "#shared/orders.ts";
import { call } from "./admin.ts";
import type { TestApp } from "./app.ts";
import {
  ADDRESS,
  makeShopper,
  orderBody,
  ownPhoneNumber,
  placeOrder,
  type Shopper,
  type TestProduct,
} from "./shoppers.ts";

/** An order with its parcel's tracking number (null for the own rider). */
export type Parcel = Order & { trackingNumber: string | null };

/** One line of a courier's payment report: the parcel and every amount as the report states it. */
export interface ReportLine {
  parcel: Parcel;
  paid: PayoutAmounts;
  payoutReference?: string;
  payoutDate?: string;
}

/** A payment report's columns, as a courier's portal names them (shared/courier-headers.ts). */
const PAYMENT_COLUMNS = [
  "CN Number",
  "Amount Collected",
  "Delivery Charges",
  "COD Charges",
  "GST",
  "Income Tax",
  "Return Charges",
  "Net Payable",
  "Cheque No",
  "Payment Date",
];

/** The report as a CSV file: a header, then a line per parcel (the header is line 1). */
export function paymentCsv(lines: ReportLine[]): string {
  const rows = lines.map(({ parcel, paid, payoutReference, payoutDate }) => [
    parcel.trackingNumber ?? "",
    paid.collected,
    paid.deliveryCharge,
    paid.codFee,
    paid.salesTax,
    paid.withholdingTax,
    paid.returnCharge,
    paid.net,
    payoutReference ?? "",
    payoutDate ?? "",
  ]);
  return [PAYMENT_COLUMNS, ...rows].map((row) => row.join(",")).join("\r\n");
}

export interface Deliveries {
  /** The courier's id by name ("TCS", "Own rider", …). */
  courier(name: string): string;
  /** A confirmed order of `pairs` pairs. */
  confirmed(pairs?: number): Promise<Order>;
  /** `order`, confirmed, dispatched with `courier`; the tracking number it got (null for the own rider). */
  dispatch(order: Order, courier: string): Promise<string | null>;
  /** An order dispatched with `courier`, with the tracking number it got (null for the own rider). */
  dispatched(courier: string, pairs?: number): Promise<{ order: Order; trackingNumber: string | null }>;
  /** Dispatched with `courier` and delivered; `at` moves the delivery's time (its history line). */
  delivered(courier: string, options?: { pairs?: number; at?: string }): Promise<Parcel>;
  refused(courier: string): Promise<Parcel>;
  /** `courier`'s payment report of these lines, applied by the payment import; its result. */
  paymentReport(courier: string, lines: ReportLine[], fileName?: string): Promise<ImportResult>;
}

async function ok<Answer extends { statusCode: number; body: string }>(answer: Promise<Answer>): Promise<Answer> {
  const res = await answer;
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

export async function deliveries(t: TestApp, admin: Shopper, product: TestProduct): Promise<Deliveries> {
  const { couriers } = (await ok(call(t, admin, "GET", "/api/admin/couriers"))).json<{ couriers: Courier[] }>();
  const courier = (name: string) => {
    const found = couriers.find((c) => c.name === name);
    if (!found) throw new Error(`no courier ${name}`);
    return found._id;
  };
  const ownRider = (name: string) => couriers.find((c) => c.name === name)?.ownRider === true;
  const move = (o: Order, status: string) =>
    ok(call(t, admin, "POST", `/api/admin/orders/${o._id}/status`, { status }));

  async function confirmed(pairs = 1): Promise<Order> {
    const shopper = await makeShopper(t);
    const res = await placeOrder(
      t,
      shopper,
      orderBody(shopper, [{ product, size: product.sizes[0] as number, quantity: pairs }], {
        shippingAddress: { ...ADDRESS, email: shopper.email, phoneNumber: ownPhoneNumber() },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<Order>();
    await move(placed, "confirm");
    return placed;
  }

  async function dispatch(order: Order, name: string): Promise<string | null> {
    const trackingNumber = ownRider(name) ? null : `KHI${randomInt(1e8, 1e9)}`;
    await ok(
      call(t, admin, "POST", `/api/admin/orders/${order._id}/dispatch`, {
        courierId: courier(name),
        ...(trackingNumber ? { trackingNumber } : {}),
      }),
    );
    return trackingNumber;
  }

  async function dispatched(name: string, pairs = 1) {
    const order = await confirmed(pairs);
    return { order, trackingNumber: await dispatch(order, name) };
  }

  async function delivered(name: string, options: { pairs?: number; at?: string } = {}): Promise<Parcel> {
    const { order, trackingNumber } = await dispatched(name, options.pairs);
    await move(order, "delivered");
    if (options.at) {
      await t.database.db.execute(
        sql`update order_status_events set created_at = ${options.at}::timestamptz
            where order_id = ${order._id} and to_status = 'delivered'`,
      );
    }
    return { ...order, trackingNumber };
  }

  async function refused(name: string): Promise<Parcel> {
    const { order, trackingNumber } = await dispatched(name);
    await ok(call(t, admin, "POST", `/api/admin/orders/${order._id}/return`, { as: "refused" }));
    return { ...order, trackingNumber };
  }

  async function paymentReport(name: string, lines: ReportLine[], fileName?: string): Promise<ImportResult> {
    const body = { kind: "payment", csv: paymentCsv(lines), apply: true, ...(fileName ? { fileName } : {}) };
    const res = await ok(call(t, admin, "POST", `/api/admin/couriers/${courier(name)}/imports`, body));
    const result = res.json<ImportResult>();
    expect(result.applied, res.body).toBe(true);
    return result;
  }

  return { courier, confirmed, dispatch, dispatched, delivered, refused, paymentReport };
}
