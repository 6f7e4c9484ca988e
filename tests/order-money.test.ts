// Issue 50: an owner's rules add a cash-on-delivery fee and ask an advance; the amount due on delivery
// (the total less the advance) is what every mail, slip, CSV row and courier booking says the rider
// collects, and the fee and the advance are written wherever the order's money is. Through the admin
// API and the order API on the real database, with Trax's stand-in as the courier.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { statusMailTeller } from "#server/orders/life/status-mail.ts";
import { markAdvancePaid } from "#server/payments/advance-paid.ts";
import type { AdminOrder } from "#shared/admin.ts";
import type { BookingAnswer } from "#shared/courier-api.ts";
import type { Courier } from "#shared/couriers.ts";
import { formatRs } from "#shared/money.ts";
import { type Order, orderNumber } from "#shared/orders.ts";
import type { PackingSlips } from "#shared/slips.ts";
import { PackingSlip } from "../app/components/admin/PackingSlip.tsx";
import { waitForMail } from "./support/accounts.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { startTraxStandIn, type TraxStandIn } from "./support/couriers/trax-stand-in.ts";
import {
  ADDRESS,
  makeShopper,
  orderBody,
  ownPhoneNumber,
  placeOrder,
  products,
  type Shopper,
  setStock,
  type TestProduct,
} from "./support/shoppers.ts";

const FEE = 150;
const ADVANCE = 1000;

let t: TestApp;
let trax: TraxStandIn;
let admin: Shopper & { username: string };
let shoe: TestProduct;
let shopper: Shopper;
let order: Order;
let items: number;

beforeAll(async () => {
  trax = await startTraxStandIn();
  t = await createTestApp({
    env: {
      COURIER_CREDENTIALS_KEY: randomBytes(32).toString("base64"),
      COURIER_SYNC_SECONDS: "0",
      SHOP_PHONE: "+92 321 7654321",
      SHOP_EMAIL: "orders@karachi-shoes.pk",
    },
  });
  admin = await makeAdmin(t);
  [shoe] = (await products(t, 1)) as [TestProduct];
  await setStock(t, shoe.id, shoe.sizes[0] as number, 50);
  // Both rules catch an order of more than one pair.
  for (const [name, action] of [
    ["Fee on large orders", { kind: "codFee", amount: FEE }],
    ["Advance on large orders", { kind: "advance", amount: ADVANCE }],
  ] as const) {
    const saved = await call(t, admin, "POST", "/api/admin/risk-rules", {
      name,
      condition: { kind: "pairsAbove", pairs: 1 },
      action,
      enabled: true,
    });
    expect(saved.statusCode, saved.body).toBe(201);
  }
  shopper = await makeShopper(t);
  items = shoe.discountPrice * 2;
  const body = orderBody(shopper, [{ product: shoe, size: shoe.sizes[0] as number, quantity: 2 }], {
    shippingAddress: { ...ADDRESS, email: shopper.email, phoneNumber: ownPhoneNumber() },
    totalAmount: items + FEE,
  });
  const placed = await placeOrder(t, shopper, body);
  expect(placed.statusCode, placed.body).toBe(201);
  order = placed.json<Order>();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await trax?.close();
});

const due = () => items + FEE - ADVANCE;
const parse = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;

