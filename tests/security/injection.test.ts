// Attacks through what a person types: SQL injection, regex denial of service (ReDoS), NUL
// bytes and cross-site scripting, against search, sign-in, sign-up, reset, every id and the
// checkout address. Each is refused with a clear 4xx (or, for search, treated as plain text) and
// changes nothing in the database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unstorableMessage } from "#server/plugins/request-guards.ts";
import type { Order } from "#shared/orders.ts";
import { newPerson, post, signUp } from "../support/accounts.ts";
import { call, makeAdmin, newProduct } from "../support/admin.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { makeShopper, orderBody, placeOrder, products, type Shopper, type TestProduct } from "../support/shoppers.ts";
import {
  expectNoStack,
  expectNothingChanged,
  expectRefusal,
  REDOS_INPUTS,
  SQL_INJECTIONS,
  XSS_PAYLOADS,
} from "./support.ts";

let t: TestApp;
let shopper: Shopper;
let product: TestProduct;
beforeAll(async () => {
  t = await createTestApp({ pages: true, env: { RATE_LIMIT_SCALE: "1000" } });
  shopper = await makeShopper(t);
  [product] = (await products(t, 1)) as [TestProduct];
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
const q = encodeURIComponent;
const line = (quantity = 1) => [{ product, size: product.sizes[0] as number, quantity }];

/** Every place an id travels in the API: path params, bearer tokens, JSON bodies. (Images: see below.) */
const idAttacks = (id: string) => [
  () => get(`/api/products/${q(id)}`),
  () => post(t, "/api/user/cart/add", { productId: id, size: product.sizes[0] }, shopper.headers),
  () =>
    t.app.inject({
      method: "PUT",
      url: "/api/user/cart/update",
      payload: { productId: id, quantity: 1 },
      headers: shopper.headers,
    }),
  () =>
    t.app.inject({
      method: "DELETE",
      url: "/api/user/cart/remove",
      payload: { productId: id },
      headers: shopper.headers,
    }),
  () => placeOrder(t, shopper, { ...orderBody(shopper, line()), items: [{ productId: id, size: 40, quantity: 1 }] }),
  () => placeOrder(t, shopper, { ...orderBody(shopper, line()), userId: id }),
  () => get(`/api/user/my-details`, { authorization: `Bearer ${id}` }),
];

describe("SQL injection", () => {
  it.each(SQL_INJECTIONS)("search treats %j as plain text: a list of products, nothing leaked", async (attack) => {
    const res = await expectNothingChanged(t, () => get(`/api/products/search?query=${q(attack)}`));
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
    expect(res.body).not.toMatch(/password_hash|passwordHash|argon2/);
  });

  it.each(SQL_INJECTIONS)("sign-in with %j in e-mail or password is refused", async (attack) => {
    // A victim per attack: wrong passwords from one address slow that account's sign-ins from it
    // after five (tests/accounts-lockout.test.ts), and each attack here must reach the password check.
    const { email: victim } = await signUp(t);
    await expectNothingChanged(t, async () => {
      expectRefusal(await post(t, "/api/user/login", { email: attack, password: "x" }), 400);
      expectRefusal(await post(t, "/api/user/login", { email: `${victim}${attack}`, password: "x" }), 400);
      expectRefusal(await post(t, "/api/user/login", { email: victim, password: attack }), 401);
    });
  });

  it.each(SQL_INJECTIONS)("every id refuses %j with a 4xx", async (attack) => {
    await expectNothingChanged(t, async () => {
      for (const attempt of idAttacks(attack)) expectRefusal(await attempt());
      // Not the API: an unknown picture is the shop's 404 page (HTML), still never a 5xx.
      expect((await get(`/images/${q(attack)}/640.webp`)).statusCode).toBe(404);
    });
  });
});

describe("regular-expression denial of service", () => {
  it.each(REDOS_INPUTS.map((s, i) => [i, s] as const))(
    "input #%i is refused quickly in every typed field",
    async (_i, evil) => {
      await expectNothingChanged(t, async () => {
        // Search trims, then caps the length: a long query is refused, a short one after trimming is text.
        const search = await get(`/api/products/search?query=${q(evil)}`);
        if (search.statusCode !== 200) expectRefusal(search, 400);
        expectRefusal(await post(t, "/api/user/login", { email: evil, password: evil }), 400);
        expectRefusal(
          await post(t, "/api/user/signup", { email: evil, password: "Long-enough-9", username: "redos" }),
          400,
        );
        expectRefusal(await post(t, "/api/user/signup", { ...newPerson(), username: evil }), 400);
        expectRefusal(
          await post(t, "/api/user/reset-password", {
            email: evil,
            newPassword: "x".repeat(9),
            confirmPassword: "x".repeat(9),
          }),
        );
        for (const field of ["fullName", "addressLine", "phoneNumber", "email", "city", "postalCode"]) {
          const body = orderBody(shopper, line());
          const res = await placeOrder(t, shopper, {
            ...body,
            shippingAddress: { ...body.shippingAddress, [field]: evil },
          });
          expectRefusal(res, 400);
        }
        for (const attempt of idAttacks(evil)) expectRefusal(await attempt());
      });
    },
  );
});

describe("NUL bytes", () => {
  it("are refused in search, sign-in, sign-up, ids and every address field, never reaching PostgreSQL", async () => {
    await expectNothingChanged(t, async () => {
      expect(expectRefusal(await get(`/api/products/search?query=${q("chap\u0000pal")}`), 400)).toBe(
        unstorableMessage('The search parameter "query"'),
      );
      expectRefusal(await get(`/api/products/${product.id}%00`), 400);
      expectRefusal(await get(`/images/${product.id}%00/640.webp`), 400);
      expectRefusal(await post(t, "/api/user/login", { email: "a\u0000@example.pk", password: "pass\u0000word" }), 400);
      expectRefusal(await post(t, "/api/user/signup", { ...newPerson(), password: "Long-enough-\u00009" }), 400);
      expectRefusal(
        await post(t, "/api/user/cart/add", { productId: `${product.id}\u0000`, size: 40 }, shopper.headers),
        400,
      );
      expectRefusal(
        await post(t, "/api/user/cart/add", { "productId\u0000": product.id, size: 40 }, shopper.headers),
        400,
      );
      for (const field of ["fullName", "addressLine", "phoneNumber", "email", "postalCode"]) {
        const body = orderBody(shopper, line());
        const value = `${(body.shippingAddress as Record<string, string>)[field]}\u0000`;
        const res = await placeOrder(t, shopper, {
          ...body,
          shippingAddress: { ...body.shippingAddress, [field]: value },
        });
        expect(expectRefusal(res, 400)).toBe(unstorableMessage(`The field "shippingAddress.${field}"`));
      }
    });
  });
});

describe("cross-site scripting", () => {
  it("refuses markup in a username (letters, digits, _ . - only) and creates no account", async () => {
    for (const payload of XSS_PAYLOADS) {
      await expectNothingChanged(t, async () => {
        expectRefusal(await post(t, "/api/user/signup", { ...newPerson(), username: payload.slice(0, 30) }), 400);
      });
    }
  });

  it("stores markup typed into the address as text and answers it only as JSON", async () => {
    const payload = XSS_PAYLOADS[0] as string;
    const body = orderBody(shopper, line());
    const address = { ...body.shippingAddress, fullName: payload, addressLine: `${XSS_PAYLOADS[1]} near Dolmen Mall` };
    const res = await placeOrder(t, shopper, { ...body, shippingAddress: address });
    expect(res.statusCode).toBe(201);
    const track = await get("/api/orders/track", shopper.headers);
    expect(track.headers["content-type"]).toMatch(/^application\/json/);
    expect(track.headers["x-content-type-options"]).toBe("nosniff");
    expect(track.json<Order[]>()[0]?.shippingAddress.fullName).toBe(payload);
  });

  it("escapes markup an administrator typed into a product on its page, its card and in search", async () => {
    const admin = await makeAdmin(t);
    const created = await call(
      t,
      admin,
      "POST",
      "/api/admin/products",
      newProduct({
        name: `Shoe ${XSS_PAYLOADS[0]}`.slice(0, 80),
        description: `Lovely ${XSS_PAYLOADS[1]} ${XSS_PAYLOADS[4]}`,
        features: [XSS_PAYLOADS[2], XSS_PAYLOADS[3]],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ _id: string }>()._id;
    for (const url of [`/products/${id}`, "/men/formal-shoes", `/search?query=${q("Shoe script")}`]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      // The product is there, its markup escaped (as text in HTML, or \u003c inside script data).
      if (url.startsWith("/products/")) expect(page.body).toContain("window.__xss");
      expect(page.body).not.toContain("<script>window.__xss");
      expect(page.body).not.toContain("<img src=x");
      expect(page.body).not.toContain("<svg onload");
      expect(page.body).not.toMatch(/<\/title><script>/);
    }
  });

  it.each(XSS_PAYLOADS)("escapes %j reflected by the search page, its title and canonical link", async (payload) => {
    const res = await get(`/search?query=${q(payload)}`);
    expect(res.statusCode).toBeLessThan(500);
    expectNoStack(res.body);
    // The payload's markup never appears as markup: every '<' of it is escaped wherever it lands.
    expect(res.body).not.toContain("<script>window.__xss");
    expect(res.body).not.toContain("<img src=x");
    expect(res.body).not.toContain("<svg onload");
    expect(res.body).not.toMatch(/<\/title><script>/);
    expect(res.body).not.toMatch(/href="javascript:/i);
    // Every script the page carries has this response's nonce.
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))?.[1];
    for (const tag of res.body.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
  });
});
