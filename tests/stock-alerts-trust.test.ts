// Back in stock, as an outside security test found it (issue 45, finding 3): any Authorization
// header skipped the per-address limit (120 asks for 120 strangers' addresses from one address); an
// address that had pressed 'stop' was waited for again by anyone's ask; and 201 or 200 "You asked
// already" told a stranger whether an address was waiting. Now the limit spares only a live
// session, a stopped address waits again only after a press on the confirm mail sent to it (or its
// own proven account's ask), and every ask is answered alike.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { AdminProduct } from "#shared/admin.ts";
import {
  CONFIRM_ALERTS_PAGE,
  STOCK_ALERT_MESSAGES,
  STOCK_ALERTS_CONFIRM_PATH,
  STOCK_ALERTS_PATH,
  STOCK_ALERTS_UNSUBSCRIBE_PATH,
} from "#shared/stock-alerts.ts";
import { call, makeAdmin, newProduct } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { freshAddresses } from "./support/redis.ts";
import { makeShopper, type Shopper } from "./support/shoppers.ts";
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

const someone = () => `someone.${Math.random().toString(36).slice(2, 9)}@example.pk`;
const inbox = (to: string) => mailsTo(to, [t.config.dataDir]);

async function productWith(stock: Record<number, number>, on: TestApp = t, owner: Shopper = admin) {
  const sizes = Object.entries(stock).map(([size, pairs]) => ({ size: Number(size), stock: pairs }));
  const res = await call(on, owner, "POST", "/api/admin/products", newProduct({ sizes }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminProduct>();
}

/** The owner's stock grid brings a sold-out size back. */
async function restock(product: AdminProduct, size: number, pairs = 3) {
  const res = await call(t, admin, "PUT", "/api/admin/stock", {
    changes: [{ productId: product._id, size, stock: pairs, expectedStock: 0 }],
  });
  expect(res.statusCode, res.body).toBe(200);
}

function ask(body: Record<string, unknown>, headers: Record<string, string> = {}, on: TestApp = t, from?: string) {
  return on.app.inject({ method: "POST", url: STOCK_ALERTS_PATH, payload: body, headers, remoteAddress: from });
}

interface AlertRow {
  size: number;
  waiting: boolean;
  pending: boolean;
  queued: number;
}

async function alertsOf(productId: string, email: string): Promise<AlertRow[]> {
  return selectRowsAsserted<AlertRow>(
    t.database.db,
    sql`select a.size, a.notified_at is null and a.unsubscribed_at is null as waiting,
               a.confirm_asked_at is not null as pending,
               (select count(*)::int from mail_outbox m where m.stock_alert_id = a.id) as queued
        from stock_alerts a where a.product_id = ${productId} and a.email = ${email} order by a.size`,
  );
}

const tokenIn = (mail: string | undefined, page: string) =>
  new RegExp(`${PUBLIC_URL}${page}\\?token=([\\w.-]+)`).exec(mail ?? "")?.[1] ?? "";

/**
 * An address that asked for `size`, was told when it came back, and pressed 'stop' on that mail.
 * Answers the stop link's token.
 */
async function stoppedAddress(email: string, product: AdminProduct, size: number): Promise<string> {
  expect((await ask({ productId: product._id, size, email })).statusCode).toBe(202);
  await restock(product, size);
  const [mail] = await until(
    () => inbox(email),
    (m) => m.some((x) => x.includes("is back")),
    "the back-in-stock mail",
  );
  const token = tokenIn(mail, "/stop-alerts");
  const stop = await t.app.inject({ method: "POST", url: STOCK_ALERTS_UNSUBSCRIBE_PATH, payload: { token } });
  expect(stop.statusCode, stop.body).toBe(200);
  return token;
}

describe("the per-address limit", () => {
  it("spares only a live session: any other Authorization is limited like a visitor", async () => {
    // RATE_LIMIT_SCALE 0.15: 3 asks an hour per address.
    const limited = await createTestApp({ env: { RATE_LIMIT_SCALE: "0.15" } });
    try {
      const owner = await makeAdmin(limited);
      const product = await productWith({ 40: 0 }, limited, owner);
      const address = freshAddresses();
      const from = async (n: number, headers: Record<string, string>) => {
        const statuses = [];
        for (let i = 0; i < 4; i++) {
          const res = await ask({ productId: product._id, size: 40, email: someone() }, headers, limited, address(n));
          statuses.push(res.statusCode);
        }
        return statuses;
      };
      // The finding: `Authorization: x` made every ask pass (120 × 201 in 4.3 s).
      expect(await from(1, { authorization: "x" })).toEqual([202, 202, 202, 429]);
      expect(await from(2, { authorization: "Basic dXNlcjpwYXNz" })).toEqual([202, 202, 202, 429]);
      // A bearer token that is no session is refused, and counted like any other ask.
      const dead = `Bearer ${"A".repeat(43)}`;
      expect(await from(3, { authorization: dead })).toEqual([401, 401, 401, 429]);
      // A signed-in customer is not limited by the address they share with others.
      const customer = await makeShopper(limited);
      const mine = await ask({ productId: product._id, size: 40 }, customer.headers, limited, address(1));
      expect(mine.statusCode, mine.body).toBe(202);
    } finally {
      await limited.close();
    }
  });
});

describe("a stopped address", () => {
  it("is waited for again only after the press on the confirm mail sent to it", async () => {
    const product = await productWith({ 40: 0, 41: 0, 42: 0 });
    const victim = someone();
    await stoppedAddress(victim, product, 40);
    // Size 40 sells out again.
    const sold = await call(t, admin, "PUT", "/api/admin/stock", {
      changes: [{ productId: product._id, size: 40, stock: 0, expectedStock: 3 }],
    });
    expect(sold.statusCode, sold.body).toBe(200);

    // Anyone asks for the stopped address again: the same answer as any ask, but nothing waits.
    for (const size of [41, 42, 40]) {
      const res = await ask({ productId: product._id, size, email: victim });
      expect([res.statusCode, res.json()], res.body).toEqual([
        202,
        { message: STOCK_ALERT_MESSAGES.asked(victim, size), size, email: victim, whatsapp: false },
      ]);
    }
    expect((await alertsOf(product._id, victim)).map((r) => [r.size, r.waiting, r.pending])).toEqual([
      [40, false, true],
      [41, false, true],
      [42, false, true],
    ]);
    // A restock meanwhile tells nobody.
    await restock(product, 41);
    expect((await alertsOf(product._id, victim)).find((r) => r.size === 41)).toMatchObject({ waiting: false });

    // One mail asks the address itself, through the outbox, however many asks came.
    const [confirm] = await until(
      () => inbox(victim).then((m) => m.filter((x) => x.includes("Subject: Confirm"))),
      (m) => m.length === 1,
      "the confirm mail",
    );
    await allSent(t.database.db);
    expect((await inbox(victim)).filter((x) => x.includes("Subject: Confirm"))).toHaveLength(1);
    expect(confirm).toContain(`size 41 of ${product.name}`);
    expect(confirm).toContain("If it was not you, ignore this mail");
    const token = tokenIn(confirm, CONFIRM_ALERTS_PAGE);
    expect(token).not.toBe("");

    // Opening the page changes nothing; a stop token or a forged one confirms nothing.
    const page = await t.app.inject({ method: "GET", url: `${CONFIRM_ALERTS_PAGE}?token=${token}` });
    expect(page.statusCode).toBeLessThan(500);
    const stopToken = tokenIn(
      (await inbox(victim)).find((x) => x.includes("is back")),
      "/stop-alerts",
    );
    const forged = `${token.slice(0, 37)}${token.at(37) === "A" ? "B" : "A"}${token.slice(38)}`;
    for (const bad of [stopToken, forged, ""]) {
      const res = await t.app.inject({ method: "POST", url: STOCK_ALERTS_CONFIRM_PATH, payload: { token: bad } });
      expect([res.statusCode, res.json<{ message: string }>().message]).toEqual([
        400,
        STOCK_ALERT_MESSAGES.tokenInvalid,
      ]);
    }
    expect((await alertsOf(product._id, victim)).some((r) => r.waiting)).toBe(false);

    // The press: every ask made since waits again; the size that came back meanwhile is told at once.
    const press = await t.app.inject({ method: "POST", url: STOCK_ALERTS_CONFIRM_PATH, payload: { token } });
    expect([press.statusCode, press.json()], press.body).toEqual([
      200,
      { message: STOCK_ALERT_MESSAGES.confirmed(victim, 3), confirmed: 3 },
    ]);
    await until(
      () => inbox(victim).then((m) => m.filter((x) => x.includes(`Subject: Size 41 is back`))),
      (m) => m.length === 1,
      "the mail of size 41, back before the press",
    );
    expect((await alertsOf(product._id, victim)).map((r) => [r.size, r.waiting, r.pending])).toEqual([
      [40, true, false],
      [41, false, false],
      [42, true, false],
    ]);
    const again = await t.app.inject({ method: "POST", url: STOCK_ALERTS_CONFIRM_PATH, payload: { token } });
    expect(again.json()).toEqual({ message: STOCK_ALERT_MESSAGES.confirmed(victim, 0), confirmed: 0 });
    await restock(product, 42);
    await until(
      () => inbox(victim).then((m) => m.filter((x) => x.includes(`Subject: Size 42 is back`))),
      (m) => m.length === 1,
      "the mail of size 42",
    );
  });

  it("pressing stop again drops what waited for the press; nothing is ever sent", async () => {
    const product = await productWith({ 40: 0, 41: 0 });
    const victim = someone();
    const stop = await stoppedAddress(victim, product, 40);
    expect((await ask({ productId: product._id, size: 41, email: victim })).statusCode).toBe(202);
    const [confirm] = await until(
      () => inbox(victim).then((m) => m.filter((x) => x.includes("Subject: Confirm"))),
      (m) => m.length === 1,
      "the confirm mail",
    );
    const again = await t.app.inject({ method: "POST", url: STOCK_ALERTS_UNSUBSCRIBE_PATH, payload: { token: stop } });
    expect(again.statusCode).toBe(200);
    expect((await alertsOf(product._id, victim)).map((r) => [r.size, r.waiting, r.pending])).toEqual([
      [40, false, false],
      [41, false, false],
    ]);
    const press = await t.app.inject({
      method: "POST",
      url: STOCK_ALERTS_CONFIRM_PATH,
      payload: { token: tokenIn(confirm, CONFIRM_ALERTS_PAGE) },
    });
    expect(press.json()).toMatchObject({ confirmed: 0 });
    await restock(product, 41);
    await allSent(t.database.db);
    expect((await inbox(victim)).filter((x) => x.includes("Subject: Size 41"))).toHaveLength(0);
  });

  it("its own proven account asks again directly; an unproven account must press like anyone", async () => {
    const product = await productWith({ 40: 0, 41: 0, 42: 0, 43: 0 });
    const proven = await makeShopper(t, { proven: true });
    const unproven = await makeShopper(t, { proven: false });
    await stoppedAddress(proven.email, product, 40);
    await stoppedAddress(unproven.email, product, 41);
    for (const who of [proven, unproven])
      for (const size of [42, 43]) {
        const res = await ask({ productId: product._id, size }, who.headers);
        expect(res.statusCode, res.body).toBe(202);
      }
    expect((await alertsOf(product._id, proven.email)).map((r) => [r.size, r.waiting])).toEqual([
      [40, false],
      [42, true],
      [43, true],
    ]);
    expect((await alertsOf(product._id, unproven.email)).map((r) => [r.size, r.waiting, r.pending])).toEqual([
      [41, false, false],
      [42, false, true],
      [43, false, true],
    ]);
    // The proven account's ask lifted its stop: a visitor's ask for that address now waits at once too.
    const other = await productWith({ 44: 0 });
    expect((await ask({ productId: other._id, size: 44, email: proven.email })).statusCode).toBe(202);
    expect((await alertsOf(other._id, proven.email)).map((r) => r.waiting)).toEqual([true]);
  });
});

describe("the answer", () => {
  it("is the same for a new ask, a repeated one and a stopped address", async () => {
    const product = await productWith({ 40: 0, 41: 0 });
    const [fresh, stopped] = [someone(), someone()];
    await stoppedAddress(stopped, product, 41);
    const answers = [];
    for (const email of [fresh, fresh, stopped]) {
      const res = await ask({ productId: product._id, size: 40, email });
      answers.push({ status: res.statusCode, body: res.json<{ message: string }>(), email });
    }
    for (const { status, body, email } of answers)
      expect({ status, body }).toEqual({
        status: 202,
        body: { message: STOCK_ALERT_MESSAGES.asked(email, 40), size: 40, email, whatsapp: false },
      });
    // Nothing in the message depends on the address's past.
    const [first, repeated, again] = answers.map((a) => a.body.message.replaceAll(a.email, "{e-mail}"));
    expect(new Set([first, repeated, again]).size).toBe(1);
  });
});