describe("an order with a COD fee and an advance", () => {
  it("keeps the fee inside its total and the advance out of what is due on delivery", async () => {
    expect(order).toMatchObject({
      totalAmount: items + FEE,
      codFee: FEE,
      advance: { amount: ADVANCE, paidAt: null, receiptWaiting: false },
      dueOnDelivery: due(),
    });
    const [row] = await selectRowsAsserted(
      t.database.db,
      sql`select total_amount, cod_fee, advance_amount, due_on_delivery from orders where id = ${order._id}`,
    );
    expect(row).toEqual({
      total_amount: items + FEE,
      cod_fee: FEE,
      advance_amount: ADVANCE,
      due_on_delivery: due(),
    });
  });

  it("says the fee, the advance and the amount to pay on delivery in the confirmation mail", async () => {
    const mail = await waitForMail(t, shopper.email, /Total Amount:/);
    expect(mail).toContain(`Cash-on-delivery fee: ${formatRs(FEE)}`);
    expect(mail).toContain(`Total Amount: ${formatRs(items + FEE)}`);
    expect(mail).toContain(`Advance: ${formatRs(ADVANCE)} (due before we prepare your order)`);
    expect(mail).toContain(`To pay on delivery: ${formatRs(due())}`);
    // The fee is no discount: the savings are the pairs' alone.
    expect(mail).toContain(`Savings: ${formatRs(order.subtotal - items)}`);
  });

  it("tells the shop's new-order alert the amount to collect, not the total", async () => {
    const alert = await waitForMail(t, "orders@karachi-shoes.pk", new RegExp(orderNumber(order._id)));
    expect(alert).toContain(`${formatRs(due())} to collect`);
    expect(alert).toContain(`Cash-on-delivery fee: ${formatRs(FEE)}`);
    expect(alert).toContain(`Advance: ${formatRs(ADVANCE)} (not paid yet)`);
    expect(alert).toContain(`To collect: ${formatRs(due())} (cash on delivery)`);
  });

  it("prints the amount due on the packing slip, with the fee and the advance", async () => {
    const res = await call(t, admin, "GET", `/api/admin/slips?ids=${order._id}`);
    expect(res.statusCode, res.body).toBe(200);
    const slips = res.json<PackingSlips>();
    const [slip] = slips.orders;
    if (!slip) throw new Error(`no slip: ${res.body}`);
    expect(slip.dueOnDelivery).toBe(due());
    // The slip screen's own component, as the owner prints it.
    const html = renderToStaticMarkup(createElement(PackingSlip, { order: slip, shop: slips.shop }));
    const collect = /<p class="slip-label">Collect cash on delivery<\/p><p class="slip-amount">([^<]+)<\/p>/.exec(html);
    expect(collect?.[1]).toBe(formatRs(due()));
    expect(html).toContain(`Cash-on-delivery fee: ${formatRs(FEE)}`);
    expect(html).toContain(`Advance: ${formatRs(ADVANCE)} (not paid yet)`);
  });

  it("has the fee, the advance, whether it is paid and the amount to collect in the orders CSV", async () => {
    const res = await call(t, admin, "GET", "/api/admin/exports/orders.csv");
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parse(res.body) as [string[], ...string[][]];
    const row = rows.find((r) => r[header.indexOf("Order id")] === order._id) as string[];
    const at = (name: string) => {
      expect(header).toContain(name);
      return row[header.indexOf(name)];
    };
    expect([
      at("Subtotal (Rs.)"),
      at("COD fee (Rs.)"),
      at("Total (Rs.)"),
      at("Advance (Rs.)"),
      at("Advance paid"),
      at("To collect (Rs.)"),
    ]).toEqual([String(order.subtotal), String(FEE), String(items + FEE), String(ADVANCE), "no", String(due())]);
  });

  it("once the advance is paid, says so in the confirmed mail and books the courier for the amount due", async () => {
    const tellCustomer = statusMailTeller({ shop: t.config.shop, publicUrl: t.config.publicUrl });
    const paid = await markAdvancePaid(t.database.db, {
      orderId: order._id,
      actorUserId: null,
      reason: `Advance of ${formatRs(ADVANCE)} verified`,
      tellCustomer,
    });
    expect(paid).toBe("paid");
    const confirmed = await waitForMail(t, shopper.email, /is confirmed/);
    expect(confirmed).toContain(`We have received your advance of ${formatRs(ADVANCE)}`);
    expect(confirmed).toContain(`please keep ${formatRs(due())} ready to pay on delivery`);
    expect(confirmed).not.toContain("please keep the cash ready");

    const csv = parse((await call(t, admin, "GET", "/api/admin/exports/orders.csv?status=confirm")).body);
    const [head, line] = csv as [string[], string[]];
    expect(line[head.indexOf("Advance paid")]).toBe("yes");
    const page = (await call(t, admin, "GET", `/api/admin/orders/${order._id}`)).json<AdminOrder>();
    expect(page.advance?.paidAt).not.toBeNull();
    expect(page.dueOnDelivery).toBe(due());

    const { couriers } = (await call(t, admin, "GET", "/api/admin/couriers")).json<{ couriers: Courier[] }>();
    const traxId = couriers.find((c) => c.name === "Trax")?._id as string;
    const saved = await call(t, admin, "PUT", `/api/admin/couriers/${traxId}/api`, {
      api: "trax",
      host: "custom",
      baseUrl: trax.url,
      credentials: { apiKey: trax.apiKey, pickupAddressId: "3015", email: "orders@shoeshop.pk" },
      holdHours: 48,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const booked = await call(t, admin, "POST", `/api/admin/orders/${order._id}/book`, { courierId: traxId });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json<BookingAnswer>().results[0]?.ok, booked.body).toBe(true);
    const request = trax.bookings.find((b) => b.body.order_id !== undefined && b.trackingNumber !== undefined);
    expect(request?.body.amount).toBe(due());
    // The parcel's cash expected (payouts, short payments) is the same amount.
    const [parcel] = await selectRowsAsserted(
      t.database.db,
      sql`select cod_amount from parcels where order_id = ${order._id}`,
    );
    expect(parcel).toEqual({ cod_amount: due() });
    const onItsWay = await waitForMail(t, shopper.email, /is on its way/);
    expect(onItsWay).toContain(`Please keep ${formatRs(due())} ready for the rider.`);
    expect(onItsWay).toContain(orderNumber(order._id));
  });
});
