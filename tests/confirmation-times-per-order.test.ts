// Issue 46 item 3: the owner's new confirmation times apply to orders placed afterwards. An order
// keeps the reminder and cancellation times it was placed under (what its mail said and its page
// showed), whatever the owner saves later, and the owner is told how many waiting orders keep them.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConfirmationLinks } from "#server/confirmation/links.ts";
import { createConfirmationService } from "#server/confirmation/service.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { AdminOrderList } from "#shared/admin.ts";
import {
  CONFIRMATION_MESSAGES,
  type ConfirmationSettingsSaved,
  keptTimesLine,
  parseWait,
  waitInput,
} from "#shared/confirmation.ts";
import type { Order } from "#shared/orders.ts";
import { waitForMail } from "./support/accounts.ts";
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
let shoe: TestProduct;
let size: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
  [shoe] = (await products(t, 1)) as [TestProduct];
  size = shoe.sizes[0] as number;
  await setStock(t, shoe.id, size, 100);
});
afterAll(() => t?.close());

const HOUR = 3_600_000;
const sweeper = () =>
  createConfirmationService(t.database.db, {
    links: createConfirmationLinks(t.database.db, { publicUrl: t.config.publicUrl }),
    shop: t.config.shop,
    whatsapp: false,
  });

/**
 * A sweep at `at` that acted on `id` (as `what`). The sweep claims due orders `for update skip
 * locked`, as another instance's claim must not be taken twice: an order row that some other
 * transaction holds at that moment (the background work a new order starts) is left for the next
 * sweep. Once, on CI's loaded PostgreSQL pass, the 7-hour sweep reminded nothing; it passed when run
 * alone, and which transaction held the row was not found. Every sweep's results are returned
 * together; an order not acted on within 5 s still fails the test.
 */
