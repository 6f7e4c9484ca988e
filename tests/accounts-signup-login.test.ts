import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "#server/db/schema.ts";
import { INVALID_LOGIN, SIGN_UP_SUCCESS, USER_EXISTS } from "#shared/accounts.ts";
import { bearer, newPerson, PASSWORD, post, signIn, signUp } from "./support/accounts.ts";
import { createTestApp, type TestApp } from "./support/app.ts";

let t: TestApp;
beforeAll(async () => {
  // Scaled up so this file's many requests from one address stay under the per-address limits.
  t = await createTestApp({ demo: false, env: { RATE_LIMIT_SCALE: "100" } });
});
afterAll(() => t?.close());

const myDetails = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: "/api/user/my-details", headers });
const userCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n;

describe("POST /api/user/signup", () => {
  it("creates the account and answers 201 with the spec's message, the e-mail normalised", async () => {
    const person = newPerson("Sana");
    const res = await post(t, "/api/user/signup", { ...person, email: `  ${person.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      message: SIGN_UP_SUCCESS,
      user: { _id: expect.any(String), email: person.email.toLowerCase(), username: person.username },
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, body.user._id));
    expect(row?.role).toBe("customer");
    // argon2id with the OWASP parameters; the password itself is never stored.
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("answers 400 'User already exists' for an existing e-mail or username in any case", async () => {
    const person = await signUp(t);
    const sameEmail = { ...newPerson(), email: person.email.toUpperCase() };
    const sameName = { ...newPerson(), username: person.username.toUpperCase() };
    for (const payload of [sameEmail, sameName]) {
      const res = await post(t, "/api/user/signup", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: USER_EXISTS });
    }
  });

  it("lets exactly one of several simultaneous sign-ups of one e-mail through", async () => {
    const person = newPerson();
    const answers = await Promise.all(
      [0, 1, 2].map((i) => post(t, "/api/user/signup", { ...person, username: `${person.username}x${i}` })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    for (const r of answers.filter((a) => a.statusCode === 400)) expect(r.json()).toEqual({ message: USER_EXISTS });
  });

  it("refuses extra fields such as role and isAdmin, and creates nothing", async () => {
    const before = await userCount();
    for (const extra of [{ role: "admin" }, { isAdmin: true }, { role: "admin", isAdmin: true }]) {
      const res = await post(t, "/api/user/signup", { ...newPerson(), ...extra });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Unexpected field.*(role|isAdmin)/);
    }
    expect(await userCount()).toBe(before);
  });

  it("answers 400 with a message for missing, malformed and wrong-type fields", async () => {
    const good = newPerson();
    const cases: [unknown, RegExp][] = [
      [{ password: good.password, username: good.username }, /enter your email/i],
      [{ email: good.email, username: good.username }, /enter a password/i],
      [{ email: good.email, password: good.password }, /enter a username/i],
      [{ ...good, email: "not-an-email" }, /valid email/i],
      [{ ...good, email: 42 }, /email must be text/i],
      [{ ...good, password: ["x"] }, /password must be text/i],
      [{ ...good, username: null }, /username must be text/i],
      [{ ...good, username: "ab" }, /at least 3/],
      [{ ...good, username: "a".repeat(31) }, /at most 30/],
      [{ ...good, username: "no spaces" }, /letters, digits/],
      [{ ...good, password: "Short7!" }, /at least 8/],
      [{ ...good, password: "x".repeat(129) }, /at most 128/],
      [{ ...good, password: "Password123" }, /most common passwords/],
      [["an", "array"], /JSON object/],
    ];
    const before = await userCount();
    for (const [payload, message] of cases) {
      const res = await post(t, "/api/user/signup", payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await userCount()).toBe(before);
  });

  it("answers 400 for a body that is not a JSON object, 415 for an unknown content type, 413 over 1 MB", async () => {
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/user/signup",
      headers: { "content-type": "application/json" },
      payload: "{oops",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: "The request body is not valid JSON." });

    const text = await t.app.inject({
      method: "POST",
      url: "/api/user/signup",
      headers: { "content-type": "text/plain" },
      payload: "hello",
    });
    // text/plain is what a cross-site form can send without a preflight: refused before parsing.
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ message: "Send the request body as application/json." });

    const binary = await t.app.inject({
      method: "POST",
      url: "/api/user/signup",
      headers: { "content-type": "application/octet-stream" },
      payload: Buffer.from("hello"),
    });
    expect(binary.statusCode).toBe(415);
    expect(binary.json().message).toMatch(/application\/json/);

    const huge = await post(t, "/api/user/signup", { ...newPerson(), username: "x".repeat(1_100_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: "The request body is too large." });
  });

  it("accepts a 128-character password and does not truncate it", async () => {
    const person = { ...newPerson(), password: `${"k".repeat(100)}${"9".repeat(28)}` };
    await signUp(t, person);
    expect(await signIn(t, person.email, person.password)).toMatch(/^[\w-]{43}$/);
    const prefix = await post(t, "/api/user/login", { email: person.email, password: person.password.slice(0, 72) });
    expect(prefix.statusCode).toBe(401);
  });
});

describe("POST /api/user/login", () => {
  it("answers the user and a high-entropy token", async () => {
    const person = await signUp(t);
    const res = await post(t, "/api/user/login", { email: ` ${person.email.toUpperCase()}`, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      user: {
        _id: expect.any(String),
        email: person.email,
        username: person.username,
        role: "customer",
      },
      token: expect.stringMatching(/^[\w-]{43}$/),
    });
    // Only the token's hash is stored.
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.userId, body.user._id));
    expect(stored.map((s) => s.tokenHash)).not.toContain(body.token);
  });

  it("answers the same 401 for a wrong password and an unknown e-mail", async () => {
    const person = await signUp(t);
    const wrong = await post(t, "/api/user/login", { email: person.email, password: "Wrong-password-1" });
    const unknown = await post(t, "/api/user/login", { email: "nobody@example.pk", password: "Wrong-password-1" });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: INVALID_LOGIN });
    }
    expect(wrong.body).toBe(unknown.body);
  });

  it("answers 400 for missing fields and refuses extra ones", async () => {
    for (const payload of [
      {},
      { email: "a@example.pk" },
      { password: "x" },
      { email: "a@b.pk", password: "x", role: 1 },
    ]) {
      const res = await post(t, "/api/user/login", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe("GET /api/user/my-details and POST /api/user/logout", () => {
  it("answers the user for a live token and 401 for a missing, forged, altered or malformed one", async () => {
    const person = await signUp(t);
    const token = await signIn(t, person.email, PASSWORD);
    const ok = await myDetails(bearer(token));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      user: {
        _id: expect.any(String),
        email: person.email,
        username: person.username,
        role: "customer",
        shoeSize: null,
      },
    });

    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const forged = Buffer.alloc(32, 7).toString("base64url");
    for (const headers of [{}, bearer(altered), bearer(forged), bearer("x"), { authorization: `Basic ${token}` }]) {
      const res = await myDetails(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/sign in/i);
    }
  });

  it("answers 401 once the session has expired", async () => {
    const person = await signUp(t);
    const token = await signIn(t, person.email, PASSWORD);
    await t.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second'
      where user_id = (select id from users where email = ${person.email})`);
    expect((await myDetails(bearer(token))).statusCode).toBe(401);
  });

  it("ends only that session: its token answers 401, another device stays signed in", async () => {
    const person = await signUp(t);
    const phone = await signIn(t, person.email, PASSWORD);
    const laptop = await signIn(t, person.email, PASSWORD);
    const res = await post(t, "/api/user/logout", undefined, bearer(phone));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Signed out successfully" });
    expect((await myDetails(bearer(phone))).statusCode).toBe(401);
    expect((await post(t, "/api/user/logout", undefined, bearer(phone))).statusCode).toBe(401);
    expect((await myDetails(bearer(laptop))).statusCode).toBe(200);
  });

  it("answers 401 to a logout without a token", async () => {
    const res = await post(t, "/api/user/logout", undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});
