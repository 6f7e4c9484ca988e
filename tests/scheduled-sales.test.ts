// Scheduled sales (issue 51, docs/decisions/040-scheduled-sales.md): the owner's /api/admin/sales keeps
// Karachi times as instants and refuses bad input, a product in two sales at once, and changes to a
// started sale; price_now() gives the price of the moment at a sale's edges before and after the sale
// job has run; the job starts and ends a sale once however many instances sweep at once, rounds to
// the rupee one way, and restores only the prices it wrote; the checkout charges the moment's price
// even before the job has written it.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { sweepSales } from "#server/promotions/sale-job.ts";
import type { Order } from "#shared/orders.ts";
import { SALE_MESSAGES, type ScheduledSale, salePrice } from "#shared/scheduled-sales.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { makeShopper, orderBody, placeOrder, products, type Shopper, type TestProduct } from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper & { username: string };
let shoes: TestProduct[];

beforeAll(async () => {
  // Only the sweeps a test makes: the job's own second would race the edges the tests set.
  t = await createTestApp({ env: { SALE_SWEEP_MS: "0" } });
  admin = await makeAdmin(t);
  shoes = await products(t, 6);
});
afterAll(() => t?.close());

const save = (body: unknown) => call(t, admin, "POST", "/api/admin/sales", body);
/** A Karachi wall time `days` from now, at `hhmm`. */
function karachiDay(days: number, hhmm = "00:00"): string {
  const at = new Date(Date.now() + days * 86_400_000 + 5 * 3_600_000);
  return `${at.toISOString().slice(0, 10)}T${hhmm}`;
}
const instantOf = (wall: string) => new Date(`${wall}:00+05:00`);
/** The Karachi wall time `minutes` from now, to the minute. */
const karachiIn = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000 + 5 * 3_600_000).toISOString().slice(0, 16);
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

