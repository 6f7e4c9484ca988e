// Answers that carry a token or personal data say `Cache-Control: no-store`, so no browser, proxy
// or CDN keeps them (issue 16): by rule, every /api answer unless its route is public catalogue
// data, which keeps its own caching. Checked on the named calls and on the live route table.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPerson, post } from "../support/accounts.ts";
import { makeAdmin } from "../support/admin.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { makeShopper, orderBody, placeOrder, products, type Shopper, type TestProduct } from "../support/shoppers.ts";
import { fillParams, routeTable } from "./routes.ts";

let t: TestApp;
let shopper: Shopper;
let admin: Shopper;
let product: TestProduct;
beforeAll(async () => {
  t = await createTestApp({ pages: true, env: { RATE_LIMIT_SCALE: "1000" } });
  shopper = await makeShopper(t);
  admin = await makeAdmin(t);
  [product] = (await products(t, 1)) as [TestProduct];
});
afterAll(() => t?.close());

type Res = Awaited<ReturnType<TestApp["app"]["inject"]>>;
const expectNoStore = (res: Res, label: string) => expect(res.headers["cache-control"], label).toBe("no-store");
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

// The catalogue: the same for every visitor, so it keeps the caching it chose for itself.
const PUBLIC_ROUTES = new Set([
  "/api/products",
  "/api/products/:productId",
  "/api/products/size",
  "/api/products/search",
  "/api/search",
  "/api/search/instant",
  "/api/colours",
  // The Karachi areas the checkout offers: the same list for everyone.
  "/api/areas",
  // The owner's exchange window, stated on the policy page: the same for everyone.
  "/api/exchange-policy",
  // A published review's photo (issue 53): the same for everyone; its 404 is no-store (tests/reviews.test.ts).
  "/api/reviews/photos/:photoId",
]);

describe("Cache-Control: no-store on answers with a token or personal data", () => {
  it("sign-up and sign-in (which answer a token), my details and sign-out", async () => {
    const person = newPerson();
    const signup = await post(t, "/api/user/signup", person);
    expect(signup.statusCode).toBe(201);
    expectNoStore(signup, "signup");
    const login = await post(t, "/api/user/login", { email: person.email, password: person.password });
    expect(login.json().token).toBeTypeOf("string");
    expectNoStore(login, "login");
    const headers = { authorization: `Bearer ${login.json().token}` };
    const details = await get("/api/user/my-details", headers);
    expect(details.statusCode).toBe(200);
    expectNoStore(details, "my-details");
    expectNoStore(await post(t, "/api/user/logout", {}, headers), "logout");
    // Refusals too: a wrong password says nothing cacheable either.
    expectNoStore(await post(t, "/api/user/login", { email: person.email, password: "Wrong-password-9" }), "401");
  });

  it("the cart, a new order and tracking", async () => {
    const size = product.sizes[0] as number;
    const add = await post(t, "/api/user/cart/add", { productId: product.id, size, quantity: 1 }, shopper.headers);
    expect(add.statusCode, add.body).toBe(200);
    expectNoStore(add, "cart add");
    expectNoStore(await get("/api/user/cart", shopper.headers), "cart");
    const order = await placeOrder(t, shopper, orderBody(shopper, [{ product, size, quantity: 1 }]));
    expect(order.statusCode, order.body).toBe(201);
    expectNoStore(order, "new-order");
    const track = await get("/api/orders/track", shopper.headers);
    expect(track.statusCode).toBe(200);
    expect(track.body).toContain(shopper.email);
    expectNoStore(track, "track");
  });

  it("a password reset and its confirmation", async () => {
    const person = newPerson();
    const reset = await post(t, "/api/user/reset-password", {
      email: person.email,
      newPassword: person.password,
      confirmPassword: person.password,
    });
    expect(reset.statusCode).toBeLessThan(500);
    expectNoStore(reset, "reset");
    const confirm = await post(t, "/api/user/reset-password/confirm", { token: "A".repeat(43) });
    expectNoStore(confirm, "reset confirm");
    // The page a reset mail opens carries the token in its address.
    const page = await get(`/reset-password/confirm?token=${"A".repeat(43)}`);
    expect(page.statusCode).toBe(200);
    expectNoStore(page, "reset confirm page");
  });

  it("every /api route of the live table but the catalogue, with and without a session, whatever the status", async () => {
    const routes = routeTable(t.app).filter((r) => r.url.startsWith("/api/") && !PUBLIC_ROUTES.has(r.url));
    expect(routes.filter((r) => r.url.startsWith("/api/admin")).length).toBeGreaterThan(8);
    const caller = await makeAdmin(t); // its own: the loop also signs out
    for (const route of routes) {
      for (const headers of [{}, shopper.headers, caller.headers]) {
        const res = await t.app.inject({
          method: route.method as "GET",
          url: fillParams(route.url, () => product.id),
          headers,
          ...(route.method === "GET" ? {} : { payload: {} }),
        });
        expectNoStore(res, `${route.method} ${route.url} ${res.statusCode}`);
      }
    }
    // The admin's data, answered in full.
    for (const url of ["/api/admin/dashboard", "/api/admin/customers", "/api/admin/orders", "/api/admin/products"]) {
      const res = await get(url, admin.headers);
      expect(res.statusCode, url).toBe(200);
      expectNoStore(res, url);
    }
    expectNoStore(await get("/api/no-such-route", shopper.headers), "404");
  });

  it("the catalogue, pictures and pages keep their own caching", async () => {
    const list = await get(`/api/products/${product.id}`, shopper.headers);
    expect(list.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    const category = await get("/api/products?category=men-formal-shoes");
    expect(category.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect((await get("/api/products/search?query=chappal")).headers["cache-control"]).toBeUndefined();
    expect((await get("/api/search/instant?query=chappal")).headers["cache-control"]).toBeUndefined();
    expect((await get("/api/colours")).headers["cache-control"]).toBe("public, max-age=300");
    // Before the background job has rendered it, a picture is its drawing and must be asked for again.
    expect((await get("/images/site/cover/640.webp")).headers["cache-control"]).toBe("no-cache");
    await t.app.images.renderIfMissing({ kind: "site", name: "cover", width: 640, format: "webp" });
    const picture = await get("/images/site/cover/640.webp");
    expect(picture.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await get("/")).headers["cache-control"]).toBe("no-cache");
  });
});
