// Discount codes, the owner's side (issue 51): /api/admin/discount-codes saves a code in Karachi time
// (kept as the instant), lists it with its uses, edits it, and refuses a code another has, unknown
// products and categories (named), bad input (each with its message, nothing saved), changes to what
// a used code promised, most uses below its uses, and removing a used code. The checkout counts a
// use; here a use is written as the checkout writes it (discount_codes.uses), the real database's
// checks applying.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { DISCOUNT_CODE_MESSAGES, type DiscountCode } from "#shared/discount-codes.ts";
import { PROMOTION_MESSAGES } from "#shared/promotion-inputs.ts";
import { percentOf } from "#shared/promotions.ts";
import { SALE_MESSAGES } from "#shared/scheduled-sales.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import {
  ADDRESS,
  makeShopper,
  orderBody,
  placeOrder,
  products,
  type Shopper,
  setStock,
  type TestProduct,
} from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper & { username: string };
let shoes: TestProduct[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
  shoes = await products(t, 3);
});
afterAll(() => t?.close());

const URL = "/api/admin/discount-codes";
const save = (body: unknown) => call(t, admin, "POST", URL, body);
const edit = (id: string, body: unknown) => call(t, admin, "PUT", `${URL}/${id}`, body);
const list = async () => (await call(t, admin, "GET", URL)).json<{ codes: DiscountCode[] }>().codes;
/** A Karachi wall time `days` from now, at `hhmm`. */
function karachiDay(days: number, hhmm = "00:00"): string {
  const at = new Date(Date.now() + days * 86_400_000 + 5 * 3_600_000);
  return `${at.toISOString().slice(0, 10)}T${hhmm}`;
}
const instantOf = (wall: string) => new Date(`${wall}:00+05:00`);
const rowCount = async () =>
  (await selectRowsAsserted<{ n: number }>(t.database.db, sql`select count(*)::int as n from discount_codes`))[0]?.n;
/** An order through the real checkout that takes `code` (15% off one pair of the first shoe). */
async function orderWith(code: string): Promise<void> {
  const [shoe] = shoes as [TestProduct];
  const size = shoe.sizes[0] as number;
  await setStock(t, shoe.id, size, 50);
  const shopper = await makeShopper(t);
  const total = shoe.discountPrice - percentOf(shoe.discountPrice, 15);
  const placed = await placeOrder(
    t,
    shopper,
    orderBody(shopper, [{ product: shoe, size, quantity: 1 }], {
      totalAmount: total,
      discountCode: code,
      shippingAddress: { ...ADDRESS, email: shopper.email, phoneNumber: `0301${String(phones++).padStart(7, "0")}` },
    }),
  );
  expect(placed.statusCode, placed.body).toBe(201);
}
let phones = 4400000;

