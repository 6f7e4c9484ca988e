// No secret reaches a log (docs/architecture.md section 3): the request log of a real app, pages included, never
// holds a reset token, a bearer token or a password, whatever the route, including one nobody wrote.
// Needs the production build (`npx react-router build`).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDACTED, redactUrl } from "#server/http/log-redaction.ts";
import { bearer, PASSWORD, post, signIn, signUp } from "../support/accounts.ts";
import { createTestApp, type TestApp } from "../support/app.ts";

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    pages: true,
    demo: false,
    env: { LOG_LEVEL: "info", RATE_LIMIT_SCALE: "100" },
    logStream: { write: (line) => lines.push(line) },
  });
});
afterAll(() => t?.close());

const SECRET = "S3cretTokenValue_abcdefghijklmnopqrstuvwxyz01";
const logged = () => lines.join("");

describe("the request log", () => {
  it("logs the reset confirm page and made-up routes without the token values of their query strings", async () => {
    const urls = [
      `/reset-password/confirm?token=${SECRET}`,
      `/made-up/route?page=2&token=${SECRET}&q=shoes`,
      `/api/made-up?access_token=${SECRET}`,
      `/api/made-up?apiKey=${SECRET}&Signature=${SECRET}&client_secret=${SECRET}&password=${SECRET}&code=${SECRET}`,
      `/api/made-up?${encodeURIComponent("reset[token]")}=${SECRET}`,
    ];
    for (const url of urls) await t.app.inject({ method: "GET", url });
    const reset = await t.app.inject({ method: "GET", url: urls[0] as string });
    expect(reset.statusCode).toBe(200);
    expect(reset.body).toContain("Confirm your new password");

    const log = logged();
    // The requests were logged (so the test would see a leak), with their harmless parameters intact.
    expect(log).toContain(`/reset-password/confirm?token=${REDACTED}`);
    expect(log).toContain(`/made-up/route?page=2&token=${REDACTED}&q=shoes`);
    expect(log).not.toContain(SECRET);
  });

  it("never logs a bearer token or a password sent to the API, even when the request fails", async () => {
    const person = await signUp(t);
    const token = await signIn(t, person.email, PASSWORD);
    await t.app.inject({ method: "GET", url: "/api/user/my-details", headers: bearer(token) });
    await t.app.inject({
      method: "GET",
      url: "/api/user/my-details",
      headers: { ...bearer(token), cookie: `s=${SECRET}` },
    });
    await post(t, "/api/user/login", { email: person.email, password: `${SECRET}x` });
    const log = logged();
    expect(log).toContain("/api/user/my-details");
    expect(log).not.toContain(token);
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain(PASSWORD);
  });
});

describe("redactUrl", () => {
  it("keeps paths, harmless parameters and fragments, and parameters without a value", () => {
    expect(redactUrl("/a/b")).toBe("/a/b");
    expect(redactUrl("/search?q=token&size=41")).toBe("/search?q=token&size=41");
    expect(redactUrl("/x?token")).toBe("/x?token");
    expect(redactUrl("/x?TOKEN=a&id=1")).toBe(`/x?TOKEN=${REDACTED}&id=1`);
    expect(redactUrl("/x?%E0=1&key=2")).toBe(`/x?%E0=1&key=${REDACTED}`);
  });
});
