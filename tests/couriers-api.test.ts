// The owner's couriers through the admin API (issue 32): listed, added and changed by an admin;
// every bad input is a 400 (or 409 for a name another courier has, 404 for an unknown courier)
// with a message by the field, and changes nothing; refused to everyone else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Courier } from "#shared/couriers.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { makeShopper, type Shopper } from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper;
let customer: Shopper;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  admin = await makeAdmin(t);
  customer = await makeShopper(t);
});
afterAll(() => t?.close());

interface Refusal {
  message: string;
  fields?: Record<string, string>;
}

const list = async () => (await call(t, admin, "GET", "/api/admin/couriers")).json<{ couriers: Courier[] }>().couriers;
const named = async (name: string) => (await list()).find((c) => c.name === name) as Courier;
const company = (overrides: Record<string, unknown> = {}) => ({
  name: `Swift ${Math.random().toString(36).slice(2, 8)}`,
  trackingUrl: "https://swift.example.pk/track?cn={number}",
  ...overrides,
});

describe("an admin lists them", () => {
  it("the seeded couriers, in use first, companies before the own rider, each with its parcel count", async () => {
    const couriers = await list();
    expect(couriers.map((c) => c.name)).toEqual([
      "BlueEx",
      "Call Courier",
      "Leopards",
      "M&P",
      "PostEx",
      "Rider",
      "TCS",
      "Trax",
      "Own rider",
    ]);
    expect(couriers.find((c) => c.name === "TCS")).toMatchObject({
      trackingUrl: "https://www.tcsexpress.com/track/{number}",
      active: true,
      ownRider: false,
      riderName: null,
      riderPhone: null,
      parcels: 0,
      // No API account: it works by its files (issue 49).
      api: null,
    });
  });
});

