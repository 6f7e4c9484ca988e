// The customer's confirmation of a cash-on-delivery order (docs/decisions/017-order-confirmation.md),
// through the real HTTP layer: the mailed link (read, press, forged, expired, reused), the signed-in
// press, the owner's hold and times, and the sweep that reminds once and cancels what nobody
// answered, with a clock the test controls, on two "instances" at once (two services over one
// database, as two machines run them), and the timer that runs it.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConfirmationLinks } from "#server/confirmation/links.ts";
import { createConfirmationService } from "#server/confirmation/service.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { AdminOrder } from "#shared/admin.ts";
import {
  CONFIRMATION_MESSAGES,
  type ConfirmationAnswer,
  type ConfirmationLinkView,
  tooLateMessage,
} from "#shared/confirmation.ts";
import type { Order } from "#shared/orders.ts";
import { mailsTo, waitForMail } from "./support/accounts.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { anotherInstance } from "./support/instances.ts";
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
import { allMailsSent, until } from "./support/wait.ts";

let t: TestApp;
let admin: Shopper & { username: string };
let shoe: TestProduct;
let size: number;
const STOCK = 500;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
  [shoe] = (await products(t, 1)) as [TestProduct];
  size = shoe.sizes[0] as number;
  await setStock(t, shoe.id, size, STOCK);
});
afterAll(() => t?.close());

const HOUR = 3_600_000;
const links = () => createConfirmationLinks(t.database.db, { publicUrl: t.config.publicUrl });
/** Another machine's sweep: its own service over the same database, as every instance has one. */
const instance = () =>
  createConfirmationService(t.database.db, { links: links(), shop: t.config.shop, whatsapp: false });

async function order(shopper?: Shopper, quantity = 1): Promise<{ order: Order; shopper: Shopper }> {
  const s = shopper ?? (await makeShopper(t));
  const res = await placeOrder(t, s, orderBody(s, [{ product: shoe, size, quantity }]));
  expect(res.statusCode, res.body).toBe(201);
  return { order: res.json<Order>(), shopper: s };
}

const linkIn = (mail: string) => {
  const found = /(\S+\/confirm-order\?token=[\w.-]+)/.exec(mail)?.[1];
  if (!found) throw new Error("the mail has no confirmation link");
  return new URL(found).searchParams.get("token") ?? "";
};

const readLink = (token: string) =>
  t.app.inject({ method: "GET", url: `/api/orders/confirmation?token=${encodeURIComponent(token)}` });
const press = (payload: object) => t.app.inject({ method: "POST", url: "/api/orders/confirmation", payload });
const answer = (who: { headers: Record<string, string> }, orderId: string, action: string) =>
  call(t, who, "POST", `/api/orders/${orderId}/answer`, { action });

async function statusOf(orderId: string): Promise<string> {
  const [row] = await selectRowsAsserted<{ status: string }>(
    t.database.db,
    sql`select status from orders where id = ${orderId}`,
  );
  return row?.status ?? "gone";
}

async function outboxKinds(orderId: string): Promise<string[]> {
  const rows = await selectRowsAsserted<{ kind: string }>(
    t.database.db,
    sql`select kind from mail_outbox where order_id = ${orderId} order by kind`,
  );
  return rows.map((r) => r.kind);
}

