import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResets, users } from "#server/db/schema.ts";
import { PASSWORD_CHANGED, PASSWORDS_DO_NOT_MATCH, RESET_REQUESTED } from "#shared/accounts.ts";
import {
  bearer,
  mailsTo,
  PASSWORD,
  post,
  resetMailsTo,
  signIn,
  signUp,
  tokenOf,
  waitForResetLink,
} from "./support/accounts.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { allMailsSent } from "./support/wait.ts";

const PUBLIC_URL = "https://shoes.example.pk";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, env: { PUBLIC_URL, RATE_LIMIT_SCALE: "100" } });
});
afterAll(() => t?.close());

const requestReset = (email: string, newPassword: string, headers: Record<string, string> = {}) =>
  post(t, "/api/user/reset-password", { email, newPassword, confirmPassword: newPassword }, headers);
const confirm = (token: string, newPassword = "Brand-new-pass-42") =>
  post(t, "/api/user/reset-password/confirm", { token, newPassword });
const attemptsOf = async (email: string) => {
  const [row] = await t.database.db
    .select({ attempts: passwordResets.confirmAttempts })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(users.email, email));
  return row?.attempts;
};
const loginStatus = async (email: string, password: string) =>
  (await post(t, "/api/user/login", { email, password })).statusCode;
const myDetailsStatus = async (token: string) =>
  (await t.app.inject({ method: "GET", url: "/api/user/my-details", headers: bearer(token) })).statusCode;

