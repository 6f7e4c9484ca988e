import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_LOGIN } from "#shared/accounts.ts";
import { newPerson, PASSWORD, signUp } from "./support/accounts.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { freshAddresses } from "./support/redis.ts";

// TEST_REDIS_URL runs these tests against Redis; addresses and e-mails are fresh per run, so
// counters left in Redis by an earlier run do not matter.
const redis: Record<string, string> = process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {};
const ip = freshAddresses();

const from = (remoteAddress: string, headers: Record<string, string> = {}) => ({ remoteAddress, headers });

function send(t: TestApp, url: string, payload: object, client = from(ip(1))) {
  return t.app.inject({ method: "POST", url, payload, remoteAddress: client.remoteAddress, headers: client.headers });
}

function expectTooMany(res: Awaited<ReturnType<typeof send>>, maxSeconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
  });
  const retryAfter = Number(res.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

// RATE_LIMIT_SCALE=0.1: sign-up 1 an hour, reset 1, reset confirm 2 and login 3 per 15 minutes, per address.
describe("per-address limits, with a trusted proxy at 127.0.0.1", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false, env: { RATE_LIMIT_SCALE: "0.1", TRUST_PROXY: "127.0.0.1", ...redis } });
  });
  afterAll(() => t?.close());

  it("limits sign-ups per client address, and another address is not affected", async () => {
    expect((await send(t, "/api/user/signup", newPerson(), from(ip(10)))).statusCode).toBe(201);
    expectTooMany(await send(t, "/api/user/signup", newPerson(), from(ip(10))), 3600);
    expect((await send(t, "/api/user/signup", newPerson(), from(ip(11)))).statusCode).toBe(201);
  });

  it("uses the socket's address: X-Forwarded-For is ignored from a socket that is not the proxy", async () => {
    const client = (forwarded: string) => from(ip(20), { "x-forwarded-for": forwarded });
    expect((await send(t, "/api/user/signup", newPerson(), client(ip(150)))).statusCode).toBe(201);
    expectTooMany(await send(t, "/api/user/signup", newPerson(), client(ip(151))), 3600);
  });

  it("limits reset requests per client address", async () => {
    const body = {
      email: "someone@example.pk",
      newPassword: "Brand-new-pass-42",
      confirmPassword: "Brand-new-pass-42",
    };
    expect((await send(t, "/api/user/reset-password", body, from(ip(30)))).statusCode).toBe(200);
    expectTooMany(await send(t, "/api/user/reset-password", body, from(ip(30))), 900);
  });

  it("limits reset confirmations per client address, on top of the five tries of each link", async () => {
    const body = { token: Buffer.alloc(32, 7).toString("base64url"), newPassword: "Brand-new-pass-42" };
    for (let i = 0; i < 2; i++) {
      expect((await send(t, "/api/user/reset-password/confirm", body, from(ip(35)))).statusCode).toBe(400);
    }
    expectTooMany(await send(t, "/api/user/reset-password/confirm", body, from(ip(35))), 900);
    expect((await send(t, "/api/user/reset-password/confirm", body, from(ip(36)))).statusCode).toBe(400);
  });

  it("limits sign-in attempts per client address, even with the right password", async () => {
    const person = newPerson();
    expect((await send(t, "/api/user/signup", person, from(ip(42)))).statusCode).toBe(201);
    const client = from(ip(40));
    for (let i = 0; i < 3; i++) {
      const res = await send(t, "/api/user/login", { email: `x${i}@example.pk`, password: "Wrong-password-1" }, client);
      expect(res.statusCode).toBe(401);
    }
    expectTooMany(await send(t, "/api/user/login", { email: person.email, password: PASSWORD }, client), 900);
    expect(
      (await send(t, "/api/user/login", { email: person.email, password: PASSWORD }, from(ip(41)))).statusCode,
    ).toBe(200);
  });

  it("counts the forwarded client address behind the trusted proxy", async () => {
    const client = (forwarded: string) => from("127.0.0.1", { "x-forwarded-for": forwarded });
    expect((await send(t, "/api/user/signup", newPerson(), client(ip(111)))).statusCode).toBe(201);
    expect((await send(t, "/api/user/signup", newPerson(), client(ip(112)))).statusCode).toBe(201);
    expectTooMany(await send(t, "/api/user/signup", newPerson(), client(ip(112))), 3600);
  });
});

// tests/accounts-lockout.test.ts has the rest of the rule: per address, and known devices.
describe("per-account limit on failed sign-ins from unknown browsers (never scaled)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false, env: { RATE_LIMIT_SCALE: "1000", ...redis } });
  });
  afterAll(() => t?.close());

  it("allows 10 failures in 15 minutes per e-mail, from any address, then answers 429 even to the right password, except on a known browser", async () => {
    const victim = await signUp(t, newPerson());
    const bystander = await signUp(t, newPerson());
    // A right password in between is not a failure and does not count; it makes this browser known.
    const first = await send(t, "/api/user/login", { email: victim.email, password: PASSWORD }, from(ip(2)));
    expect(first.statusCode).toBe(200);
    const knownBrowser = String(first.headers["set-cookie"]).split(";")[0] ?? "";
    for (let i = 0; i < 10; i++) {
      const res = await send(
        t,
        "/api/user/login",
        { email: victim.email, password: `Wrong-pass-${i}` },
        from(ip(200 + i)),
      );
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: INVALID_LOGIN });
    }
    expectTooMany(await send(t, "/api/user/login", { email: victim.email, password: PASSWORD }, from(ip(199))), 900);
    expectTooMany(await send(t, "/api/user/login", { email: victim.email.toUpperCase(), password: PASSWORD }), 900);
    expect((await send(t, "/api/user/login", { email: bystander.email, password: PASSWORD })).statusCode).toBe(200);
    const fromKnown = from(ip(2), { cookie: knownBrowser });
    expect((await send(t, "/api/user/login", { email: victim.email, password: PASSWORD }, fromKnown)).statusCode).toBe(
      200,
    );
  });

  it("treats an unknown e-mail the same, so the limit reveals nothing", async () => {
    const { email } = newPerson("stranger");
    for (let i = 0; i < 10; i++) {
      const res = await send(t, "/api/user/login", { email, password: `Wrong-pass-${i}` }, from(ip(220 + i)));
      expect(res.statusCode).toBe(401);
    }
    expectTooMany(await send(t, "/api/user/login", { email, password: "Wrong-pass-x" }, from(ip(219))), 900);
  });
});
