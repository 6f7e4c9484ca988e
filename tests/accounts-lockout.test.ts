// The sign-in lockout rule (issue 34, item 5): wrong passwords slow their own address and, from
// unknown browsers, the account; they never stop the owner's own browser (a "known device").
// TEST_REDIS_URL runs these against Redis (shared counters); addresses and e-mails are fresh per run.
import { createServer } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { delayKeyOf } from "#server/accounts/lockout.ts";
import { delayKeys } from "#server/plugins/rate-limit.ts";
import { INVALID_LOGIN } from "#shared/accounts.ts";
import { newPerson, PASSWORD, signUp, tokenOf, waitForResetLink } from "./support/accounts.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { freshAddresses } from "./support/redis.ts";

const REDIS_URL = process.env.TEST_REDIS_URL;
const redis: Record<string, string> = REDIS_URL ? { REDIS_URL } : {};
const ip = freshAddresses();

type Reply = Awaited<ReturnType<TestApp["app"]["inject"]>>;

function expectWait(res: Reply, moreThan: number, atMost: number) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({
    message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
  });
  const retryAfter = Number(res.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan(moreThan);
  expect(retryAfter).toBeLessThanOrEqual(atMost);
}

/** The browser's known-device cookie from a successful sign-in's answer, as a Cookie header. */
function deviceCookie(res: Reply): string {
  expect(res.statusCode, res.body).toBe(200);
  const set = String(res.headers["set-cookie"]);
  expect(set).toMatch(/^shop_device_[\w-]+=[\w.-]+; Max-Age=\d+; Path=\/api\/user\/login; HttpOnly; SameSite=Strict$/);
  return set.split(";")[0] ?? "";
}

