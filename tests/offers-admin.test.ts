// Automatic offers, the owner's side (issue 51): /api/admin/offers saves an offer in Karachi time
// (kept as the instant), lists it with the orders that took it, edits it, and refuses unknown
// products and categories (named), bad input (each with its message, nothing saved), changes to what
// an offer gave the orders that took it, and removing such an offer. An order is placed through the
// API and marked as having taken the offer as the checkout marks it (orders.offer_id).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { OFFER_MESSAGES, type Offer } from "#shared/offers.ts";
import type { Order } from "#shared/orders.ts";
import { PROMOTION_MESSAGES } from "#shared/promotion-inputs.ts";
import { percentOf } from "#shared/promotions.ts";
import { SALE_MESSAGES } from "#shared/scheduled-sales.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import {
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

const URL = "/api/admin/offers";
const save = (body: unknown) => call(t, admin, "POST", URL, body);
const edit = (id: string, body: unknown) => call(t, admin, "PUT", `${URL}/${id}`, body);
const list = async () => (await call(t, admin, "GET", URL)).json<{ offers: Offer[] }>().offers;
/** A Karachi wall time `days` from now, at `hhmm`. */
function karachiDay(days: number, hhmm = "00:00"): string {
  const at = new Date(Date.now() + days * 86_400_000 + 5 * 3_600_000);
  return `${at.toISOString().slice(0, 10)}T${hhmm}`;
}
const instantOf = (wall: string) => new Date(`${wall}:00+05:00`);
const rowCount = async () =>
  (await selectRowsAsserted<{ n: number }>(t.database.db, sql`select count(*)::int as n from offers`))[0]?.n;

