// CORS: closed by default; CORS_ORIGINS opens the API (preflight included) and the pictures to the
// listed origins only, never the pages, never with credentials (issue 16).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { CORS_REFUSED } from "#server/plugins/cors.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { makeShopper, products, type Shopper, type TestProduct } from "../support/shoppers.ts";
import { expectRefusal } from "./support.ts";

const APP = "https://app.shoeshop.pk";
const DEV = "http://localhost:5173";
const UNLISTED = ["https://evil.example", "https://app.shoeshop.pk.evil.example", "http://app.shoeshop.pk", "null"];

let closed: TestApp;
let open: TestApp;
let shopper: Shopper;
let product: TestProduct;
beforeAll(async () => {
  [closed, open] = await Promise.all([
    createTestApp({ pages: true, demo: false }),
    createTestApp({ pages: true, env: { CORS_ORIGINS: ` ${APP}, ${DEV} ,` } }),
  ]);
  shopper = await makeShopper(open);
  [product] = (await products(open, 1)) as [TestProduct];
  const answer = await open.app.inject({ method: "GET", url: `/api/products/${product.id}` });
  productPicture = String(answer.json<{ product: { imageUrl: string[] } }>().product.imageUrl[0]);
});
afterAll(async () => {
  await Promise.all([closed?.close(), open?.close()]);
});

type Res = Awaited<ReturnType<TestApp["app"]["inject"]>>;
const get = (t: TestApp, url: string, origin: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { origin, ...headers } });
const preflight = (t: TestApp, url: string, origin: string, method = "POST") =>
  t.app.inject({
    method: "OPTIONS",
    url,
    headers: {
      origin,
      "access-control-request-method": method,
      "access-control-request-headers": "authorization, content-type, idempotency-key",
    },
  });
const expectNoGrant = (res: Res, label: string) => {
  for (const name of ["allow-origin", "allow-methods", "allow-headers", "allow-credentials", "expose-headers"]) {
    expect(res.headers[`access-control-${name}`], `${label}: ${name}`).toBeUndefined();
  }
};
let productPicture = "";
const images = () => ["/images/site/cover/640.webp", productPicture];

describe("CORS closed by default", () => {
  it("no answer carries Access-Control-Allow-Origin and no preflight is granted, for the API or pictures", async () => {
    for (const url of ["/api/products/search?query=chappal", "/api/user/cart", "/images/site/cover/640.webp", "/"]) {
      expectNoGrant(await get(closed, url, APP), url);
      const answer = await preflight(closed, url, APP, "GET");
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expectNoGrant(answer, `preflight ${url}`);
    }
  });
});

describe("CORS_ORIGINS", () => {
  it("a listed origin reads the API: its own origin back, Vary: Origin, never credentials", async () => {
    for (const origin of [APP, DEV]) {
      const res = await get(open, `/api/products/${product.id}`, origin);
      expect(res.statusCode).toBe(200);
      expect(res.headers["access-control-allow-origin"]).toBe(origin);
      expect(String(res.headers.vary)).toMatch(/\bOrigin\b/);
      expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
      expect(String(res.headers["access-control-expose-headers"])).toContain("Idempotent-Replayed");
    }
    const cart = await open.app.inject({
      method: "POST",
      url: "/api/user/cart/add",
      headers: { origin: APP, ...shopper.headers },
      payload: { productId: product.id, size: product.sizes[0], quantity: 1 },
    });
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.headers["access-control-allow-origin"]).toBe(APP);
  });

  it("a listed origin's preflight is granted with Authorization and Idempotency-Key", async () => {
    for (const [url, method] of [
      ["/api/orders/new-order", "POST"],
      ["/api/user/cart/update", "PUT"],
      ["/api/user/cart/clear", "DELETE"],
      ["/api/user/my-details", "GET"],
    ] as const) {
      const res = await preflight(open, url, APP, method);
      expect(res.statusCode, url).toBe(204);
      expect(res.headers["access-control-allow-origin"]).toBe(APP);
      expect(String(res.headers["access-control-allow-methods"])).toContain(method);
      const allowed = String(res.headers["access-control-allow-headers"]).toLowerCase();
      for (const header of ["authorization", "content-type", "idempotency-key"]) expect(allowed).toContain(header);
      expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("an unlisted origin gets nothing: no header on answers, its preflight refused with a message", async () => {
    for (const origin of UNLISTED) {
      const res = await get(open, `/api/products/${product.id}`, origin, shopper.headers);
      expectNoGrant(res, origin);
      const refused = await preflight(open, "/api/orders/new-order", origin);
      expect(expectRefusal(refused, 403)).toBe(CORS_REFUSED);
      expectNoGrant(refused, `preflight ${origin}`);
    }
  });

  it("pictures: the listed origins only", async () => {
    for (const url of images()) {
      const listed = await get(open, url, APP);
      expect(listed.statusCode, url).toBe(200);
      expect(listed.headers["access-control-allow-origin"]).toBe(APP);
      expect((await preflight(open, url, DEV, "GET")).headers["access-control-allow-origin"]).toBe(DEV);
      for (const origin of UNLISTED) {
        const res = await get(open, url, origin);
        expect(res.statusCode).toBe(200);
        expectNoGrant(res, `${url} ${origin}`);
        expect((await preflight(open, url, origin, "GET")).statusCode).toBe(403);
      }
    }
  });

  it("pages stay same-origin, even for a listed origin", async () => {
    for (const url of ["/", `/products/${product.id}`]) {
      const res = await get(open, url, APP);
      expect(res.statusCode).toBe(200);
      expectNoGrant(res, url);
      expectNoGrant(await preflight(open, url, APP, "GET"), `preflight ${url}`);
    }
  });

  it("the setting takes origins only: no wildcard, no path, no bare host", () => {
    expect(loadConfig({ CORS_ORIGINS: `${APP},${DEV}` }).corsOrigins).toEqual([APP, DEV]);
    expect(loadConfig({}).corsOrigins).toEqual([]);
    for (const bad of ["*", `${APP}/`, `${APP}/api`, "app.shoeshop.pk", "https://*.shoeshop.pk"]) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
  });
});