describe("sign-in lockout", () => {
  let t: TestApp;
  let redisClient: Redis | undefined;
  beforeAll(async () => {
    // A high per-address limit, so only the lockout rule answers 429 here.
    t = await createTestApp({ demo: false, env: { RATE_LIMIT_SCALE: "1000", ...redis } });
    if (REDIS_URL) redisClient = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await redisClient?.quit();
    await t?.close();
  });

  const login = (email: string, password: string, address: string, cookie?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/user/login",
      payload: { email, password },
      remoteAddress: address,
      headers: cookie ? { cookie } : {},
    });

  async function fail(email: string, address: string, times: number, cookie?: string) {
    for (let i = 0; i < times; i++) {
      const res = await login(email, `Wrong-pass-${i}`, address, cookie);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({ message: INVALID_LOGIN });
    }
  }

  /** The address's wait runs out: the clock moves on (memory), or its Redis key expires (Redis). */
  async function waitPasses(email: string, address: string, seconds: number) {
    if (redisClient) await redisClient.del(delayKeys("shop:login-delay:", delayKeyOf.address(email, address)).wait);
    else vi.setSystemTime(Date.now() + (seconds + 1) * 1000);
  }

  it("ten wrong passwords from one address: that address waits, the owner signs in from another", async () => {
    const owner = await signUp(t, newPerson());
    await fail(owner.email, ip(1), 5);
    for (let i = 0; i < 5; i++) expectWait(await login(owner.email, `Wrong-again-${i}`, ip(1)), 0, 60);
    // Even the right password waits at that address, for the address's sake...
    expectWait(await login(owner.email, PASSWORD, ip(1)), 0, 60);
    // ...but not anywhere else, and not even a browser that never signed in before.
    expect((await login(owner.email, PASSWORD, ip(2))).statusCode).toBe(200);
  });

  it("the wait of an address doubles with each further failure, up to 15 minutes", async () => {
    const owner = await signUp(t, newPerson());
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      await fail(owner.email, ip(10), 5);
      for (const [moreThan, atMost] of [
        [0, 60],
        [60, 120],
        [120, 240],
        [240, 480],
        [480, 900],
      ] as const) {
        const res = await login(owner.email, "Wrong-pass-x", ip(10));
        expectWait(res, moreThan, atMost);
        await waitPasses(owner.email, ip(10), Number(res.headers["retry-after"]));
        await fail(owner.email, ip(10), 1);
      }
      expectWait(await login(owner.email, PASSWORD, ip(10)), 480, 900);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a success forgets the address's failures", async () => {
    const owner = await signUp(t, newPerson());
    await fail(owner.email, ip(20), 4);
    expect((await login(owner.email, PASSWORD, ip(20))).statusCode).toBe(200);
    // Without the reset, the fifth of these would be the ninth failure and wait.
    await fail(owner.email, ip(20), 5);
    expectWait(await login(owner.email, PASSWORD, ip(20)), 0, 60);
  });

  it("many addresses against one account: unknown browsers wait, the owner's known browser signs in", async () => {
    const owner = await signUp(t, newPerson());
    const ownersBrowser = deviceCookie(await login(owner.email, PASSWORD, ip(30)));
    // A spread attack: two guesses from each of five addresses, none of them slowed on its own.
    for (let a = 0; a < 5; a++) await fail(owner.email, ip(40 + a), 2);
    // A browser that never signed in to this account waits, from any address, even with the password.
    expectWait(await login(owner.email, PASSWORD, ip(31)), 0, 900);
    expectWait(await login(owner.email, PASSWORD, ip(30)), 0, 900);
    // So does a made-up or damaged cookie, or another account's: the owner's is signed for this account.
    const [name, value = ""] = ownersBrowser.split("=");
    const flipped = `${name}=${value.slice(0, -1)}${value.endsWith("A") ? "B" : "A"}`;
    expectWait(await login(owner.email, PASSWORD, ip(31), flipped), 0, 900);
    const attacker = await signUp(t, newPerson());
    const attackersBrowser = deviceCookie(await login(attacker.email, PASSWORD, ip(44)));
    const moved = `${name}=${attackersBrowser.split("=")[1]}`;
    expectWait(await login(owner.email, PASSWORD, ip(44), moved), 0, 900);
    // The owner's own browser signs in, at home or from a new address, and stays known.
    expect(deviceCookie(await login(owner.email, PASSWORD, ip(30), ownersBrowser))).toMatch(/^shop_device_/);
    expect((await login(owner.email, PASSWORD, ip(32), ownersBrowser)).statusCode).toBe(200);
  });

  it("during a spread attack, a password reset makes the browser that confirms it known", async () => {
    const owner = await signUp(t, newPerson());
    for (let a = 0; a < 5; a++) await fail(owner.email, ip(70 + a), 2);
    expectWait(await login(owner.email, PASSWORD, ip(80)), 0, 900);
    const newPassword = "Brand-new-pass-42";
    const post = (url: string, payload: object, address: string) =>
      t.app.inject({ method: "POST", url, payload, remoteAddress: address });
    const asked = await post(
      "/api/user/reset-password",
      { email: owner.email, newPassword, confirmPassword: newPassword },
      ip(80),
    );
    expect(asked.statusCode).toBe(200);
    const token = tokenOf(await waitForResetLink(t, owner.email, 1));
    const confirmed = await post("/api/user/reset-password/confirm", { token, newPassword }, ip(80));
    const browser = deviceCookie(confirmed);
    expect((await login(owner.email, newPassword, ip(80), browser)).statusCode).toBe(200);
    // Another unknown browser still waits.
    expectWait(await login(owner.email, newPassword, ip(81)), 0, 900);
  });

  it("behind a shared address (carrier NAT), others' failures do not delay the owner's known browser", async () => {
    const owner = await signUp(t, newPerson());
    const shared = ip(90);
    const ownersBrowser = deviceCookie(await login(owner.email, PASSWORD, shared));
    // Someone else on the same carrier address guesses until that address waits.
    await fail(owner.email, shared, 5);
    expectWait(await login(owner.email, PASSWORD, shared), 0, 60);
    // The owner's browser has signed in to this account before: it signs in at once...
    expect((await login(owner.email, PASSWORD, shared, ownersBrowser)).statusCode).toBe(200);
    // ...and its success does not lift the wait the others earned on that address.
    expectWait(await login(owner.email, "Wrong-pass-again", shared), 0, 60);
  });

  it("a known browser's own wrong passwords slow it too, across addresses", async () => {
    const owner = await signUp(t, newPerson());
    const browser = deviceCookie(await login(owner.email, PASSWORD, ip(50)));
    for (let a = 0; a < 5; a++) await fail(owner.email, ip(51 + a), 1, browser);
    expectWait(await login(owner.email, PASSWORD, ip(60), browser), 0, 60);
    // It was never the account that was locked: another browser with the password signs in.
    expect((await login(owner.email, PASSWORD, ip(61))).statusCode).toBe(200);
  });
});

/** A local port nothing listens on: taken, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
}

it("a Redis outage lets sign-ins through rather than locking everyone out", async () => {
  const shop = await createTestApp({ demo: false, env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` } });
  try {
    const owner = await signUp(shop, newPerson());
    const login = (password: string) =>
      shop.app.inject({ method: "POST", url: "/api/user/login", payload: { email: owner.email, password } });
    for (let i = 0; i < 12; i++) expect((await login(`Wrong-pass-${i}`)).statusCode).toBe(401);
    expect((await login(PASSWORD)).statusCode).toBe(200);
  } finally {
    await shop.close();
  }
});
