// Two instances of the shop on one database, sharing REDIS_URL, each keeping pages rendered
// (server/web/page-cache.ts): a price edit or a sale made through one shows on the other's pages
// as soon as the change message arrives, not when its kept page would have expired. Needs the
// production build.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, ROOT_DIR } from "#server/app.ts";
import { productionPages } from "#server/web/page-handlers.ts";
import type { AdminProduct } from "#shared/admin.ts";
import { formatRs } from "#shared/money.ts";
import { call, makeAdmin, repriced } from "../support/admin.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { redisReachable, TEST_REDIS_URL } from "../support/redis.ts";
import { makeShopper, orderBody, placeOrder, products, setStock } from "../support/shoppers.ts";

const REDIS_URL = TEST_REDIS_URL;
const reachable = await redisReachable();

describe.skipIf(!reachable)(`pages kept by two instances sharing Redis at ${REDIS_URL}`, () => {
  let first: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await createTestApp({ pages: true, env: { REDIS_URL } });
    second = await buildApp({
      config: first.config,
      database: first.database,
      pages: async () => productionPages(ROOT_DIR),
    });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const html = async (url: string) => {
    const res = await second.inject({ url });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };
  /** Resolves once the other instance has heard of a change to this product (its caches listen first). */
  const heardOf = (productId: string) =>
    new Promise<void>((resolve) => {
      const stop = second.catalogChanges.subscribe((change) => {
        if (change.productIds?.includes(productId)) {
          stop();
          resolve();
        }
      });
    });

  it("an admin's price change on one instance shows on the other's kept product page", async () => {
    const [product] = await products(first, 1);
    if (!product) throw new Error("no product");
    const url = `/products/${product.id}`;
    const price = 23_456;
    expect(await html(url)).not.toContain(formatRs(price));
    expect(second.pageCache.size.entries).toBeGreaterThan(0);

    const arrived = heardOf(product.id);
    const admin = await makeAdmin(first);
    const current = (await call(first, admin, "GET", `/api/admin/products/${product.id}`)).json<AdminProduct>();
    const edited = await call(first, admin, "PUT", `/api/admin/products/${product.id}`, repriced(current, price));
    expect(edited.statusCode, edited.body).toBe(200);
    await arrived;
    expect(await html(url)).toContain(formatRs(price));
  });

  it("a sale on one instance that empties a size shows it sold out on the other's page", async () => {
    const [, product] = await products(first, 2);
    const size = product?.sizes[0];
    if (!product || size === undefined) throw new Error("no product");
    const prepared = heardOf(product.id);
    await setStock(first, product.id, size, 1);
    first.app.catalogChanges.publish({ productIds: [product.id] });
    await prepared;
    const url = `/products/${product.id}`;
    const soldOut = `aria-label="Size ${size}, out of stock"`;
    expect(await html(url)).not.toContain(soldOut);

    const arrived = heardOf(product.id);
    const buyer = await makeShopper(first);
    const res = await placeOrder(first, buyer, orderBody(buyer, [{ product, size, quantity: 1 }]));
    expect(res.statusCode, res.body).toBe(201);
    await arrived;
    expect(await html(url)).toContain(soldOut);
  });
});