async function adminOrder(orderId: string): Promise<AdminOrder> {
  const res = await call(t, admin, "GET", `/api/admin/orders/${orderId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminOrder>();
}

describe("the mailed link", () => {
  it("shows the order on reading, changes nothing until pressed, confirms once, and is spent after", async () => {
    const { order: placed, shopper } = await order();
    expect(placed.confirmation).toMatchObject({ awaiting: true, answered: null });
    expect(placed.statusHistory).toEqual([{ status: "pending", at: placed.createdAt }]);

    const mail = await waitForMail(t, shopper.email, /Confirm or cancel it here/);
    expect(mail).toContain(CONFIRMATION_MESSAGES.ask);
    expect(mail).toMatch(/If we do not hear from you within 2 days, order #[0-9A-F]{8} is cancelled\./);
    const token = linkIn(mail);

    // A mail scanner opening the link twice: nothing moves.
    for (let i = 0; i < 2; i++) {
      const read = await readLink(token);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json<ConfirmationLinkView>()).toMatchObject({ canAnswer: true, order: { _id: placed._id } });
    }
    expect(await statusOf(placed._id)).toBe("pending");

    const confirmed = await press({ token, action: "confirm" });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const body = confirmed.json<ConfirmationAnswer>();
    expect(body.message).toBe(CONFIRMATION_MESSAGES.confirmed);
    expect(body.order.status).toBe("confirm");
    expect(body.order.confirmation).toMatchObject({ awaiting: false, cancelsAt: null, answered: { via: "link" } });
    expect(body.order.statusHistory.map((s) => s.status)).toEqual(["pending", "confirm"]);

    // The same press again answers the outcome; the other button is refused; reading says so.
    const again = await press({ token, action: "confirm" });
    expect(again.statusCode).toBe(200);
    expect(again.json<ConfirmationAnswer>().message).toBe(CONFIRMATION_MESSAGES.alreadyConfirmed);
    const cancel = await press({ token, action: "cancel" });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toEqual({ message: tooLateMessage("confirm", t.config.shop) });
    expect((await readLink(token)).json<ConfirmationLinkView>()).toMatchObject({
      canAnswer: false,
      message: CONFIRMATION_MESSAGES.alreadyConfirmed,
    });
    expect(await statusOf(placed._id)).toBe("confirm");

    // The owner sees who confirmed it, how and when.
    expect((await historyOf(placed._id, 2)).map((e) => [e.kind, e.channel])).toEqual([
      ["asked", "mail"],
      ["confirmed", "link"],
    ]);
    expect((await adminOrder(placed._id)).history.at(-1)).toMatchObject({ from: "pending", to: "confirm" });
  });

  it("refuses forged, altered, expired and malformed tokens, and another order's, changing nothing", async () => {
    const { order: mine } = await order();
    const { order: theirs } = await order();
    const token = await links().tokenFor(mine._id, new Date(mine.createdAt));
    const [, expires, mac] = token.split(".");
    const cases: [string, string][] = [
      [`${theirs._id}.${expires}.${mac}`, CONFIRMATION_MESSAGES.linkInvalid], // moved to another order
      [`${mine._id}.${expires}.${"A".repeat(mac?.length ?? 22)}`, CONFIRMATION_MESSAGES.linkInvalid],
      [`${mine._id}.zzzzzz.${mac}`, CONFIRMATION_MESSAGES.linkInvalid], // a later expiry, same signature
      [`${mine._id}.${expires}.${mac}.extra`, CONFIRMATION_MESSAGES.linkInvalid],
      // Signed with another shop's key.
      [
        await createConfirmationLinks(t.database.db, {
          publicUrl: "",
          secret: "another shop's key, 32 characters long",
        }).tokenFor(mine._id, new Date(mine.createdAt)),
        CONFIRMATION_MESSAGES.linkInvalid,
      ],
      [await links().tokenFor(mine._id, new Date(Date.now() - 15 * 24 * HOUR)), CONFIRMATION_MESSAGES.linkExpired],
    ];
    for (const [bad, message] of cases) {
      const read = await readLink(bad);
      expect(read.statusCode, bad).toBe(400);
      expect(read.json()).toEqual({ message });
      const pressed = await press({ token: bad, action: "cancel" });
      expect(pressed.statusCode, bad).toBe(400);
      expect(pressed.json()).toEqual({ message });
    }
    for (const body of [
      { token: "short", action: "confirm" },
      { token: `${token}<script>`, action: "confirm" },
      { token, action: "yes" },
      { token },
      { token, action: "confirm", orderId: theirs._id },
    ]) {
      const res = await press(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string; fields: Record<string, string> }>().fields).toBeDefined();
    }
    expect((await readLink("")).statusCode).toBe(400);
    expect(await statusOf(mine._id)).toBe("pending");
    expect(await statusOf(theirs._id)).toBe("pending");
  });
});

describe("the signed-in customer", () => {
  it("confirms or cancels their own order; another customer's reads as not found; stock comes back once", async () => {
    const before = await stockOf(t, shoe.id, size);
    const { order: placed, shopper } = await order(undefined, 2);
    expect(await stockOf(t, shoe.id, size)).toBe(before - 2);
    const stranger = await makeShopper(t);

    expect((await answer(stranger, placed._id, "cancel")).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "POST", url: `/api/orders/${placed._id}/answer`, payload: { action: "cancel" } }))
        .statusCode,
    ).toBe(401);
    expect((await answer(shopper, placed._id, "maybe")).statusCode).toBe(400);
    expect((await answer(shopper, "not-an-id", "cancel")).statusCode).toBe(400);
    expect(await statusOf(placed._id)).toBe("pending");

    const [first, second] = await Promise.all([
      answer(shopper, placed._id, "cancel"),
      answer(shopper, placed._id, "cancel"),
    ]);
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    const messages = [first, second].map((r) => r?.json<ConfirmationAnswer>().message).sort();
    expect(messages).toEqual([CONFIRMATION_MESSAGES.alreadyCancelled, CONFIRMATION_MESSAGES.cancelled].sort());
    expect(await stockOf(t, shoe.id, size)).toBe(before);
    expect((await answer(shopper, placed._id, "confirm")).statusCode).toBe(409);

    const seen = await adminOrder(placed._id);
    expect(seen.status).toBe("cancelled");
    expect(seen.confirmationHistory.filter((e) => e.kind === "cancelled")).toHaveLength(1);
    expect(seen.confirmationHistory.find((e) => e.kind === "cancelled")?.channel).toBe("shop");
  });
});

/** Cancels what earlier tests left pending, so a sweep's returned stock is this test's alone. */
async function clearEarlierOrders(): Promise<void> {
  await instance().sweep(new Date(Date.now() + 30 * 24 * HOUR));
}

/** The owner's confirmation history once it holds `count` events (what was sent is noted just after sending). */
function historyOf(orderId: string, count: number): Promise<AdminOrder["confirmationHistory"]> {
  return until(
    async () => (await adminOrder(orderId)).confirmationHistory,
    (history) => history.length >= count,
    `${count} events in the confirmation history`,
  );
}

describe("the sweep", () => {
  it("reminds once after the reminder time and cancels after the cancellation time, with stock back and a mail", async () => {
    await clearEarlierOrders();
    const before = await stockOf(t, shoe.id, size);
    const { order: placed, shopper } = await order();
    const placedAt = new Date(placed.createdAt).getTime();
    const sweeper = instance();

    const early = await sweeper.sweep(new Date(placedAt + 11 * HOUR));
    expect(early.reminded).not.toContain(placed._id);
    const due = await sweeper.sweep(new Date(placedAt + 12 * HOUR + 60_000));
    expect(due.reminded).toContain(placed._id);
    expect(await outboxKinds(placed._id)).toContain("confirm_reminder");
    const later = await sweeper.sweep(new Date(placedAt + 13 * HOUR));
    expect(later.reminded).not.toContain(placed._id);
    expect(later.cancelled).not.toContain(placed._id);

    const reminder = await waitForMail(t, shopper.email, /Subject: Please confirm your order/);
    expect(linkIn(reminder)).toBeTruthy();

    const expired = await sweeper.sweep(new Date(placedAt + 48 * HOUR + 60_000));
    expect(expired.cancelled).toContain(placed._id);
    expect(expired.restockedProductIds).toContain(shoe.id);
    expect(await statusOf(placed._id)).toBe("cancelled");
    expect(await stockOf(t, shoe.id, size)).toBe(before);
    await waitForMail(t, shopper.email, /We did not hear from you, so your order/);

    expect((await historyOf(placed._id, 3)).map((e) => e.kind).sort()).toEqual(["asked", "expired", "reminded"]);
    const seen = await adminOrder(placed._id);
    expect(seen.history.at(-1)).toMatchObject({
      to: "cancelled",
      actor: null,
      reason: "Not confirmed by the customer in time",
    });
    // The customer's link now says it is over.
    const token = await links().tokenFor(placed._id, new Date(placed.createdAt));
    expect((await readLink(token)).json<ConfirmationLinkView>()).toMatchObject({
      canAnswer: false,
      message: CONFIRMATION_MESSAGES.alreadyCancelled,
    });
  });

  it("leaves an order the owner holds, and applies the times again once it is released", async () => {
    const { order: placed, shopper } = await order();
    await waitForMail(t, shopper.email, /Confirm or cancel it here/);
    // The 'asked' event is written just after the mail goes out: wait for it, so the history's order is fixed.
    expect((await historyOf(placed._id, 1)).map((e) => e.kind)).toEqual(["asked"]);
    const placedAt = new Date(placed.createdAt).getTime();
    const hold = (held: unknown, who: { headers: Record<string, string> } = admin) =>
      call(t, who, "PUT", `/api/admin/orders/${placed._id}/held`, { held });

    expect((await hold("yes")).statusCode).toBe(400);
    const customer = await makeShopper(t);
    expect((await hold(true, customer)).statusCode).toBe(403);
    const held = await hold(true);
    expect(held.statusCode, held.body).toBe(200);
    expect((await adminOrder(placed._id)).heldAt).not.toBeNull();

    const sweeper = instance();
    const swept = await sweeper.sweep(new Date(placedAt + 5 * 24 * HOUR));
    expect(swept.reminded).not.toContain(placed._id);
    expect(swept.cancelled).not.toContain(placed._id);
    expect(await statusOf(placed._id)).toBe("pending");
    // The customer's order no longer names a cancellation time.
    expect((await adminOrder(placed._id)).confirmation.cancelsAt).toBeNull();

    expect((await hold(false)).statusCode).toBe(200);
    const after = await sweeper.sweep(new Date(placedAt + 5 * 24 * HOUR));
    expect(after.cancelled).toContain(placed._id);
    expect((await adminOrder(placed._id)).confirmationHistory.map((e) => [e.kind, e.actor])).toEqual([
      ["asked", null],
      ["held", admin.username],
      ["released", admin.username],
      ["expired", null],
    ]);
    // Only an order waiting for the customer can be held.
    const refused = await hold(true);
    expect(refused.statusCode).toBe(409);
    expect(
      (await call(t, admin, "PUT", "/api/admin/orders/00000000-0000-4000-8000-000000000000/held", { held: true }))
        .statusCode,
    ).toBe(404);
  });

  it("on two instances at once cancels each unanswered order once and returns its stock once", async () => {
    await clearEarlierOrders();
    const before = await stockOf(t, shoe.id, size);
    const placed = await Promise.all(Array.from({ length: 6 }, () => order(undefined, 2)));
    expect(await stockOf(t, shoe.id, size)).toBe(before - 12);
    const ids = placed.map((p) => p.order._id);
    const latest = Math.max(...placed.map((p) => new Date(p.order.createdAt).getTime()));
    const now = new Date(latest + 3 * 24 * HOUR);

    const [a, b] = await Promise.all([instance().sweep(now), instance().sweep(now)]);
    const cancelled = [...(a?.cancelled ?? []), ...(b?.cancelled ?? [])].filter((id) => ids.includes(id));
    expect(cancelled.sort()).toEqual([...ids].sort());
    expect(await stockOf(t, shoe.id, size)).toBe(before);
    const [events] = await selectRowsAsserted<{ expired: number; moves: number }>(
      t.database.db,
      sql`select (select count(*)::int from order_confirmation_events where kind = 'expired' and order_id in ${ids}) as expired,
                 (select count(*)::int from order_status_events where to_status = 'cancelled' and order_id in ${ids}) as moves`,
    );
    expect(events).toEqual({ expired: 6, moves: 6 });
    // Each customer is told once: both sweeps have returned, so whatever they queued is in the
    // outbox, and once it is sent a second mail would be here.
    await allMailsSent(t.database.db, ids);
    for (const { shopper } of placed) {
      expect((await mailsTo(t, shopper.email)).filter((m) => /We did not hear from you/.test(m))).toHaveLength(1);
    }
  });

  it("a customer's press racing the sweep ends in one outcome, with the stock right", async () => {
    await clearEarlierOrders();
    const before = await stockOf(t, shoe.id, size);
    const { order: placed, shopper } = await order();
    const now = new Date(new Date(placed.createdAt).getTime() + 3 * 24 * HOUR);
    const [pressed] = await Promise.all([answer(shopper, placed._id, "confirm"), instance().sweep(now)]);
    const status = await statusOf(placed._id);
    if (status === "confirm") {
      expect(pressed?.statusCode).toBe(200);
      expect(await stockOf(t, shoe.id, size)).toBe(before - 1);
    } else {
      expect(status).toBe("cancelled");
      expect(pressed?.statusCode).toBe(409);
      expect(await stockOf(t, shoe.id, size)).toBe(before);
    }
    const [moves] = await selectRowsAsserted<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from order_status_events where order_id = ${placed._id} and from_status = 'pending'`,
    );
    expect(moves?.n).toBe(1);
  });
});

