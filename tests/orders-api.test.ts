import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { Cart } from "#shared/cart.ts";
import type { Order, PlacedOrderAnswer } from "#shared/orders.ts";
import { mailsTo } from "./support/accounts.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import {
  ADDRESS,
  count,
  makeShopper,
  orderBody,
  placeOrder,
  products,
  type Shopper,
  setStock,
  stockOf,
  type TestProduct,
} from "./support/shoppers.ts";
import { allMailsSent } from "./support/wait.ts";

let t: TestApp;
let p1: TestProduct;
let p2: TestProduct;
let p3: TestProduct;
beforeAll(async () => {
  t = await createTestApp();
  [p1, p2, p3] = (await products(t, 3)) as [TestProduct, TestProduct, TestProduct];
  for (const p of [p1, p2, p3]) for (const size of p.sizes) await setStock(t, p.id, size, 50);
});
afterAll(() => t?.close());

const sz = (p: TestProduct, i = 0) => p.sizes[i] as number;
const track = (s: Shopper) => t.app.inject({ method: "GET", url: "/api/orders/track", headers: s.headers });

/** Runs `attempt` and checks that it wrote nothing: no order rows, the same stock. */
async function expectNothingWritten(attempt: () => Promise<void>) {
  const before = [await count(t, "orders"), await count(t, "order_lines"), await count(t, "order_status_events")];
  const stock = await stockOf(t, p1.id, sz(p1));
  await attempt();
  expect([await count(t, "orders"), await count(t, "order_lines"), await count(t, "order_status_events")]).toEqual(
    before,
  );
  expect(await stockOf(t, p1.id, sz(p1))).toBe(stock);
}