describe("an admin adds one", () => {
  it("201 with the courier as stored: the name trimmed, a company's rider fields dropped", async () => {
    const res = await call(t, admin, "POST", "/api/admin/couriers", {
      name: "  Swift Express  ",
      trackingUrl: " https://swift.example.pk/track/{number} ",
      riderName: "Not a rider",
    });
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json<Courier>();
    expect(added).toMatchObject({
      name: "Swift Express",
      trackingUrl: "https://swift.example.pk/track/{number}",
      active: true,
      ownRider: false,
      riderName: null,
      riderPhone: null,
      parcels: 0,
    });
    expect(await named("Swift Express")).toEqual(added);
  });

  it("a second rider, with the phone stored as the checkout stores numbers and no tracking page", async () => {
    const res = await call(t, admin, "POST", "/api/admin/couriers", {
      name: "Bike rider Saddar",
      ownRider: true,
      riderName: " Imran ",
      riderPhone: "0321-765 4321",
      trackingUrl: "https://never.example.pk/{number}",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Courier>()).toMatchObject({
      ownRider: true,
      riderName: "Imran",
      riderPhone: "03217654321",
      trackingUrl: null,
    });
  });

  it("a company without a tracking page (empty or null is none)", async () => {
    for (const trackingUrl of ["", null]) {
      const res = await call(t, admin, "POST", "/api/admin/couriers", company({ trackingUrl }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Courier>().trackingUrl).toBeNull();
    }
  });
});

const badBodies: [string, unknown, string, RegExp][] = [
  ["no name", { trackingUrl: "https://a.pk/{number}" }, "name", /name/i],
  ["a one-letter name", company({ name: "X" }), "name", /at least 2 characters/],
  ["a name of spaces", company({ name: "   " }), "name", /at least 2 characters/],
  ["a name too long", company({ name: "x".repeat(61) }), "name", /at most 60/],
  ["a name that is a number", company({ name: 42 }), "name", /must be text/],
  ["a tracking page without {number}", company({ trackingUrl: "https://a.pk/track" }), "trackingUrl", /\{number\}/],
  ["a tracking page that is not http(s)", company({ trackingUrl: "ftp://a.pk/{number}" }), "trackingUrl", /https:\/\//],
  // Seen in the security test: plain http was accepted although the message asks for https.
  ["a tracking page over plain http", company({ trackingUrl: "http://a.pk/{number}" }), "trackingUrl", /https:\/\//],
  ["a tracking page with no host", company({ trackingUrl: "https://{number}" }), "trackingUrl", /https:\/\//],
  ["a script for a tracking page", company({ trackingUrl: "javascript:alert(1)//{number}" }), "trackingUrl", /https/],
  ["a tracking page with spaces", company({ trackingUrl: "https://a.pk/ track/{number}" }), "trackingUrl", /https/],
  [
    "a tracking page too long",
    company({ trackingUrl: `https://a.pk/${"x".repeat(300)}{number}` }),
    "trackingUrl",
    /https/,
  ],
  [
    "a rider's phone that is no mobile",
    { name: "Rider Two", ownRider: true, riderPhone: "12345" },
    "riderPhone",
    /mobile/,
  ],
  ["a rider's landline", { name: "Rider Two", ownRider: true, riderPhone: "021 34567890" }, "riderPhone", /mobile/],
  ["a rider's name too long", { name: "Rider Two", ownRider: true, riderName: "x".repeat(101) }, "riderName", /100/],
  ["active as text", company({ active: "yes" }), "active", /true or false/],
  ["ownRider as text", company({ ownRider: "true" }), "ownRider", /true or false/],
  ["an id", company({ _id: "11111111-1111-4111-8111-111111111111" }), "_id", /Unexpected field: _id/],
  ["a parcel count", company({ parcels: 0 }), "parcels", /Unexpected field: parcels/],
  ["its CSV columns", company({ csvColumns: {} }), "csvColumns", /Unexpected field: csvColumns/],
];

describe("every bad input is refused and changes nothing", () => {
  it.each(badBodies)("POST with %s: 400 naming the field", async (_what, body, field, message) => {
    const before = await list();
    const res = await call(t, admin, "POST", "/api/admin/couriers", body);
    expect(res.statusCode, res.body).toBe(400);
    const refusal = res.json<Refusal>();
    expect(refusal.fields?.[field]).toMatch(message);
    expect(await list()).toEqual(before);
  });

  it.each(badBodies)("PUT with %s: 400 naming the field", async (_what, body, field, message) => {
    const tcs = await named("TCS");
    const before = await list();
    const res = await call(t, admin, "PUT", `/api/admin/couriers/${tcs._id}`, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<Refusal>().fields?.[field]).toMatch(message);
    expect(await list()).toEqual(before);
  });

  it.each([
    ["a JSON array", "[]"],
    ["a JSON string", '"TCS"'],
    ["not JSON", "{name: TCS"],
  ])("a body that is %s: 400", async (_what, payload) => {
    const before = await list();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/couriers",
      headers: { ...admin.headers, "content-type": "application/json" },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Refusal>().message).toBeTruthy();
    expect(await list()).toEqual(before);
  });

  it("a name another courier has, in any case: 409, on adding and on renaming", async () => {
    const before = await list();
    const added = await call(t, admin, "POST", "/api/admin/couriers", company({ name: " tcs " }));
    expect(added.statusCode).toBe(409);
    expect(added.json<Refusal>().message).toBe("Another courier already has that name.");
    const leopards = await named("Leopards");
    const renamed = await call(t, admin, "PUT", `/api/admin/couriers/${leopards._id}`, company({ name: "TCS" }));
    expect(renamed.statusCode).toBe(409);
    expect(await list()).toEqual(before);
  });

  it("an unknown courier: 404; an id that is no id: 400; nothing added", async () => {
    const before = await list();
    const unknown = await call(t, admin, "PUT", "/api/admin/couriers/11111111-1111-4111-8111-111111111111", company());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Refusal>().message).toBe("No courier has that id.");
    const garbled = await call(t, admin, "PUT", "/api/admin/couriers/not-an-id", company());
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json<Refusal>().message).toBe("No courier has that id.");
    expect(await list()).toEqual(before);
  });
});

describe("an admin changes one", () => {
  it("renames it, changes its tracking page and switches it off, then on again", async () => {
    const trax = await named("Trax");
    const res = await call(t, admin, "PUT", `/api/admin/couriers/${trax._id}`, {
      name: "Trax Logistics",
      trackingUrl: "https://trax.example.pk/t/{number}",
      active: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Courier>()).toMatchObject({
      _id: trax._id,
      name: "Trax Logistics",
      trackingUrl: "https://trax.example.pk/t/{number}",
      active: false,
    });
    // Switched off: listed after every courier in use.
    expect((await list()).at(-1)?.name).toBe("Trax Logistics");
    const back = await call(t, admin, "PUT", `/api/admin/couriers/${trax._id}`, { name: "Trax", active: true });
    expect(back.json<Courier>()).toMatchObject({ name: "Trax", active: true, trackingUrl: null });
  });

  it("its own name in another case is no clash with itself", async () => {
    const postex = await named("PostEx");
    const res = await call(t, admin, "PUT", `/api/admin/couriers/${postex._id}`, {
      name: "POSTEX",
      trackingUrl: postex.trackingUrl,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Courier>().name).toBe("POSTEX");
  });

  it("the own rider's name and phone; cleared when sent empty", async () => {
    const rider = (await list()).find((c) => c.name === "Own rider") as Courier;
    const res = await call(t, admin, "PUT", `/api/admin/couriers/${rider._id}`, {
      name: "Own rider",
      ownRider: true,
      riderName: "Imran",
      riderPhone: "+92 300 1234567",
    });
    expect(res.json<Courier>()).toMatchObject({ riderName: "Imran", riderPhone: "+923001234567" });
    const cleared = await call(t, admin, "PUT", `/api/admin/couriers/${rider._id}`, {
      name: "Own rider",
      ownRider: true,
      riderName: "",
      riderPhone: "",
    });
    expect(cleared.json<Courier>()).toMatchObject({ riderName: null, riderPhone: null, trackingUrl: null });
  });
});

describe("no one else", () => {
  it.each([
    ["GET", "/api/admin/couriers", undefined],
    ["POST", "/api/admin/couriers", { name: "Sneaky Couriers" }],
    ["PUT", "/api/admin/couriers/:tcs", { name: "Sneaky Couriers" }],
  ] as const)("%s %s: 401 without a session, 403 for a customer, nothing changed", async (method, path, body) => {
    const before = await list();
    const url = path.replace(":tcs", (await named("TCS"))._id);
    expect((await t.app.inject({ method, url, ...(body ? { payload: body } : {}) })).statusCode).toBe(401);
    expect((await call(t, customer, method, url, body)).statusCode).toBe(403);
    expect(await list()).toEqual(before);
  });
});
