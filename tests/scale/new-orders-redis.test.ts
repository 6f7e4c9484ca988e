// Two instances of the shop on one database, sharing REDIS_URL: an order placed through one
// instance reaches the live count of new orders an admin watches through the other within
// moments (the Redis signal, not the minute-long re-check), as behind a load balancer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order } from "#shared/orders.ts";
import { makeAdmin } from "../support/admin.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { anotherInstance, type Instance } from "../support/instances.ts";
import { listening, openCountStream } from "../support/new-orders.ts";
import { TEST_REDIS_URL as REDIS_URL, redisReachable } from "../support/redis.ts";
import { makeShopper, orderBody, placeOrder, products, setStock } from "../support/shoppers.ts";

const reachable = await redisReachable();

describe.skipIf(!reachable)(`the count of new orders across two instances sharing Redis at ${REDIS_URL}`, () => {
  let first: TestApp;
  let second: Instance;
  beforeAll(async () => {
    first = await createTestApp({ env: { REDIS_URL } });
    second = await anotherInstance(first, { REDIS_URL });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("an order placed on one instance updates the stream an admin reads from the other", async () => {
    const admin = await makeAdmin(first);
    const stream = await openCountStream(await listening(second.app), admin.token);
    try {
      const before = await stream.until(() => true);
      const [product] = await products(first, 1);
      if (!product) throw new Error("no product");
      const size = product.sizes[0] as number;
      await setStock(first, product.id, size, 20);
      const shopper = await makeShopper(first);
      const res = await placeOrder(first, shopper, orderBody(shopper, [{ product, size, quantity: 1 }]));
      expect(res.statusCode, res.body).toBe(201);
      // Well below the 60 s re-check: only the signal through Redis can have brought it.
      await stream.until((n) => n === before + 1, 3_000);

      // And the owner confirming it on the first instance brings it down on the second.
      const moved = await first.app.inject({
        method: "POST",
        url: `/api/admin/orders/${res.json<Order>()._id}/status`,
        headers: admin.headers,
        payload: { status: "confirm" },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      await stream.until((n) => n === before && stream.counts.length >= 3, 3_000);
    } finally {
      stream.close();
    }
  });
});