describe("/api/admin/discount-codes", () => {
  it("adds, lists and edits a code, in Karachi time, with its uses", async () => {
    const [shoe] = shoes as [TestProduct];
    const body = {
      code: "  eid500 ",
      kind: "fixed",
      amount: 500,
      minimumOrder: 3000,
      productIds: [shoe.id],
      categorySlugs: ["men-formal-shoes"],
      startsAt: karachiDay(1),
      endsAt: karachiDay(8, "23:59"),
      maxUses: 50,
      perCustomer: 2,
      enabled: true,
    };
    const saved = await save(body);
    expect(saved.statusCode, saved.body).toBe(201);
    const code = saved.json<DiscountCode>();
    expect(code).toMatchObject({
      code: "EID500",
      kind: "fixed",
      amount: 500,
      percent: null,
      minimumOrder: 3000,
      productIds: [shoe.id],
      categorySlugs: ["men-formal-shoes"],
      startsAt: body.startsAt,
      endsAt: body.endsAt,
      maxUses: 50,
      perCustomer: 2,
      uses: 0,
      enabled: true,
    });
    // Kept as the instant of that Karachi wall time (UTC+5, no daylight saving).
    const [row] = await selectRowsAsserted<{ starts_ms: number }>(
      t.database.db,
      sql`select (extract(epoch from starts_at) * 1000)::float8 as starts_ms from discount_codes where id = ${code._id}`,
    );
    expect(row?.starts_ms).toBe(instantOf(body.startsAt).getTime());

    // The least a code needs: the defaults fill the rest, no end, no most uses.
    const least = await save({ code: "TEN", kind: "percent", percent: 10, startsAt: karachiDay(0) });
    expect(least.statusCode, least.body).toBe(201);
    expect(least.json<DiscountCode>()).toMatchObject({
      minimumOrder: 0,
      productIds: [],
      categorySlugs: [],
      endsAt: null,
      maxUses: null,
      perCustomer: 1,
      enabled: true,
    });

    const listed = await list();
    expect(listed.map((c) => c.code).toSorted()).toEqual(["EID500", "TEN"]);
    expect(listed.find((c) => c.code === "EID500")).toMatchObject({ uses: 0, maxUses: 50 });

    // An edit replaces every field: a percent now, for every product, no end.
    const changed = await edit(code._id, {
      code: "EID10",
      kind: "percent",
      percent: 10,
      startsAt: body.startsAt,
      enabled: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<DiscountCode>()).toMatchObject({
      code: "EID10",
      kind: "percent",
      percent: 10,
      amount: null,
      productIds: [],
      categorySlugs: [],
      endsAt: null,
      maxUses: null,
      enabled: false,
    });

    // Another code's letters, however typed: refused, on a new code and on an edit.
    const twin = await save({ ...body, code: "ten" });
    expect([twin.statusCode, twin.json().message]).toEqual([409, DISCOUNT_CODE_MESSAGES.duplicate("TEN")]);
    const renamed = await edit(code._id, { ...body, code: "TEN" });
    expect([renamed.statusCode, renamed.json().message]).toEqual([409, DISCOUNT_CODE_MESSAGES.duplicate("TEN")]);
    expect((await list()).find((c) => c._id === code._id)?.code).toBe("EID10");

    const missing = await edit("00000000-0000-4000-8000-000000000000", body);
    expect([missing.statusCode, missing.json().message]).toEqual([404, DISCOUNT_CODE_MESSAGES.notFound]);
    const badId = await edit("nope", body);
    expect([badId.statusCode, badId.json().message]).toEqual([400, DISCOUNT_CODE_MESSAGES.badId]);
  });

  it("refuses bad input with its message and saves nothing", async () => {
    const [shoe] = shoes as [TestProduct];
    const before = await rowCount();
    const body = { code: "BAD-ONE", kind: "percent", percent: 10, startsAt: karachiDay(1), endsAt: karachiDay(3) };
    const ghost = "00000000-0000-4000-8000-000000000000";
    const cases: [unknown, string][] = [
      [{ ...body, code: "ab" }, "A discount code is 3 to 20 letters, digits or hyphens, like EID500."],
      [{ ...body, code: "EID 500" }, "A discount code is 3 to 20 letters, digits or hyphens, like EID500."],
      [{ ...body, kind: "bogo" }, DISCOUNT_CODE_MESSAGES.kind],
      [{ ...body, percent: 95 }, DISCOUNT_CODE_MESSAGES.percent],
      [{ ...body, percent: 0 }, DISCOUNT_CODE_MESSAGES.percent],
      [{ ...body, kind: "fixed", percent: undefined, amount: 0 }, DISCOUNT_CODE_MESSAGES.amount],
      [{ ...body, kind: "fixed", percent: undefined, amount: 99.5 }, DISCOUNT_CODE_MESSAGES.amount],
      [{ ...body, kind: "fixed", amount: 500 }, "Unexpected field: percent."],
      [{ ...body, minimumOrder: -1 }, DISCOUNT_CODE_MESSAGES.minimumOrder],
      [{ ...body, maxUses: 0 }, DISCOUNT_CODE_MESSAGES.maxUses],
      [{ ...body, perCustomer: 101 }, DISCOUNT_CODE_MESSAGES.perCustomer],
      [{ ...body, productIds: ["shoe"] }, PROMOTION_MESSAGES.productId],
      [{ ...body, productIds: Array.from({ length: 501 }, () => shoe.id) }, PROMOTION_MESSAGES.products],
      [{ ...body, productIds: [shoe.id, ghost] }, PROMOTION_MESSAGES.unknownProducts([ghost])],
      [{ ...body, categorySlugs: ["moon-boots"] }, PROMOTION_MESSAGES.unknownCategories(["moon-boots"])],
      [{ ...body, startsAt: "27/11/2026 00:00" }, SALE_MESSAGES.time],
      [{ ...body, endsAt: body.startsAt }, PROMOTION_MESSAGES.window],
      [{ ...body, startsAt: karachiDay(-3), endsAt: karachiDay(-2) }, PROMOTION_MESSAGES.endPassed],
      [{ ...body, enabled: "yes" }, PROMOTION_MESSAGES.enabled],
      [{ ...body, uses: 3 }, "Unexpected field: uses."],
    ];
    for (const [bad, message] of cases) {
      const res = await save(bad);
      expect([res.statusCode, res.json().message], JSON.stringify(bad)).toEqual([400, message]);
    }
    expect(await rowCount()).toBe(before);
  });

  it("keeps what a used code promised: only its end, most uses (not below its uses) and on/off change; no removal", async () => {
    const body = {
      code: "USED-ONCE",
      kind: "percent",
      percent: 15,
      minimumOrder: 2000,
      startsAt: karachiDay(-1),
      endsAt: karachiDay(5),
      maxUses: 20,
    };
    const saved = await save(body);
    expect(saved.statusCode, saved.body).toBe(201);
    const { _id: id } = saved.json<DiscountCode>();
    await orderWith("USED-ONCE");
    await orderWith("USED-ONCE");
    expect((await list()).find((c) => c._id === id)).toMatchObject({ uses: 2, maxUses: 20 });

    const locked = DISCOUNT_CODE_MESSAGES.usedLocked("USED-ONCE", 2);
    for (const change of [
      { percent: 20 },
      { kind: "fixed", percent: undefined, amount: 500 },
      { minimumOrder: 0 },
      { categorySlugs: ["men-formal-shoes"] },
      { code: "USED-TWICE" },
      { startsAt: karachiDay(-2) },
      { perCustomer: 3 },
    ]) {
      const res = await edit(id, { ...body, ...change });
      expect([res.statusCode, res.json().message], JSON.stringify(change)).toEqual([409, locked]);
    }
    const below = await edit(id, { ...body, maxUses: 1 });
    expect([below.statusCode, below.json().message]).toEqual([409, DISCOUNT_CODE_MESSAGES.belowUses("USED-ONCE", 2)]);

    // Its end, its most uses (down to its uses) and on/off: saved.
    const later = await edit(id, { ...body, endsAt: karachiDay(9), maxUses: 2, enabled: false });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json<DiscountCode>()).toMatchObject({ endsAt: karachiDay(9), maxUses: 2, enabled: false, uses: 2 });
    const open = await edit(id, { ...body, endsAt: null, maxUses: null });
    expect(open.json<DiscountCode>()).toMatchObject({ endsAt: null, maxUses: null, percent: 15 });

    const removed = await call(t, admin, "DELETE", `${URL}/${id}`);
    expect([removed.statusCode, removed.json().message]).toEqual([409, DISCOUNT_CODE_MESSAGES.usedDelete("USED-ONCE")]);
    expect((await list()).some((c) => c._id === id)).toBe(true);

    // One never used goes; then it is not there.
    const unused = (await save({ ...body, code: "NEVER" })).json<DiscountCode>();
    expect((await call(t, admin, "DELETE", `${URL}/${unused._id}`)).statusCode).toBe(204);
    const again = await call(t, admin, "DELETE", `${URL}/${unused._id}`);
    expect([again.statusCode, again.json().message]).toEqual([404, DISCOUNT_CODE_MESSAGES.notFound]);
  });

  it("is the owner's alone", async () => {
    const shopper = await makeShopper(t);
    expect((await call(t, shopper, "GET", URL)).statusCode).toBe(403);
    expect((await call(t, shopper, "POST", URL, { code: "MINE" })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: URL })).statusCode).toBe(401);
  });
});
