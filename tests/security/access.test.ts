// Attacks on who may do what and on the order's arithmetic: another user's cart and orders, mass
// assignment on every write, impossible quantities, a tampered total, and forged or dead tokens.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { Cart } from "#shared/cart.ts";
import type { Order } from "#shared/orders.ts";
import { bearer, newPerson, post, signIn, signUp, tokenOf, waitForResetLink } from "../support/accounts.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import {
  makeShopper,
  orderBody,
  placeOrder,
  products,
  type Shopper,
  setStock,
  type TestProduct,
} from "../support/shoppers.ts";
import { dbState, expectNothingChanged, expectRefusal } from "./support.ts";

let t: TestApp;
let alice: Shopper;
let bob: Shopper;
let product: TestProduct;
let size: number;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: "1000" } });
  [alice, bob] = [await makeShopper(t), await makeShopper(t)];
  [product] = (await products(t, 1)) as [TestProduct];
  size = product.sizes[0] as number;
  for (const s of product.sizes) await setStock(t, product.id, s, 40);
});
afterAll(() => t?.close());

const inject = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: object, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const cartOf = async (s: Shopper) => (await inject("GET", "/api/user/cart", s.headers)).json<Cart>();
const line = (quantity = 1) => [{ product, size, quantity }];

describe("another user's cart and orders", () => {
  it("cannot be read, changed or ordered by naming the other user's id anywhere", async () => {
    await post(t, "/api/user/cart/add", { productId: product.id, size, quantity: 2 }, bob.headers);
    await placeOrder(t, bob, orderBody(bob, line()));
    const bobsCart = await cartOf(bob);
    const bobsOrders = (await inject("GET", "/api/orders/track", bob.headers)).json<Order[]>();
    expect(bobsOrders).toHaveLength(1);

    await expectNothingChanged(t, async () => {
      // An order for Bob's account placed with Alice's token.
      expectRefusal(await placeOrder(t, alice, orderBody(bob, line())), 403);
      // Bob's id as a query or an extra field gets Alice nothing of Bob's.
      const track = await inject("GET", `/api/orders/track?userId=${bob.id}`, alice.headers);
      expect(track.json()).toEqual([]);
      const cart = await inject("GET", `/api/user/cart?userId=${bob.id}`, alice.headers);
      expect(cart.json<Cart>().items).toEqual([]);
      expectRefusal(
        await inject("PUT", "/api/user/cart/update", alice.headers, {
          productId: product.id,
          quantity: 5,
          userId: bob.id,
        }),
        400,
      );
      expectRefusal(
        await inject("DELETE", "/api/user/cart/remove", alice.headers, { productId: product.id, userId: bob.id }),
        400,
      );
    });
    await inject("DELETE", "/api/user/cart/clear", alice.headers, { userId: bob.id });
    expect(await cartOf(bob)).toEqual(bobsCart);
    expect((await inject("GET", "/api/orders/track", bob.headers)).json()).toEqual(bobsOrders);
  });
});

describe("mass assignment", () => {
  const extras = {
    role: "admin",
    isAdmin: true,
    status: "delivered",
    price: 1,
    discountPrice: 1,
    userId: "x",
    _id: "x",
  };

  it.each(Object.entries(extras))("sign-up refuses %s and creates no account", async (key, value) => {
    await expectNothingChanged(t, async () => {
      const message = expectRefusal(await post(t, "/api/user/signup", { ...newPerson(), [key]: value }), 400);
      expect(message).toContain(key);
    });
  });

  it.each(Object.entries(extras))("new-order refuses %s at the top level and in the address", async (key, value) => {
    await expectNothingChanged(t, async () => {
      if (key !== "userId") expectRefusal(await placeOrder(t, alice, orderBody(alice, line(), { [key]: value })), 400);
      const body = orderBody(alice, line());
      expectRefusal(
        await placeOrder(t, alice, { ...body, shippingAddress: { ...body.shippingAddress, [key]: value } }),
        400,
      );
    });
  });

  it.each(Object.entries(extras).filter(([k]) => !k.includes("rice")))(
    "cart add and update refuse %s and change nothing",
    async (key, value) => {
      await expectNothingChanged(t, async () => {
        const add = { productId: product.id, size, quantity: 1, [key]: value };
        expect(expectRefusal(await post(t, "/api/user/cart/add", add, alice.headers), 400)).toContain(key);
        const update = { productId: product.id, quantity: 1, [key]: value };
        expectRefusal(await inject("PUT", "/api/user/cart/update", alice.headers, update), 400);
      });
    },
  );

  it("cart add/update and order lines take price, name and stock from the database only", async () => {
    await inject("DELETE", "/api/user/cart/clear", alice.headers);
    const add = await post(
      t,
      "/api/user/cart/add",
      {
        productId: product.id,
        size,
        quantity: 1,
        price: 1,
        discountPrice: 1,
        name: "<b>free</b>",
      },
      alice.headers,
    );
    expect(add.statusCode).toBe(200);
    expect(add.json<Cart>().items[0]).toMatchObject({
      price: product.price,
      discountPrice: product.discountPrice,
      name: product.name,
    });
    const update = await inject("PUT", "/api/user/cart/update", alice.headers, {
      productId: product.id,
      quantity: 2,
    });
    expect(update.json<Cart>().items[0]).toMatchObject({ price: product.price, quantity: 2 });
    const body = orderBody(alice, line());
    const order = await placeOrder(t, alice, {
      ...body,
      items: [
        { productId: product.id, size, quantity: 1, price: 1, discountPrice: 1, status: "delivered", userId: bob.id },
      ],
    });
    expect(order.statusCode).toBe(201);
    expect(order.json<Order>()).toMatchObject({ status: "pending", totalAmount: product.discountPrice });
    const [owner] = await selectRowsAsserted<{ user_id: string }>(
      t.database.db,
      sql`select user_id from orders where id = ${order.json<Order>()._id}`,
    );
    expect(owner?.user_id).toBe(alice.id);
    const [role] = await selectRowsAsserted<{ role: string }>(
      t.database.db,
      sql`select role from users where id = ${alice.id}`,
    );
    expect(role?.role).toBe("customer");
  });
});

