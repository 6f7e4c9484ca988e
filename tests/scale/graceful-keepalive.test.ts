// A rolling restart behind a load balancer: nginx keeps connections open to every instance, so a
// request can arrive on one of them after the instance was told to stop (SIGTERM). That request
// must be served (its answer closes the connection, so nginx goes elsewhere next), not refused
// with a bare 503 that nginx may not retry, since it was a POST.
import http from "node:http";
import { describe, expect, it } from "vitest";
import type { ProductList } from "#shared/catalog.ts";
import { answerOf, shopPerTest } from "../security/process.ts";
import { until } from "../support/wait.ts";

const backend = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
const shops = shopPerTest();

describe(`a request on a kept-alive connection during a graceful stop (${backend})`, () => {
  it("is served, and its answer closes the connection; the process still exits 0", async () => {
    await shops.create();
    const shop = await shops.start();
    // One connection, kept alive between the two requests, as nginx's upstream keepalive does.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const id = `keepalive${Math.random().toString(36).slice(2, 8)}`;
      const payload = Buffer.from(
        JSON.stringify({ email: `${id}@example.pk`, username: id, password: "Correct-Horse-Battery-7" }),
      );
      const first = http.request(new URL("/api/user/signup", shop.url), {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": payload.length },
      });
      const firstAnswer = answerOf(first);
      // The first request is in the middle of its body when the stop begins.
      first.write(payload.subarray(0, 10));
      await until(
        () => shop.logs.some((l) => /"incoming request".*signup|signup.*"incoming request"/.test(l)),
        Boolean,
        "the sign-up's log line",
        { timeout: 10_000, interval: 5 },
      );
      shop.child.kill("SIGTERM");
      await until(() => shop.logs.some((l) => l.includes('"shutting down"')), Boolean, "the stop's log line", {
        timeout: 10_000,
        interval: 5,
      });
      first.end(payload.subarray(10));
      expect((await firstAnswer).status).toBe(201);

      // The next request arrives on the same connection after the stop began.
      const second = http.request(new URL("/api/products?category=men-formal-shoes", shop.url), { agent });
      const secondAnswer = answerOf(second);
      second.end();
      const answer = await secondAnswer;
      expect(`${answer.status} ${answer.body.slice(0, 100)}`).toMatch(/^200 /);
      expect(JSON.parse(answer.body) as ProductList).toHaveProperty("products");
      expect(answer.headers.connection).toBe("close");
      expect(await shop.exited).toEqual({ code: 0, signal: null });
    } finally {
      agent.destroy();
    }
  });
});