describe("/api/admin/sales", () => {
  it("keeps Karachi times, refuses bad input and a product in two sales at once, and a started sale's changes", async () => {
    const [shoe] = shoes as [TestProduct];
    const body = {
      name: "Eid week",
      what: { scope: "products", productIds: [shoe.id] },
      how: { pricing: "percent", percent: 20 },
      startsAt: karachiDay(10),
      endsAt: karachiDay(12, "23:59"),
      showEndsIn: true,
    };
    const saved = await save(body);
    expect(saved.statusCode, saved.body).toBe(201);
    const sale = saved.json<ScheduledSale>();
    expect(sale).toMatchObject({ startsAt: body.startsAt, endsAt: body.endsAt, state: "scheduled", productCount: 1 });
    // Kept as the instant of that Karachi wall time (UTC+5, no daylight saving).
    const [row] = await selectRowsAsserted<{ starts_ms: number }>(
      t.database.db,
      sql`select (extract(epoch from starts_at) * 1000)::float8 as starts_ms from sales where id = ${sale._id}`,
    );
    expect(row?.starts_ms).toBe(instantOf(body.startsAt).getTime());

    // The same product in another sale that overlaps: refused, naming the first; after it, fine.
    const overlapping = await save({ ...body, name: "Clash", startsAt: karachiDay(12), endsAt: karachiDay(14) });
    expect([overlapping.statusCode, overlapping.json().message]).toEqual([409, SALE_MESSAGES.overlap("Eid week")]);
    const after = await save({ ...body, name: "After Eid", startsAt: karachiDay(13), endsAt: karachiDay(14) });
    expect(after.statusCode, after.body).toBe(201);

    const cases: [unknown, string][] = [
      [{ ...body, name: "" }, SALE_MESSAGES.name],
      [{ ...body, what: { scope: "brand" } }, SALE_MESSAGES.scope],
      [{ ...body, what: { scope: "products", productIds: [] } }, SALE_MESSAGES.products],
      [
        { ...body, what: { scope: "products", productIds: ["00000000-0000-4000-8000-000000000000"] } },
        SALE_MESSAGES.unknownProducts,
      ],
      [{ ...body, what: { scope: "category", categorySlug: "moon-boots" } }, SALE_MESSAGES.unknownCategory],
      [{ ...body, how: { pricing: "percent", percent: 95 } }, SALE_MESSAGES.percent],
      [{ ...body, how: { pricing: "price", price: 0 } }, SALE_MESSAGES.price],
      [{ ...body, startsAt: "27/11/2026 00:00" }, SALE_MESSAGES.time],
      [{ ...body, endsAt: body.startsAt }, SALE_MESSAGES.window],
      [{ ...body, startsAt: karachiDay(-3), endsAt: karachiDay(-2) }, SALE_MESSAGES.endPassed],
      [{ ...body, extra: 1 }, "Unexpected field: extra."],
    ];
    for (const [bad, message] of cases) {
      const res = await save(bad);
      expect([res.statusCode, res.json().message], JSON.stringify(bad)).toEqual([400, message]);
    }
    expect((await call(t, admin, "GET", "/api/admin/sales")).json<{ sales: ScheduledSale[] }>().sales).toHaveLength(2);
    // Its window's start comes in ten days: nothing changes price today.
    expect(await discountOf(shoe.id)).toBe(shoe.discountPrice);

    // Started a minute ago: on at once (the save sweeps), no edit, no removal; it ends now.
    const today = { ...body, name: "Today", startsAt: karachiIn(-1), endsAt: karachiIn(24 * 60) };
    const started = await save(today);
    expect(started.statusCode, started.body).toBe(201);
    const on = started.json<ScheduledSale>();
    expect(on.state).toBe("on");
    expect(await discountOf(shoe.id)).toBe(salePrice({ pricing: "percent", percent: 20 }, shoe.discountPrice));
    const edit = await call(t, admin, "PUT", `/api/admin/sales/${on._id}`, today);
    expect([edit.statusCode, edit.json().message]).toEqual([409, SALE_MESSAGES.started]);
    const remove = await call(t, admin, "DELETE", `/api/admin/sales/${on._id}`);
    expect([remove.statusCode, remove.json().message]).toEqual([409, SALE_MESSAGES.started]);
    const ended = await call(t, admin, "POST", `/api/admin/sales/${on._id}/end`, { endsAt: "now" });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<ScheduledSale>().state).toBe("ended");
    expect(await discountOf(shoe.id)).toBe(shoe.discountPrice);
    for (const id of [sale._id, after.json<ScheduledSale>()._id]) {
      expect((await call(t, admin, "DELETE", `/api/admin/sales/${id}`)).statusCode).toBe(204);
    }
    expect((await call(t, await makeShopper(t), "GET", "/api/admin/sales")).statusCode).toBe(403);
  });
});