describe("POST /api/user/reset-password", () => {
  it("changes nothing on a bare e-mail: it mails a link built from PUBLIC_URL, never the Host header", async () => {
    const person = await signUp(t);
    const session = await signIn(t, person.email, PASSWORD);
    const res = await requestReset(person.email.toUpperCase(), "Brand-new-pass-42", { host: "evil.example.com" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_REQUESTED });

    const link = await waitForResetLink(t, person.email, 1);
    expect(link.startsWith(`${PUBLIC_URL}/reset-password/confirm?token=`)).toBe(true);
    expect(link).not.toContain("evil.example.com");
    // Until the link is opened the old password and the old session still work.
    expect(await loginStatus(person.email, PASSWORD)).toBe(200);
    expect(await loginStatus(person.email, "Brand-new-pass-42")).toBe(401);
    expect(await myDetailsStatus(session)).toBe(200);

    // Stored: the token's hash and the new password's argon2id hash, never either in clear.
    const [row] = await t.database.db
      .select()
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(eq(users.email, person.email));
    expect(row?.password_resets.tokenHash).not.toBe(tokenOf(link));
    expect(row?.password_resets.newPasswordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const minutes = ((row?.password_resets.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it("answers an unknown e-mail exactly as a known one, and mails nothing", async () => {
    const person = await signUp(t);
    const known = await requestReset(person.email, "Another-pass-77");
    const unknown = await requestReset("nobody-here@example.pk", "Another-pass-77");
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await waitForResetLink(t, person.email, 1);
    // Both requests have answered, so all they queued is in the outbox: once it is sent, nothing more comes.
    await allMailsSent(t.database.db);
    expect(await mailsTo(t, "nobody-here@example.pk")).toEqual([]);
  });

  it("answers 'Passwords do not match!' and sends nothing when the two passwords differ", async () => {
    const person = await signUp(t);
    const res = await post(t, "/api/user/reset-password", {
      email: person.email,
      newPassword: "Brand-new-pass-42",
      confirmPassword: "Brand-new-pass-43",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: PASSWORDS_DO_NOT_MATCH,
      fields: { confirmPassword: PASSWORDS_DO_NOT_MATCH },
    });
    // A mail the refused request had queued would be sent by now.
    await allMailsSent(t.database.db);
    expect(await resetMailsTo(t, person.email)).toEqual([]);
  });

  it("refuses short, long and common new passwords, missing fields and extra fields", async () => {
    const person = await signUp(t);
    const cases: [object, RegExp][] = [
      [{ email: person.email, newPassword: "short", confirmPassword: "short" }, /at least 8/],
      [{ email: person.email, newPassword: "p".repeat(129), confirmPassword: "p".repeat(129) }, /at most 128/],
      [{ email: person.email, newPassword: "iloveyou", confirmPassword: "iloveyou" }, /most common/],
      [{ email: person.email, newPassword: "Brand-new-pass-42" }, /confirm your new password/i],
      [{ newPassword: "Brand-new-pass-42", confirmPassword: "Brand-new-pass-42" }, /enter your email/i],
      [
        { email: person.email, newPassword: "Brand-new-pass-42", confirmPassword: "Brand-new-pass-42", userId: "x" },
        /Unexpected field: userId/,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await post(t, "/api/user/reset-password", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    await allMailsSent(t.database.db);
    expect(await resetMailsTo(t, person.email)).toEqual([]);
  });
});

describe("POST /api/user/reset-password/confirm", () => {
  it("sets the password once, ends every session, and the new password signs in", async () => {
    const person = await signUp(t);
    const phone = await signIn(t, person.email, PASSWORD);
    const laptop = await signIn(t, person.email, PASSWORD);
    await requestReset(person.email, "Brand-new-pass-42");
    const token = tokenOf(await waitForResetLink(t, person.email, 1));

    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_CHANGED });
    expect(await myDetailsStatus(phone)).toBe(401);
    expect(await myDetailsStatus(laptop)).toBe(401);
    expect(await loginStatus(person.email, PASSWORD)).toBe(401);
    expect(await loginStatus(person.email, "Brand-new-pass-42")).toBe(200);

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/already used/);
  });

  it("lets only one of two simultaneous openings of a link through", async () => {
    const person = await signUp(t);
    await requestReset(person.email, "Brand-new-pass-42");
    const token = tokenOf(await waitForResetLink(t, person.email, 1));
    const answers = await Promise.all([confirm(token), confirm(token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it("a newer request leaves the older link live; confirming one of them ends the other", async () => {
    const person = await signUp(t);
    await requestReset(person.email, "First-new-pass-1");
    const first = tokenOf(await waitForResetLink(t, person.email, 1));
    // Anyone who knows the e-mail can ask again: that must not kill the link already in the mailbox.
    await requestReset(person.email, "Second-new-pass-2");
    const second = tokenOf(await waitForResetLink(t, person.email, 2));
    expect(second).not.toBe(first);

    const res = await confirm(first, "First-new-pass-1");
    expect(res.statusCode, res.body).toBe(200);
    expect(await loginStatus(person.email, "First-new-pass-1")).toBe(200);

    // The password has changed: the other pending link must not change it again.
    const other = await confirm(second, "Second-new-pass-2");
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/already used/);
    expect(await loginStatus(person.email, "Second-new-pass-2")).toBe(401);
  });

  it("two links of one account confirmed at once: one sets the password, the other is refused", async () => {
    const person = await signUp(t);
    await requestReset(person.email, "First-new-pass-1");
    const first = tokenOf(await waitForResetLink(t, person.email, 1));
    await requestReset(person.email, "Second-new-pass-2");
    const second = tokenOf(await waitForResetLink(t, person.email, 2));
    const answers = await Promise.all([confirm(first, "First-new-pass-1"), confirm(second, "Second-new-pass-2")]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const won = answers[0]?.statusCode === 200 ? "First-new-pass-1" : "Second-new-pass-2";
    expect(await loginStatus(person.email, won)).toBe(200);
  });

  it("mails at most three links an hour per account, answering every request alike", async () => {
    const person = await signUp(t);
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await requestReset(person.email, `Flood-new-pass-${i}`));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: RESET_REQUESTED });
    }
    const rows = await t.database.db
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(eq(users.email, person.email));
    expect(rows).toHaveLength(3);
    // The first request's link still works (one of the three links carries its password).
    await waitForResetLink(t, person.email, 3);
    const links = (await resetMailsTo(t, person.email)).map((mail) => /\?token=([\w-]+)/.exec(mail)?.[1] ?? "");
    const confirmed = [];
    for (const token of links) confirmed.push((await confirm(token, "Flood-new-pass-0")).statusCode);
    expect(confirmed.filter((status) => status === 200)).toHaveLength(1);
  });

  it("refuses an expired link and keeps the old password", async () => {
    const person = await signUp(t);
    await requestReset(person.email, "Brand-new-pass-42");
    const token = tokenOf(await waitForResetLink(t, person.email, 1));
    await t.database.db.execute(sql`update password_resets set expires_at = now() - interval '1 second'
      where user_id = (select id from users where email = ${person.email})`);
    const res = await confirm(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/expired/);
    expect(await loginStatus(person.email, PASSWORD)).toBe(200);
  });

  it("answers 400 with a message for a missing, malformed, unknown token or extra fields", async () => {
    const unknown = Buffer.alloc(32, 1).toString("base64url");
    const cases: [unknown, RegExp][] = [
      [{ newPassword: "Brand-new-pass-42" }, /no token/],
      [{ token: 123, newPassword: "Brand-new-pass-42" }, /must be text/],
      [{ token: "short", newPassword: "Brand-new-pass-42" }, /not valid/],
      [{ token: unknown }, /type the new password you chose/],
      [{ token: unknown, newPassword: "" }, /type the new password you chose/],
      [{ token: unknown, newPassword: 42 }, /must be text/],
      [{ token: unknown, newPassword: "p".repeat(129) }, /at most 128/],
      [{ token: unknown, newPassword: "Brand-new-pass-42" }, /not valid/],
      [{ token: unknown, newPassword: "Brand-new-pass-42", userId: "x" }, /Unexpected field: userId/],
    ];
    for (const [payload, message] of cases) {
      const res = await post(t, "/api/user/reset-password/confirm", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });
});

describe("the confirmation proves the confirmer chose the password", () => {
  it("mails that the message is safe to ignore, and that the page asks for the new password again", async () => {
    const person = await signUp(t);
    await requestReset(person.email, "Brand-new-pass-42");
    await waitForResetLink(t, person.email, 1);
    const [mail] = await resetMailsTo(t, person.email);
    expect(mail).toMatch(/If you did not ask for this, it is safe to ignore this e-mail/);
    expect(mail).toMatch(/type the new password you chose once more/);
    expect(mail).not.toContain("Brand-new-pass-42");
  });

  it("a customer who did not ask cannot complete someone else's request: their own password is refused", async () => {
    const victim = await signUp(t);
    const session = await signIn(t, victim.email, PASSWORD);
    // Someone who knows only the e-mail asks, choosing a password of their own.
    await requestReset(victim.email, "Attacker-chosen-pass-1");
    const token = tokenOf(await waitForResetLink(t, victim.email, 1));

    // The customer opens the mail and types what they know: their own password, or a guess.
    for (const guess of [PASSWORD, "Brand-new-pass-42"]) {
      const res = await confirm(token, guess);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/not the new password you chose/);
      expect(res.json().fields).toEqual({ newPassword: res.json().message });
    }
    expect(await loginStatus(victim.email, PASSWORD)).toBe(200);
    expect(await loginStatus(victim.email, "Attacker-chosen-pass-1")).toBe(401);
    expect(await myDetailsStatus(session)).toBe(200);
  });

  it("kills the link after five passwords, says to ask again, and the right one no longer works", async () => {
    const person = await signUp(t);
    await requestReset(person.email, "Brand-new-pass-42");
    const token = tokenOf(await waitForResetLink(t, person.email, 1));
    const messages: string[] = [];
    for (let i = 1; i <= 5; i++) messages.push((await confirm(token, `Wrong-pass-${i}`)).json().message);
    expect(messages.slice(0, 4).map((m) => /(\d) tr(y|ies) left/.exec(m)?.[1])).toEqual(["4", "3", "2", "1"]);
    expect(messages[4]).toMatch(/Too many wrong passwords.*ask for a new one/);

    const right = await confirm(token, "Brand-new-pass-42");
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ message: messages[4] });
    expect(await loginStatus(person.email, PASSWORD)).toBe(200);
    expect(await loginStatus(person.email, "Brand-new-pass-42")).toBe(401);
    expect(await attemptsOf(person.email)).toBe(5);

    // A new request gives a fresh link with fresh tries.
    await requestReset(person.email, "Other-new-pass-43");
    const fresh = tokenOf(await waitForResetLink(t, person.email, 2));
    expect((await confirm(fresh, "Other-new-pass-43")).statusCode).toBe(200);
  });

  it("compares at most five passwords however many arrive at once", async () => {
    const person = await signUp(t);
    await requestReset(person.email, "Brand-new-pass-42");
    const token = tokenOf(await waitForResetLink(t, person.email, 1));
    const guesses = Array.from({ length: 19 }, (_, i) => `Parallel-guess-${i}`);
    guesses.splice(12, 0, "Brand-new-pass-42");
    const answers = await Promise.all(guesses.map((guess) => confirm(token, guess)));
    const succeeded = answers.filter((a) => a.statusCode === 200).length;
    expect(succeeded).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => /tries? left/.test(a.body)).length + succeeded).toBeLessThanOrEqual(5);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 400)).toBe(true);
    expect(await attemptsOf(person.email)).toBe(5);
    expect(await loginStatus(person.email, succeeded ? "Brand-new-pass-42" : PASSWORD)).toBe(200);
  });
});
