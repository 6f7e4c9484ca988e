// Two instances of the shop on one database, sharing REDIS_URL: a change made through one drops
// the other's cached catalogue answers (server/catalog/changes-redis.ts), and Redis being away
// never fails the write that published.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import type { CatalogChange } from "#server/catalog/changes.ts";
import { createRedisCatalogChanges } from "#server/catalog/changes-redis.ts";
import type { AdminProduct } from "#shared/admin.ts";
import type { ProductAnswer } from "#shared/catalog.ts";
import { call, makeAdmin } from "../support/admin.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { redisReachable, TEST_REDIS_URL } from "../support/redis.ts";
import { products } from "../support/shoppers.ts";

const REDIS_URL = TEST_REDIS_URL;

const reachable = await redisReachable();

describe.skipIf(!reachable)(`two instances sharing Redis at ${REDIS_URL}`, () => {
  let first: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await createTestApp({ env: { REDIS_URL } });
    // The second instance: its own process state (caches, subscriptions), the same database.
    second = await buildApp({ config: first.config, database: first.database });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("an admin's price change on one instance reaches the other's cached answer", async () => {
    const [product] = await products(first, 1);
    if (!product) throw new Error("no product");
    const read = async () =>
      (await second.inject({ url: `/api/products/${product.id}` })).json<ProductAnswer>().product;
    const before = await read();
    expect((await second.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(200);

    const arrived = new Promise<CatalogChange>((resolve) => {
      const stop = second.catalogChanges.subscribe((change) => {
        if (change.productIds?.includes(product.id)) {
          stop();
          resolve(change);
        }
      });
    });
    const admin = await makeAdmin(first);
    const current = (await call(first, admin, "GET", `/api/admin/products/${product.id}`)).json<AdminProduct>();
    const edited = await call(first, admin, "PUT", `/api/admin/products/${product.id}`, {
      name: current.name,
      description: current.description,
      features: current.features,
      category: current.category,
      price: before.price + 250,
      discountPrice: before.price + 250,
      sizes: current.sizes.filter((s) => s.offered).map(({ size, stock }) => ({ size, stock })),
    });
    expect(edited.statusCode, edited.body).toBe(200);

    expect((await arrived).productIds).toEqual([product.id]);
    expect((await read()).price).toBe(before.price + 250);
  });
});

describe("Redis away", () => {
  it("a change is still delivered on this instance and the publisher does not throw", async () => {
    const warnings: string[] = [];
    const changes = await createRedisCatalogChanges("redis://127.0.0.1:1", {
      warn: (_details, message) => warnings.push(message),
      info: () => {},
    });
    try {
      const seen: CatalogChange[] = [];
      changes.subscribe((change) => seen.push(change));
      expect(() => changes.publish({ productIds: ["p1"] })).not.toThrow();
      expect(seen).toEqual([{ productIds: ["p1"] }]);
      expect(warnings.length).toBeGreaterThan(0);
    } finally {
      await changes.close();
    }
  });
});