describe("the sale's prices", () => {
  it("price_now() is the price of the moment at both edges, before and after the job has run", async () => {
    const shoe = shoes[1] as TestProduct;
    const startsAt = karachiDay(20);
    const endsAt = karachiDay(22);
    const saved = await save({
      name: "Edges",
      what: { scope: "products", productIds: [shoe.id] },
      how: { pricing: "percent", percent: 15 },
      startsAt,
      endsAt,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const start = instantOf(startsAt).getTime();
    const end = instantOf(endsAt).getTime();
    const sale = salePrice({ pricing: "percent", percent: 15 }, shoe.discountPrice);
    // Before the job: the schedule alone decides.
    expect(await priceAt(shoe.id, new Date(start - 1000))).toBe(shoe.discountPrice);
    expect(await priceAt(shoe.id, new Date(start))).toBe(sale);
    expect(await discountOf(shoe.id)).toBe(shoe.discountPrice);
    // A second before, the sweep says when the start comes, so the job wakes for it.
    const before = await sweepSales(t.database.db, new Date(start - 1000));
    expect(before.started).toEqual([]);
    expect(before.nextEdgeInMs).toBeGreaterThan(0);
    expect(before.nextEdgeInMs).toBeLessThanOrEqual(1000);
    // The job applies it; inside the window the price is the written one, not discounted twice.
    const swept = await sweepSales(t.database.db, new Date(start + 500));
    expect(swept.productIds).toContain(shoe.id);
    expect(await discountOf(shoe.id)).toBe(sale);
    expect(await priceAt(shoe.id, new Date(end - 1000))).toBe(sale);
    // Past its end, before the job restores it: the price it saved.
    expect(await priceAt(shoe.id, new Date(end))).toBe(shoe.discountPrice);
    await sweepSales(t.database.db, new Date(end + 500));
    expect(await discountOf(shoe.id)).toBe(shoe.discountPrice);
    expect(await priceAt(shoe.id, new Date(end + 1000))).toBe(shoe.discountPrice);
  });

  it("starts and ends once however many sweep at once, rounds half up, and leaves a price the owner set meanwhile", async () => {
    const picked = shoes.slice(2, 5);
    const startsAt = karachiDay(30);
    const endsAt = karachiDay(31);
    const saved = await save({
      name: "Crowd",
      what: { scope: "products", productIds: picked.map((s) => s.id) },
      how: { pricing: "percent", percent: 33 },
      startsAt,
      endsAt,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const saleId = saved.json<ScheduledSale>()._id;
    const inside = new Date(instantOf(startsAt).getTime() + 1000);
    const sweeps = await Promise.all([1, 2, 3, 4].map(() => sweepSales(t.database.db, inside)));
    expect(sweeps.flatMap((s) => s.started)).toEqual([saleId]);
    const [rows] = await selectRowsAsserted<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sale_prices where sale_id = ${saleId}`,
    );
    expect(rows?.n).toBe(picked.length);
    for (const shoe of picked) {
      // Half up to the rupee, the same in TypeScript and in SQL.
      const expected = Math.round((shoe.discountPrice * 67) / 100);
      expect(salePrice({ pricing: "percent", percent: 33 }, shoe.discountPrice)).toBe(expected);
      expect(await discountOf(shoe.id)).toBe(expected);
    }
    // The owner reprices one during the sale: the end leaves it as the owner set it.
    const repriced = picked[0] as TestProduct;
    await t.database.db.execute(sql`update products set discount_price = 1999 where id = ${repriced.id}`);
    const after = new Date(instantOf(endsAt).getTime() + 1000);
    const ends = await Promise.all([1, 2, 3].map(() => sweepSales(t.database.db, after)));
    expect(ends.flatMap((s) => s.ended)).toEqual([saleId]);
    expect(await discountOf(repriced.id)).toBe(1999);
    for (const shoe of picked.slice(1)) expect(await discountOf(shoe.id)).toBe(shoe.discountPrice);
    await t.database.db.execute(
      sql`update products set discount_price = ${repriced.discountPrice} where id = ${repriced.id}`,
    );
  });

  it("a new price never raises one, and a sale whose window passed unswept changes nothing", async () => {
    const shoe = shoes[5] as TestProduct;
    await t.database.db.execute(
      sql`insert into sales (name, scope, product_ids, pricing, price, starts_at, ends_at)
          values ('Missed', 'products', array[${shoe.id}::uuid], 'price', 1, now() - interval '2 days', now() - interval '1 day')`,
    );
    const swept = await sweepSales(t.database.db);
    expect(swept.productIds).toEqual([]);
    expect(await discountOf(shoe.id)).toBe(shoe.discountPrice);
    expect(salePrice({ pricing: "price", price: shoe.discountPrice + 500 }, shoe.discountPrice)).toBe(
      shoe.discountPrice,
    );
  });

  it("the checkout charges the moment's price before the job has written it", async () => {
    const shoe = shoes[4] as TestProduct;
    const size = shoe.sizes[0] as number;
    // Started a second ago by its times; no sweep has run.
    await t.database.db.execute(
      sql`insert into sales (name, scope, product_ids, pricing, percent, starts_at, ends_at)
          values ('Just now', 'products', array[${shoe.id}::uuid], 'percent', 10, now() - interval '1 second', now() + interval '1 hour')`,
    );
    expect(await discountOf(shoe.id)).toBe(shoe.discountPrice);
    const sale = salePrice({ pricing: "percent", percent: 10 }, shoe.discountPrice);
    const shopper = await makeShopper(t);
    const old = await placeOrder(t, shopper, orderBody(shopper, [{ product: shoe, size, quantity: 1 }]));
    expect([old.statusCode, old.json().totalAmount]).toEqual([409, sale]);
    const placed = await placeOrder(
      t,
      shopper,
      orderBody(shopper, [{ product: shoe, size, quantity: 1 }], { totalAmount: sale }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Order>().items[0]?.discountPrice).toBe(sale);
    await t.database.db.execute(sql`delete from sales where name = 'Just now'`);
  });
});