async function sweepActingOn(at: Date, id: string, what: "reminded" | "cancelled") {
  const seen = { reminded: [] as string[], cancelled: [] as string[] };
  for (const started = Date.now(); Date.now() - started < 5_000; ) {
    const swept = await sweeper().sweep(at);
    seen.reminded.push(...swept.reminded);
    seen.cancelled.push(...swept.cancelled);
    if (seen[what].includes(id)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return seen;
}

async function order(): Promise<{ order: Order; shopper: Shopper }> {
  const shopper = await makeShopper(t);
  const res = await placeOrder(t, shopper, orderBody(shopper, [{ product: shoe, size, quantity: 1 }]));
  expect(res.statusCode, res.body).toBe(201);
  return { order: res.json<Order>(), shopper };
}

/** The order as its customer reads it on Track Your Order. */
async function tracked(shopper: Shopper, orderId: string): Promise<Order | undefined> {
  const res = await call(t, shopper, "GET", "/api/orders/track");
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Order[]>().find((o) => o._id === orderId);
}

async function statusOf(orderId: string): Promise<string> {
  const [row] = await selectRowsAsserted<{ status: string }>(
    t.database.db,
    sql`select status from orders where id = ${orderId}`,
  );
  return row?.status ?? "gone";
}

const save = (remindAfterMinutes: number, cancelAfterMinutes: number) =>
  call(t, admin, "PUT", "/api/admin/confirmation-settings", { remindAfterMinutes, cancelAfterMinutes });

const msAfter = (order: Order, at: string | null | undefined) =>
  new Date(at ?? 0).getTime() - new Date(order.createdAt).getTime();

describe("changed confirmation times", () => {
  it("leave an order already waiting with its own times, apply to the next, and tell the owner how many kept theirs", async () => {
    // Every order from before this test is answered, so the count is this test's own.
    await sweeper().sweep(new Date(Date.now() + 30 * 24 * HOUR));
    const { order: before, shopper: early } = await order();
    expect(msAfter(before, before.confirmation.cancelsAt)).toBe(48 * HOUR);
    await waitForMail(t, early.email, /within 2 days/);
    const { order: held } = await order();
    expect((await call(t, admin, "PUT", `/api/admin/orders/${held._id}/held`, { held: true })).statusCode).toBe(200);

    // The owner sets 6 h / 24 h: both waiting orders (the held one too) keep the times they were told.
    const saved = await save(360, 1440);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ConfirmationSettingsSaved>()).toEqual({
      remindAfterMinutes: 360,
      cancelAfterMinutes: 1440,
      keptOrders: 2,
    });
    expect(keptTimesLine(2)).toBe("2 orders waiting for the customer keep the times they were told.");
    expect(keptTimesLine(1)).toBe("1 order waiting for the customer keeps the times it was told.");

    try {
      // The customer's page still says 48 hours after the order; so does the owner's list.
      expect(msAfter(before, (await tracked(early, before._id))?.confirmation.cancelsAt)).toBe(48 * HOUR);
      const awaiting = await call(t, admin, "GET", "/api/admin/orders?view=awaiting");
      const row = awaiting.json<AdminOrderList>().orders.find((o) => o._id === before._id);
      expect(msAfter(before, row?.awaiting?.cancelsAt)).toBe(48 * HOUR);

      const { order: after, shopper: late } = await order();
      expect(msAfter(after, after.confirmation.cancelsAt)).toBe(24 * HOUR);
      await waitForMail(t, late.email, /within 24 hours/);

      const placedAt = new Date(before.createdAt).getTime();
      // Seven hours on: the new order is reminded (6 h), the earlier one not yet (12 h).
      const seven = await sweepActingOn(new Date(placedAt + 7 * HOUR), after._id, "reminded");
      expect(seven.reminded).toContain(after._id);
      expect(seven.reminded).not.toContain(before._id);
      // The reminder still says what the first mail said.
      const thirteen = await sweepActingOn(new Date(placedAt + 13 * HOUR), before._id, "reminded");
      expect(thirteen.reminded).toContain(before._id);
      const reminder = await waitForMail(t, early.email, /Subject: Please confirm your order/);
      expect(reminder).toMatch(/within 2 days/);
      // A day and a bit on: the new order is cancelled, the earlier one is still waiting.
      const day = await sweepActingOn(new Date(placedAt + 25 * HOUR), after._id, "cancelled");
      expect(day.cancelled).toContain(after._id);
      expect(day.cancelled).not.toContain(before._id);
      expect(await statusOf(before._id)).toBe("pending");
      // Its own 48 hours: cancelled; the held one waits for the owner.
      const two = await sweepActingOn(new Date(placedAt + 48 * HOUR + 60_000), before._id, "cancelled");
      expect(two.cancelled).toContain(before._id);
      expect(await statusOf(held._id)).toBe("pending");

      // Saved again, only the held order keeps other times than these.
      expect((await save(360, 1440)).json<ConfirmationSettingsSaved>().keptOrders).toBe(1);
    } finally {
      await save(720, 2880);
      await call(t, admin, "PUT", `/api/admin/orders/${held._id}/held`, { held: false });
    }
  });
});

describe("the times as the owner types them", () => {
  it("reads hours, days and minutes in words, and says exactly what to type otherwise", () => {
    expect(parseWait("1 day")).toBe(1440);
    expect(parseWait("24 h")).toBe(1440);
    expect(parseWait("6 hours")).toBe(360);
    expect(parseWait("6")).toBe(360);
    expect(parseWait("1.5 hours")).toBe(90);
    expect(parseWait("2 days 6 hours")).toBe(3240);
    expect(parseWait("1 day and 12 hrs")).toBe(2160);
    expect(parseWait("30 minutes")).toBe(30);
    expect(parseWait("45 min")).toBe(45);
    expect(parseWait("2 din")).toBe(2880);
    expect(parseWait("1 week")).toBe(10_080);
    expect(parseWait("  12H ")).toBe(720);
    for (const bad of ["", "soon", "1 month", "day", "-3 hours", "1..5 h", "12 hours 30", "5 constructor"])
      expect(parseWait(bad), bad).toBeUndefined();
    for (const minutes of [5, 30, 90, 150, 360, 720, 1440, 2160, 2880, 10_080, 20_160])
      expect(parseWait(waitInput(minutes))).toBe(minutes);
    expect(waitInput(1440)).toBe("1 day");
    expect(waitInput(720)).toBe("12 hours");
    expect(waitInput(20_160)).toBe("2 weeks");
    expect(waitInput(150)).toBe("2 hours 30 minutes");
    expect(CONFIRMATION_MESSAGES.timeUnreadable("Remind after", "tomorrow")).toBe(
      'Remind after: "tomorrow" is not a time we can read. Type a number with minutes, hours, days or weeks, such as 6 hours, 1 day or 30 minutes.',
    );
  });
});
