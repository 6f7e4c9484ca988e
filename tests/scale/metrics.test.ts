// /metrics: Prometheus text for this machine's scraper (or one holding METRICS_TOKEN), and the
// same 404 as any unknown address for everyone else, including visitors behind a local proxy.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app.ts";
import { makeShopper, orderBody, placeOrder, products } from "../support/shoppers.ts";

const TOKEN = "scraper-token-0123456789";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t?.close());

const metrics = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: "GET", url: "/metrics", ...options });

function sample(text: string, name: string, labels = ""): number {
  const line = text.split("\n").find((l) => l.startsWith(`${name}${labels} `));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

describe("/metrics", () => {
  it("counts requests by route and status class, and orders placed", async () => {
    const before = (await metrics()).body;
    const route = 'method="GET",route="/api/products",status="2xx"';
    const countBefore = sample(before, "shop_http_request_duration_seconds_count", `{${route}}`);
    await t.app.inject({ url: "/api/products?category=men-formal-shoes" });
    await t.app.inject({ url: "/api/products?category=men-sports-shoes" });
    const [product] = await products(t, 1);
    if (!product) throw new Error("no product");
    const buyer = await makeShopper(t);
    const order = await placeOrder(
      t,
      buyer,
      orderBody(buyer, [{ product, size: product.sizes[0] as number, quantity: 1 }]),
    );
    expect(order.statusCode, order.body).toBe(201);

    const res = await metrics();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain; version=0.0.4");
    expect(sample(res.body, "shop_http_request_duration_seconds_count", `{${route}}`)).toBe(countBefore + 2);
    expect(sample(res.body, "shop_http_request_duration_seconds_bucket", `{${route},le="+Inf"}`)).toBe(countBefore + 2);
    expect(sample(res.body, "shop_orders_placed_total")).toBe(1);
    expect(sample(res.body, "shop_http_server_errors_total")).toBe(0);
    expect(sample(res.body, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("is not public: another machine, or a visitor forwarded by a local proxy, gets the plain 404", async () => {
    const far = await metrics({ remoteAddress: "203.0.113.9" });
    expect([far.statusCode, far.json().message]).toEqual([404, "There is nothing at GET /metrics."]);
    const proxied = await metrics({ headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(proxied.statusCode).toBe(404);
    const wrongToken = await metrics({
      remoteAddress: "203.0.113.9",
      headers: { authorization: "Bearer not-the-token-at-all" },
    });
    expect(wrongToken.statusCode).toBe(404);
  });

  it("answers a scraper elsewhere that holds METRICS_TOKEN", async () => {
    const res = await metrics({ remoteAddress: "203.0.113.9", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("# TYPE shop_http_request_duration_seconds histogram");
  });
});
