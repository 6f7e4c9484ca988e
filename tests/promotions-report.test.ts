// Issue 51, the owner's view of sales, codes and offers: orders placed through the real checkout under
// a scheduled sale, two codes and an offer, some refused at the door or returned through the owner's
// API, then every figure of GET /api/admin/promotions/report checked against what was placed. A code
// used by ten new accounts is flagged as shared publicly; one used by ten customers who had ordered
// before is not.
import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { Order } from "#shared/orders.ts";
import {
  isSharedPublicly,
  type PromotionsReport,
  SHARED_MIN_USES,
  SHARED_NEW_ACCOUNT_SHARE,
} from "#shared/promotions-report.ts";
import type { OrderCheck } from "#shared/risk-rules.ts";
import { salePrice } from "#shared/scheduled-sales.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import {
  ADDRESS,
  makeShopper,
  makeShoppers,
  orderBody,
  type Pick,
  placeOrder,
  products,
  type Shopper,
  setStock,
  type TestProduct,
} from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper;
/** In the sale; not in any code's or offer's orders. */
let onSale: TestProduct;
/** The codes' orders. */
let plain: TestProduct;
/** The offer's. */
let offered: TestProduct;

const PRICE = 2000;
const size = (p: TestProduct) => p.sizes[0] as number;
/** The Karachi day `days` from today, YYYY-MM-DD. */
const karachiDay = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Karachi" }).format(new Date(Date.now() + days * 86_400_000));
const freshPhone = () => `03${String(randomInt(100_000_000, 999_999_999))}`;

beforeAll(async () => {
  // No sweeps of the sale job: the checkout prices the sale's moment itself (price_now).
  t = await createTestApp({ env: { SALE_SWEEP_MS: "0" } });
  admin = await makeAdmin(t);
  [onSale, plain, offered] = (await products(t, 3)) as [TestProduct, TestProduct, TestProduct];
  // No markdown of its own on the sale's product, so its lines' discount is the sale's alone.
  await t.database.db.execute(
    sql`update products set price = ${PRICE}, discount_price = ${PRICE} where id = ${onSale.id}`,
  );
  onSale.price = PRICE;
  onSale.discountPrice = PRICE;
  for (const p of [onSale, plain, offered]) await setStock(t, p.id, size(p), 500);
});
afterAll(() => t?.close());