describe("/api/admin/offers", () => {
  it("adds, lists and edits an offer, in Karachi time", async () => {
    const [shoe] = shoes as [TestProduct];
    const body = {
      name: "Buy 2, get 10% off",
      kind: "pairsPercent",
      minPairs: 2,
      percent: 10,
      productIds: [shoe.id],
      categorySlugs: ["men-formal-shoes"],
      startsAt: karachiDay(1),
      endsAt: karachiDay(8, "23:59"),
      enabled: true,
    };
    const saved = await save(body);
    expect(saved.statusCode, saved.body).toBe(201);
    const offer = saved.json<Offer>();
    expect(offer).toMatchObject({ ...body, orders: 0 });
    const [row] = await selectRowsAsserted<{ starts_ms: number }>(
      t.database.db,
      sql`select (extract(epoch from starts_at) * 1000)::float8 as starts_ms from offers where id = ${offer._id}`,
    );
    expect(row?.starts_ms).toBe(instantOf(body.startsAt).getTime());

    // Second pair half price, on everything, no end: the defaults fill the rest.
    const half = await save({
      name: "Second pair half price",
      kind: "secondPairPercent",
      percent: 50,
      startsAt: karachiDay(0),
    });
    expect(half.statusCode, half.body).toBe(201);
    expect(half.json<Offer>()).toMatchObject({ productIds: [], categorySlugs: [], endsAt: null, enabled: true });

    expect((await list()).map((o) => o.name).toSorted()).toEqual(["Buy 2, get 10% off", "Second pair half price"]);

    const changed = await edit(offer._id, {
      ...body,
      name: "Buy 3, get 15% off",
      minPairs: 3,
      percent: 15,
      endsAt: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Offer>()).toMatchObject({ name: "Buy 3, get 15% off", minPairs: 3, percent: 15, endsAt: null });

    const missing = await edit("00000000-0000-4000-8000-000000000000", body);
    expect([missing.statusCode, missing.json().message]).toEqual([404, OFFER_MESSAGES.notFound]);
    const badId = await call(t, admin, "DELETE", `${URL}/nope`);
    expect([badId.statusCode, badId.json().message]).toEqual([400, OFFER_MESSAGES.badId]);
  });

  it("refuses bad input with its message and saves nothing", async () => {
    const [shoe] = shoes as [TestProduct];
    const before = await rowCount();
    const body = { name: "Bad", kind: "pairsPercent", minPairs: 2, percent: 10, startsAt: karachiDay(1) };
    const ghost = "00000000-0000-4000-8000-000000000000";
    const cases: [unknown, string][] = [
      [{ ...body, name: " " }, OFFER_MESSAGES.name],
      [{ ...body, name: "x".repeat(81) }, OFFER_MESSAGES.name],
      [{ ...body, kind: "bogo" }, OFFER_MESSAGES.kind],
      [{ ...body, minPairs: 1 }, OFFER_MESSAGES.minPairs],
      [{ ...body, minPairs: 11 }, OFFER_MESSAGES.minPairs],
      [{ ...body, percent: 91 }, OFFER_MESSAGES.percent],
      [{ ...body, kind: "secondPairPercent" }, "Unexpected field: minPairs."],
      [{ ...body, productIds: [shoe.id, ghost] }, PROMOTION_MESSAGES.unknownProducts([ghost])],
      [
        { ...body, categorySlugs: ["moon-boots", "men-formal-shoes"] },
        PROMOTION_MESSAGES.unknownCategories(["moon-boots"]),
      ],
      [{ ...body, startsAt: "tomorrow" }, SALE_MESSAGES.time],
      [{ ...body, endsAt: karachiDay(0) }, PROMOTION_MESSAGES.window],
      [{ ...body, startsAt: karachiDay(-3), endsAt: karachiDay(-2) }, PROMOTION_MESSAGES.endPassed],
      [{ ...body, orders: 1 }, "Unexpected field: orders."],
    ];
    for (const [bad, message] of cases) {
      const res = await save(bad);
      expect([res.statusCode, res.json().message], JSON.stringify(bad)).toEqual([400, message]);
    }
    expect(await rowCount()).toBe(before);
  });

  it("keeps what an offer gave the orders that took it: only its name, end and on/off change; no removal", async () => {
    const [, shoe] = shoes as [TestProduct, TestProduct];
    const body = { name: "Eid pairs", kind: "pairsPercent", minPairs: 2, percent: 10, startsAt: karachiDay(-1) };
    const offer = (await save(body)).json<Offer>();

    const size = shoe.sizes[0] as number;
    await setStock(t, shoe.id, size, 10);
    const shopper = await makeShopper(t);
    // Two pairs through the real checkout: the offer takes 10% off them, and the order keeps it (the
    // offers the earlier cases left on are turned off, so this is the one that applies).
    await t.database.db.execute(sql`update offers set enabled = false where id <> ${offer._id}`);
    const twoPairs = 2 * shoe.discountPrice;
    const placed = await placeOrder(
      t,
      shopper,
      orderBody(shopper, [{ product: shoe, size, quantity: 2 }], { totalAmount: twoPairs - percentOf(twoPairs, 10) }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Order>().discount).toEqual({ label: "Eid pairs", amount: percentOf(twoPairs, 10) });
    expect((await list()).find((o) => o._id === offer._id)?.orders).toBe(1);

    const locked = OFFER_MESSAGES.takenLocked("Eid pairs", 1);
    for (const change of [
      { percent: 20 },
      { minPairs: 3 },
      { kind: "secondPairPercent", minPairs: undefined },
      { productIds: [shoe.id] },
      { startsAt: karachiDay(-2) },
    ]) {
      const res = await edit(offer._id, { ...body, ...change });
      expect([res.statusCode, res.json().message], JSON.stringify(change)).toEqual([409, locked]);
    }
    const kept = await edit(offer._id, { ...body, name: "Eid pairs (ended)", endsAt: karachiDay(2), enabled: false });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<Offer>()).toMatchObject({ name: "Eid pairs (ended)", endsAt: karachiDay(2), enabled: false });

    const removed = await call(t, admin, "DELETE", `${URL}/${offer._id}`);
    expect([removed.statusCode, removed.json().message]).toEqual([
      409,
      OFFER_MESSAGES.takenDelete("Eid pairs (ended)"),
    ]);
    expect((await list()).some((o) => o._id === offer._id)).toBe(true);

    const untaken = (await save({ ...body, name: "Never taken" })).json<Offer>();
    expect((await call(t, admin, "DELETE", `${URL}/${untaken._id}`)).statusCode).toBe(204);
    const again = await call(t, admin, "DELETE", `${URL}/${untaken._id}`);
    expect([again.statusCode, again.json().message]).toEqual([404, OFFER_MESSAGES.notFound]);
  });

  it("is the owner's alone", async () => {
    const shopper = await makeShopper(t);
    expect((await call(t, shopper, "GET", URL)).statusCode).toBe(403);
    expect((await call(t, shopper, "POST", URL, { name: "Mine" })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: URL })).statusCode).toBe(401);
  });
});
