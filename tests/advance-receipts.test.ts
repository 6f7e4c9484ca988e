// Advances (issue 50) through the real HTTP layer on a real database: an owner's rule asks Rs.1,000
// before an order is prepared; the customer sends a receipt (transaction ID, or a photo as the body)
// for their own order only; the owner verifies it in one press (the order confirmed once, one history
// line, one status mail) or answers "not received" (a fresh window and a mail); the customer's own
// confirm cannot skip it; a waiting receipt stops the lapse; and an unpaid advance lapses once even
// when two instances sweep at the same moment.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConfirmationLinks } from "#server/confirmation/links.ts";
import { createConfirmationService } from "#server/confirmation/service.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { AdminOrderList } from "#shared/admin.ts";
import { type AdminAdvance, type CustomerAdvance, RECEIPT_MESSAGES } from "#shared/advance-receipts.ts";
import { EXCHANGE_MESSAGES, EXCHANGE_PHOTO_MAX_BYTES } from "#shared/exchanges.ts";
import type { Order } from "#shared/orders.ts";
import { advanceDueMessage, type RiskRule } from "#shared/risk-rules.ts";
import { mailsTo, waitForMail } from "./support/accounts.ts";
import { call, makeAdmin, picture } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import {
  ADDRESS,
  makeShopper,
  orderBody,
  placeOrder,
  products,
  type Shopper,
  setStock,
  stockOf,
  type TestProduct,
} from "./support/shoppers.ts";
import { allMailsSent } from "./support/wait.ts";

let t: TestApp;
let admin: Shopper & { username: string };
let shoe: TestProduct;
let size: number;
let ruleId: string;
const ADVANCE = 1000;
const AREA = "Saddar";
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
  [shoe] = (await products(t, 1)) as [TestProduct];
  size = shoe.sizes[0] as number;
  await setStock(t, shoe.id, size, 300);
  const rule = await call(t, admin, "POST", "/api/admin/risk-rules", {
    name: "Advance in Saddar",
    condition: { kind: "areas", areas: [AREA] },
    action: { kind: "advance", amount: ADVANCE },
  });
  expect(rule.statusCode, rule.body).toBe(201);
  ruleId = rule.json<RiskRule>()._id;
  const on = await call(t, admin, "PUT", `/api/admin/risk-rules/${ruleId}`, {
    name: "Advance in Saddar",
    condition: { kind: "areas", areas: [AREA] },
    action: { kind: "advance", amount: ADVANCE },
    enabled: true,
  });
  expect(on.statusCode, on.body).toBe(200);
});
afterAll(() => t?.close());

const links = () => createConfirmationLinks(t.database.db, { publicUrl: t.config.publicUrl });
/** One machine's sweep: its own service over the same database, as every instance has one. */
const instance = () =>
  createConfirmationService(t.database.db, { links: links(), shop: t.config.shop, whatsapp: false });

