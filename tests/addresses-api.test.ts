// The address book (issue 29): every order saves its shipping address on the account, after the
// order has committed; the customer's last ADDRESS_BOOK_SIZE addresses come back most recent first
// and can be edited (with the order's own rules) and removed; another customer's are out of reach.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { ADDRESS_BOOK_SIZE, ADDRESS_MESSAGES, type SavedAddress } from "#shared/addresses.ts";
import { ORDER_MESSAGES, type Order } from "#shared/orders.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import {
  ADDRESS,
  makeShopper,
  orderBody,
  placeOrder,
  products,
  type Shopper,
  setStock,
  type TestProduct,
} from "./support/shoppers.ts";

let t: TestApp;
let product: TestProduct;
beforeAll(async () => {
  // Limits out of the way: these customers order more often than one may hold open.
  t = await createTestApp({ env: { MAX_OPEN_ORDERS: "100", MAX_OPEN_PAIRS: "1000" } });
  [product] = (await products(t, 1)) as [TestProduct];
  for (const size of product.sizes) await setStock(t, product.id, size, 500);
});
afterAll(() => t?.close());

type Res = Awaited<ReturnType<TestApp["app"]["inject"]>>;
const call = (method: "GET" | "PUT" | "DELETE", url: string, headers: object = {}, payload?: object) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });
const book = async (s: Shopper) => {
  const res = await call("GET", "/api/user/addresses", s.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SavedAddress[]>();
};
const names = async (s: Shopper) => (await book(s)).map((a) => a.fullName);

async function orderTo(s: Shopper, address: Record<string, unknown>): Promise<Order> {
  const picks = [{ product, size: product.sizes[0] as number, quantity: 1 }];
  const res = await placeOrder(t, s, orderBody(s, picks, { shippingAddress: { ...ADDRESS, ...address } }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

const expectNoStore = (res: Res) => expect(res.headers["cache-control"]).toBe("no-store");

describe("an order saves its address", () => {
  it("on the account, most recent first, the same address moved to the top instead of saved twice", async () => {
    const s = await makeShopper(t);
    expect(await book(s)).toEqual([]);
    await orderTo(s, { fullName: "Ayesha Khan" });
    await orderTo(s, { fullName: "Bilal Ahmed", addressLine: "Flat 3, Block 7, near Hill Park, PECHS" });
    expect(await names(s)).toEqual(["Bilal Ahmed", "Ayesha Khan"]);

    // Ayesha's address again, typed another way: the same address, now the most recent.
    await orderTo(s, {
      fullName: "ayesha  khan",
      addressLine: ADDRESS.addressLine.toUpperCase(),
      phoneNumber: "+92 300 1234567",
    });
    const saved = await book(s);
    expect(saved.map((a) => a.fullName)).toEqual(["ayesha  khan", "Bilal Ahmed"]);
    expect(saved[0]).toMatchObject({ phoneNumber: "+923001234567", city: "Karachi", postalCode: "75600" });
    expect(saved[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it(`keeps the ${ADDRESS_BOOK_SIZE} most recent per customer, and only that customer's`, async () => {
    const [s, other] = [await makeShopper(t), await makeShopper(t)];
    await orderTo(other, { fullName: "Someone Else" });
    const all = ["One", "Two", "Three", "Four", "Five", "Six", "Seven"].map((n) => `Customer ${n}`);
    for (const fullName of all) await orderTo(s, { fullName });
    expect(await names(s)).toEqual(all.slice(-ADDRESS_BOOK_SIZE).reverse());
    const [row] = await selectRowsAsserted<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from addresses where user_id = ${s.id}`,
    );
    expect(row?.n).toBe(ADDRESS_BOOK_SIZE);
    expect(await names(other)).toEqual(["Someone Else"]);
  });

  it("an idempotent replay of the same order saves nothing more", async () => {
    const s = await makeShopper(t);
    const picks = [{ product, size: product.sizes[0] as number, quantity: 1 }];
    const body = orderBody(s, picks);
    const key = { "idempotency-key": `addr-${s.id}` };
    expect((await placeOrder(t, s, body, key)).statusCode).toBe(201);
    await orderTo(s, { fullName: "Later Address" });
    expect((await placeOrder(t, s, body, key)).statusCode).toBe(200);
    expect(await names(s)).toEqual(["Later Address", ADDRESS.fullName]);
  });

  it("a failure to save the address does not fail the order", async () => {
    const s = await makeShopper(t);
    // The database refuses this one address (as a full disk or a lost connection would refuse any).
    await t.database.db.execute(
      sql`alter table addresses add constraint test_refuse check (full_name <> 'Refused Name')`,
    );
    try {
      const order = await orderTo(s, { fullName: "Refused Name" });
      expect(order.status).toBe("pending");
      const track = (await call("GET", "/api/orders/track", s.headers)).json<Order[]>();
      expect(track.map((o) => o._id)).toEqual([order._id]);
      expect(await book(s)).toEqual([]);
    } finally {
      await t.database.db.execute(sql`alter table addresses drop constraint test_refuse`);
    }
  });
});

describe("editing and removing", () => {
  it("edits an address with the order's rules, keeping its place; bad input changes nothing", async () => {
    const s = await makeShopper(t);
    await orderTo(s, { fullName: "First Address" });
    await orderTo(s, { fullName: "Second Address" });
    const [second, first] = (await book(s)) as [SavedAddress, SavedAddress];
    const { id, ...fields } = first;
    const url = `/api/user/addresses/${id}`;

    const refusals: [Record<string, unknown>, string][] = [
      [{ ...fields, phoneNumber: "12345" }, ORDER_MESSAGES.invalidPhone],
      [{ ...fields, city: "Lahore" }, ORDER_MESSAGES.karachiOnly],
      [{ ...fields, email: "not-an-email" }, ORDER_MESSAGES.invalidEmail],
      [{ ...fields, fullName: "   " }, ORDER_MESSAGES.fullName],
      [{ ...fields, userId: "someone" }, "userId"],
    ];
    for (const [payload, message] of refusals) {
      const res = await call("PUT", url, s.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
      expectNoStore(res);
    }
    const badId = await call("PUT", "/api/user/addresses/not-a-uuid", s.headers, fields);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe(ADDRESS_MESSAGES.badId);
    expect(await book(s)).toEqual([second, first]);

    // Into another of the same book: refused, not two rows of one address.
    const twin = await call("PUT", url, s.headers, { ...fields, fullName: second.fullName });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe(ADDRESS_MESSAGES.duplicate);

    const edited = await call("PUT", url, s.headers, {
      ...fields,
      fullName: "First, Edited",
      phoneNumber: "0092 321 7654321",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expectNoStore(edited);
    expect(edited.json()).toEqual({ ...first, fullName: "First, Edited", phoneNumber: "+923217654321" });
    expect(await names(s)).toEqual(["Second Address", "First, Edited"]);
  });

  it("removes an address; removing it again is a 404", async () => {
    const s = await makeShopper(t);
    await orderTo(s, { fullName: "Keep Me" });
    await orderTo(s, { fullName: "Remove Me" });
    const [removeMe] = (await book(s)) as [SavedAddress];
    const res = await call("DELETE", `/api/user/addresses/${removeMe.id}`, s.headers);
    expect(res.statusCode, res.body).toBe(200);
    expectNoStore(res);
    expect(res.json<SavedAddress[]>().map((a) => a.fullName)).toEqual(["Keep Me"]);
    expect(await names(s)).toEqual(["Keep Me"]);
    const again = await call("DELETE", `/api/user/addresses/${removeMe.id}`, s.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ADDRESS_MESSAGES.notFound);
  });

  it("another customer's address answers 404 and stays as it was", async () => {
    const [alice, bob] = [await makeShopper(t), await makeShopper(t)];
    await orderTo(alice, { fullName: "Alice Home" });
    const [home] = (await book(alice)) as [SavedAddress];
    const { id, ...fields } = home;
    const edit = await call("PUT", `/api/user/addresses/${id}`, bob.headers, { ...fields, fullName: "Bob Was Here" });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().message).toBe(ADDRESS_MESSAGES.notFound);
    expect((await call("DELETE", `/api/user/addresses/${id}`, bob.headers)).statusCode).toBe(404);
    expect(await book(bob)).toEqual([]);
    expect(await book(alice)).toEqual([home]);
  });

  it("without a token every call is a 401, and every answer says no-store", async () => {
    const s = await makeShopper(t);
    await orderTo(s, { fullName: "Private Person" });
    const [saved] = (await book(s)) as [SavedAddress];
    const { id, ...fields } = saved;
    const url = `/api/user/addresses/${id}`;
    for (const [method, path, payload] of [
      ["GET", "/api/user/addresses", undefined],
      ["PUT", url, { ...fields, fullName: "Nobody" }],
      ["DELETE", url, undefined],
      ["GET", "/api/user/order-limits", undefined],
    ] as const) {
      const res = await call(method, path, {}, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(401);
      expect(res.json().message).toBeTruthy();
      expectNoStore(res);
    }
    const list = await call("GET", "/api/user/addresses", s.headers);
    expectNoStore(list);
    expect(list.json()).toEqual([saved]);
  });
});

describe("GET /api/user/order-limits", () => {
  it("answers the shop's limits and what the customer holds on open orders", async () => {
    const s = await makeShopper(t);
    const limits = () => call("GET", "/api/user/order-limits", s.headers);
    const fresh = await limits();
    expect(fresh.statusCode).toBe(200);
    expectNoStore(fresh);
    expect(fresh.json()).toEqual({ maxOpenOrders: 100, maxOpenPairs: 1000, openOrders: 0, openPairs: 0 });

    const size = product.sizes[0] as number;
    const two = await placeOrder(t, s, orderBody(s, [{ product, size, quantity: 2 }]));
    const three = await placeOrder(t, s, orderBody(s, [{ product, size, quantity: 3 }]));
    expect([two.statusCode, three.statusCode]).toEqual([201, 201]);
    expect((await limits()).json()).toMatchObject({ openOrders: 2, openPairs: 5 });

    // A delivered (or cancelled) order holds nothing any more.
    await t.database.db.execute(sql`update orders set status = 'delivered' where id = ${two.json<Order>()._id}`);
    expect((await limits()).json()).toMatchObject({ openOrders: 1, openPairs: 3 });
  });
});

describe("phone numbers, however they are typed", () => {
  it.each([
    ["0092 321 7654321", "+923217654321"],
    ["0092-321-7654321", "+923217654321"],
    ["00923217654321", "+923217654321"],
    ["92 321 7654321", "+923217654321"],
    ["923217654321", "+923217654321"],
    ["+92 321 765-4321", "+923217654321"],
    ["0321-765 4321", "03217654321"],
  ])("the order takes %j and stores %j", async (typed, stored) => {
    const s = await makeShopper(t);
    const order = await orderTo(s, { phoneNumber: typed });
    expect(order.shippingAddress.phoneNumber).toBe(stored);
    expect((await book(s))[0]?.phoneNumber).toBe(stored);
  });

  it.each(["0092 21 34567890", "0092 321 765432", "92 21 34567890", "0093 321 7654321", "009 2321 7654321x"])(
    "refuses %j",
    async (typed) => {
      const s = await makeShopper(t);
      const picks = [{ product, size: product.sizes[0] as number, quantity: 1 }];
      const res = await placeOrder(t, s, orderBody(s, picks, { shippingAddress: { ...ADDRESS, phoneNumber: typed } }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields["shippingAddress.phoneNumber"]).toBe(ORDER_MESSAGES.invalidPhone);
    },
  );
});
