// Which header and menu link marks the open page (app/lib/light-links.ts): the rule React Router's
// <NavLink> applied before these links became light links (decision 051).
import { describe, expect, it } from "vitest";
import { isCurrentPage } from "../app/lib/light-links.ts";

describe("isCurrentPage", () => {
  it("marks a link on its own page and on the pages below it", () => {
    expect(isCurrentPage("/men", "/men")).toBe(true);
    expect(isCurrentPage("/men/formal-shoes", "/men")).toBe(true);
    expect(isCurrentPage("/men/", "/men")).toBe(true);
  });

  it("does not mark a link whose path is only the start of another word", () => {
    expect(isCurrentPage("/menswear", "/men")).toBe(false);
    expect(isCurrentPage("/women", "/men")).toBe(false);
  });

  it("marks Home on the home page only", () => {
    expect(isCurrentPage("/", "/", true)).toBe(true);
    expect(isCurrentPage("/men", "/", true)).toBe(false);
    expect(isCurrentPage("/men", "/")).toBe(false);
  });

  it("with `end`, marks the exact page only", () => {
    expect(isCurrentPage("/contact", "/contact", true)).toBe(true);
    expect(isCurrentPage("/contact/more", "/contact", true)).toBe(false);
  });

  it("reads the address as the browser escapes it, and ignores case", () => {
    expect(isCurrentPage("/men/sneakers-%26-casual-shoes", "/men/sneakers-&-casual-shoes")).toBe(true);
    expect(isCurrentPage("/Men/All", "/men/All")).toBe(true);
    expect(isCurrentPage("/women/%E0%A4%A", "/women")).toBe(true);
  });
});