async function advanceOrder(shopper?: Shopper): Promise<{ order: Order; shopper: Shopper }> {
  const s = shopper ?? (await makeShopper(t));
  const res = await placeOrder(
    t,
    s,
    orderBody(s, [{ product: shoe, size, quantity: 1 }], {
      shippingAddress: { ...ADDRESS, email: s.email, area: AREA },
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<Order>();
  expect(order.advance).toEqual({ amount: ADVANCE, paidAt: null, receiptWaiting: false });
  return { order, shopper: s };
}

const sendReceipt = (who: Shopper, orderId: string, body: unknown) =>
  call(t, who, "POST", `/api/orders/${orderId}/advance-receipts`, body);
const verify = (orderId: string) => call(t, admin, "POST", `/api/admin/orders/${orderId}/advance/verify`);
const reject = (orderId: string, reason: unknown) =>
  call(t, admin, "POST", `/api/admin/orders/${orderId}/advance/reject`, { reason });

async function facts(orderId: string) {
  const [row] = await selectRowsAsserted<{
    status: string;
    paid: boolean;
    cancel_ms: number;
    receipts: number;
    waiting: number;
    confirms: number;
    cancels: number;
    reason: string | null;
  }>(
    t.database.db,
    sql`select o.status, o.advance_paid_at is not null as paid,
               (extract(epoch from o.cancel_at) * 1000)::float8 as cancel_ms,
               (select count(*)::int from advance_receipts where order_id = o.id) as receipts,
               (select count(*)::int from advance_receipts where order_id = o.id and decision is null) as waiting,
               (select count(*)::int from order_status_events where order_id = o.id and to_status = 'confirm') as confirms,
               (select count(*)::int from order_status_events where order_id = o.id and to_status = 'cancelled') as cancels,
               (select reason from order_status_events where order_id = o.id and to_status in ('confirm', 'cancelled')
                order by created_at desc limit 1) as reason
        from orders o where o.id = ${orderId}`,
  );
  if (!row) throw new Error(`no order ${orderId}`);
  return row;
}

/** Cancels what earlier tests left pending, so a sweep's stock is this test's alone. */
const clearEarlierOrders = () => instance().sweep(new Date(Date.now() + 60 * 24 * HOUR));

describe("a receipt verified", () => {
  it("confirms the order once, with one history line and one status mail; a second press changes nothing", async () => {
    const { order, shopper } = await advanceOrder();
    const view = await call(t, shopper, "GET", `/api/orders/${order._id}/advance`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<CustomerAdvance>().receipts).toEqual([]);

    const sent = await sendReceipt(shopper, order._id, { method: "jazzcash", transactionId: "TXN 1234-5678" });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<{ message: string }>().message).toBe(RECEIPT_MESSAGES.sent);
    const [receipt] = sent.json<CustomerAdvance>().receipts;
    expect(receipt).toMatchObject({ method: "jazzcash", transactionId: "TXN12345678", decision: null });

    // A second receipt while one waits: refused, nothing kept.
    const again = await sendReceipt(shopper, order._id, { method: "bank", transactionId: "ABCDEF123" });
    expect([again.statusCode, again.json().message]).toEqual([409, RECEIPT_MESSAGES.waiting]);

    // 'Awaiting the customer' says a receipt is to be checked.
    const awaiting = await call(t, admin, "GET", "/api/admin/orders?view=awaiting");
    const listed = awaiting.json<AdminOrderList>().orders.find((o) => o._id === order._id);
    expect(listed?.awaiting).toMatchObject({ advanceDue: ADVANCE, receiptWaiting: true });
    const owner = await call(t, admin, "GET", `/api/admin/orders/${order._id}/advance`);
    expect(owner.json<AdminAdvance>()).toMatchObject({ amount: ADVANCE, state: "waiting", paidAt: null });

    const verified = await verify(order._id);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json<AdminAdvance>()).toMatchObject({ state: "paid", receipts: [{ decision: "verified" }] });
    expect(await facts(order._id)).toMatchObject({
      status: "confirm",
      paid: true,
      receipts: 1,
      waiting: 0,
      confirms: 1,
      reason: "Advance of Rs.1,000 verified (JazzCash, TXN12345678)",
    });

    const twice = await verify(order._id);
    expect(twice.statusCode, twice.body).toBe(409);
    expect(await facts(order._id)).toMatchObject({ status: "confirm", confirms: 1, receipts: 1 });
    // Paid: no receipt is taken any more.
    const late = await sendReceipt(shopper, order._id, { method: "jazzcash", transactionId: "TXN999999" });
    expect([late.statusCode, late.json().message]).toEqual([409, RECEIPT_MESSAGES.alreadyPaid]);

    await allMailsSent(t.database.db);
    const confirmedMails = (await mailsTo(t, shopper.email)).filter((m) => /^Subject: .* is confirmed$/m.test(m));
    expect(confirmedMails).toHaveLength(1);
    const tracked = (await call(t, shopper, "GET", "/api/orders/track"))
      .json<Order[]>()
      .find((o) => o._id === order._id);
    expect(tracked?.advance).toMatchObject({ amount: ADVANCE, receiptWaiting: false });
    expect(tracked?.advance?.paidAt).not.toBeNull();
  });

  it("the owner verifies without a receipt (paid at the shop); a photo receipt is served to the owner only", async () => {
    const paidAtShop = await advanceOrder();
    const res = await verify(paidAtShop.order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await facts(paidAtShop.order._id)).toMatchObject({
      status: "confirm",
      reason: "Advance of Rs.1,000 verified by the shop",
    });

    const { order, shopper } = await advanceOrder();
    const photo = await picture("jpeg", 600, 900);
    const sent = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/advance-receipts?method=easypaisa`,
      headers: { ...shopper.headers, "content-type": "image/jpeg" },
      payload: photo,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [receipt] = sent.json<CustomerAdvance>().receipts;
    expect(receipt).toMatchObject({ method: "easypaisa", transactionId: null, hasPhoto: true });
    const url = `/api/admin/orders/${order._id}/advance-receipts/${receipt?._id}/photo`;
    const seen = await call(t, admin, "GET", url);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers["content-type"]).toBe("image/webp");
    expect((await call(t, shopper, "GET", url)).statusCode).toBe(403);
    expect((await verify(order._id)).statusCode).toBe(200);
    expect(await facts(order._id)).toMatchObject({ reason: "Advance of Rs.1,000 verified (Easypaisa, photo)" });
  });
});

describe("no confirm skips an unpaid advance", () => {
  it("refuses the customer's own answer and the owner's confirm with the advance's words", async () => {
    const { order, shopper } = await advanceOrder();
    const own = await call(t, shopper, "POST", `/api/orders/${order._id}/answer`, { action: "confirm" });
    expect([own.statusCode, own.json().message]).toEqual([409, advanceDueMessage(ADVANCE)]);
    const byOwner = await call(t, admin, "POST", `/api/admin/orders/${order._id}/status`, { status: "confirm" });
    expect(byOwner.statusCode).toBe(409);
    expect(await facts(order._id)).toMatchObject({ status: "pending", confirms: 0 });
  });
});

describe("the lapse", () => {
  it("waits while a receipt waits; a rejection gives a fresh window and a mail; past it the order lapses once", async () => {
    await clearEarlierOrders();
    const { order, shopper } = await advanceOrder();
    const before = await facts(order._id);
    const sent = await sendReceipt(shopper, order._id, { method: "bank", transactionId: "FT2611280001" });
    expect(sent.statusCode, sent.body).toBe(201);
    const late = new Date(before.cancel_ms + HOUR);
    const swept = await instance().sweep(late);
    expect(swept.cancelled).not.toContain(order._id);
    expect((await facts(order._id)).status).toBe("pending");

    // Bad answers first: nothing changes.
    expect((await reject(order._id, "")).statusCode).toBe(400);
    expect((await call(t, admin, "POST", `/api/admin/orders/${order._id}/advance/reject`, {})).statusCode).toBe(400);
    expect((await facts(order._id)).waiting).toBe(1);

    const rejectedAt = Date.now();
    const rejected = await reject(order._id, "No transfer of Rs.1,000 reached our Meezan account.");
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<AdminAdvance>()).toMatchObject({
      state: "due",
      receipts: [{ decision: "rejected", rejectedReason: "No transfer of Rs.1,000 reached our Meezan account." }],
    });
    const window = before.cancel_ms - new Date(order.createdAt).getTime();
    const after = await facts(order._id);
    expect(after.cancel_ms).toBeGreaterThanOrEqual(rejectedAt + window - 5_000);
    const mail = await waitForMail(t, shopper.email, /your advance was not found/);
    expect(mail).toContain("No transfer of Rs.1,000 reached our Meezan account.");
    expect(mail).toContain("FT2611280001");
    expect((await reject(order._id, "Again")).statusCode).toBe(409);

    // The old deadline has passed but the fresh one has not: still pending.
    expect((await instance().sweep(new Date(after.cancel_ms - HOUR))).cancelled).not.toContain(order._id);
    // The customer may send another; the owner rejects that too; then past the window it lapses once.
    expect((await sendReceipt(shopper, order._id, { method: "raast", transactionId: "RAAST0001" })).statusCode).toBe(
      201,
    );
    expect((await reject(order._id, "Not found either.")).statusCode).toBe(200);
    const final = await facts(order._id);
    const past = new Date(final.cancel_ms + HOUR);
    const [a, b] = await Promise.all([instance().sweep(past), instance().sweep(past)]);
    expect([...a.cancelled, ...b.cancelled].filter((id) => id === order._id)).toHaveLength(1);
    expect(await facts(order._id)).toMatchObject({
      status: "cancelled",
      cancels: 1,
      reason: "The advance was not paid in time",
    });
  });

  it("lapses an unpaid advance once across instances: one cancellation, one line, one mail, stock back once", async () => {
    await clearEarlierOrders();
    const stock = await stockOf(t, shoe.id, size);
    const placed = await Promise.all([advanceOrder(), advanceOrder(), advanceOrder()]);
    expect(await stockOf(t, shoe.id, size)).toBe(stock - 3);
    const ids = placed.map((p) => p.order._id);
    const latest = Math.max(...(await Promise.all(ids.map(facts))).map((f) => f.cancel_ms));
    const now = new Date(latest + HOUR);

    const [a, b] = await Promise.all([instance().sweep(now), instance().sweep(now)]);
    const cancelled = [...a.cancelled, ...b.cancelled].filter((id) => ids.includes(id));
    expect(cancelled.sort()).toEqual([...ids].sort());
    expect(await stockOf(t, shoe.id, size)).toBe(stock);
    for (const id of ids) expect(await facts(id)).toMatchObject({ status: "cancelled", cancels: 1 });
    const [expired] = await selectRowsAsserted<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from order_confirmation_events where kind = 'expired' and order_id in ${ids}`,
    );
    expect(expired?.n).toBe(3);
    await allMailsSent(t.database.db, ids);
    for (const { shopper } of placed) {
      expect(
        (await mailsTo(t, shopper.email)).filter((m) => /did not arrive in time, so the order is cancelled/i.test(m)),
      ).toHaveLength(1);
    }
    // Lapsed: no receipt, no verify.
    const first = placed[0];
    if (!first) throw new Error("no order");
    const late = await sendReceipt(first.shopper, first.order._id, { method: "jazzcash", transactionId: "TXN123456" });
    expect([late.statusCode, late.json().message]).toEqual([409, RECEIPT_MESSAGES.notPending]);
    expect((await verify(first.order._id)).statusCode).toBe(409);
  });
});

