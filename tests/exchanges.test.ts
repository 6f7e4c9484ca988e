// Exchanges after delivery through the HTTP API (issue 33), on PGlite and PostgreSQL: the window's
// edge, the wanted pair reserved once (two customers racing for the last one), photos that must be
// pictures and the customer's own, the owner's approval (an order of its own for the new pair) or
// refusal (the pair back), the old pair back in stock when received, the lapse of a request nobody
// answered, the owner's rules and the policy page that states them. Bad input changes nothing.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { createExchangeService } from "#server/exchanges/service.ts";
import type { AdminExchange, AdminExchangeList, ExchangeSettings } from "#shared/exchanges.ts";
import type { Order } from "#shared/orders.ts";
import { waitForMail } from "./support/accounts.ts";
import { call, makeAdmin, picture } from "./support/admin.ts";
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
import { until } from "./support/wait.ts";

let t: TestApp;
let admin: Shopper & { username: string };
let shoe: TestProduct;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
  [shoe] = (await products(t, 1)) as [TestProduct];
  for (const size of shoe.sizes) await setStock(t, shoe.id, size, 50);
});
afterAll(() => t?.close());

const from = () => shoe.sizes[0] as number;
const to = () => shoe.sizes[1] as number;
const DAY = 86_400_000;

/** A delivered order of a new customer; `deliveredDaysAgo` moves its delivery back in time. */
async function delivered(deliveredDaysAgo = 0): Promise<Order & { shopper: Shopper }> {
  const shopper = await makeShopper(t);
  const res = await placeOrder(t, shopper, orderBody(shopper, [{ product: shoe, size: from(), quantity: 1 }]));
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<Order>();
  for (const status of ["confirm", "delivered"]) {
    expect((await call(t, admin, "POST", `/api/admin/orders/${order._id}/status`, { status })).statusCode).toBe(200);
  }
  if (deliveredDaysAgo > 0) {
    await t.database.db.execute(
      sql`update order_status_events set created_at = now() - make_interval(secs => ${deliveredDaysAgo * 86_400})
          where order_id = ${order._id} and to_status = 'delivered'`,
    );
  }
  return { ...order, shopper };
}

const ask = (order: { _id: string }, who: Shopper, body: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: `/api/orders/${order._id}/exchanges`, headers: who.headers, payload: body });
const track = async (who: Shopper) =>
  (await t.app.inject({ method: "GET", url: "/api/orders/track", headers: who.headers })).json<Order[]>();
const uploadPhoto = (order: { _id: string }, who: Shopper, body: Buffer, type = "image/jpeg") =>
  t.app.inject({
    method: "POST",
    url: `/api/orders/${order._id}/exchange-photos`,
    headers: { ...who.headers, "content-type": type },
    payload: body,
  });
const exchangeRows = (orderId: string) =>
  selectRowsAsserted<{ status: string; reserved: boolean }>(
    t.database.db,
    sql`select status, reserved from exchange_requests where order_id = ${orderId}`,
  );