describe("the owner's times", () => {
  it("reads and saves the times, refuses impossible ones, and the sweep follows them", async () => {
    const get = await call(t, admin, "GET", "/api/admin/confirmation-settings");
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual({ remindAfterMinutes: 720, cancelAfterMinutes: 2880 });
    for (const bad of [
      { remindAfterMinutes: 60, cancelAfterMinutes: 60 },
      { remindAfterMinutes: 2, cancelAfterMinutes: 60 },
      { remindAfterMinutes: 60, cancelAfterMinutes: 30_000 },
      { remindAfterMinutes: 60.5, cancelAfterMinutes: 120 },
      { remindAfterMinutes: 60, cancelAfterMinutes: 120, extra: 1 },
      { remindAfterMinutes: "60", cancelAfterMinutes: 120 },
    ]) {
      const res = await call(t, admin, "PUT", "/api/admin/confirmation-settings", bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const customer = await makeShopper(t);
    expect((await call(t, customer, "GET", "/api/admin/confirmation-settings")).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/confirmation-settings" })).statusCode).toBe(401);
    expect((await call(t, admin, "GET", "/api/admin/confirmation-settings")).json()).toEqual({
      remindAfterMinutes: 720,
      cancelAfterMinutes: 2880,
    });

    const saved = await call(t, admin, "PUT", "/api/admin/confirmation-settings", {
      remindAfterMinutes: 30,
      cancelAfterMinutes: 90,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const { order: placed } = await order();
      expect(new Date(placed.confirmation.cancelsAt ?? 0).getTime() - new Date(placed.createdAt).getTime()).toBe(
        90 * 60_000,
      );
      const placedAt = new Date(placed.createdAt).getTime();
      expect((await instance().sweep(new Date(placedAt + 31 * 60_000))).reminded).toContain(placed._id);
      expect((await instance().sweep(new Date(placedAt + 91 * 60_000))).cancelled).toContain(placed._id);
    } finally {
      await call(t, admin, "PUT", "/api/admin/confirmation-settings", {
        remindAfterMinutes: 720,
        cancelAfterMinutes: 2880,
      });
    }
  });
});

describe("the timer", () => {
  it("two instances' jobs, with the real clock, cancel each order nobody confirmed once", async () => {
    const timed = await createTestApp({ env: { CONFIRMATION_SWEEP_SECONDS: "1" } });
    const other = await anotherInstance(timed, { CONFIRMATION_SWEEP_SECONDS: "1" });
    try {
      const [p] = (await products(timed, 1)) as [TestProduct];
      const pairSize = p.sizes[0] as number;
      await setStock(timed, p.id, pairSize, 50);
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        const s = await makeShopper(timed);
        const res = await placeOrder(timed, s, orderBody(s, [{ product: p, size: pairSize, quantity: 2 }]));
        expect(res.statusCode, res.body).toBe(201);
        ids.push(res.json<Order>()._id);
      }
      expect(await stockOf(timed, p.id, pairSize)).toBe(42);
      // Placed three days ago, as far as the sweeps can tell (each order's own times moved with it).
      await timed.database.db.execute(
        sql`update orders set created_at = created_at - interval '3 days', remind_at = remind_at - interval '3 days',
                              cancel_at = cancel_at - interval '3 days'
            where id in ${ids}`,
      );
      await until(
        async () =>
          (
            await selectRowsAsserted<{ n: number }>(
              timed.database.db,
              sql`select count(*)::int as n from orders where id in ${ids} and status = 'pending'`,
            )
          )[0]?.n ?? 0,
        (open) => open === 0,
        "the sweeps to cancel every order",
        { timeout: 15_000, interval: 50 },
      );
      expect(await stockOf(timed, p.id, pairSize)).toBe(50);
      const [moves] = await selectRowsAsserted<{ n: number }>(
        timed.database.db,
        sql`select count(*)::int as n from order_status_events where order_id in ${ids} and to_status = 'cancelled'`,
      );
      expect(moves?.n).toBe(ids.length);
    } finally {
      await other.close();
      await timed.close();
    }
  });
});
