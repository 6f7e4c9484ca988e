// A Redis that is not there (issue 34): its outage is logged once per connection when it starts,
// not once per retry with a stack trace (a 20 s outage wrote about 1,450 lines).
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, it } from "vitest";
import { createTestApp } from "./support/app.ts";

/** A local port nothing listens on: taken, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
}

it("logs a Redis that is away once per connection, without stacks, however often it retries", async () => {
  const lines: string[] = [];
  const port = await closedPort();
  const shop = await createTestApp({
    demo: false,
    env: { REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: "info" },
    logStream: { write: (line) => lines.push(line) },
  });
  try {
    // ioredis retries after 50, 100, 150 … ms: a few seconds are a dozen retries per connection.
    await sleep(3_000);
    const redisLines = lines.filter((line) => line.includes('"msg":"redis unavailable'));
    // Rate limits, catalogue changes and order signals, each with up to two connections (a publisher
    // and a subscriber, or a client and its duplicate), and the image store check (one): once per
    // connection, never once per retry.
    expect(redisLines.length).toBeGreaterThan(0);
    const perUser = new Map<string, number>();
    for (const line of redisLines) {
      const user = /"msg":"redis unavailable \(([^)]+)\)"/.exec(line)?.[1] ?? line;
      perUser.set(user, (perUser.get(user) ?? 0) + 1);
    }
    expect(perUser.size, redisLines.join("\n")).toBeLessThanOrEqual(4);
    for (const [user, count] of perUser) expect(count, `${user}: ${redisLines.join("\n")}`).toBeLessThanOrEqual(2);
    // Nothing else Redis-related (a subscription that failed at the start) carries a stack either.
    for (const line of lines) expect(line).not.toMatch(/"stack"/);
    // The shop still answers.
    expect((await shop.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  } finally {
    await shop.close();
  }
});
