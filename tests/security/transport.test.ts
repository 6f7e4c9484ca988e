// Attacks on the wire format: other origins, bodies that are not JSON, malformed and duplicate-key
// JSON, oversized bodies, prototype-pollution keys, and redirects to other hosts.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_ONLY, ONE_CLICK_FORMS, UPLOAD_ROUTES } from "#server/plugins/request-guards.ts";
import { CATEGORY_SLUGS } from "#shared/categories.ts";
import { IMPORT_MAX_BYTES } from "#shared/courier-imports.ts";
import { STOCK_ALERTS_UNSUBSCRIBE_PATH } from "#shared/stock-alerts.ts";
import { bearer, newPerson, post } from "../support/accounts.ts";
import { makeAdmin } from "../support/admin.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { makeShopper, orderBody, products, type Shopper, type TestProduct } from "../support/shoppers.ts";
import { fillParams, type RouteEntry, routeTable } from "./routes.ts";
import { expectNothingChanged, expectRefusal } from "./support.ts";

let t: TestApp;
let shopper: Shopper;
let admin: Shopper;
let product: TestProduct;
let writes: RouteEntry[];
beforeAll(async () => {
  t = await createTestApp({ pages: true, env: { RATE_LIMIT_SCALE: "1000" } });
  shopper = await makeShopper(t);
  admin = await makeAdmin(t);
  [product] = (await products(t, 1)) as [TestProduct];
  writes = routeTable(t.app).filter((r) => r.url.startsWith("/api/") && r.method !== "GET");
});
afterAll(() => t?.close());

type Method = "GET" | "POST" | "PUT" | "DELETE" | "OPTIONS" | "PATCH";
const pathOf = (r: RouteEntry) => fillParams(r.url, () => product.id);
const polluted = () => (({}) as Record<string, unknown>).polluted;

describe("cross-origin requests", () => {
  it("no answer carries Access-Control-Allow-Origin, and a preflight from another origin is not granted", async () => {
    const origin = "https://evil.example";
    // Its own admin: the loop also calls logout.
    const caller = await makeAdmin(t);
    expect(writes.length).toBeGreaterThan(8);
    for (const route of [...routeTable(t.app).filter((r) => r.url.startsWith("/api/")), { method: "GET", url: "/" }]) {
      const res = await t.app.inject({
        method: route.method as Method,
        url: pathOf(route),
        headers: { origin, ...caller.headers },
      });
      expect(res.headers["access-control-allow-origin"], route.url).toBeUndefined();
      expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
      const preflight = await t.app.inject({
        method: "OPTIONS",
        url: pathOf(route),
        headers: {
          origin,
          "access-control-request-method": route.method,
          "access-control-request-headers": "authorization",
        },
      });
      expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
      expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
      expect(preflight.headers["access-control-allow-methods"]).toBeUndefined();
      expect(preflight.headers["access-control-allow-headers"]).toBeUndefined();
    }
  });
});

/**
 * Meta's webhook reads nothing before it checks the body's signature against the app secret (and
 * answers 404 in a shop without WhatsApp): tests/whatsapp.test.ts sends it malformed and hostile
 * bodies, signed and unsigned.
 */
const WHATSAPP_WEBHOOK = "/api/whatsapp/webhook";
/** A courier's webhook too: its raw body, of any type, is signed (tests/couriers-by-api.test.ts forges one). */
const COURIER_WEBHOOK = "/api/couriers/:id/webhook";
const COURIER_IMPORTS = "/api/admin/couriers/:id/imports";

