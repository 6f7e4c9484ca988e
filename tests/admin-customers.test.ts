// The owner's view of abuse (issue 16): each customer's open, delivered and cancelled orders, and
// blocking a customer from ordering, through the admin API.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { AdminCustomer, AdminCustomerList } from "#shared/admin.ts";
import type { Order } from "#shared/orders.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
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
let admin: Shopper & { username: string };
let product: TestProduct;
beforeAll(async () => {
  t = await createTestApp({ env: { SHOP_PHONE: "+92 321 7654321" } });
  admin = await makeAdmin(t);
  [product] = (await products(t, 1)) as [TestProduct];
  for (const size of product.sizes) await setStock(t, product.id, size, 100);
});
afterAll(() => t?.close());

const order = async (s: Shopper) => {
  const res = await placeOrder(t, s, orderBody(s, [{ product, size: product.sizes[0] as number, quantity: 1 }]));
  return res;
};
const move = (id: string, status: string) => call(t, admin, "POST", `/api/admin/orders/${id}/status`, { status });
const block = (id: string, blocked: unknown, who: { headers: Record<string, string> } = admin) =>
  call(t, who, "PUT", `/api/admin/customers/${id}/blocked`, { blocked });
const find = async (s: Shopper) => {
  const list = (
    await call(t, admin, "GET", `/api/admin/customers?query=${s.email.split("@")[0]}`)
  ).json<AdminCustomerList>();
  expect(list.customers).toHaveLength(1);
  return list.customers[0] as AdminCustomer;
};

describe("GET /api/admin/customers", () => {
  it("shows each customer's open, delivered and cancelled orders", async () => {
    const buyer = await makeShopper(t);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await order(buyer)).json<Order>()._id);
    const [a, b] = ids as [string, string];
    expect((await move(a, "confirm")).statusCode).toBe(200);
    expect((await move(a, "delivered")).statusCode).toBe(200);
    expect((await move(b, "cancelled")).statusCode).toBe(200);
    const d = (await order(buyer)).json<Order>()._id;
    expect((await move(d, "confirm")).statusCode).toBe(200);

    expect(await find(buyer)).toEqual(
      expect.objectContaining({
        _id: buyer.id,
        orderCount: 4,
        orders: { open: 2, delivered: 1, cancelled: 1 },
        blocked: null,
      }),
    );
    const fresh = await makeShopper(t);
    expect((await find(fresh)).orders).toEqual({ open: 0, delivered: 0, cancelled: 0 });
  });
});

describe("PUT /api/admin/customers/:id/blocked", () => {
  it("blocks a customer's orders (recording who and when), marks them in the list, and unblocks", async () => {
    const customer = await makeShopper(t);
    const open = (await order(customer)).json<Order>()._id;
    const before = Date.now();
    const res = await block(customer.id, true);
    expect(res.statusCode).toBe(200);
    const blocked = res.json<AdminCustomer>();
    expect(blocked.blocked?.by).toEqual({ username: admin.username });
    expect(new Date(blocked.blocked?.at ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await find(customer)).blocked).toEqual(blocked.blocked);
    const [row] = await selectRowsAsserted<{ blocked_by: string }>(
      t.database.db,
      sql`select blocked_by from users where id = ${customer.id}`,
    );
    expect(row?.blocked_by).toBe(admin.id);

    // Their new orders are refused with a message that says to contact the shop.
    const refused = await order(customer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/contact the shop.*\+92 321 7654321/);
    // An open order stays for the owner to handle.
    expect((await move(open, "cancelled")).statusCode).toBe(200);

    // Blocking again keeps the first time; unblocking lets them order again.
    const again = await block(customer.id, true);
    expect(again.json<AdminCustomer>().blocked).toEqual(blocked.blocked);
    const unblocked = await block(customer.id, false);
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json<AdminCustomer>().blocked).toBeNull();
    expect((await order(customer)).statusCode).toBe(201);
    expect((await block(customer.id, false)).statusCode).toBe(200);
  });

  it("answers a clear 4xx for bad input and changes nothing", async () => {
    const customer = await makeShopper(t);
    const cases: [string, unknown, number, RegExp][] = [
      [customer.id, "yes", 400, /blocked must be true or false/],
      [customer.id, undefined, 400, /blocked must be true or false/],
      ["not-a-uuid", true, 400, /not a valid customer id/],
      ["00000000-0000-4000-8000-000000000000", true, 404, /No customer has that id/],
      [admin.id, true, 409, /cannot block your own account/],
    ];
    for (const [id, blocked, status, message] of cases) {
      const res = await call(
        t,
        admin,
        "PUT",
        `/api/admin/customers/${id}/blocked`,
        blocked === undefined ? {} : { blocked },
      );
      expect([id, res.statusCode]).toEqual([id, status]);
      expect(res.json().message).toMatch(message);
    }
    const extra = await call(t, admin, "PUT", `/api/admin/customers/${customer.id}/blocked`, {
      blocked: true,
      blockedBy: customer.id,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toMatch(/Unexpected field: blockedBy/);
    const other = await makeAdmin(t);
    expect((await block(other.id, true)).statusCode).toBe(409);
    expect((await block(other.id, true)).json().message).toMatch(/admin account cannot be blocked/);
    expect((await find(customer)).blocked).toBeNull();
    expect((await order(customer)).statusCode).toBe(201);
  });

  it("is the owner's alone: a customer cannot block or unblock anyone, themselves included", async () => {
    const customer = await makeShopper(t);
    expect((await block(customer.id, true, customer)).statusCode).toBe(403);
    expect((await block(customer.id, false, { headers: {} })).statusCode).toBe(401);
  });
});