describe("a receipt racing the lapse", () => {
  it("ends one way: the receipt kept and the order waiting, or the order lapsed and the receipt refused", async () => {
    for (let i = 0; i < 4; i++) {
      await clearEarlierOrders();
      const { order, shopper } = await advanceOrder();
      const past = new Date((await facts(order._id)).cancel_ms + HOUR);
      const [sent] = await Promise.all([
        sendReceipt(shopper, order._id, { method: "easypaisa", transactionId: `EP00000${i}` }),
        instance().sweep(past),
      ]);
      const after = await facts(order._id);
      if (sent.statusCode === 201) expect(after).toMatchObject({ status: "pending", receipts: 1, waiting: 1 });
      else {
        expect([sent.statusCode, sent.json().message]).toEqual([409, RECEIPT_MESSAGES.notPending]);
        expect(after).toMatchObject({ status: "cancelled", receipts: 0, cancels: 1 });
      }
    }
  });
});

describe("bad receipts", () => {
  it("another customer's order is 404 and nothing is stored; bad input is a 400 with its message", async () => {
    const { order, shopper } = await advanceOrder();
    const stranger = await makeShopper(t);
    const theirs = await sendReceipt(stranger, order._id, { method: "jazzcash", transactionId: "TXN123456" });
    expect([theirs.statusCode, theirs.json().message]).toEqual([404, RECEIPT_MESSAGES.orderNotFound]);
    const photo = await picture("png", 300, 300);
    const theirPhoto = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/advance-receipts?method=jazzcash`,
      headers: { ...stranger.headers, "content-type": "image/png" },
      payload: photo,
    });
    expect(theirPhoto.statusCode).toBe(404);
    expect((await call(t, stranger, "GET", `/api/orders/${order._id}/advance`)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/advance-receipts`,
      payload: { method: "jazzcash", transactionId: "TXN123456" },
    });
    expect(anonymous.statusCode).toBe(401);

    const bad: [unknown, string][] = [
      [{ method: "paypal", transactionId: "TXN123456" }, RECEIPT_MESSAGES.method],
      [{ method: "jazzcash", transactionId: "12345" }, RECEIPT_MESSAGES.transactionId],
      [{ method: "jazzcash", transactionId: "TXN-123/456" }, RECEIPT_MESSAGES.transactionId],
      [{ method: "jazzcash", transactionId: "x".repeat(41) }, RECEIPT_MESSAGES.transactionId],
      [{ method: "jazzcash" }, RECEIPT_MESSAGES.transactionId],
    ];
    for (const [body, message] of bad) {
      const res = await sendReceipt(shopper, order._id, body);
      expect([res.statusCode, res.json().message], JSON.stringify(body)).toEqual([400, message]);
    }
    const extra = await sendReceipt(shopper, order._id, { method: "bank", transactionId: "TXN123456", amount: 5 });
    expect(extra.statusCode).toBe(400);
    const notAPicture = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/advance-receipts?method=jazzcash`,
      headers: { ...shopper.headers, "content-type": "image/jpeg" },
      payload: Buffer.from("not a picture at all"),
    });
    expect(notAPicture.statusCode).toBe(400);
    const wrongType = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/advance-receipts?method=jazzcash`,
      headers: { ...shopper.headers, "content-type": "application/pdf" },
      payload: Buffer.from("%PDF-1.4"),
    });
    expect(wrongType.statusCode).toBe(415);
    const badQuery = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/advance-receipts?method=cash`,
      headers: { ...shopper.headers, "content-type": "image/png" },
      payload: photo,
    });
    expect([badQuery.statusCode, badQuery.json().message]).toEqual([400, RECEIPT_MESSAGES.method]);
    const tooBig = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/advance-receipts?method=jazzcash`,
      headers: { ...shopper.headers, "content-type": "image/jpeg" },
      payload: Buffer.alloc(EXCHANGE_PHOTO_MAX_BYTES + 1),
    });
    expect([tooBig.statusCode, tooBig.json().message]).toEqual([413, EXCHANGE_MESSAGES.photoTooBig]);
    const huge = await sendReceipt(shopper, order._id, { method: "bank", transactionId: "x".repeat(20_000) });
    expect([huge.statusCode, huge.json().message]).toEqual([413, "The request is too big."]);
    const badId = await sendReceipt(shopper, "not-an-id", { method: "bank", transactionId: "TXN123456" });
    expect(badId.statusCode).toBe(400);
    expect((await verify("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await reject(order._id, "Nothing to reject")).statusCode).toBe(409);

    // An order that asked no advance takes no receipt.
    const plain = await placeOrder(t, shopper, orderBody(shopper, [{ product: shoe, size, quantity: 1 }]));
    const plainId = plain.json<Order>()._id;
    const noAdvance = await sendReceipt(shopper, plainId, { method: "bank", transactionId: "TXN123456" });
    expect([noAdvance.statusCode, noAdvance.json().message]).toEqual([409, RECEIPT_MESSAGES.noAdvance]);
    expect((await verify(plainId)).statusCode).toBe(409);

    expect(await facts(order._id)).toMatchObject({ status: "pending", receipts: 0 });
    const [stored] = await selectRowsAsserted<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from advance_receipts where order_id in (${order._id}, ${plainId})`,
    );
    expect(stored?.n).toBe(0);
  });
});
