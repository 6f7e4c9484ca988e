// A courier's terms through the admin API (issue 48): the courier list carries each courier's terms
// (the seeded defaults marked as such, none for the shop's own rider); PUT .../terms saves the
// owner's own, given as percentages and kept in basis points, and answers the courier with them;
// every bad input is a 400 naming its field and changes nothing; the own rider is a 409; nobody but
// an admin gets in.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { COURIER_MESSAGES, type Courier } from "#shared/couriers.ts";
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

const list = async () => {
  const res = await call(t, admin, "GET", "/api/admin/couriers");
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ couriers: Courier[] }>().couriers;
};
const named = async (name: string) => (await list()).find((c) => c.name === name) as Courier;
const putTerms = (who: Shopper, id: string, body: unknown) =>
  call(t, who, "PUT", `/api/admin/couriers/${id}/terms`, body);

/** What the owner's form sends for terms like PostEx's: flat, 4% with a minimum, paid within a day. */
const termsBody = (overrides: Record<string, unknown> = {}) => ({
  deliveryBy: "flat",
  deliveryCharge: 200,
  codFeePercent: 3.5,
  codFeeMinimum: 25,
  salesTaxPercent: 15,
  withholdingPercent: 2,
  returnCharge: 120,
  payoutCycle: "hours",
  payoutHours: 48,
  ...overrides,
});

