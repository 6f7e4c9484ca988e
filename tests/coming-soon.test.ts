// An empty women's category, on its own database: the API answers an empty list and the page
// says 'Coming Soon' (see tests/pages.test.ts for the rendered page).
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t?.close());

it("answers an empty products array for a category with no products", async () => {
  const res = await t.app.inject({ method: "GET", url: "/api/products?category=women-loafers" });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ products: [], page: 1, hasMore: false, total: 0, pages: 1 });
});