describe("asking for an exchange", () => {
  it("reserves the wanted size, shows the request on Track Your Order, and mails the customer and the shop", async () => {
    const order = await delivered();
    const before = await stockOf(t, shoe.id, to());
    const res = await ask(order, order.shopper, {
      lineNo: 1,
      reason: "too_small",
      wantedSize: to(),
      note: "Tight at the toes",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe("Thank you. We received your exchange request and will answer it soon.");
    expect(await stockOf(t, shoe.id, to())).toBe(before - 1);

    const [tracked] = await track(order.shopper);
    expect(tracked?.exchanges.until).not.toBeNull();
    expect(tracked?.exchanges.requests).toEqual([
      expect.objectContaining({
        lineNo: 1,
        size: from(),
        wantedSize: to(),
        reason: "too_small",
        note: "Tight at the toes",
        status: "requested",
        product: expect.objectContaining({ productId: shoe.id, name: shoe.name }),
      }),
    ]);
    // Answered within 3 days by default, or it lapses.
    const answerBy = Date.parse(tracked?.exchanges.requests[0]?.answerBy ?? "");
    expect(answerBy - Date.now()).toBeGreaterThan(3 * DAY - 60_000);

    const mail = await waitForMail(t, order.shopper.email, /We received your exchange request and keep/);
    expect(mail).toContain(`${shoe.name}: size ${from()} for size ${to()} (too small).`);
    await waitForMail(t, t.config.ordersEmail, /Exchange request for order/);

    // Asking again for the same pair reserves nothing more.
    const again = await ask(order, order.shopper, { lineNo: 1, reason: "too_small", wantedSize: to() });
    expect([again.statusCode, again.json().message]).toEqual([409, "You already asked to exchange this pair."]);
    expect(await stockOf(t, shoe.id, to())).toBe(before - 1);
  });

  it("is open until the window's last minute after delivery, and closed after it", async () => {
    const inside = await delivered(7 - 1 / 24);
    expect((await ask(inside, inside.shopper, { lineNo: 1, reason: "too_large", wantedSize: to() })).statusCode).toBe(
      201,
    );
    const outside = await delivered(7 + 1 / 24);
    const before = await stockOf(t, shoe.id, to());
    const late = await ask(outside, outside.shopper, { lineNo: 1, reason: "too_large", wantedSize: to() });
    expect([late.statusCode, late.json().message]).toEqual([
      409,
      "Exchanges are possible within 7 days of delivery; this order's time has passed.",
    ]);
    expect((await track(outside.shopper))[0]?.exchanges.until).toBeNull();
    expect(await stockOf(t, shoe.id, to())).toBe(before);
    expect(await exchangeRows(outside._id)).toEqual([]);
  });

  it("refuses bad input, someone else's order and an order not delivered, changing nothing", async () => {
    const order = await delivered();
    const stranger = await makeShopper(t);
    const shopper = await makeShopper(t);
    const pending = (
      await placeOrder(t, shopper, orderBody(shopper, [{ product: shoe, size: from(), quantity: 1 }]))
    ).json<Order>();
    const before = await stockOf(t, shoe.id, to());
    const cases: [Shopper, { _id: string }, Record<string, unknown>, number, string][] = [
      [stranger, order, { lineNo: 1, reason: "too_small", wantedSize: to() }, 404, "No order of yours has that id."],
      [
        shopper,
        pending,
        { lineNo: 1, reason: "too_small", wantedSize: to() },
        409,
        "Only a delivered order can be exchanged.",
      ],
      [order.shopper, order, { lineNo: 2, reason: "too_small", wantedSize: to() }, 400, "This order has no such pair."],
      [
        order.shopper,
        order,
        { lineNo: 1, reason: "bored", wantedSize: to() },
        400,
        "Choose why: too_small, too_large, faulty, other.",
      ],
      [
        order.shopper,
        order,
        { lineNo: 1, reason: "faulty", wantedSize: from() },
        400,
        "Please add at least one photo that shows the fault.",
      ],
      [
        order.shopper,
        order,
        { lineNo: 1, reason: "other", wantedSize: to(), status: "approved" },
        400,
        "Unexpected field: status.",
      ],
      [
        order.shopper,
        order,
        { lineNo: 1, reason: "other", wantedSize: 60 },
        400,
        "Size must be a whole number from 37 to 46.",
      ],
      [
        order.shopper,
        order,
        { lineNo: 1, reason: "other", wantedSize: to(), note: "x".repeat(501) },
        400,
        "The note can be at most 500 characters long.",
      ],
    ];
    for (const [who, target, body, status, message] of cases) {
      const res = await ask(target, who, body);
      expect([res.statusCode, res.json().message], JSON.stringify(body)).toEqual([status, message]);
    }
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/exchanges`,
      payload: { lineNo: 1, reason: "too_small", wantedSize: to() },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await stockOf(t, shoe.id, to())).toBe(before);
    expect(await exchangeRows(order._id)).toEqual([]);
  });

  it("takes only real pictures as photos, and only the customer's own", async () => {
    const order = await delivered();
    const notAPicture = await uploadPhoto(order, order.shopper, Buffer.from("this is not a jpeg at all"));
    expect([notAPicture.statusCode, notAPicture.json().message]).toEqual([
      400,
      "The file's contents do not match its type. Upload a real JPEG, PNG or WebP photo.",
    ]);
    expect((await uploadPhoto(order, order.shopper, Buffer.from("GIF89a"), "image/gif")).statusCode).toBe(415);
    const stranger = await delivered();
    const theirs = (await uploadPhoto(stranger, stranger.shopper, await picture("jpeg", 2400, 1800))).json<{
      _id: string;
    }>();
    const mine = await uploadPhoto(order, order.shopper, await picture("jpeg", 2400, 1800));
    // Accepted and decoded shortly after, outside the request (issue 45).
    expect(mine.statusCode, mine.body).toBe(202);
    const photoId = mine.json<{ _id: string }>()._id;

    const borrowed = await ask(order, order.shopper, {
      lineNo: 1,
      reason: "faulty",
      wantedSize: from(),
      photoIds: [theirs._id],
    });
    expect([borrowed.statusCode, borrowed.json().message]).toEqual([
      400,
      "One of the photos was not found: please add it again.",
    ]);
    const res = await ask(order, order.shopper, {
      lineNo: 1,
      reason: "faulty",
      wantedSize: from(),
      photoIds: [photoId],
    });
    expect(res.statusCode, res.body).toBe(201);

    // Kept like product pictures: at most 2000 px a side; the owner sees it once decoded.
    const mineListed = await until(
      async () =>
        (await call(t, admin, "GET", "/api/admin/exchanges"))
          .json<AdminExchangeList>()
          .exchanges.find((e) => e.orderId === order._id),
      (listed) => Boolean(listed?.photos.length),
      "the request to be listed with its decoded photo",
      { interval: 25 },
    );
    expect(mineListed?.photos).toEqual([expect.objectContaining({ width: 2000, height: 1500 })]);
    if (!mineListed) throw new Error("the request is not listed");
    const photo = await call(t, admin, "GET", mineListed.photos[0]?.url ?? "");
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/webp");
    expect(photo.headers["cache-control"]).toBe("no-store");
    expect(
      (await t.app.inject({ method: "GET", url: mineListed.photos[0]?.url ?? "", headers: order.shopper.headers }))
        .statusCode,
    ).toBe(403);
  });

  it("gives the last pair of a size to one of two customers asking at once", async () => {
    const [a, b] = [await delivered(), await delivered()];
    const last = shoe.sizes[2] as number;
    await setStock(t, shoe.id, last, 1);
    const [first, second] = await Promise.all([
      ask(a, a.shopper, { lineNo: 1, reason: "too_small", wantedSize: last }),
      ask(b, b.shopper, { lineNo: 1, reason: "too_small", wantedSize: last }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    expect([first, second].find((r) => r.statusCode === 409)?.json().message).toBe(
      `Size ${last} is sold out just now: please choose another size.`,
    );
    expect(await stockOf(t, shoe.id, last)).toBe(0);
    await setStock(t, shoe.id, last, 50);
  });
});

describe("the owner's answer", () => {
  const waiting = async () => {
    const order = await delivered();
    const res = await ask(order, order.shopper, { lineNo: 1, reason: "too_small", wantedSize: to() });
    expect(res.statusCode, res.body).toBe(201);
    const list = (await call(t, admin, "GET", "/api/admin/exchanges?view=waiting")).json<AdminExchangeList>();
    const exchange = list.exchanges.find((e) => e.orderId === order._id) as AdminExchange;
    expect(exchange.customer.email).toBe(order.shopper.email);
    return { order, exchange };
  };

  it("approves: the new pair becomes an order of its own, collecting the difference, and the old pair comes back", async () => {
    const { order, exchange } = await waiting();
    const reserved = await stockOf(t, shoe.id, to());
    const res = await call(t, admin, "POST", `/api/admin/exchanges/${exchange._id}/approve`, {
      priceDifference: 250,
      message: "Courier charges for a size exchange",
    });
    expect(res.statusCode, res.body).toBe(200);
    const approved = res.json<AdminExchange>();
    expect(approved).toMatchObject({ status: "approved", priceDifference: 250, decidedBy: admin.username });
    // The reserved pair now belongs to the exchange's order: stock does not move again.
    expect(await stockOf(t, shoe.id, to())).toBe(reserved);

    const orders = await track(order.shopper);
    const replacement = orders.find((o) => o._id === approved.exchangeOrderId) as Order;
    expect(replacement).toMatchObject({ status: "confirm", totalAmount: 250 });
    expect(replacement.items.map((i) => [i.productId, i.size, i.quantity])).toEqual([[shoe.id, to(), 1]]);
    expect(replacement.exchanges.replacesOrderId).toBe(order._id);
    const mail = await waitForMail(t, order.shopper.email, /Your exchange is approved\./);
    expect(mail).toContain("You pay Rs.250 when the new pair is delivered.");
    // The new parcel's carrier is chosen at dispatch: the mail promises no rider of the shop's (issue 46).
    expect(mail).toContain("please hand the old pair to the rider or courier who brings it");
    expect(mail).not.toContain("our rider");
    expect(mail).toContain("From the shop: Courier charges for a size exchange");

    // Dispatched like any order (issue 32).
    const couriers = (await call(t, admin, "GET", "/api/admin/couriers")).json<{
      couriers: { _id: string; ownRider: boolean }[];
    }>();
    const rider = couriers.couriers.find((c) => c.ownRider);
    const dispatched = await call(t, admin, "POST", `/api/admin/orders/${replacement._id}/dispatch`, {
      courierId: rider?._id,
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);

    const again = await call(t, admin, "POST", `/api/admin/exchanges/${exchange._id}/refuse`, { message: "No" });
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      "This request is approved: it can no longer be approved or refused.",
    ]);
    const oldSize = await stockOf(t, shoe.id, from());
    const received = await call(t, admin, "POST", `/api/admin/exchanges/${exchange._id}/received`, { restock: true });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json<AdminExchange>().receivedAt).not.toBeNull();
    expect(await stockOf(t, shoe.id, from())).toBe(oldSize + 1);
    const twice = await call(t, admin, "POST", `/api/admin/exchanges/${exchange._id}/received`, { restock: true });
    expect([twice.statusCode, twice.json().message]).toEqual([409, "The pair of this exchange was already received."]);
    expect(await stockOf(t, shoe.id, from())).toBe(oldSize + 1);
  });

  it("refuses with a message: the reserved pair goes back on sale", async () => {
    const { order, exchange } = await waiting();
    const reserved = await stockOf(t, shoe.id, to());
    const empty = await call(t, admin, "POST", `/api/admin/exchanges/${exchange._id}/refuse`, { message: " " });
    expect([empty.statusCode, empty.json().message]).toEqual([400, "Please tell the customer why."]);
    const res = await call(t, admin, "POST", `/api/admin/exchanges/${exchange._id}/refuse`, {
      message: "The sole shows wear: worn shoes cannot be exchanged.",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(t, shoe.id, to())).toBe(reserved + 1);
    expect(await exchangeRows(order._id)).toEqual([{ status: "refused", reserved: false }]);
    const mail = await waitForMail(t, order.shopper.email, /we cannot exchange this pair/);
    expect(mail).toContain("From the shop: The sole shows wear: worn shoes cannot be exchanged.");
    const badDifference = await call(t, admin, "POST", `/api/admin/exchanges/${exchange._id}/approve`, {
      priceDifference: 1.5,
    });
    expect(badDifference.statusCode).toBe(400);
    expect((await call(t, order.shopper, "GET", "/api/admin/exchanges")).statusCode).toBe(403);
  });

  it("lapses a request nobody answered in time, once, giving its pair back", async () => {
    const { order } = await waiting();
    const reserved = await stockOf(t, shoe.id, to());
    await t.database.db.execute(
      sql`update exchange_requests set created_at = now() - interval '3 days 1 minute' where order_id = ${order._id}`,
    );
    // Two sweeps at once (two instances): the pair comes back once.
    const service = createExchangeService(t.database.db, {
      shop: t.config.shop,
      alert: { to: t.config.ordersEmail, publicUrl: t.config.publicUrl },
    });
    const [one, two] = await Promise.all([service.sweep(), service.sweep()]);
    expect([...one, ...two].filter((c) => c.orderId === order._id)).toHaveLength(1);
    expect(await stockOf(t, shoe.id, to())).toBe(reserved + 1);
    expect(await exchangeRows(order._id)).toEqual([{ status: "expired", reserved: false }]);
  });
});

describe("the owner's rules", () => {
  it("keeps the window and the time to answer, which the policy states", async () => {
    for (const [body, message] of [
      [{ windowDays: 0, answerWithinDays: 3 }, "The exchange window must be a whole number of days from 1 to 30."],
      [{ windowDays: 7, answerWithinDays: 15 }, "The time to answer must be a whole number of days from 1 to 14."],
      [{ windowDays: 7 }, "The time to answer must be a whole number of days from 1 to 14."],
    ] as const) {
      const res = await call(t, admin, "PUT", "/api/admin/exchange-settings", body);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    const saved = await call(t, admin, "PUT", "/api/admin/exchange-settings", { windowDays: 10, answerWithinDays: 2 });
    expect(saved.json<ExchangeSettings>()).toEqual({ windowDays: 10, answerWithinDays: 2 });
    const policy = await t.app.inject({ method: "GET", url: "/api/exchange-policy" });
    expect(policy.json<ExchangeSettings>()).toEqual({ windowDays: 10, answerWithinDays: 2 });
    const late = await delivered(9);
    expect((await ask(late, late.shopper, { lineNo: 1, reason: "too_large", wantedSize: to() })).statusCode).toBe(201);
    await call(t, admin, "PUT", "/api/admin/exchange-settings", { windowDays: 7, answerWithinDays: 3 });
  });
});
