// The checkout's refusals name every invalid field at once (issue 14): one 400 `{ message, fields }`
// that a form can mark field by field, and the phone number is a Pakistani mobile number.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order } from "#shared/orders.ts";
import { ORDER_MESSAGES } from "#shared/orders.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import {
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

let t: TestApp;
let product: TestProduct;
let size: number;
beforeAll(async () => {
  t = await createTestApp();
  [product] = (await products(t, 1)) as [TestProduct];
  size = product.sizes[0] as number;
  await setStock(t, product.id, size, 50);
});
afterAll(() => t?.close());

const oneLine = (s: Shopper, overrides: Record<string, unknown> = {}) =>
  orderBody(s, [{ product, size, quantity: 1 }], overrides);

const withAddress = (s: Shopper, patch: Record<string, unknown>) => {
  const body = oneLine(s);
  return { ...body, shippingAddress: { ...body.shippingAddress, ...patch } };
};

/** Runs `attempt` and checks that it wrote nothing: no order rows, the same stock. */
async function expectNothingWritten(attempt: () => Promise<void>) {
  const tables = ["orders", "order_lines", "order_status_events", "idempotency_keys"] as const;
  const before = await Promise.all(tables.map((table) => count(t, table)));
  const stock = await stockOf(t, product.id, size);
  await attempt();
  expect(await Promise.all(tables.map((table) => count(t, table)))).toEqual(before);
  expect(await stockOf(t, product.id, size)).toBe(stock);
}

describe("POST /api/orders/new-order with invalid fields", () => {
  it("answers one 400 listing every invalid field, with the first one's message as a sentence", async () => {
    const s = await makeShopper(t);
    await expectNothingWritten(async () => {
      const res = await placeOrder(
        t,
        s,
        {
          ...withAddress(s, { fullName: "  ", phoneNumber: "12345", email: "ayesha@example", city: "Lahore" }),
          items: [{ productId: product.id, size: 36, quantity: 0 }],
        },
        { "idempotency-key": "several-bad-fields" },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: "Size must be a whole number from 37 to 46. 5 more fields also need correcting.",
        fields: {
          "items.0.size": "Size must be a whole number from 37 to 46.",
          "items.0.quantity": "Quantity must be a whole number from 1 to 10.",
          "shippingAddress.fullName": ORDER_MESSAGES.fullName,
          "shippingAddress.phoneNumber": ORDER_MESSAGES.invalidPhone,
          "shippingAddress.email": ORDER_MESSAGES.invalidEmail,
          "shippingAddress.city": ORDER_MESSAGES.karachiOnly,
        },
      });
    });
  });

  it("names only the address fields when the lines are right, in the form's order", async () => {
    const s = await makeShopper(t);
    await expectNothingWritten(async () => {
      const res = await placeOrder(t, s, withAddress(s, { addressLine: "", phoneNumber: "0300 12345", email: "" }));
      expect(res.statusCode).toBe(400);
      const body = res.json<{ message: string; fields: Record<string, string> }>();
      expect(body.message).toBe(`${ORDER_MESSAGES.addressLine} 2 more fields also need correcting.`);
      expect(Object.keys(body.fields)).toEqual([
        "shippingAddress.addressLine",
        "shippingAddress.phoneNumber",
        "shippingAddress.email",
      ]);
    });
  });

  it("keeps a single problem's message exactly as it was, with its field", async () => {
    const s = await makeShopper(t);
    await expectNothingWritten(async () => {
      const res = await placeOrder(t, s, withAddress(s, { email: "ay esha@example.pk" }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: ORDER_MESSAGES.invalidEmail,
        fields: { "shippingAddress.email": ORDER_MESSAGES.invalidEmail },
      });
    });
  });

  it("lists unknown fields by their own path beside the invalid ones", async () => {
    const s = await makeShopper(t);
    await expectNothingWritten(async () => {
      const res = await placeOrder(t, s, {
        ...withAddress(s, { country: "PK", phoneNumber: "" }),
        status: "delivered",
      });
      expect(res.statusCode).toBe(400);
      const { fields } = res.json<{ fields: Record<string, string> }>();
      expect(Object.keys(fields).sort()).toEqual(["shippingAddress.country", "shippingAddress.phoneNumber", "status"]);
      expect(fields["shippingAddress.phoneNumber"]).toBe(ORDER_MESSAGES.invalidPhone);
      expect(fields.status).toMatch(/status/);
      expect(fields["shippingAddress.country"]).toMatch(/country/);
    });
  });
});

describe("the phone number is a Pakistani mobile number", () => {
  it.each([
    ["03001234567", "03001234567"],
    ["0300 1234567", "03001234567"],
    ["0321-1234567", "03211234567"],
    [" 0345 123 4567 ", "03451234567"],
    ["+92 300 1234567", "+923001234567"],
    ["+92-333-1234567", "+923331234567"],
    ["+923001234567", "+923001234567"],
    // From abroad without the + (issue 29): stored the way +92 is.
    ["923001234567", "+923001234567"],
    ["0092 300 1234567", "+923001234567"],
  ])("accepts %j and stores %j", async (typed, stored) => {
    const s = await makeShopper(t);
    const res = await placeOrder(t, s, withAddress(s, { phoneNumber: typed }));
    expect(res.statusCode).toBe(201);
    expect(res.json<Order>().shippingAddress.phoneNumber).toBe(stored);
  });

  it("refuses landlines, foreign numbers, wrong lengths and letters, writing nothing", async () => {
    const s = await makeShopper(t);
    const refused = [
      "",
      "12345",
      "0300123456", // one digit short
      "030012345678", // one digit long
      "3001234567", // no leading 0
      "02134567890", // a Karachi landline
      "+92 21 34567890", // the same landline from abroad
      "+44 7700 900123",
      "0300abc4567",
      "0300 1234567 ext 2",
      `0300${" ".repeat(50)}1234567`, // too long as typed, before any pattern runs
      3001234567,
      null,
    ];
    await expectNothingWritten(async () => {
      for (const phoneNumber of refused) {
        const res = await placeOrder(t, s, withAddress(s, { phoneNumber }));
        expect(res.statusCode, JSON.stringify(phoneNumber)).toBe(400);
        expect(res.json(), JSON.stringify(phoneNumber)).toEqual({
          message: ORDER_MESSAGES.invalidPhone,
          fields: { "shippingAddress.phoneNumber": ORDER_MESSAGES.invalidPhone },
        });
      }
    });
  });
});

describe("every schema-checked request answers the same way", () => {
  it("lists every invalid sign-up field in one 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/signup",
      payload: { email: "not-an-email", password: "short", username: "a", role: "admin" },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; fields: Record<string, string> }>();
    expect(Object.keys(body.fields).sort()).toEqual(["email", "password", "role", "username"]);
    expect(body.fields).toMatchObject({
      email: "Please enter a valid email address.",
      password: "Your password must be at least 8 characters long.",
      username: "Your username must be at least 3 characters long.",
      role: "Unexpected field: role.",
    });
    expect(body.message).toMatch(/3 more fields also need correcting\.$/);
  });
});
