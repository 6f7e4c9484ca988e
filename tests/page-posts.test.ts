// A form posted to a page (issue 29, docs/decisions/015-forms-before-hydration.md): the page again,
// as HTML, with what was typed but never a password, and a message to press again; other methods
// refused as HTML for a browser and as JSON for a program. Needs the production build.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_LOADED_NOTICE } from "#shared/posted-form.ts";
import { createTestApp, type TestApp } from "./support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ pages: true });
});
afterAll(() => t?.close());

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const post = (url: string, payload: string, headers: Record<string, string> = FORM) =>
  t.app.inject({ method: "POST", url, headers, payload });
const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');

describe("a form posted to a page", () => {
  it("answers the same page as HTML with the typed text, no password and the notice", async () => {
    const res = await post("/sign-up", "username=ayesha_k&email=ayesha%40example.pk&password=Secret-Walk-2024");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain('value="ayesha_k"');
    expect(res.body).toContain('value="ayesha@example.pk"');
    expect(res.body).not.toContain("Secret-Walk-2024");
    expect(decode(res.body)).toContain(NOT_LOADED_NOTICE);
  });

  it("keeps the reset link's address and never writes back a field named like a secret", async () => {
    const res = await post("/reset-password/confirm?token=abc", "newPassword=Chosen-2024&token=xyz&apiSecret=s");
    expect(res.statusCode).toBe(200);
    expect(decode(res.body)).toContain(NOT_LOADED_NOTICE);
    for (const secret of ["Chosen-2024", "xyz", 'value="s"']) expect(res.body).not.toContain(secret);
  });

  it("escapes what it writes back", async () => {
    // Not /login: a sign-in posted as a form is answered by the server itself (tests/no-script-orders.test.ts).
    const res = await post("/sign-up", `email=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(res.body).not.toContain("<script>alert(1)");
    expect(res.body).toContain("&lt;script&gt;alert(1)");
  });

  it("reads no more than its limit and answers the page all the same", async () => {
    const res = await post("/sign-up", `email=${"a".repeat(40_000)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).not.toContain("a".repeat(301));
  });

  it("answers a page without a form, or a body that is not a form, as the page", async () => {
    for (const [url, type] of [
      ["/men", "application/json"],
      ["/", "text/plain"],
      ["/no-such-page", "application/x-www-form-urlencoded"],
    ] as const) {
      const res = await post(url, '{"a":1}', { "content-type": type });
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.statusCode, url).toBe(url === "/no-such-page" ? 404 : 200);
    }
  });

  it("changes nothing: a sign-up posted as a form creates no account", async () => {
    await post("/sign-up", "username=not_made&email=not.made%40example.pk&password=Long-enough-2024");
    const login = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      payload: { email: "not.made@example.pk", password: "Long-enough-2024" },
    });
    expect(login.statusCode).toBe(401);
  });
});

describe("other methods on pages", () => {
  it("are refused with 405: an HTML page for a browser, JSON for a program", async () => {
    const browser = await t.app.inject({ method: "PUT", url: "/login", headers: { accept: "text/html" } });
    expect(browser.statusCode).toBe(405);
    expect(browser.headers["content-type"]).toMatch(/^text\/html/);
    expect(browser.headers.allow).toBe("GET, HEAD, POST");
    expect(browser.body).toContain('<a href="/">');
    const program = await t.app.inject({ method: "TRACE", url: "/login" });
    expect(program.statusCode).toBe(405);
    expect(program.json()).toEqual({ message: "Pages can only be read (GET)." });
  });

  it("leave the API's JSON answers as they were", async () => {
    const res = await post("/api/no-such-thing", "{}", { "content-type": "application/json" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.stringContaining("There is nothing at POST /api/no-such-thing") });
  });
});
