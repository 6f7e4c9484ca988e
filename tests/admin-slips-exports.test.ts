// Packing slips and CSV exports through the admin API (issue 18): a batch of 50 slips in one
// answer and in the order asked, bad and unknown ids named in a 4xx; CSVs that Excel opens right
// (BOM, CRLF, quoted text, bare numbers, no formulas) and that round-trip through papaparse with
// Urdu intact, filtered as the admin lists are. A dispatched parcel's slip carries its airway
// bill, with the courier's label from its booking (issue 49).

import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProduct } from "#shared/admin.ts";
import type { Courier } from "#shared/couriers.ts";
import type { Order } from "#shared/orders.ts";
import { SHOP_NAME } from "#shared/shop.ts";
import { formatWeight, type PackingSlips, type SlipOrder } from "#shared/slips.ts";
import { call, makeAdmin, newProduct } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { deliveries } from "./support/deliveries.ts";
import {
  makeShopper,
  orderBody,
  placeOrder,
  products,
  type Shopper,
  setStock,
  type TestProduct,
} from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper;
let p: TestProduct;
const orders: Order[] = [];
const URDU = "جوتا";

beforeAll(async () => {
  // One shopper places the 50 orders: above the per-customer limit of open orders a real shop keeps.
  t = await createTestApp({
    env: {
      SHOP_PHONE: "+92 321 7654321",
      SHOP_EMAIL: "orders@karachi-shoes.pk",
      MAX_OPEN_ORDERS: "100",
      MAX_OPEN_PAIRS: "1000",
    },
  });
  admin = await makeAdmin(t);
  [p] = (await products(t, 1)) as [TestProduct];
  await setStock(t, p.id, p.sizes[0] as number, 500);
  const shopper = await makeShopper(t);
  for (let i = 0; i < 50; i++) {
    const body = orderBody(shopper, [{ product: p, size: p.sizes[0] as number, quantity: 1 + (i % 3) }]);
    const name = i === 0 ? `Ayesha ${URDU}` : (FORMULA_NAMES[i - 1] ?? `Customer ${i}`);
    body.shippingAddress = {
      ...body.shippingAddress,
      fullName: name,
      phoneNumber: i % 2 ? "+923001234567" : "0300 7654321",
    };
    const res = await placeOrder(t, shopper, body);
    expect(res.statusCode, res.body).toBe(201);
    orders.push(res.json<Order>());
  }
}, 120_000);
afterAll(() => t?.close());

// Names that start like a formula: ASCII '=', the full-width forms (U+FF1D, U+FF0B, U+FF20).
const FORMULA_NAMES = [
  '=HYPERLINK("http://evil.example","x")',
  '\uFF1DHYPERLINK("http://evil.example","x")',
  "\uFF0BCMD call me",
  "\uFF20SUM Ali",
  " =Ali Khan",
];

const get = (url: string, who: { headers: Record<string, string> } = admin) => call(t, who, "GET", url);

