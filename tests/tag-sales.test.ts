// Products' tags and sales by tag (issue 51, "a tag such as Eid collection"): the owner's product API
// saves tags trimmed, merged ignoring case and spelt as the shop already spells them, keeps them when a
// body leaves them out, and refuses bad ones with a 400 that says why; GET /api/admin/product-tags
// counts them; a sale of a tag prices the tagged products by price_now() from its start edge, the
// sale job writes and restores those prices, and a tag sale is refused where its products are in a
// category sale at the same time (and the other way round). The demo catalogue has an Eid collection.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { sweepSales } from "#server/promotions/sale-job.ts";
import type { AdminProduct } from "#shared/admin.ts";
import { type ProductTagCount, TAG_MESSAGES } from "#shared/product-tags.ts";
import { SALE_MESSAGES, type ScheduledSale, salePrice } from "#shared/scheduled-sales.ts";
import { call, makeAdmin, newProduct, repriced } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import type { Shopper } from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper;
beforeAll(async () => {
  // Only the sweeps a test makes: the job's own second would race the edges the tests set.
  t = await createTestApp({ env: { SALE_SWEEP_MS: "0" } });
  admin = await makeAdmin(t);
});
afterAll(() => t?.close());

async function create(overrides: Parameters<typeof newProduct>[0] = {}): Promise<AdminProduct> {
  const res = await call(t, admin, "POST", "/api/admin/products", newProduct(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminProduct>();
}
const tagCounts = async () =>
  (await call(t, admin, "GET", "/api/admin/product-tags")).json<{ tags: ProductTagCount[] }>().tags;
const saveSale = (body: unknown) => call(t, admin, "POST", "/api/admin/sales", body);
/** A Karachi wall time `days` from now, at `hhmm`. */
function karachiDay(days: number, hhmm = "00:00"): string {
  const at = new Date(Date.now() + days * 86_400_000 + 5 * 3_600_000);
  return `${at.toISOString().slice(0, 10)}T${hhmm}`;
}
const instantOf = (wall: string) => new Date(`${wall}:00+05:00`);
const discountOf = async (id: string) =>
  (
    await selectRowsAsserted<{ p: number }>(
      t.database.db,
      sql`select discount_price as p from products where id = ${id}`,
    )
  )[0]?.p;
const priceAt = async (id: string, at: Date) =>
  (
    await selectRowsAsserted<{ p: number }>(
      t.database.db,
      sql`select price_now(id, category_slug, tags, discount_price, ${at.toISOString()}::timestamptz) as p
          from products where id = ${id}`,
    )
  )[0]?.p;

describe("products' tags", () => {
  it("saves them trimmed and merged, keeps them when left out, refuses bad ones, and counts them by name", async () => {
    // The demo catalogue's collection, as seeded.
    expect((await tagCounts()).find((c) => c.tag === "Eid collection")?.productCount).toBe(7);

    const made = await create({ tags: ["  Winter   gifts ", "winter GIFTS", "Office"] });
    expect(made.tags).toEqual(["Winter gifts", "Office"]);
    // Another product's "office" is the tag the shop already spells "Office": one tag, not two.
    const other = await create({ category: "women-loafers", tags: ["office"] });
    expect(other.tags).toEqual(["Office"]);
    // A save that leaves tags out (an older form, a test helper) keeps them; an empty list clears them.
    const kept = await call(t, admin, "PUT", `/api/admin/products/${made._id}`, repriced(made, 5000));
    expect([kept.statusCode, kept.json<AdminProduct>().tags]).toEqual([200, ["Winter gifts", "Office"]]);
    const read = await call(t, admin, "GET", `/api/admin/products/${made._id}`);
    expect(read.json<AdminProduct>().tags).toEqual(["Winter gifts", "Office"]);

    const cases: [unknown, string][] = [
      [["x".repeat(41)], TAG_MESSAGES.tag],
      [["   "], TAG_MESSAGES.tag],
      [[7], TAG_MESSAGES.tag],
      [Array.from({ length: 11 }, (_, i) => `Tag ${i}`), TAG_MESSAGES.tags],
      ["Eid collection", TAG_MESSAGES.list],
    ];
    for (const [tags, message] of cases) {
      const res = await call(t, admin, "PUT", `/api/admin/products/${made._id}`, { ...repriced(made, 5000), tags });
      expect([res.statusCode, res.json().message], JSON.stringify(tags)).toEqual([400, message]);
    }
    // Eleven typed, but two are one tag: ten, saved.
    const ten = [...Array.from({ length: 10 }, (_, i) => `Tag ${i}`), "tag 0"];
    const saved = await call(t, admin, "PUT", `/api/admin/products/${made._id}`, {
      ...repriced(made, 5000),
      tags: ten,
    });
    expect([saved.statusCode, saved.json<AdminProduct>().tags.length]).toEqual([200, 10]);

    const counts = await tagCounts();
    const names = counts.map((c) => c.tag);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(counts.find((c) => c.tag === "Office")?.productCount).toBe(1);
    expect(counts.find((c) => c.tag === "Tag 3")?.productCount).toBe(1);
    // An archived product's tags are not in use.
    expect((await call(t, admin, "DELETE", `/api/admin/products/${other._id}`)).statusCode).toBe(200);
    expect((await tagCounts()).some((c) => c.tag === "Office")).toBe(false);
    expect((await call(t, await makeAdmin(t), "GET", "/api/admin/product-tags")).statusCode).toBe(200);
    const shopper = { headers: {} };
    expect((await call(t, shopper, "GET", "/api/admin/product-tags")).statusCode).toBe(401);
  });
});

describe("a sale of a tag", () => {
  it("prices the tagged products by price_now() from its start edge; the job writes and restores them", async () => {
    const one = await create({ tags: ["Shaadi season"] });
    const two = await create({
      category: "women-pumps-khusa",
      price: 3999,
      discountPrice: 3999,
      tags: ["Shaadi season"],
    });
    const untagged = await create();
    const startsAt = karachiDay(20);
    const endsAt = karachiDay(22);
    const body = {
      name: "Shaadi",
      // Typed in another case: saved as the products spell it, since price_now() matches the exact text.
      what: { scope: "tag", tag: "shaadi SEASON" },
      how: { pricing: "percent", percent: 15 },
      startsAt,
      endsAt,
    };
    for (const [bad, message] of [
      [{ ...body, what: { scope: "tag", tag: "Nobody has this" } }, SALE_MESSAGES.unknownTag],
      [{ ...body, what: { scope: "tag", tag: "" } }, TAG_MESSAGES.tag],
      [{ ...body, what: { scope: "tag" } }, SALE_MESSAGES.tag],
      [
        { ...body, what: { scope: "tag", tag: "Shaadi season", categorySlug: "women-loafers" } },
        "Unexpected field: categorySlug.",
      ],
    ] as const) {
      const res = await saveSale(bad);
      expect([res.statusCode, res.json().message], JSON.stringify(bad)).toEqual([400, message]);
    }
    const saved = await saveSale(body);
    expect(saved.statusCode, saved.body).toBe(201);
    const sale = saved.json<ScheduledSale>();
    expect(sale).toMatchObject({ what: { scope: "tag", tag: "Shaadi season" }, state: "scheduled", productCount: 2 });

    const how = { pricing: "percent", percent: 15 } as const;
    const start = instantOf(startsAt).getTime();
    const end = instantOf(endsAt).getTime();
    for (const shoe of [one, two]) {
      // Before the job: the schedule alone decides, from the very second of the start.
      expect(await priceAt(shoe._id, new Date(start - 1000))).toBe(shoe.discountPrice);
      expect(await priceAt(shoe._id, new Date(start))).toBe(salePrice(how, shoe.discountPrice));
    }
    expect(await priceAt(untagged._id, new Date(start))).toBe(untagged.discountPrice);

    const swept = await sweepSales(t.database.db, new Date(start + 500));
    expect(swept.started).toEqual([sale._id]);
    expect([...swept.productIds].sort()).toEqual([one._id, two._id].sort());
    for (const shoe of [one, two]) {
      expect(await discountOf(shoe._id)).toBe(salePrice(how, shoe.discountPrice));
      // Inside the window the written price is the price, not discounted twice.
      expect(await priceAt(shoe._id, new Date(end - 1000))).toBe(salePrice(how, shoe.discountPrice));
    }
    expect(await discountOf(untagged._id)).toBe(untagged.discountPrice);

    const ended = await sweepSales(t.database.db, new Date(end + 500));
    expect(ended.ended).toEqual([sale._id]);
    for (const shoe of [one, two]) expect(await discountOf(shoe._id)).toBe(shoe.discountPrice);
  });

  it("is refused where its products are in a category sale at the same time, and the other way round", async () => {
    const tagged = await create({ category: "women-heels-sandals", tags: ["Overlap check"] });
    await create({ category: "men-sports-shoes", tags: ["Overlap check"] });
    const how = { pricing: "percent", percent: 10 };
    const categorySale = {
      name: "Heels week",
      what: { scope: "category", categorySlug: tagged.category },
      how,
      startsAt: karachiDay(40),
      endsAt: karachiDay(42),
    };
    const tagSale = {
      name: "Overlap tag",
      what: { scope: "tag", tag: "Overlap check" },
      how,
      startsAt: karachiDay(41),
      endsAt: karachiDay(43),
    };
    const first = await saveSale(categorySale);
    expect(first.statusCode, first.body).toBe(201);
    const clash = await saveSale(tagSale);
    expect([clash.statusCode, clash.json().message]).toEqual([409, SALE_MESSAGES.overlap("Heels week")]);
    // After the category sale's window: fine.
    const later = await saveSale({ ...tagSale, startsAt: karachiDay(42, "00:00"), endsAt: karachiDay(43) });
    expect(later.statusCode, later.body).toBe(201);
    // And a category sale over the tag sale's window is refused, naming it.
    const back = await saveSale({
      ...categorySale,
      name: "Heels again",
      startsAt: karachiDay(42, "12:00"),
      endsAt: karachiDay(44),
    });
    expect([back.statusCode, back.json().message]).toEqual([409, SALE_MESSAGES.overlap("Overlap tag")]);
    // A category none of the tagged products is in does not clash.
    const apart = await saveSale({
      ...categorySale,
      name: "Formal week",
      what: { scope: "category", categorySlug: "men-formal-shoes" },
      startsAt: karachiDay(42, "12:00"),
      endsAt: karachiDay(44),
    });
    expect(apart.statusCode, apart.body).toBe(201);
    for (const res of [first, later, apart]) {
      expect((await call(t, admin, "DELETE", `/api/admin/sales/${res.json<ScheduledSale>()._id}`)).statusCode).toBe(
        204,
      );
    }
  });
});
