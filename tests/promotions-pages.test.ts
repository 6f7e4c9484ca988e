// Issue 51, the Sales and codes screen as the server renders it: /admin/promotions is a page of the
// admin side (its tab in the admin nav, kept out of search engines) whose server render is the
// screen's loading look, since only the browser holds the owner's token to read the report
// (docs/decisions/031). The figures themselves are tests/promotions-report.test.ts's. Needs the
// production build (`npm test` builds it first).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ pages: true });
});
afterAll(() => t?.close());

describe("/admin/promotions", () => {
  it("renders the admin side with its Sales and codes tab and the screen's loading look, not indexed", async () => {
    const res = await t.app.inject({ url: "/admin/promotions" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<a[^>]*href="\/admin\/promotions"[^>]*>Sales and codes<\/a>/);
    // React writes a comment between the text and the value it holds.
    expect(res.body).toMatch(/Loading (<!-- -->)?the sales and codes/);
    expect(res.body).toMatch(/<meta name="robots" content="noindex/);
  });
});