describe("packing slips", () => {
  it("answers 50 orders in one batch, in the order asked, with the shop's details", async () => {
    const ids = orders.map((o) => o._id).reverse();
    const res = await get(`/api/admin/slips?ids=${ids.join(",")}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const slips = res.json<PackingSlips>();
    expect(slips.shop).toEqual({ name: SHOP_NAME, phone: "+92 321 7654321", email: "orders@karachi-shoes.pk" });
    expect(slips.orders.map((o) => o._id)).toEqual(ids);
    const first = slips.orders.at(-1);
    expect(first?.shippingAddress.fullName).toBe(`Ayesha ${URDU}`);
    expect(first?.items[0]).toMatchObject({ name: p.name, size: p.sizes[0], quantity: 1 });
    expect(first?.totalAmount).toBe(p.discountPrice);
  });

  it("prints an id given twice once", async () => {
    const id = orders[0]?._id as string;
    const res = await get(`/api/admin/slips?ids=${id},${id.toUpperCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PackingSlips>().orders).toHaveLength(1);
  });

  it("names ids that are not order ids, and orders that do not exist, and prints none of them", async () => {
    const id = orders[0]?._id as string;
    const bad = await get(`/api/admin/slips?ids=${id},nonsense,12`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("These are not order ids: nonsense, 12.");
    const unknown = "00000000-0000-4000-8000-000000000000";
    const missing = await get(`/api/admin/slips?ids=${id},${unknown}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(`No order has the id ${unknown}.`);
    for (const url of ["/api/admin/slips", "/api/admin/slips?ids=", "/api/admin/slips?ids=,,"]) {
      const none = await get(url);
      expect(none.statusCode, url).toBe(400);
      expect(none.json().message).toContain("Choose at least one order");
    }
    const many = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    const tooMany = await get(`/api/admin/slips?ids=${many.join(",")}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain("at most 100");
  });

  it("is for the admin only", async () => {
    const customer = await makeShopper(t);
    expect((await get(`/api/admin/slips?ids=${orders[0]?._id}`, customer)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/admin/slips?ids=${orders[0]?._id}` })).statusCode).toBe(401);
  });
});

const parse = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;

describe("orders CSV", () => {
  it("opens right in Excel: BOM, CRLF, quoted text, bare rupees, a download name", async () => {
    const res = await get("/api/admin/exports/orders.csv");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString("utf8");
    expect(text.split("\r\n").length).toBe(orders.length + 2); // header, rows, and the final CRLF
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toMatch(/^"Order number","Order id",/);
    // The newest order first: its amounts are bare numbers, not "Rs.4,500".
    const newest = orders.at(-1) as Order;
    // What the sale prices saved, no offer or code (0 and no name), no fee and no advance: 0, its total,
    // 0, no 'Advance paid', the total to collect. Not dispatched yet: its courier, number, paid date,
    // collected and charges are empty.
    const saved = newest.subtotal - newest.totalAmount;
    expect(lines[1]).toMatch(
      new RegExp(`,${newest.subtotal},${saved},0,,0,${newest.totalAmount},0,,${newest.totalAmount},,,,,$`),
    );
  });

  it("round-trips through papaparse with Urdu names intact, and defuses formulas", async () => {
    const rows = parse((await get("/api/admin/exports/orders.csv")).body);
    const [header, ...data] = rows;
    expect(header).toContain("To collect (Rs.)");
    const col = (name: string) => (header as string[]).indexOf(name);
    const ayesha = data.find((r) => r[col("Order id")] === orders[0]?._id) as string[];
    expect(ayesha[col("Customer")]).toBe(`Ayesha ${URDU}`);
    expect(ayesha[col("Phone")]).toBe("0300 7654321");
    expect(ayesha[col("Items")]).toBe(`1 x ${p.name} (size ${p.sizes[0]})`);
    expect(Number(ayesha[col("To collect (Rs.)")])).toBe(orders[0]?.totalAmount);
    expect(ayesha[col("Status")]).toBe("pending");
    const evil = data.find((r) => r[col("Order id")] === orders[1]?._id) as string[];
    expect(evil[col("Customer")]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(evil[col("Phone")]).toBe("0300 1234567");
    for (const [index, name] of FORMULA_NAMES.entries()) {
      const row = data.find((r) => r[col("Order id")] === orders[index + 1]?._id) as string[];
      // The name is saved trimmed.
      expect(row[col("Customer")]).toBe(`'${name.trim()}`);
    }
    for (const row of data)
      for (const value of row) expect(value).not.toMatch(/^[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/);
  });

  it("takes the orders list's filters, and refuses bad ones with 400", async () => {
    const confirmed = orders[5] as Order;
    expect(
      (await call(t, admin, "POST", `/api/admin/orders/${confirmed._id}/status`, { status: "confirm" })).statusCode,
    ).toBe(200);
    const byStatus = parse((await get("/api/admin/exports/orders.csv?status=confirm")).body);
    expect(byStatus.slice(1).map((r) => r[1])).toEqual([confirmed._id]);
    const byName = parse((await get(`/api/admin/exports/orders.csv?query=${encodeURIComponent(URDU)}`)).body);
    expect(byName.slice(1).map((r) => r[1])).toEqual([orders[0]?._id]);
    const none = parse((await get("/api/admin/exports/orders.csv?status=delivered")).body);
    expect(none).toHaveLength(1);

    // Dispatched with TCS, delivered, and its cash recorded: the row says with whom, which number,
    // when it was paid and what the courier charged.
    const { couriers } = (await call(t, admin, "GET", "/api/admin/couriers")).json<{ couriers: Courier[] }>();
    const tcs = couriers.find((c) => c.name === "TCS") as Courier;
    const dispatched = await call(t, admin, "POST", `/api/admin/orders/${confirmed._id}/dispatch`, {
      courierId: tcs._id,
      trackingNumber: "TCS-778899",
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    await call(t, admin, "POST", `/api/admin/orders/${confirmed._id}/status`, { status: "delivered" });
    await t.database.db.execute(
      sql`update parcels set collected_amount = cod_amount, charges = 180, settled_at = now(), settled_via = 'report'
          where order_id = ${confirmed._id}`,
    );
    const [head, row] = parse((await get("/api/admin/exports/orders.csv?status=delivered")).body) as [
      string[],
      string[],
    ];
    const at = (name: string) => row[head.indexOf(name)];
    expect([at("Courier"), at("Tracking number"), at("Collected (Rs.)"), at("Courier charges (Rs.)")]).toEqual([
      "TCS",
      "TCS-778899",
      String(confirmed.totalAmount),
      "180",
    ]);
    expect(at("Paid (Karachi date)")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const bad = await get("/api/admin/exports/orders.csv?status=shipped");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("status must be one of");
  });
});

describe("products CSV", () => {
  it("lists stock per size (empty for a size not offered) and round-trips Urdu names", async () => {
    const created = await call(
      t,
      admin,
      "POST",
      "/api/admin/products",
      newProduct({
        name: `Khussa ${URDU}`,
        category: "women-pumps-khusa",
        price: 3000,
        discountPrice: 2500,
        sizes: [
          { size: 37, stock: 4 },
          { size: 39, stock: 0 },
        ],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json<AdminProduct>();
    const res = await get("/api/admin/exports/products.csv?category=women-pumps-khusa");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/filename="products-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...data] = parse(res.body);
    expect(header?.slice(0, 7)).toEqual([
      "Product id",
      "Name",
      "Category",
      "Price (Rs.)",
      "Discount price (Rs.)",
      "On sale in the shop",
      "Pairs in stock",
    ]);
    expect(header?.slice(7)).toEqual([
      "Size 37",
      "Size 38",
      "Size 39",
      "Size 40",
      "Size 41",
      "Size 42",
      "Size 43",
      "Size 44",
      "Size 45",
      "Size 46",
    ]);
    const row = data.find((r) => r[0] === product._id);
    expect(row).toEqual([
      product._id,
      `Khussa ${URDU}`,
      "Women · Pumps & Khusa",
      "3000",
      "2500",
      "yes",
      "4",
      "4",
      "",
      "0",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
    ]);
    expect(data.every((r) => r[2] === "Women · Pumps & Khusa")).toBe(true);
    expect(res.body).toContain(`"Khussa ${URDU}",`);
  });

  it("refuses an unknown category with 400", async () => {
    const res = await get("/api/admin/exports/products.csv?category=boots");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Unknown category");
  });
});

// Last in the file: its orders would otherwise be rows of the orders CSV counted above.
describe("the airway bill on a slip", () => {
  const slipOf = async (id: string): Promise<SlipOrder> => {
    const res = await get(`/api/admin/slips?ids=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PackingSlips>().orders[0] as SlipOrder;
  };

  it("carries a dispatched parcel's courier, CN and cash, and its booking's label, weight and pieces", async () => {
    const parcels = await deliveries(t, admin, p);
    const { order, trackingNumber } = await parcels.dispatched("TCS", 2);
    const cn = trackingNumber as string;
    const unbooked = await slipOf(order._id);
    // Dispatched by hand: no booking, so no label, weight or pieces.
    expect(unbooked.airwayBill).toEqual({
      courier: "TCS",
      trackingNumber: cn,
      codAmount: order.totalAmount,
      weightGrams: null,
      pieces: null,
      labelUrl: null,
    });
    expect(unbooked.parcel?.trackingNumber).toBe(cn);

    // Booked through the courier's API (no service writes bookings yet: a plain row).
    const label = `https://api.tcs.example.pk/awb/${cn}.pdf`;
    const book = (state: string, number: string, url: string) =>
      t.database.db.execute(
        sql`insert into courier_bookings (order_id, courier_id, reference, state, tracking_number, label_url, weight_grams, pieces)
            values (${order._id}, ${parcels.courier("TCS")}, ${order._id}, ${state}, ${number}, ${url}, 1200, 2)
            on conflict (order_id) do update set state = excluded.state, tracking_number = excluded.tracking_number,
              label_url = excluded.label_url`,
      );
    await book("booked", cn, label);
    expect((await slipOf(order._id)).airwayBill).toEqual({
      courier: "TCS",
      trackingNumber: cn,
      codAmount: order.totalAmount,
      weightGrams: 1200,
      pieces: 2,
      labelUrl: label,
    });
    expect(formatWeight(1200)).toBe("1.2 kg");

    // A booking under another CN, or cancelled, is some other parcel's: its label is not this one's.
    await book("booked", `${cn}9`, label);
    expect((await slipOf(order._id)).airwayBill).toMatchObject({ trackingNumber: cn, labelUrl: null, pieces: null });
    await book("cancelled", cn, label);
    expect((await slipOf(order._id)).airwayBill).toMatchObject({ labelUrl: null, pieces: null });
    // The address comes from the courier's API: only a web address becomes a link.
    await book("booked", cn, "javascript:alert(1)");
    expect((await slipOf(order._id)).airwayBill).toMatchObject({ labelUrl: null, pieces: 2 });
  });

  it("is not on the slip of an order for the shop's own rider, nor of one not dispatched", async () => {
    const parcels = await deliveries(t, admin, p);
    const { order } = await parcels.dispatched("Own rider");
    const byRider = await slipOf(order._id);
    expect(byRider.parcel?.courier).toBe("Own rider");
    expect(byRider.airwayBill).toBeNull();
    expect((await slipOf((await parcels.confirmed())._id)).airwayBill).toBeNull();
  });
});
