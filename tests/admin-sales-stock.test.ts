// The dashboard's sales and the stock grid through the admin API (issue 18). Sales: 30 Karachi
// days without gaps, cancelled orders left out, best sellers by pairs, sizes by sell-through.
// Stock grid: a category's sizes in one read; a save of many cells is all or nothing (400 for bad
// numbers, 404 for an unknown product, 409 when a pair sold meanwhile).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { AdminDashboard } from "#shared/admin.ts";
import type { Order } from "#shared/orders.ts";
import { SALES_DAYS } from "#shared/sales.ts";
import type { StockGrid, StockGridSaved } from "#shared/stock-grid.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import {
  makeShopper,
  orderBody,
  placeOrder,
  products,
  type Shopper,
  setStock,
  stockOf,
  type TestProduct,
} from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper;
let p1: TestProduct;
let p2: TestProduct;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
  [p1, p2] = (await products(t, 2)) as [TestProduct, TestProduct];
});
afterAll(() => t?.close());

const size = (p: TestProduct, i = 0) => p.sizes[i] as number;

async function order(p: TestProduct, s: number, quantity: number): Promise<Order> {
  const shopper = await makeShopper(t);
  const res = await placeOrder(t, shopper, orderBody(shopper, [{ product: p, size: s, quantity }]));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

describe("sales on the dashboard", () => {
  it("counts orders and takings (cash collected) per day, best sellers by pairs and sizes by sell-through, without cancellations", async () => {
    await setStock(t, p1.id, size(p1), 10);
    await setStock(t, p2.id, size(p2), 10);
    await order(p1, size(p1), 3);
    const second = await order(p2, size(p2), 2);
    const cancelled = await order(p2, size(p2), 5);
    const res = await call(t, admin, "POST", `/api/admin/orders/${cancelled._id}/status`, { status: "cancelled" });
    expect(res.statusCode, res.body).toBe(200);
    // One order from 40 days ago is outside the chart and the best sellers.
    const old = await order(p2, size(p2), 1);
    await t.database.db.execute(sql`update orders set created_at = now() - interval '40 days' where id = ${old._id}`);

    // Takings are cash that reached the shop (issue 32): the second order's rider hands it over;
    // the first order's cash is still to come.
    for (const status of ["confirm", "delivered"]) {
      expect((await call(t, admin, "POST", `/api/admin/orders/${second._id}/status`, { status })).statusCode).toBe(200);
    }
    const handed = await call(t, admin, "POST", `/api/admin/orders/${second._id}/cash`, { amount: second.totalAmount });
    expect(handed.statusCode, handed.body).toBe(200);

    const dashboard = (await call(t, admin, "GET", "/api/admin/dashboard")).json<AdminDashboard>();
    const { days, bestSellers, sizes } = dashboard.sales;
    expect(days).toHaveLength(SALES_DAYS);
    const [today] = await selectRowsAsserted<{ day: string }>(
      t.database.db,
      sql`select to_char(now() at time zone 'Asia/Karachi', 'YYYY-MM-DD') as day`,
    );
    expect(days.at(-1)).toEqual({
      day: today?.day,
      orders: 2,
      takings: second.totalAmount,
    });
    expect(days.slice(0, -1).every((d) => d.orders === 0 && d.takings === 0)).toBe(true);
    expect(new Set(days.map((d) => d.day)).size).toBe(SALES_DAYS);

    expect(bestSellers.map((b) => [b.productId, b.pairs])).toEqual([
      [p1.id, 3],
      [p2.id, 2],
    ]);
    expect(bestSellers[0]?.takings).toBe(p1.discountPrice * 3);

    const s1 = sizes.find((s) => s.size === size(p1));
    expect(s1?.sold).toBeGreaterThanOrEqual(3);
    expect(sizes).toHaveLength(10);
    for (const s of sizes) {
      const total = s.sold + s.inStock;
      expect(s.sellThrough).toBe(total === 0 ? 0 : Math.round((s.sold / total) * 100));
    }
    expect(sizes.map((s) => s.sellThrough)).toEqual([...sizes.map((s) => s.sellThrough)].sort((a, b) => b - a));
  });
});

describe("stock grid", () => {
  const category = "men-formal-shoes";

  it("reads every live product of a category with all ten sizes", async () => {
    const res = await call(t, admin, "GET", `/api/admin/stock?category=${category}`);
    expect(res.statusCode, res.body).toBe(200);
    const grid = res.json<StockGrid>();
    expect(grid.category).toBe(category);
    expect(grid.products.length).toBeGreaterThan(1);
    for (const row of grid.products)
      expect(row.sizes.map((s) => s.size)).toEqual([37, 38, 39, 40, 41, 42, 43, 44, 45, 46]);
    const [count] = await selectRowsAsserted<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from products where category_slug = ${category} and archived_at is null`,
    );
    expect(grid.products).toHaveLength(count?.n ?? -1);
    expect((await call(t, admin, "GET", "/api/admin/stock?category=boots")).statusCode).toBe(400);
    expect((await call(t, admin, "GET", "/api/admin/stock")).statusCode).toBe(400);
  });

  async function grid() {
    return (await call(t, admin, "GET", `/api/admin/stock?category=${category}`)).json<StockGrid>();
  }

  it("saves many products' sizes in one request, offering a size that gets pairs", async () => {
    const [a, b] = (await grid()).products;
    if (!a || !b) throw new Error("need two products");
    const offered = a.sizes.find((s) => s.offered) as { size: number; stock: number };
    const notOffered = b.sizes.find((s) => !s.offered);
    const changes = [
      { productId: a._id, size: offered.size, stock: offered.stock + 7, expectedStock: offered.stock },
      ...(notOffered ? [{ productId: b._id, size: notOffered.size, stock: 4, expectedStock: 0 }] : []),
    ];
    const seen: string[][] = [];
    const unsubscribe = t.app.catalogChanges.subscribe((change) => seen.push([...(change.productIds ?? [])]));
    const res = await call(t, admin, "PUT", "/api/admin/stock", { changes });
    unsubscribe();
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<StockGridSaved>();
    expect(saved.changed).toBe(changes.length);
    expect(await stockOf(t, a._id, offered.size)).toBe(offered.stock + 7);
    if (notOffered) {
      expect(await stockOf(t, b._id, notOffered.size)).toBe(4);
      expect(saved.products.find((p) => p._id === b._id)?.sizes.find((s) => s.size === notOffered.size)).toEqual({
        size: notOffered.size,
        stock: 4,
        offered: true,
        waiting: 0,
      });
    }
    expect(seen.flat()).toContain(a._id);
  });

  it("refuses bad numbers with 400 and writes nothing", async () => {
    const [a] = (await grid()).products;
    if (!a) throw new Error("no product");
    const s = a.sizes.find((x) => x.offered) as { size: number; stock: number };
    const good = { productId: a._id, size: s.size, stock: s.stock + 1, expectedStock: s.stock };
    const bodies: [unknown, string][] = [
      [{ changes: [good, { ...good, size: 47 }] }, "Size must be a whole number from 37 to 46."],
      [{ changes: [good, { ...good, size: 40, stock: -1 }] }, "Stock must be a whole number"],
      [{ changes: [good, { ...good, size: 40, stock: 2.5 }] }, "Stock must be a whole number"],
      [{ changes: [good, { ...good, size: 40, stock: "12" }] }, "Stock must be a whole number"],
      [{ changes: [good, { ...good, size: 40, stock: 100_001 }] }, "Stock must be a whole number"],
      [{ changes: [good, good] }, "only once per save"],
      [{ changes: [] }, "Change at least one number"],
      [{ changes: [{ ...good, productId: "x" }] }, "not a valid product id"],
      [{ changes: [{ ...good, price: 1 }] }, "Unexpected field: price."],
      [{ changes: [good], category: "x" }, "Unexpected field: category."],
      [[good], "Send { changes: [...] }."],
    ];
    for (const [body, message] of bodies) {
      const res = await call(t, admin, "PUT", "/api/admin/stock", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await stockOf(t, a._id, s.size)).toBe(s.stock);
  });

  it("writes nothing when one product is unknown (404) or a pair sold meanwhile (409)", async () => {
    const [a, b] = (await grid()).products;
    if (!a || !b) throw new Error("need two products");
    const sa = a.sizes.find((x) => x.offered) as { size: number; stock: number };
    const sb = b.sizes.find((x) => x.offered) as { size: number; stock: number };
    const good = { productId: a._id, size: sa.size, stock: sa.stock + 5, expectedStock: sa.stock };
    const unknown = { ...good, productId: "00000000-0000-4000-8000-000000000000" };
    const missing = await call(t, admin, "PUT", "/api/admin/stock", { changes: [good, unknown] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain("No product has that id.");
    expect(await stockOf(t, a._id, sa.size)).toBe(sa.stock);

    // A pair of b sells after the grid was loaded: the save that still shows the old number is refused.
    await setStock(t, b._id, sb.size, sb.stock + 1);
    const stale = { productId: b._id, size: sb.size, stock: 50, expectedStock: sb.stock };
    const res = await call(t, admin, "PUT", "/api/admin/stock", { changes: [good, stale] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`size ${sb.size} now has ${sb.stock + 1}`);
    expect(await stockOf(t, a._id, sa.size)).toBe(sa.stock);
    expect(await stockOf(t, b._id, sb.size)).toBe(sb.stock + 1);
  });
});
