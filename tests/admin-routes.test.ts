// The route table: every route under /api/admin, read from the live app's router (so a route
// added later is covered without touching this test), answers 401 without a token and 403 to a
// customer, and nothing reaches a handler.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.ts";
import { makeShopper, type Shopper } from "./support/shoppers.ts";

let t: TestApp;
let customer: Shopper;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  customer = await makeShopper(t);
});
afterAll(() => t?.close());

interface Route {
  method: string;
  url: string;
}

/** Reads `printRoutes` (a tree of path segments with their methods) back into whole routes. */
function allRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    stack.length = depth;
    stack.push(match[2] ?? "");
    for (const method of (match[3] ?? "").split(", ").filter(Boolean)) {
      routes.push({ method, url: stack.join("") });
    }
  }
  return routes;
}

const adminRoutes = () =>
  allRoutes(t.app).filter((r) => r.url.startsWith("/api/admin") && r.method !== "HEAD" && r.method !== "OPTIONS");
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID());

it("finds every admin route of the contract", () => {
  const found = adminRoutes().map((r) => `${r.method} ${r.url}`);
  expect(found).toEqual(
    expect.arrayContaining([
      "GET /api/admin/dashboard",
      "GET /api/admin/products",
      "POST /api/admin/products",
      "GET /api/admin/products/:id",
      "PUT /api/admin/products/:id",
      "DELETE /api/admin/products/:id",
      "POST /api/admin/products/:id/restore",
      "POST /api/admin/products/:id/images",
      "PUT /api/admin/products/:id/images/order",
      "DELETE /api/admin/products/:id/images/:imageId",
      "GET /api/admin/orders",
      "GET /api/admin/orders/:id",
      "POST /api/admin/orders/:id/status",
      "GET /api/admin/orders/new-count",
      "GET /api/admin/orders/new-count/stream",
      "POST /api/admin/orders/:id/return",
      "POST /api/admin/orders/:id/notes",
      "PUT /api/admin/orders/:id/address",
      "GET /api/admin/customers",
      "PUT /api/admin/customers/:id/blocked",
      "GET /api/admin/slips",
      "GET /api/admin/exports/orders.csv",
      "GET /api/admin/exports/products.csv",
      "GET /api/admin/stock",
      "PUT /api/admin/stock",
    ]),
  );
});

it("answers 401 without a token and 403 to a customer on every admin route", async () => {
  const routes = adminRoutes();
  expect(routes.length).toBeGreaterThanOrEqual(14);
  for (const route of routes) {
    const url = concrete(route.url);
    const method = route.method as "GET" | "POST" | "PUT" | "DELETE";
    const payload = method === "GET" ? undefined : { status: "cancelled", role: "admin" };
    const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect([route.url, anonymous.statusCode]).toEqual([route.url, 401]);
    expect(anonymous.json<{ message: string }>().message).toMatch(/sign in/i);
    const forged = await t.app.inject({ method, url, headers: { authorization: "Bearer not-a-token" } });
    expect([route.url, forged.statusCode]).toEqual([route.url, 401]);
    const asCustomer = await t.app.inject({ method, url, headers: customer.headers, ...(payload ? { payload } : {}) });
    expect([route.url, asCustomer.statusCode]).toEqual([route.url, 403]);
    expect(asCustomer.json<{ message: string }>().message).toBe("Only the shop's administrators can do that.");
  }
});

it("checks the token before reading an upload", async () => {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/admin/products/${randomUUID()}/images`,
    headers: { ...customer.headers, "content-type": "image/png" },
    payload: Buffer.alloc(11 * 1024 * 1024),
  });
  expect(res.statusCode).toBe(403);
});