async function order(shopper: Shopper, picks: Pick[], totalAmount: number, discountCode?: string): Promise<Order> {
  const res = await placeOrder(
    t,
    shopper,
    orderBody(shopper, picks, {
      shippingAddress: { ...ADDRESS, email: shopper.email, phoneNumber: freshPhone() },
      totalAmount,
      ...(discountCode ? { discountCode } : {}),
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

/** The owner confirms the order and its parcel comes back: refused at the door or returned later. */
async function comesBack(id: string, as: "refused" | "returned") {
  expect((await call(t, admin, "POST", `/api/admin/orders/${id}/status`, { status: "confirm" })).statusCode).toBe(200);
  const back = await call(t, admin, "POST", `/api/admin/orders/${id}/return`, { as });
  expect(back.statusCode, back.body).toBe(200);
}

async function addCode(code: string, amount: number, maxUses: number | null): Promise<string> {
  const [row] = await selectRowsAsserted<{ id: string }>(
    t.database.db,
    sql`insert into discount_codes (code, kind, amount, max_uses, starts_at)
        values (${code}, 'fixed', ${amount}, ${maxUses}, now() - interval '1 hour') returning id`,
  );
  return row?.id as string;
}

const report = async (query = "") => {
  const res = await call(t, admin, "GET", `/api/admin/promotions/report${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PromotionsReport>();
};

describe("GET /api/admin/promotions/report", () => {
  it("is the owner's only: 401 without a token, 403 to a customer", async () => {
    expect((await t.app.inject({ url: "/api/admin/promotions/report" })).statusCode).toBe(401);
    const customer = await makeShopper(t);
    expect((await call(t, customer, "GET", "/api/admin/promotions/report")).statusCode).toBe(403);
  });

  it("adds up each sale's orders, pairs, revenue, discount, refusals and returns from the lines it priced", async () => {
    const [sale] = await selectRowsAsserted<{ id: string; starts: string; ends: string }>(
      t.database.db,
      sql`insert into sales (name, scope, product_ids, pricing, percent, starts_at, ends_at)
          values ('Report week', 'products', array[${onSale.id}::uuid], 'percent', 20,
                  now() - interval '1 minute', now() + interval '1 hour')
          returning id, to_char(starts_at at time zone 'Asia/Karachi', 'YYYY-MM-DD"T"HH24:MI') as starts,
                        to_char(ends_at at time zone 'Asia/Karachi', 'YYYY-MM-DD"T"HH24:MI') as ends`,
    );
    if (!sale) throw new Error("no sale");
    const price = salePrice({ pricing: "percent", percent: 20 }, PRICE);
    expect(price).toBe(1600);
    const [kept, refused, returned] = await makeShoppers(t, 3);
    if (!kept || !refused || !returned) throw new Error("no shoppers");
    // Two pairs on sale and one pair that is not: only the sale's two count as its pairs.
    const mixed = await order(
      kept,
      [
        { product: onSale, size: size(onSale), quantity: 2 },
        { product: plain, size: size(plain), quantity: 1 },
      ],
      2 * price + plain.discountPrice,
    );
    expect(mixed.items.find((i) => i.productId === onSale.id)?.discountPrice).toBe(price);
    const one = [{ product: onSale, size: size(onSale), quantity: 1 }];
    await comesBack((await order(refused, one, price))._id, "refused");
    await comesBack((await order(returned, one, price))._id, "returned");

    // A sale that has not started has nothing to report yet: not listed.
    const [later] = await selectRowsAsserted<{ id: string }>(
      t.database.db,
      sql`insert into sales (name, scope, product_ids, pricing, percent, starts_at, ends_at)
          values ('Next month', 'products', array[${plain.id}::uuid], 'percent', 10,
                  now() + interval '30 days', now() + interval '31 days')
          returning id`,
    );
    const { sales } = await report();
    expect(sales.some((s) => s.saleId === later?.id)).toBe(false);
    const row = sales.find((s) => s.saleId === sale.id);
    expect(row).toEqual({
      saleId: sale.id,
      name: "Report week",
      startsAt: sale.starts,
      endsAt: sale.ends,
      orders: 3,
      pairs: 4,
      // Only the kept order: refused and returned parcels are cancelled orders.
      revenue: 2 * price + plain.discountPrice,
      discount: 2 * (PRICE - price),
      refused: 1,
      returned: 1,
    });
    // Over, so the other tests' orders are not priced by it.
    await t.database.db.execute(sql`update sales set ends_at = now() where id = ${sale.id}`);
  });

  it("flags a code ten new accounts used, not one ten returning customers used, with every figure", async () => {
    const publicId = await addCode("PASSED-AROUND", 100, null);
    const loyalId = await addCode("LOYAL-FEW", 150, 50);
    const pair = [{ product: plain, size: size(plain), quantity: 1 }];

    // Ten new accounts, each its first order with the code; one of them refuses the parcel.
    const strangers = await makeShoppers(t, 10);
    const publicOrders: Order[] = [];
    for (const s of strangers) publicOrders.push(await order(s, pair, plain.discountPrice - 100, "PASSED-AROUND"));
    await comesBack((publicOrders[0] as Order)._id, "refused");

    // Ten customers who had ordered before, each now with the code (two pairs each).
    const regulars = await makeShoppers(t, 10);
    for (const s of regulars) await order(s, pair, plain.discountPrice);
    const twoPairs = [{ product: plain, size: size(plain), quantity: 2 }];
    for (const s of regulars) await order(s, twoPairs, 2 * plain.discountPrice - 150, "LOYAL-FEW");

    const { codes } = await report();
    expect(codes.find((c) => c.codeId === publicId)).toEqual({
      codeId: publicId,
      code: "PASSED-AROUND",
      uses: 10,
      maxUses: null,
      newAccounts: 10,
      sharedPublicly: true,
      orders: 10,
      pairs: 10,
      revenue: 9 * (plain.discountPrice - 100),
      discount: 9 * 100,
      refused: 1,
      returned: 0,
    });
    expect(codes.find((c) => c.codeId === loyalId)).toEqual({
      codeId: loyalId,
      code: "LOYAL-FEW",
      uses: 10,
      maxUses: 50,
      newAccounts: 0,
      sharedPublicly: false,
      orders: 10,
      pairs: 20,
      revenue: 10 * (2 * plain.discountPrice - 150),
      discount: 10 * 150,
      refused: 0,
      returned: 0,
    });
    // The most used first.
    expect(codes.map((c) => c.uses)).toEqual(codes.map((c) => c.uses).toSorted((a, b) => b - a));

    // A period of Karachi days: today holds every one of these orders, yesterday none of them (the
    // code's uses and cap stay what they are; its figures and the flag are the period's).
    const today = karachiDay(0);
    const inToday = await report(`?from=${today}&to=${today}`);
    expect([inToday.from, inToday.to]).toEqual([today, today]);
    expect(inToday.codes.find((c) => c.codeId === publicId)).toEqual(codes.find((c) => c.codeId === publicId));
    const yesterday = karachiDay(-1);
    const before = await report(`?to=${yesterday}`);
    expect([before.from, before.to]).toEqual([null, yesterday]);
    expect(before.codes.find((c) => c.codeId === publicId)).toMatchObject({
      uses: 10,
      orders: 0,
      pairs: 0,
      revenue: 0,
      discount: 0,
      refused: 0,
      newAccounts: 0,
      sharedPublicly: false,
    });
    const after = await report(`?from=${karachiDay(1)}`);
    expect(after.codes.find((c) => c.codeId === loyalId)?.orders).toBe(0);
  });

  it("refuses a period that is not two dates in order with a clear 400", async () => {
    for (const [query, message] of [
      ["?from=2026-02-30", "from, the period's first day, must be a date like 2026-11-01."],
      ["?to=yesterday", "to, the period's last day, must be a date like 2026-11-01."],
      ["?from=", "from, the period's first day, must be a date like 2026-11-01."],
      ["?from=2026-11-01&from=2026-11-02", "from, the period's first day, must be one date like 2026-11-01."],
      [
        "?from=2026-11-02&to=2026-11-01",
        "The period ends before it starts: choose a last day (to) on or after the first (from).",
      ],
    ] as const) {
      const res = await call(t, admin, "GET", `/api/admin/promotions/report${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toContain(message);
    }
  });

  it("draws the line at ten uses and 60% new accounts", () => {
    expect([SHARED_MIN_USES, SHARED_NEW_ACCOUNT_SHARE]).toEqual([10, 0.6]);
    expect(isSharedPublicly(10, 6)).toBe(true);
    expect(isSharedPublicly(10, 5)).toBe(false);
    expect(isSharedPublicly(9, 9)).toBe(false);
  });

  it("adds up an offer's orders, pairs, revenue, discount and refusals, and lists one nobody took with zeros", async () => {
    const [offer] = await selectRowsAsserted<{ id: string }>(
      t.database.db,
      sql`insert into offers (name, kind, percent, min_pairs, product_ids, starts_at)
          values ('Two pairs, 10% off', 'pairsPercent', 10, 2, array[${offered.id}::uuid], now() - interval '1 hour')
          returning id`,
    );
    const [idle] = await selectRowsAsserted<{ id: string }>(
      t.database.db,
      sql`insert into offers (name, kind, percent, product_ids, starts_at)
          values ('Nobody took it', 'pairsPercent', 5, array[${offered.id}::uuid], now() + interval '1 day')
          returning id`,
    );
    if (!offer || !idle) throw new Error("no offer");
    const picks = [{ product: offered, size: size(offered), quantity: 2 }];
    const discount = Math.round((2 * offered.discountPrice * 10) / 100);
    const [first, second] = await makeShoppers(t, 2);
    if (!first || !second) throw new Error("no shoppers");
    const checked = await call(t, first, "POST", "/api/orders/check", {
      items: [{ productId: offered.id, size: size(offered), quantity: 2 }],
      shippingAddress: { ...ADDRESS, email: first.email },
    });
    expect(checked.json<OrderCheck>().discount).toEqual({ label: "Two pairs, 10% off", amount: discount });
    const total = 2 * offered.discountPrice - discount;
    await order(first, picks, total);
    await comesBack((await order(second, picks, total))._id, "refused");

    const { offers } = await report();
    expect(offers.find((o) => o.offerId === offer.id)).toEqual({
      offerId: offer.id,
      name: "Two pairs, 10% off",
      orders: 2,
      pairs: 4,
      revenue: total,
      discount,
      refused: 1,
      returned: 0,
    });
    expect(offers.find((o) => o.offerId === idle.id)).toEqual({
      offerId: idle.id,
      name: "Nobody took it",
      orders: 0,
      pairs: 0,
      revenue: 0,
      discount: 0,
      refused: 0,
      returned: 0,
    });
  });
});
