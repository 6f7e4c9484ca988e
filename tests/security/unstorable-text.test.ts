// Text the database cannot store (a lone UTF-16 surrogate, NUL) is refused with a 400 naming the
// field, before any route runs, on every route: PostgreSQL refuses such text, and a product's
// features holding "\ud800" answered 500 on it (issue 16). Run on PostgreSQL too (DATABASE_URL).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_ROUTES, unstorableMessage } from "#server/plugins/request-guards.ts";
import { makeAdmin, newProduct } from "../support/admin.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { makeShopper, orderBody, products, type Shopper, type TestProduct } from "../support/shoppers.ts";
import { fillParams, routeTable } from "./routes.ts";
import { expectNothingChanged, expectRefusal } from "./support.ts";

let t: TestApp;
let admin: Shopper;
let shopper: Shopper;
let product: TestProduct;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: "1000" } });
  admin = await makeAdmin(t);
  shopper = await makeShopper(t);
  [product] = (await products(t, 1)) as [TestProduct];
});
afterAll(() => t?.close());

// JSON.stringify writes a lone surrogate as the escape "\ud800", which JSON.parse turns back into one.
const UNSTORABLE = ["\ud800", "\udfff", "shoe \udbff", "\udc00\ud800", "a\u0000b"];
const json = (who: Shopper) => ({ ...who.headers, "content-type": "application/json" });

describe("text the database cannot store", () => {
  it.each(UNSTORABLE)("%j in a product's features, name or size is a 400 naming the field", async (bad) => {
    await expectNothingChanged(t, async () => {
      for (const [field, input] of [
        ["features.1", newProduct({ features: ["Genuine leather", `Rubber ${bad}`] })],
        ["name", newProduct({ name: `Oxford ${bad}` })],
        ["description", newProduct({ description: bad })],
      ] as const) {
        for (const [method, url] of [
          ["POST", "/api/admin/products"],
          ["PUT", `/api/admin/products/${product.id}`],
        ] as const) {
          const res = await t.app.inject({ method, url, headers: json(admin), payload: JSON.stringify(input) });
          const message = expectRefusal(res, 400);
          expect(message).toBe(unstorableMessage(`The field "${field}"`));
          expect(res.json().fields).toEqual({ [field]: message });
        }
      }
    });
  });

  it("still stores a well-formed emoji (both halves of the pair) and other scripts", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/products",
      headers: json(admin),
      payload: JSON.stringify(newProduct({ features: ["👟 آرام دہ", "Ünïcödé"] })),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().features).toEqual(["👟 آرام دہ", "Ünïcödé"]);
  });

  it("is refused in keys, checkout addresses, sign-up and the cart", async () => {
    await expectNothingChanged(t, async () => {
      const order = orderBody(shopper, [{ product, size: product.sizes[0] as number, quantity: 1 }]);
      const cases = [
        [
          "/api/orders/new-order",
          shopper,
          { ...order, shippingAddress: { ...order.shippingAddress, city: "K\ud800" } },
        ],
        ["/api/user/signup", shopper, { email: "a@b.pk", username: "x\udfff", password: "Long-enough-pass9" }],
        ["/api/user/cart/add", shopper, { productId: product.id, size: 40, "\ud800": 1 }],
        ["/api/user/login", shopper, { email: "a@b.pk", password: "\ud800\ud800" }],
      ] as const;
      for (const [url, who, body] of cases) {
        const res = await t.app.inject({ method: "POST", url, headers: json(who), payload: JSON.stringify(body) });
        expect(expectRefusal(res, 400), url).toMatch(/cannot save/);
      }
    });
  });

  it("a whole body that is such a string, and a query string, are refused too", async () => {
    const body = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      headers: { "content-type": "application/json" },
      payload: '"\\ud800"',
    });
    expect(expectRefusal(body, 400)).toBe(unstorableMessage("The request body"));
    // Percent-encoded bytes of a surrogate are not valid UTF-8: they never decode to one.
    const query = await t.app.inject({ method: "GET", url: "/api/products/search?query=%ED%A0%80" });
    expect(query.statusCode).toBeLessThan(500);
  });

  it("every JSON route of the live table refuses it with a 400, before any other check", async () => {
    const writes = routeTable(t.app).filter((r) => r.url.startsWith("/api/") && r.method !== "GET");
    expect(writes.length).toBeGreaterThan(8);
    await expectNothingChanged(t, async () => {
      for (const route of writes) {
        if (UPLOAD_ROUTES.has(route.url)) continue; // take a picture, not JSON
        // Meta's webhook checks a signature before reading anything (tests/whatsapp.test.ts).
        if (route.url === "/api/whatsapp/webhook") continue;
        // A courier's webhook too: its raw body is signed, and read only once the signature holds.
        if (route.url === "/api/couriers/:id/webhook") continue;
        for (const bad of UNSTORABLE) {
          const res = await t.app.inject({
            method: route.method as "POST",
            url: fillParams(route.url, () => product.id),
            headers: json(admin),
            payload: JSON.stringify({ note: bad }),
          });
          expect(`${route.method} ${route.url} ${res.statusCode}`).toBe(`${route.method} ${route.url} 400`);
          expect(expectRefusal(res, 400)).toBe(unstorableMessage('The field "note"'));
        }
      }
    });
  });
});