describe("the courier list", () => {
  it("carries each company's seeded terms, marked as defaults, and none for the own rider", async () => {
    const couriers = await list();
    expect(couriers.find((c) => c.name === "Own rider")?.terms).toBeNull();
    const companies = couriers.filter((c) => !c.ownRider);
    expect(companies.length).toBe(8);
    expect(companies.every((c) => c.terms?.isDefault === true)).toBe(true);
    expect(couriers.find((c) => c.name === "TCS")?.terms).toEqual({
      deliveryBy: "weight",
      deliveryCharge: 250,
      perExtraHalfKilo: 100,
      codFeeBasisPoints: 0,
      codFeeMinimum: 0,
      salesTaxBasisPoints: 1500,
      withholdingBasisPoints: 200,
      returnCharge: 150,
      payoutCycle: "weekly",
      payoutWeekday: 4,
      payoutHours: null,
      isDefault: true,
    });
  });

  it("a courier just added has no terms until the owner gives them", async () => {
    const res = await call(t, admin, "POST", "/api/admin/couriers", { name: "Swift Express" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Courier>().terms).toBeNull();
    expect((await named("Swift Express")).terms).toBeNull();
  });
});

describe("the owner saves a courier's terms", () => {
  it("answers the courier with its terms, kept in basis points and no longer the defaults", async () => {
    const postex = await named("PostEx");
    const res = await putTerms(admin, postex._id, termsBody());
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<Courier>();
    expect(saved).toMatchObject({ _id: postex._id, name: "PostEx", parcels: 0 });
    expect(saved.terms).toEqual({
      deliveryBy: "flat",
      deliveryCharge: 200,
      perExtraHalfKilo: 0,
      codFeeBasisPoints: 350,
      codFeeMinimum: 25,
      salesTaxBasisPoints: 1500,
      withholdingBasisPoints: 200,
      returnCharge: 120,
      payoutCycle: "hours",
      payoutWeekday: null,
      payoutHours: 48,
      isDefault: false,
    });
    // The list reads the same, and the other couriers keep their defaults.
    const after = await list();
    expect(after.find((c) => c.name === "PostEx")).toEqual(saved);
    expect(after.find((c) => c.name === "Trax")?.terms?.isDefault).toBe(true);
  });

  it("keeps only what the choice uses: by weight's extra half kilos, weekly's day, hours' hours", async () => {
    const tcs = await named("TCS");
    const weekly = await putTerms(
      admin,
      tcs._id,
      termsBody({
        deliveryBy: "weight",
        perExtraHalfKilo: 90,
        payoutCycle: "weekly",
        payoutWeekday: 1,
        payoutHours: 24,
      }),
    );
    expect(weekly.statusCode, weekly.body).toBe(200);
    expect(weekly.json<Courier>().terms).toMatchObject({
      deliveryBy: "weight",
      perExtraHalfKilo: 90,
      payoutCycle: "weekly",
      payoutWeekday: 1,
      payoutHours: null,
    });
    const flat = await putTerms(admin, tcs._id, termsBody({ perExtraHalfKilo: 90, payoutWeekday: 1 }));
    expect(flat.json<Courier>().terms).toMatchObject({
      deliveryBy: "flat",
      perExtraHalfKilo: 0,
      payoutCycle: "hours",
      payoutWeekday: null,
      payoutHours: 48,
    });
  });

  it("gives a courier that had none its first terms", async () => {
    const swift = await named("Swift Express");
    const res = await putTerms(admin, swift._id, termsBody({ codFeePercent: 0, codFeeMinimum: 0 }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await named("Swift Express")).terms).toMatchObject({ codFeeBasisPoints: 0, isDefault: false });
  });
});

const badBodies: [string, Record<string, unknown>, string, RegExp][] = [
  ["no delivery charge", termsBody({ deliveryCharge: undefined }), "deliveryCharge", /whole number of rupees/],
  ["a negative delivery charge", termsBody({ deliveryCharge: -5 }), "deliveryCharge", /cannot be negative/],
  ["a delivery charge in paisa", termsBody({ deliveryCharge: 199.5 }), "deliveryCharge", /whole number/],
  ["a delivery charge as text", termsBody({ deliveryCharge: "200" }), "deliveryCharge", /whole number/],
  ["a delivery charge too large", termsBody({ deliveryCharge: 100_001 }), "deliveryCharge", /at most Rs\.100000/],
  ["delivery by post", termsBody({ deliveryBy: "post" }), "deliveryBy", /flat or weight/],
  ["a negative extra half kilo", termsBody({ perExtraHalfKilo: -1 }), "perExtraHalfKilo", /cannot be negative/],
  ["a COD fee over 100%", termsBody({ codFeePercent: 120 }), "codFeePercent", /from 0 to 100/],
  ["a negative COD fee", termsBody({ codFeePercent: -1 }), "codFeePercent", /from 0 to 100/],
  ["a COD fee as '4%'", termsBody({ codFeePercent: "4%" }), "codFeePercent", /percentage/],
  ["a COD fee minimum in paisa", termsBody({ codFeeMinimum: 0.5 }), "codFeeMinimum", /whole number/],
  ["no sales tax", termsBody({ salesTaxPercent: undefined }), "salesTaxPercent", /percentage/],
  ["a withholding tax over 100%", termsBody({ withholdingPercent: 101 }), "withholdingPercent", /from 0 to 100/],
  ["a negative return charge", termsBody({ returnCharge: -100 }), "returnCharge", /cannot be negative/],
  ["a monthly payout", termsBody({ payoutCycle: "monthly" }), "payoutCycle", /weekly or within/],
  ["weekly with no day", termsBody({ payoutCycle: "weekly", payoutHours: null }), "payoutWeekday", /day/],
  ["weekly on an eighth day", termsBody({ payoutCycle: "weekly", payoutWeekday: 7 }), "payoutWeekday", /day/],
  ["hours with no hours", termsBody({ payoutHours: undefined }), "payoutHours", /how many hours/],
  ["no hours at all", termsBody({ payoutHours: 0 }), "payoutHours", /1 to 720/],
  ["more than a month of hours", termsBody({ payoutHours: 721 }), "payoutHours", /1 to 720/],
  ["the stored basis points", termsBody({ codFeeBasisPoints: 350 }), "codFeeBasisPoints", /Unexpected field/],
  ["a claim to be the defaults", termsBody({ isDefault: true }), "isDefault", /Unexpected field: isDefault/],
];

describe("every bad input is refused and changes nothing", () => {
  it.each(badBodies)("%s: 400 naming the field", async (_what, body, field, message) => {
    const leopards = await named("Leopards");
    const before = await list();
    const res = await putTerms(admin, leopards._id, body);
    expect(res.statusCode, res.body).toBe(400);
    const refusal = res.json<Refusal>();
    expect(refusal.fields?.[field]).toMatch(message);
    expect(refusal.message).toBeTruthy();
    expect(await list()).toEqual(before);
  });

  it.each([
    ["a JSON array", "[]"],
    ["not JSON", "{deliveryBy: flat"],
  ])("a body that is %s: 400", async (_what, payload) => {
    const leopards = await named("Leopards");
    const before = await list();
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/admin/couriers/${leopards._id}/terms`,
      headers: { ...admin.headers, "content-type": "application/json" },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Refusal>().message).toBeTruthy();
    expect(await list()).toEqual(before);
  });

  it("an unknown courier: 404; an id that is no id: 400", async () => {
    const before = await list();
    const unknown = await putTerms(admin, "11111111-1111-4111-8111-111111111111", termsBody());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Refusal>().message).toBe(COURIER_MESSAGES.notFound);
    const garbled = await putTerms(admin, "not-an-id", termsBody());
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json<Refusal>().message).toBe(COURIER_MESSAGES.notFound);
    expect(await list()).toEqual(before);
  });

  it("the shop's own rider: 409, and it still has no terms", async () => {
    const rider = await named("Own rider");
    const before = await list();
    const res = await putTerms(admin, rider._id, termsBody());
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<Refusal>().message).toBe(COURIER_MESSAGES.ownRiderTerms);
    expect(await list()).toEqual(before);
    const rows = await selectRowsAsserted<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from courier_terms where courier_id = ${rider._id}`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe("no one else", () => {
  it("PUT terms: 401 without a session, 403 for a customer, nothing changed", async () => {
    const trax = await named("Trax");
    const before = await list();
    const url = `/api/admin/couriers/${trax._id}/terms`;
    expect((await t.app.inject({ method: "PUT", url, payload: termsBody() })).statusCode).toBe(401);
    expect((await putTerms(customer, trax._id, termsBody())).statusCode).toBe(403);
    expect(await list()).toEqual(before);
    expect((await named("Trax")).terms?.isDefault).toBe(true);
  });

  it("the list with its terms: 401 without a session, 403 for a customer", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/admin/couriers" })).statusCode).toBe(401);
    expect((await call(t, customer, "GET", "/api/admin/couriers")).statusCode).toBe(403);
  });
});