describe("quantities", () => {
  const bad: unknown[] = [
    -1,
    0,
    0.5,
    1.5,
    11,
    1e9,
    Number.MAX_SAFE_INTEGER,
    1e308,
    "2",
    "1; drop table",
    null,
    true,
    [1],
    { n: 1 },
    "NaN",
    "Infinity",
    -0.0001,
  ];

  it.each(bad.map((q) => [JSON.stringify(q), q] as const))(
    "%s is refused by cart add, cart update and new-order",
    async (_label, quantity) => {
      await post(t, "/api/user/cart/add", { productId: product.id, size, quantity: 1 }, alice.headers);
      await expectNothingChanged(t, async () => {
        expectRefusal(
          await post(t, "/api/user/cart/add", { productId: product.id, size, quantity }, alice.headers),
          400,
        );
        expectRefusal(
          await inject("PUT", "/api/user/cart/update", alice.headers, { productId: product.id, size, quantity }),
          400,
        );
        const body = orderBody(alice, line());
        const items = [{ productId: product.id, size, quantity }];
        expectRefusal(await placeOrder(t, alice, { ...body, items }), 400);
      });
    },
  );

  it("NaN and Infinity written as bare JSON words are not JSON: 400", async () => {
    for (const word of ["NaN", "Infinity", "-Infinity", "1e999"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/user/cart/add",
        headers: { ...alice.headers, "content-type": "application/json" },
        payload: `{"productId":"${product.id}","size":${size},"quantity":${word}}`,
      });
      expectRefusal(res, 400);
    }
  });
});

describe("a tampered totalAmount", () => {
  it.each([0, 1, -1, 10 ** 12])("%s answers 409 with the current total and writes nothing", async (total) => {
    const real = product.discountPrice * 2;
    const res = await expectNothingChanged(t, async () =>
      placeOrder(t, alice, orderBody(alice, line(2), { totalAmount: total })),
    );
    if (total < 0) return void expectRefusal(res, 400);
    expectRefusal(res, 409);
    expect(res.json()).toMatchObject({ totalAmount: real });
  });

  it("a fractional or string total is refused with 400", async () => {
    for (const total of [0.5, "7190", null]) {
      await expectNothingChanged(t, async () => {
        expectRefusal(await placeOrder(t, alice, orderBody(alice, line(), { totalAmount: total })), 400);
      });
    }
  });
});

describe("forged and dead tokens", () => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const guarded = [
    ["GET", "/api/user/my-details"],
    ["GET", "/api/user/cart"],
    ["POST", "/api/user/cart/add"],
    ["GET", "/api/orders/track"],
    ["POST", "/api/orders/new-order"],
    ["POST", "/api/user/logout"],
    ["GET", "/api/user/addresses"],
    ["PUT", "/api/user/addresses/00000000-0000-4000-8000-000000000000"],
    ["DELETE", "/api/user/addresses/00000000-0000-4000-8000-000000000000"],
    ["GET", "/api/user/order-limits"],
    ["GET", "/api/admin/dashboard"],
  ] as const;

  async function expectAllRefused(token: string) {
    await expectNothingChanged(t, async () => {
      for (const [method, url] of guarded) {
        const payload = method === "POST" ? { productId: product.id, size } : undefined;
        expectRefusal(await inject(method, url, bearer(token), payload), 401);
      }
    });
  }

  it("refuses an alg:none JWT, a signed-looking JWT, an altered, a random and an oversized token", async () => {
    const none = `${b64({ alg: "none", typ: "JWT" })}.${b64({ sub: alice.id, role: "admin" })}.`;
    const hs = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ sub: alice.id, role: "admin", exp: 9e9 })}.c2lnbmF0dXJl`;
    const flip = (c: string) => (c === "A" ? "B" : "A");
    const altered = alice.token.slice(0, 10) + flip(alice.token[10] ?? "A") + alice.token.slice(11);
    const random = Buffer.alloc(32, 7).toString("base64url");
    for (const token of [none, hs, altered, random, "x".repeat(10_000), `${alice.token}x`, alice.token.toLowerCase()]) {
      await expectAllRefused(token);
    }
    expect((await inject("GET", "/api/user/my-details", alice.headers)).statusCode).toBe(200);
  });

  it("refuses an expired session", async () => {
    const carol = await makeShopper(t);
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${carol.id}`,
    );
    await expectAllRefused(carol.token);
  });

  it("refuses a token after logout and after a completed password reset", async () => {
    const person = await signUp(t);
    const first = await signIn(t, person.email, person.password);
    const second = await signIn(t, person.email, person.password);
    expect((await inject("POST", "/api/user/logout", bearer(first))).statusCode).toBe(200);
    await expectAllRefused(first);

    const newPassword = "Another-Good-Password-42";
    await post(t, "/api/user/reset-password", { email: person.email, newPassword, confirmPassword: newPassword });
    const link = await waitForResetLink(t, person.email, 1);
    expect((await post(t, "/api/user/reset-password/confirm", { token: tokenOf(link), newPassword })).statusCode).toBe(
      200,
    );
    await expectAllRefused(second);
    // And the reset link itself works once only.
    const before = await dbState(t);
    expectRefusal(await post(t, "/api/user/reset-password/confirm", { token: tokenOf(link), newPassword }), 400);
    expect(await dbState(t)).toEqual(before);
  });
});
