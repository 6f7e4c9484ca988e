// The owner's search synonyms: seeded into a new shop (and only a new one), listed, added, changed
// and deleted by an admin, refused to everyone else, and read by the next search at once.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSeedSynonyms, seedSynonyms } from "#server/seed/synonyms.ts";
import type { SearchPage } from "#shared/search.ts";
import type { Synonym } from "#shared/synonyms.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { makeShopper, type Shopper } from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper;
let customer: Shopper;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
  customer = await makeShopper(t);
});
afterAll(() => t?.close());

const list = async () => (await call(t, admin, "GET", "/api/admin/synonyms")).json<Synonym[]>();
const searchFor = async (query: string) =>
  (await t.app.inject({ url: `/api/search?query=${encodeURIComponent(query)}` })).json<SearchPage>();

describe("the seed", () => {
  it("a new shop starts with every synonym of synonyms.json, in word order", async () => {
    const synonyms = await list();
    expect(synonyms.length).toBe(readSeedSynonyms().length);
    expect(synonyms.find((s) => s.word === "joota")?.means).toBe("shoe");
    expect(synonyms.map((s) => s.word)).toEqual([...synonyms.map((s) => s.word)].sort());
  });

  it("is not seeded again into a shop that has products, so a deleted synonym stays deleted", async () => {
    expect((await call(t, admin, "DELETE", "/api/admin/synonyms/joote")).statusCode).toBe(204);
    expect(await seedSynonyms(t.database.db)).toBe(0);
    expect((await list()).some((s) => s.word === "joote")).toBe(false);
  });
});

describe("an admin edits them", () => {
  it("adds a word (201), changes it (200), and the search reads it at once", async () => {
    expect((await searchFor("zzqq")).dropped).toEqual(["zzqq"]);
    const added = await call(t, admin, "PUT", "/api/admin/synonyms/ZZQQ", { means: "  Chappal ,  sandal " });
    expect(added.statusCode).toBe(201);
    expect(added.json<Synonym>()).toMatchObject({ word: "zzqq", means: "chappal, sandal" });
    const found = await searchFor("zzqq");
    expect(found.words).toEqual(["zzqq"]);
    expect(found.products[0]?.name).toMatch(/chappal|sandal/i);

    const changed = await call(t, admin, "PUT", "/api/admin/synonyms/zzqq", { means: "women" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Synonym>().means).toBe("women");
    // Now a gender word: a filter, not a word.
    const asGender = await searchFor("zzqq heels");
    expect(asGender.understood).toEqual([{ key: "gender", label: "Women", queryWithout: "heels" }]);
  });

  it("deletes a word (204), then 404 for a word that is not there", async () => {
    await call(t, admin, "PUT", "/api/admin/synonyms/tempword", { means: "shoe" });
    expect((await call(t, admin, "DELETE", "/api/admin/synonyms/tempword")).statusCode).toBe(204);
    const again = await call(t, admin, "DELETE", "/api/admin/synonyms/tempword");
    expect(again.statusCode).toBe(404);
    expect(again.json<{ message: string }>().message).toMatch(/no synonym/i);
  });

  it.each([
    ["two words", { means: "shoe" }, /one word/i],
    ["joota!", { means: "shoe" }, /one word/i],
    ["x".repeat(41), { means: "shoe" }, /at most 40/i],
    ["joota", {}, /means/i],
    ["joota", { means: "" }, /means/i],
    ["joota", { means: " , , " }, /means/i],
    ["joota", { means: "x".repeat(81) }, /80/],
    ["joota", { means: "<script>" }, /means/i],
    ["joota", { means: 42 }, /means/i],
    // 60 characters as sent, 88 once each comma is followed by a space.
    ["joota", { means: "a,".repeat(30) }, /80/],
    ["joota", { means: "shoe", role: "admin" }, /unexpected field: role/i],
    ["joota", ["shoe"], /JSON object/i],
  ])("PUT %s with %j is a 400 that changes nothing", async (word, body, message) => {
    const before = await list();
    const res = await call(t, admin, "PUT", `/api/admin/synonyms/${encodeURIComponent(word)}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(message);
    expect(await list()).toEqual(before);
  });

  it("a body that is not JSON is a 400", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/admin/synonyms/joota",
      headers: { ...admin.headers, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("no one else", () => {
  it.each([
    ["GET", "/api/admin/synonyms", undefined],
    ["PUT", "/api/admin/synonyms/joota", { means: "sandal" }],
    ["DELETE", "/api/admin/synonyms/joota", undefined],
  ] as const)("%s %s: 401 without a session, 403 for a customer, nothing changed", async (method, url, body) => {
    expect((await t.app.inject({ method, url, ...(body ? { payload: body } : {}) })).statusCode).toBe(401);
    expect((await call(t, customer, method, url, body)).statusCode).toBe(403);
    const [row] = (
      (await t.database.db.execute(sql`select means from search_synonyms where word = 'joota'`)) as unknown as {
        rows: { means: string }[];
      }
    ).rows;
    expect(row?.means).toBe("shoe");
  });
});
