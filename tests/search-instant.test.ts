// GET /api/search/instant: what the search box shows as the shopper types.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "#shared/catalog.ts";
import type { InstantResults } from "#shared/search.ts";
import { createTestApp, type TestApp } from "./support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: "GET", url });
const instant = async (query: string) => {
  const res = await get(`/api/search/instant?query=${encodeURIComponent(query)}`);
  expect(res.statusCode, query).toBe(200);
  return res.json<InstantResults>();
};
const fullSearch = async (query: string) =>
  (await get(`/api/products/search?query=${encodeURIComponent(query)}`)).json<Product[]>();

describe("GET /api/search/instant", () => {
  it("answers the first 5 results of the search, in its order, with how many there are", async () => {
    const all = await fullSearch("heel");
    expect(all.length).toBeGreaterThan(5);
    const body = await instant("heel");
    expect(body.query).toBe("heel");
    expect(body.total).toBe(all.length);
    expect(body.products.map((p) => p._id)).toEqual(all.slice(0, 5).map((p) => p._id));
  });

  it("answers card summaries: name, price, discount and a picture", async () => {
    const [first] = (await instant("chappal")).products;
    expect(first).toBeDefined();
    expect(Object.keys(first ?? {}).sort()).toEqual(
      ["_id", "discountPercentage", "discountPrice", "image", "name", "preview", "price", "stock"].sort(),
    );
    expect(first?.image).toMatchObject({ id: expect.any(String), alt: expect.any(String) });
  });

  it("answers fewer than 5 when fewer match, with the total to match", async () => {
    const all = await fullSearch("tilla khussa");
    expect(all.length).toBeGreaterThan(0);
    const body = await instant("tilla khussa");
    expect(body.total).toBe(all.length);
    expect(body.products).toHaveLength(Math.min(5, all.length));
  });

  it("starts at 2 characters: a blank or 1-character query answers no products, not an error", async () => {
    for (const query of ["", "  ", "h", " k "]) {
      expect(await instant(query)).toEqual({
        query: query.trim(),
        products: [],
        total: 0,
        notSold: [],
        unmatched: false,
        instead: null,
        nearest: null,
      });
    }
    expect((await instant("kh")).query).toBe("kh");
    // Two characters do search, the last word as a beginning ('he' finds heels), after trimming.
    const he = await instant(" he ");
    expect(he.total).toBeGreaterThan(0);
    expect(he.products[0]?.name).toMatch(/\bhe/i);
  });

  it("answers an empty list when nothing matches, and says the words matched nothing (decision 025)", async () => {
    expect(await instant("zzqqxx")).toEqual({
      query: "zzqqxx",
      products: [],
      total: 0,
      notSold: [],
      unmatched: true,
      instead: null,
      nearest: null,
    });
  });

  it("refuses a missing, repeated or over-long query with 400 and a message", async () => {
    for (const url of [
      "/api/search/instant",
      "/api/search/instant?query=heel&query=chappal",
      `/api/search/instant?query=${"a".repeat(101)}`,
      "/api/search/instant?query=%00heel",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/search|Type|NUL/);
    }
    // 100 characters is still a search.
    expect((await get(`/api/search/instant?query=${"a".repeat(100)}`)).statusCode).toBe(200);
  });

  it("treats search syntax as plain text", async () => {
    for (const query of ["'", '"', "a & b | !c", "%%", "\\\\", "<script>", "--", "or"]) await instant(query);
  });
});