describe("bodies that are not JSON", () => {
  const kinds = [
    ["text/plain", '{"email":"a@b.pk"}'],
    ["application/x-www-form-urlencoded", "email=a%40b.pk&role=admin"],
    ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="role"\r\n\r\nadmin\r\n--x--'],
    ["application/xml", "<role>admin</role>"],
    ["text/html", "<script>1</script>"],
    ["application/json-patch+json", "[]"],
  ] as const;

  it.each(kinds)("%s is refused with 415 on every API write, with and without a token", async (type, payload) => {
    await expectNothingChanged(t, async () => {
      for (const route of writes) {
        if (UPLOAD_ROUTES.has(route.url)) continue; // take image/* (their own tests)
        if (route.url === COURIER_WEBHOOK) continue;
        // The back-in-stock mail's one-click unsubscribe takes RFC 8058's form (tests/stock-alerts.test.ts).
        if (route.url === STOCK_ALERTS_UNSUBSCRIBE_PATH && ONE_CLICK_FORMS.has(type.split(";")[0] ?? "")) continue;
        for (const auth of [{}, shopper.headers, admin.headers]) {
          const res = await t.app.inject({
            method: route.method as Method,
            url: pathOf(route),
            headers: { ...auth, "content-type": type },
            payload,
          });
          expect(`${route.method} ${route.url} ${res.statusCode}`).toBe(`${route.method} ${route.url} 415`);
          expect(expectRefusal(res, 415)).toBe(JSON_ONLY);
        }
      }
    });
  });

  it("the picture upload refuses non-image bodies with its own 415", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/products/${product.id}/images`,
      headers: { ...admin.headers, "content-type": "text/plain" },
      payload: "not a picture",
    });
    expectRefusal(res, 415);
  });

  it("a body with no content type at all is refused", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/signup",
      headers: { "content-type": "" },
      payload: Buffer.from(JSON.stringify(newPerson())),
    });
    expectRefusal(res, 415);
  });
});

describe("malformed JSON", () => {
  const broken = ["{", '{"email":}', "[1,2", "{'email':'a'}", '{"a":1,}', "nul", '"\\x41"', "\u0000{}", "{}garbage"];

  it.each(broken)("%j answers 400 'not valid JSON' on every JSON write", async (payload) => {
    await expectNothingChanged(t, async () => {
      for (const route of writes) {
        if (UPLOAD_ROUTES.has(route.url)) continue;
        if (route.url === WHATSAPP_WEBHOOK || route.url === COURIER_WEBHOOK) continue;
        const res = await t.app.inject({
          method: route.method as Method,
          url: pathOf(route),
          headers: { ...admin.headers, "content-type": "application/json" },
          payload,
        });
        expectRefusal(res, 400);
      }
    });
  });

  it("duplicate keys: the last one counts, and a duplicated extra field is still refused", async () => {
    const person = newPerson();
    const other = await makeShopper(t);
    await expectNothingChanged(t, async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/user/signup",
        headers: { "content-type": "application/json" },
        payload: `{"email":"${person.email}","password":"${person.password}","username":"${person.username}","role":"customer","role":"admin"}`,
      });
      expect(expectRefusal(res, 400)).toContain("role");
      const body = JSON.stringify(orderBody(shopper, [{ product, size: product.sizes[0] as number, quantity: 1 }]));
      // userId twice: the answer is about the last value (someone else's account), never a mix.
      const twice = body
        .replace('"userId":', `"userId":"${shopper.id}","userId":`)
        .replace(`"userId":"${shopper.id}"}`, "");
      const order = await t.app.inject({
        method: "POST",
        url: "/api/orders/new-order",
        headers: { ...other.headers, "content-type": "application/json" },
        payload: twice,
      });
      expectRefusal(order, 403);
    });
  });

  it("a courier's file beyond its limit answers 413 and imports nothing", async () => {
    const { couriers } = (
      await t.app.inject({ method: "GET", url: "/api/admin/couriers", headers: admin.headers })
    ).json<{ couriers: { _id: string; ownRider: boolean }[] }>();
    const courier = couriers.find((c) => !c.ownRider);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/couriers/${courier?._id}/imports`,
      headers: { ...admin.headers, "content-type": "application/json" },
      payload: JSON.stringify({ kind: "dispatch", csv: "x".repeat(IMPORT_MAX_BYTES * 3 + 128 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it("a 2 MB body answers 413 on every JSON write", async () => {
    const big = JSON.stringify({ email: "a@b.pk", filler: "x".repeat(2 * 1024 * 1024) });
    await expectNothingChanged(t, async () => {
      for (const route of writes) {
        if (UPLOAD_ROUTES.has(route.url)) continue;
        if (route.url === WHATSAPP_WEBHOOK || route.url === COURIER_WEBHOOK) continue;
        // A courier's CSV file may be larger: that route's own limit is tested above.
        if (route.url === COURIER_IMPORTS) continue;
        const res = await t.app.inject({
          method: route.method as Method,
          url: pathOf(route),
          headers: { ...admin.headers, "content-type": "application/json" },
          payload: big,
        });
        expectRefusal(res, 413);
      }
    });
  });
});

describe("prototype pollution", () => {
  const payloads = [
    '{"__proto__":{"polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '{"a":{"__proto__":{"polluted":"yes"}}}',
    '{"items":[{"__proto__":{"polluted":"yes"}}]}',
    '{"shippingAddress":{"constructor":{"prototype":{"polluted":"yes"}}}}',
    '{"\\u005f_proto__":{"polluted":"yes"}}',
  ];

  it.each(payloads)("%s is refused on every JSON write and pollutes nothing", async (payload) => {
    await expectNothingChanged(t, async () => {
      for (const route of writes) {
        if (UPLOAD_ROUTES.has(route.url)) continue;
        if (route.url === WHATSAPP_WEBHOOK || route.url === COURIER_WEBHOOK) continue;
        const res = await t.app.inject({
          method: route.method as Method,
          url: pathOf(route),
          headers: { ...admin.headers, "content-type": "application/json" },
          payload,
        });
        expectRefusal(res, 400);
      }
    });
    expect(polluted()).toBeUndefined();
  });

  it("keys in the query string and a prototype key in a valid body pollute nothing", async () => {
    const q = "__proto__[polluted]=yes&constructor[prototype][polluted]=yes&__proto__.polluted=yes";
    for (const url of [
      `/api/products/search?query=x&${q}`,
      `/api/products?category=${CATEGORY_SLUGS[0]}&${q}`,
      `/?${q}`,
    ]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBeLessThan(500);
    }
    const signup = await post(
      t,
      "/api/user/signup",
      JSON.parse(`{"__proto__":{"role":"admin"},"email":"p@example.pk"}`),
    );
    expectRefusal(signup, 400);
    expect(polluted()).toBeUndefined();
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });
});

describe("redirects", () => {
  const attempts = [
    "/login?redirect=//evil.example",
    "/login?redirect=https://evil.example",
    "/login?next=//evil.example&returnTo=https://evil.example&url=//evil.example",
    "//evil.example",
    "//evil.example/",
    "/\\evil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "/login/",
    "/products/",
    "///evil.example/login",
    "/reset-password/confirm?token=x&redirect=//evil.example",
    "/api/user/logout?redirect=//evil.example",
  ];

  it.each(attempts)("%s never sends the browser to another host", async (url) => {
    for (const method of ["GET", "POST"] as const) {
      const res = await t.app.inject({ method, url, headers: { host: "shop.example", ...bearer(shopper.token) } });
      expect(res.statusCode).toBeLessThan(500);
      const location = res.headers.location;
      if (location === undefined) continue;
      const target = new URL(String(location), "http://shop.example");
      expect(target.host).toBe("shop.example");
      expect(String(location)).not.toMatch(/^(\/\/|\/\\|https?:)/);
    }
  });
});
