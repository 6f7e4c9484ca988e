// The Redis server the scale tests use: TEST_REDIS_URL, or this machine's at 127.0.0.1:6379.
import { Redis } from "ioredis";

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Whether Redis answers a PING within a second (tests that need it are skipped otherwise). */
export async function redisReachable(url: string = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0 });
  probe.on("error", () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * Client addresses in a /24 (10.x.y.0) picked at random for this run: Redis keeps rate-limit counters between
 * runs (for up to an hour), so a test that counts requests per address must not reuse one.
 */
export function freshAddresses(): (n: number) => string {
  const net = `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
  return (n) => `${net}.${n}`;
}