describe("POST /api/orders/new-order", () => {
  it("places a pending cash-on-delivery order with prices from the database", async () => {
    const s = await makeShopper(t);
    const stock1 = await stockOf(t, p1.id, sz(p1));
    const stock2 = await stockOf(t, p2.id, sz(p2, 1));
    const body = orderBody(s, [
      { product: p1, size: sz(p1), quantity: 2 },
      { product: p2, size: sz(p2, 1), quantity: 1 },
    ]);
    const res = await placeOrder(t, s, body);
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    expect(order).toMatchObject({
      status: "pending",
      totalAmount: p1.discountPrice * 2 + p2.discountPrice,
      subtotal: p1.price * 2 + p2.price,
      paymentMethod: "cod",
      shippingAddress: { ...ADDRESS, email: s.email },
    });
    expect(order._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(order.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(order.items).toHaveLength(2);
    for (const item of order.items) {
      expect(Object.keys(item).sort()).toEqual(
        [
          "description",
          "discountPercentage",
          "discountPrice",
          "imageUrl",
          "name",
          "price",
          "productId",
          "quantity",
          "size",
        ].sort(),
      );
      expect(item.imageUrl.length).toBeGreaterThan(0);
    }
    expect(await stockOf(t, p1.id, sz(p1))).toBe(stock1 - 2);
    expect(await stockOf(t, p2.id, sz(p2, 1))).toBe(stock2 - 1);

    const events = await selectRowsAsserted<{ from_status: string | null; to_status: string; actor_user_id: string }>(
      t.database.db,
      sql`select from_status, to_status, actor_user_id from order_status_events where order_id = ${order._id}`,
    );
    expect(events).toEqual([{ from_status: null, to_status: "pending", actor_user_id: s.id }]);
  });

  it("sends the order confirmation e-mail to the checkout address", async () => {
    const s = await makeShopper(t);
    const res = await placeOrder(t, s, orderBody(s, [{ product: p3, size: sz(p3), quantity: 1 }]));
    expect(res.statusCode).toBe(201);
    // Once the order's outbox rows are gone, every mail it owes has been written: exactly one to the customer.
    await allMailsSent(t.database.db, [res.json<Order>()._id]);
    const mails = await mailsTo(t, s.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(p3.name);
    expect(mails[0]).toMatch(/Total Amount: Rs\.[\d,]+/);
    expect(mails[0]).toContain("Karachi");
    // Writing to the shop from the mail names the order (issue 33).
    const ref = `#${res.json<Order>()._id.slice(0, 8).toUpperCase()}`;
    expect(mails[0]).toContain(
      `Questions about order ${ref}? Call +92 300 1234567, WhatsApp us at https://wa.me/923001234567?text=Hello%2C%20I%20am%20writing%20about%20my%20order%20%23${ref.slice(1)}.`,
    );
    expect(mails[0]).toContain(`mailto:support@shoeshop.pk?subject=Order%20%23${ref.slice(1)}`);
  });

  it("merges duplicate product and size lines, and removes the ordered lines from the cart", async () => {
    const s = await makeShopper(t);
    const add = (productId: string, size: number) =>
      t.app.inject({ method: "POST", url: "/api/user/cart/add", headers: s.headers, payload: { productId, size } });
    await add(p1.id, sz(p1));
    await add(p3.id, sz(p3));
    const body = orderBody(s, [
      { product: p1, size: sz(p1), quantity: 1 },
      { product: p1, size: sz(p1), quantity: 2 },
    ]);
    const res = await placeOrder(t, s, body);
    expect(res.statusCode).toBe(201);
    expect(res.json<Order>().items.map((i) => i.quantity)).toEqual([3]);
    const cart = (await t.app.inject({ method: "GET", url: "/api/user/cart", headers: s.headers })).json<Cart>();
    expect(cart.items.map((l) => l.productId)).toEqual([p3.id]);
    const tooMany = orderBody(s, [
      { product: p1, size: sz(p1), quantity: 6 },
      { product: p1, size: sz(p1), quantity: 5 },
    ]);
    expect((await placeOrder(t, s, tooMany)).statusCode).toBe(400);
  });

  it("accepts _id for productId and ignores display fields of a line", async () => {
    const s = await makeShopper(t);
    const body = {
      ...orderBody(s, []),
      items: [
        { _id: p2.id, size: sz(p2), quantity: 1, price: 1, discountPrice: 1, name: "Cheap", status: "delivered" },
      ],
      totalAmount: p2.discountPrice,
    };
    const res = await placeOrder(t, s, body);
    expect(res.statusCode).toBe(201);
    expect(res.json<Order>().items[0]).toMatchObject({ productId: p2.id, price: p2.price, name: p2.name });
  });

  it("accepts a product id in upper case", async () => {
    const s = await makeShopper(t);
    const body = orderBody(s, [{ product: p2, size: sz(p2), quantity: 1 }]);
    const res = await placeOrder(t, s, {
      ...body,
      items: [{ productId: p2.id.toUpperCase(), size: sz(p2), quantity: 1 }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Order>().items[0]?.productId).toBe(p2.id);
  });

  it("refuses without a token (401) and for another user's userId (403), writing nothing", async () => {
    const s = await makeShopper(t);
    const other = await makeShopper(t);
    await expectNothingWritten(async () => {
      const body = orderBody(s, [{ product: p1, size: sz(p1), quantity: 1 }]);
      const anonymous = await t.app.inject({ method: "POST", url: "/api/orders/new-order", payload: body });
      expect(anonymous.statusCode).toBe(401);
      const forOther = await placeOrder(t, s, { ...body, userId: other.id });
      expect(forOther.statusCode).toBe(403);
      expect(forOther.json().message).toBe("You can only place orders for your own account.");
    });
  });

  it("refuses mass-assignment fields (status, price, _id) at the top level", async () => {
    const s = await makeShopper(t);
    await expectNothingWritten(async () => {
      for (const extra of [{ status: "delivered" }, { price: 1 }, { _id: "00000000-0000-4000-8000-000000000000" }]) {
        const res = await placeOrder(t, s, orderBody(s, [{ product: p1, size: sz(p1), quantity: 1 }], extra));
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
        expect(res.json().message).toBeTruthy();
      }
    });
  });

  it("refuses a tampered totalAmount with 409 and the current total, writing nothing", async () => {
    const s = await makeShopper(t);
    const body = orderBody(s, [{ product: p1, size: sz(p1), quantity: 2 }]);
    await expectNothingWritten(async () => {
      const res = await placeOrder(t, s, { ...body, totalAmount: 1 });
      expect(res.statusCode).toBe(409);
      const total = p1.discountPrice * 2;
      expect(res.json()).toEqual({
        message: `Prices have changed. The total is now Rs.${total.toLocaleString("en-PK")}.`,
        totalAmount: total,
      });
    });
  });

  it("answers 400 for quantities that are not whole numbers 1..10, and for an empty or huge order", async () => {
    const s = await makeShopper(t);
    await expectNothingWritten(async () => {
      for (const quantity of [0, -1, 1.5, 11, 1e12, "2", null]) {
        const body = orderBody(s, [{ product: p1, size: sz(p1), quantity: 1 }]);
        const res = await placeOrder(t, s, { ...body, items: [{ productId: p1.id, size: sz(p1), quantity }] });
        expect(res.statusCode, String(quantity)).toBe(400);
        expect(res.json().message).toBe("Quantity must be a whole number from 1 to 10.");
      }
      const empty = await placeOrder(t, s, { ...orderBody(s, []), totalAmount: 0 });
      expect(empty.statusCode).toBe(400);
      const lines = Array.from({ length: 21 }, () => ({ product: p1, size: sz(p1), quantity: 1 }));
      expect((await placeOrder(t, s, orderBody(s, lines))).statusCode).toBe(400);
      for (const totalAmount of [-5, 1.5, "100"]) {
        const res = await placeOrder(t, s, orderBody(s, [{ product: p1, size: sz(p1), quantity: 1 }], { totalAmount }));
        expect(res.statusCode).toBe(400);
      }
      const notJson = await t.app.inject({
        method: "POST",
        url: "/api/orders/new-order",
        headers: { ...s.headers, "content-type": "application/json" },
        payload: "[1,",
      });
      expect(notJson.statusCode).toBe(400);
    });
  });

  it("checks the shipping address: e-mail pattern, Karachi only, phone digits", async () => {
    const s = await makeShopper(t);
    const base = orderBody(s, [{ product: p1, size: sz(p1), quantity: 1 }]);
    const withAddress = (patch: Record<string, unknown>) => ({
      ...base,
      shippingAddress: { ...base.shippingAddress, ...patch },
    });
    await expectNothingWritten(async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ email: "ayesha@example" }, /^Please enter a valid email address\.$/],
        [{ email: "ay esha@example.pk" }, /^Please enter a valid email address\.$/],
        [{ city: "Lahore" }, /Karachi only/],
        [{ phoneNumber: "12345" }, /phone number/],
        [{ phoneNumber: "0300abc4567" }, /phone number/],
        [{ fullName: "   " }, /full name/],
        [{ addressLine: "" }, /address/],
        [{ country: "PK" }, /.+/],
      ];
      for (const [patch, message] of cases) {
        const res = await placeOrder(t, s, withAddress(patch));
        expect(res.statusCode, JSON.stringify(patch)).toBe(400);
        expect(res.json().message).toMatch(message);
      }
    });
    const ok = await placeOrder(
      t,
      s,
      withAddress({ city: " karachi ", phoneNumber: "+92 300 1234567", postalCode: "" }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json<Order>().shippingAddress).toMatchObject({ city: "Karachi", phoneNumber: "+923001234567" });
  });

  it("refuses unknown products (404), missing sizes and archived products (400)", async () => {
    const s = await makeShopper(t);
    const [extra] = (await products(t, 4)).slice(3) as [TestProduct];
    await setStock(t, extra.id, sz(extra), 5);
    await expectNothingWritten(async () => {
      const unknown = await placeOrder(t, s, {
        ...orderBody(s, [{ product: p1, size: sz(p1), quantity: 1 }]),
        items: [
          { productId: p1.id, size: sz(p1), quantity: 1 },
          { productId: "00000000-0000-4000-8000-000000000000", size: 40, quantity: 1 },
        ],
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: "No product found." });

      await t.database.db.execute(sql`delete from product_sizes where product_id = ${extra.id} and size = 46`);
      const noSize = await placeOrder(t, s, orderBody(s, [{ product: extra, size: 46, quantity: 1 }]));
      expect(noSize.statusCode).toBe(400);
      expect(noSize.json().message).toBe(`${extra.name} does not come in size 46.`);

      await t.database.db.execute(sql`update products set archived_at = now() where id = ${extra.id}`);
      const archived = await placeOrder(
        t,
        s,
        orderBody(s, [
          { product: p1, size: sz(p1), quantity: 1 },
          { product: extra, size: sz(extra), quantity: 1 },
        ]),
      );
      expect(archived.statusCode).toBe(400);
      expect(archived.json().message).toMatch(/no longer on sale/);
    });
    expect(await stockOf(t, extra.id, sz(extra))).toBe(5);
  });

  it("refuses the whole order when one line lacks stock, naming the size and product", async () => {
    const s = await makeShopper(t);
    await setStock(t, p3.id, sz(p3, 2), 1);
    await setStock(t, p3.id, sz(p3, 3), 0);
    await expectNothingWritten(async () => {
      const few = await placeOrder(
        t,
        s,
        orderBody(s, [
          { product: p1, size: sz(p1), quantity: 1 },
          { product: p3, size: sz(p3, 2), quantity: 2 },
        ]),
      );
      expect(few.statusCode).toBe(409);
      expect(few.json()).toEqual({ message: `Only 1 left in size ${sz(p3, 2)} of ${p3.name}.` });
      const none = await placeOrder(t, s, orderBody(s, [{ product: p3, size: sz(p3, 3), quantity: 1 }]));
      expect(none.json()).toEqual({ message: `Size ${sz(p3, 3)} of ${p3.name} is sold out.` });
    });
    expect(await stockOf(t, p3.id, sz(p3, 2))).toBe(1);
  });
});

describe("GET /api/orders/track", () => {
  it("answers the user's own orders only, newest first", async () => {
    const a = await makeShopper(t);
    const b = await makeShopper(t);
    expect((await track(a)).json()).toEqual([]);
    // The order as placed (the answer also holds it under `order`, for the original client).
    const placed = async (s: Shopper, pick: Parameters<typeof orderBody>[1]) =>
      (await placeOrder(t, s, orderBody(s, pick))).json<PlacedOrderAnswer>().order;
    const first = await placed(a, [{ product: p1, size: sz(p1), quantity: 1 }]);
    const second = await placed(a, [{ product: p2, size: sz(p2), quantity: 2 }]);
    await placeOrder(t, b, orderBody(b, [{ product: p2, size: sz(p2), quantity: 1 }]));
    const res = await track(a);
    expect(res.statusCode).toBe(200);
    const orders = res.json<Order[]>();
    expect(orders.map((o) => o._id)).toEqual([second._id, first._id]);
    expect(orders[0]).toEqual(second);
    expect(orders[1]).toEqual(first);
    expect((await track(b)).json<Order[]>()).toHaveLength(1);
  });

  it("answers 401 without a token", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/orders/track" });
    expect(res.statusCode).toBe(401);
  });
});
