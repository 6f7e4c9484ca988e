// Where sign-in returns to (app/lib/return-to.ts): only ever a path of this shop, never an open
// redirect, and never an account page that would only ask to sign in again.
import { describe, expect, it } from "vitest";
import { safeReturnPath, withReturnTo } from "../app/lib/return-to.ts";

describe("safeReturnPath", () => {
  it("keeps a path of this shop with its query and fragment", () => {
    expect(safeReturnPath("/products/abc?size=41")).toBe("/products/abc?size=41");
    expect(safeReturnPath("/my-cart")).toBe("/my-cart");
    expect(safeReturnPath("/TrackOrder#latest")).toBe("/TrackOrder#latest");
    expect(safeReturnPath("/")).toBe("/");
  });

  it.each([
    ["another host, scheme-relative", "//evil.example/x"],
    ["another host, absolute", "https://evil.example/"],
    ["a scheme", "javascript:alert(1)"],
    ["a backslash browsers read as a slash", "/\\evil.example"],
    ["backslashes only", "\\\\evil.example"],
    ["a tab inside the host part", "/\t/evil.example"],
    ["a relative path", "products/abc"],
    ["an empty value", ""],
    ["no value", null],
    ["the login page", "/login"],
    ["the sign-up page with its own redirect", "/sign-up?redirectTo=/my-cart"],
    ["the reset page", "/reset-password/confirm?token=x"],
    ["the e-mail confirmation page", "/verify-email?token=x"],
    ["a very long value", `/${"a".repeat(3000)}`],
  ])("refuses %s", (_, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  // Seen in the security test: "/.//evil.example" came back as "//evil.example", another host.
  it.each([
    "/.//evil.example",
    "/..//evil.example",
    "/a/..//evil.example",
    "/a/b/../..//evil.example",
    "/%2e//evil.example",
    "/.%2e//evil.example",
    "/%2E%2E//evil.example",
    "/././/evil.example/x?y=1#z",
    "/.///evil.example",
    "/https://evil.example",
    "/javascript:alert(1)",
    "/./javascript:alert(1)",
    "/x/..//%2fevil.example",
  ])("refuses %s, which is or normalises to another host or a scheme", (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it.each([
    ["/a/../my-cart", "/my-cart"],
    ["/./products/abc", "/products/abc"],
    ["/../men", "/men"],
    ["/%2e/women?q=a:b", "/women?q=a:b"],
    ["/search?q=//evil.example", "/search?q=//evil.example"],
  ])("keeps %s as the shop's own path %s", (raw, path) => {
    expect(safeReturnPath(raw)).toBe(path);
  });

  it("answers only paths that stay themselves when read again", () => {
    for (const raw of ["/.//evil.example", "/a/..//b", "/./x", "/%2e%2e/y", "/p?q=1#h"]) {
      const safe = safeReturnPath(raw);
      if (safe === null) continue;
      expect(safe.startsWith("/") && !safe.startsWith("//")).toBe(true);
      expect(safeReturnPath(safe)).toBe(safe);
    }
  });

  it("builds the account page's address with the destination, or the bare page without one", () => {
    expect(withReturnTo("/login", "/products/abc?size=41")).toBe("/login?redirectTo=%2Fproducts%2Fabc%3Fsize%3D41");
    expect(withReturnTo("/login", null)).toBe("/login");
    expect(withReturnTo("/sign-up", "//evil.example")).toBe("/sign-up");
  });
});
