// Attacks on accounts: telling known e-mails from unknown ones (by answer, and by the work done:
// the same argon2 verification runs either way), and brute force past the rate limits, including
// by inventing client addresses in X-Forwarded-For while no proxy is trusted (TRUST_PROXY unset).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dummyPasswordHash } from "#server/accounts/passwords.ts";
import { INVALID_LOGIN, RESET_REQUESTED } from "#shared/accounts.ts";
import { type newPerson, PASSWORD, signUp } from "../support/accounts.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { expectRefusal } from "./support.ts";

// Counts the calls into the argon2 library (not our code) so the test can see the work done.
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return { ...real, hash: vi.fn(real.hash), verify: vi.fn(real.verify) };
});
const argon2 = await import("@node-rs/argon2");
const verify = vi.mocked(argon2.verify);
const hash = vi.mocked(argon2.hash);

const headersToCompare = (headers: Record<string, unknown>) => {
  const { date: _date, "content-security-policy": _csp, ...rest } = headers;
  return rest;
};

describe("user enumeration", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false, env: { RATE_LIMIT_SCALE: "1000" } });
  });
  afterAll(() => t?.close());

  const login = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: "POST", url: "/api/user/login", payload: { email, password }, remoteAddress });

  it("sign-in answers a known and an unknown e-mail alike, after one argon2 verification each", async () => {
    const known = await signUp(t);
    verify.mockClear();
    const a = await login(known.email, "Wrong-password-1", "10.9.0.1");
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]?.[0]).toMatch(/^\$argon2id\$/);
    expect(verify.mock.calls[0]?.[0]).not.toBe(await dummyPasswordHash());

    verify.mockClear();
    const b = await login("nobody-here@example.pk", "Wrong-password-1", "10.9.0.2");
    // The unknown e-mail is checked against the dummy hash: the same argon2id work as a real one.
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]?.[0]).toBe(await dummyPasswordHash());
    expect(verify.mock.calls[0]?.[0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    for (const res of [a, b]) expect(expectRefusal(res, 401)).toBe(INVALID_LOGIN);
    expect(a.body).toBe(b.body);
    expect(headersToCompare(a.headers)).toEqual(headersToCompare(b.headers));
  });

  it("password reset answers a known and an unknown e-mail alike, after one argon2 hash each", async () => {
    const known = await signUp(t);
    const ask = (email: string, remoteAddress: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/user/reset-password",
        payload: { email, newPassword: "Brand-new-pass-77", confirmPassword: "Brand-new-pass-77" },
        remoteAddress,
      });
    hash.mockClear();
    const a = await ask(known.email, "10.9.0.3");
    expect(hash).toHaveBeenCalledTimes(1);
    hash.mockClear();
    const b = await ask("nobody-either@example.pk", "10.9.0.4");
    expect(hash).toHaveBeenCalledTimes(1);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({ message: RESET_REQUESTED });
    expect(b.body).toBe(a.body);
    expect(headersToCompare(a.headers)).toEqual(headersToCompare(b.headers));
  });
});

describe("brute force past the rate limits, TRUST_PROXY unset", () => {
  let t: TestApp;
  let victim: ReturnType<typeof newPerson>;
  // RATE_LIMIT_SCALE=0.1: sign-in 3 and reset 1 per 15 minutes per address.
  beforeAll(async () => {
    t = await createTestApp({ demo: false, env: { RATE_LIMIT_SCALE: "0.1" } });
    victim = await signUp(t);
  });
  afterAll(() => t?.close());

  const spoofs = (i: number): Record<string, string> => ({
    "x-forwarded-for": `203.0.113.${i}, 198.51.100.${i}`,
    "x-real-ip": `192.0.2.${i}`,
    forwarded: `for=192.0.2.${i}`,
    "true-client-ip": `192.0.2.${i}`,
  });

  it("a new X-Forwarded-For (or X-Real-IP, Forwarded) on every try does not reset the per-address sign-in limit", async () => {
    const tries = [];
    for (let i = 1; i <= 5; i++) {
      tries.push(
        await t.app.inject({
          method: "POST",
          url: "/api/user/login",
          payload: { email: victim.email, password: `Guess-number-${i}` },
          remoteAddress: "10.20.0.1",
          headers: spoofs(i),
        }),
      );
    }
    expect(tries.map((r) => r.statusCode)).toEqual([401, 401, 401, 429, 429]);
    expectRefusal(tries[4] as (typeof tries)[number], 429);
  });

  it("nor the per-address reset limit", async () => {
    const codes = [];
    for (let i = 1; i <= 3; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/user/reset-password",
        payload: { email: victim.email, newPassword: "Brand-new-pass-77", confirmPassword: "Brand-new-pass-77" },
        remoteAddress: "10.20.0.2",
        headers: spoofs(i),
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 429, 429]);
  });

  it("the per-account limit holds across addresses and e-mail spellings, then refuses even the right password", async () => {
    const spellings = [victim.email, victim.email.toUpperCase(), ` ${victim.email} `];
    let refusedAt = 0;
    for (let i = 1; i <= 14 && refusedAt === 0; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/user/login",
        payload: { email: spellings[i % 3], password: `Guess-number-${i}` },
        remoteAddress: `10.30.${i}.1`,
        headers: spoofs(i),
      });
      if (res.statusCode === 429) refusedAt = i;
    }
    // The victim already had 3 failures from the first test: 10 in all, so the 8th try here is refused.
    expect(refusedAt).toBe(8);
    const right = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      payload: { email: victim.email, password: PASSWORD },
      remoteAddress: "10.40.0.1",
    });
    expectRefusal(right, 429);
  });
});
