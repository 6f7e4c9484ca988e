// The back-in-stock mail's stop link (issue 46 item 10): a man waiting for size 43 of two shoes was
// told about one, pressed stop, and every alert stopped, the one he still waited for too. Now the
// page's press stops one size (the link's own, or one it names as still watched) and says which
// sizes are still watched; stopping them all is a press of its own, and the mail program's one-click
// unsubscribe stops them all as before (the address then waits for its own press, issue 45).
// Through the HTTP API on both databases.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { AdminProduct } from "#shared/admin.ts";
import {
  STOCK_ALERT_MESSAGES,
  STOCK_ALERTS_PATH,
  STOCK_ALERTS_UNSUBSCRIBE_PATH,
  type StopAlertsAnswer,
} from "#shared/stock-alerts.ts";
import { call, makeAdmin, newProduct } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import type { Shopper } from "./support/shoppers.ts";
import { allSent, mailsTo } from "./support/stock-alerts.ts";
import { until } from "./support/wait.ts";

const PUBLIC_URL = "https://shop.example.pk";

let t: TestApp;
let admin: Shopper;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL, CONFIRMATION_SWEEP_SECONDS: "0", RATE_LIMIT_SCALE: "50" } });
  admin = await makeAdmin(t);
});
afterAll(() => t?.close());

const someone = () => `waiting.${Math.random().toString(36).slice(2, 9)}@example.pk`;
const inbox = (to: string) => mailsTo(to, [t.config.dataDir]);

async function productWith(name: string, stock: Record<number, number>): Promise<AdminProduct> {
  const sizes = Object.entries(stock).map(([size, pairs]) => ({ size: Number(size), stock: pairs }));
  const res = await call(t, admin, "POST", "/api/admin/products", newProduct({ name, sizes }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminProduct>();
}

async function restock(product: AdminProduct, size: number) {
  const res = await call(t, admin, "PUT", "/api/admin/stock", {
    changes: [{ productId: product._id, size, stock: 3, expectedStock: 0 }],
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function ask(product: AdminProduct, size: number, email: string) {
  const res = await t.app.inject({
    method: "POST",
    url: STOCK_ALERTS_PATH,
    payload: { productId: product._id, size, email },
  });
  expect(res.statusCode, res.body).toBe(202);
}

const stop = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: STOCK_ALERTS_UNSUBSCRIBE_PATH, payload });

async function waiting(email: string): Promise<string[]> {
  const rows = await selectRowsAsserted<{ name: string; size: number }>(
    t.database.db,
    sql`select p.name, a.size from stock_alerts a join products p on p.id = a.product_id
        where a.email = ${email} and a.notified_at is null and a.unsubscribed_at is null order by p.name, a.size`,
  );
  return rows.map((r) => `${r.name} ${r.size}`);
}

/** Asks for every (product, size), brings `back` back, and answers the stop link's token of its mail. */
async function toldAbout(email: string, asks: [AdminProduct, number][], back: [AdminProduct, number]) {
  for (const [product, size] of asks) await ask(product, size, email);
  await restock(...back);
  const [mail] = await until(
    () => inbox(email),
    (m) => m.length === 1,
    "the back-in-stock mail",
  );
  const token = new RegExp(`${PUBLIC_URL}/stop-alerts\\?token=([\\w.-]+)`).exec(mail ?? "")?.[1];
  expect(token).toBeDefined();
  return token as string;
}

describe("the stop link's press", () => {
  it("stops only the size it names, and answers the sizes still watched", async () => {
    const oxford = await productWith(`Oxford ${Date.now()}`, { 43: 0 });
    const chappal = await productWith(`Chappal ${Date.now()}`, { 43: 0, 44: 0 });
    const man = someone();
    const neighbour = someone();
    await ask(chappal, 44, neighbour);
    const token = await toldAbout(
      man,
      [
        [oxford, 43],
        [chappal, 43],
        [chappal, 44],
      ],
      [oxford, 43],
    );
    expect(await waiting(man)).toEqual([`${chappal.name} 43`, `${chappal.name} 44`]);

    // Size 44 of the chappal: that one alert of this address stops; 43 and the neighbour's wait on.
    const one = await stop({ token, productId: chappal._id, size: 44 });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<StopAlertsAnswer>()).toEqual({
      message: STOCK_ALERT_MESSAGES.stoppedOne(man, 44, chappal.name),
      stopped: 1,
      watching: [{ productId: chappal._id, productName: chappal.name, size: 43 }],
    });
    expect(await waiting(man)).toEqual([`${chappal.name} 43`]);
    expect(await waiting(neighbour)).toEqual([`${chappal.name} 44`]);
    // The same press again stops nothing more.
    expect((await stop({ token, productId: chappal._id, size: 44 })).json<StopAlertsAnswer>()).toMatchObject({
      stopped: 0,
      watching: [{ size: 43 }],
    });

    // Both sizes come back: only the size still watched is told.
    await restock(chappal, 44);
    await restock(chappal, 43);
    await until(
      () => inbox(man),
      (m) => m.length === 2,
      "the mail of size 43",
    );
    await allSent(t.database.db);
    const mails = await inbox(man);
    expect(mails.filter((m) => m.includes(`Subject: Size 43 is back: ${chappal.name}`))).toHaveLength(1);
    expect(mails.filter((m) => m.includes("Subject: Size 44"))).toHaveLength(0);
  });

  it("stops every size when it names none, as the mail program's one-click does", async () => {
    const oxford = await productWith(`Oxford ${Date.now()}`, { 42: 0 });
    const loafer = await productWith(`Loafer ${Date.now()}`, { 42: 0, 43: 0 });
    const man = someone();
    const token = await toldAbout(
      man,
      [
        [oxford, 42],
        [loafer, 42],
        [loafer, 43],
      ],
      [oxford, 42],
    );
    const all = await stop({ token });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json<StopAlertsAnswer>()).toEqual({
      message: STOCK_ALERT_MESSAGES.stopped(man),
      stopped: 2,
      watching: [],
    });
    expect(await waiting(man)).toEqual([]);
  });

  it("refuses a size the address does not wait for, and half a choice, changing nothing", async () => {
    const shoe = await productWith(`Sneaker ${Date.now()}`, { 40: 0, 41: 0 });
    const other = await productWith(`Other ${Date.now()}`, { 40: 0 });
    const man = someone();
    const token = await toldAbout(
      man,
      [
        [shoe, 40],
        [shoe, 41],
      ],
      [shoe, 40],
    );
    const notAsked = await stop({ token, productId: other._id, size: 40 });
    expect([notAsked.statusCode, notAsked.json<{ message: string }>().message]).toEqual([
      404,
      STOCK_ALERT_MESSAGES.notWatched,
    ]);
    for (const half of [{ productId: shoe._id }, { size: 41 }]) {
      const res = await stop({ token, ...half });
      expect([res.statusCode, res.json<{ message: string }>().message], JSON.stringify(half)).toEqual([
        400,
        STOCK_ALERT_MESSAGES.oneOrAll,
      ]);
    }
    expect(await waiting(man)).toEqual([`${shoe.name} 41`]);
  });
});
