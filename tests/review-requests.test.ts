// Issue 53, "Asking for a review" (docs/decisions/044-reviews.md): once a delivered order's delivery is
// the owner's days old, its buyer is asked once per pair, by one mail naming every pair with the signed
// link to the form and, when the shop has WhatsApp, by the owner's template (order number and link
// only; not to a number that turned the updates off). Two instances sweeping at the same moment ask
// each pair once; an order not delivered, or delivered long before, is not asked; the owner's days are
// kept by an admin-only API. Real database (PGlite, or PostgreSQL with DATABASE_URL), the real HTTP
// layer, Meta's stand-in (tests/support/graph-stand-in.ts); the delivery's time is moved in the
// database instead of waiting for it.
import { randomBytes } from "node:crypto";
import { copyFile, mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { escapeHtml } from "#server/mail/html.ts";
import { createReviewLinks } from "#server/reviews/links.ts";
import { type ReviewRequestDeps, sweepReviewRequests } from "#server/reviews/requests.ts";
import { type Order, orderNumber } from "#shared/orders.ts";
import type { ReviewSettings } from "#shared/reviews.ts";
import { mailsTo } from "./support/accounts.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { type GraphStandIn, startGraphStandIn } from "./support/graph-stand-in.ts";
import { anotherInstance, type Instance } from "./support/instances.ts";
import {
  ADDRESS,
  makeShopper,
  type Pick,
  placeOrder,
  products,
  type Shopper,
  setStock,
  type TestProduct,
} from "./support/shoppers.ts";
import { allMailsSent, until } from "./support/wait.ts";
import { ACCOUNT, event, freshMobile, postEvent, variablesOf, whatsappEnv } from "./support/whatsapp.ts";

const TEMPLATE = "review_request";
const SUBJECT = /^Subject: How are your shoes from order (#[0-9A-F]{8})\?/m;

let t: TestApp;
let graph: GraphStandIn;
let admin: Shopper & { username: string };
let shoe: TestProduct;
let other: TestProduct;

beforeAll(async () => {
  graph = await startGraphStandIn(ACCOUNT);
  // No sweep of its own (CONFIRMATION_SWEEP_SECONDS 0): the tests sweep at the moments they choose.
  t = await createTestApp({ env: whatsappEnv(graph) });
  admin = await makeAdmin(t);
  [shoe, other] = (await products(t, 2)) as [TestProduct, TestProduct];
  for (const product of [shoe, other]) for (const size of product.sizes) await setStock(t, product.id, size, 500);
});
afterAll(async () => {
  await t?.close();
  await graph?.close();
});

interface Delivered {
  order: Order;
  shopper: Shopper;
  /** The mobile as WhatsApp writes it (923…). */
  wa: string;
}

/** An order of a customer of its own (a mobile of its own), moved to delivered by the owner. */
async function delivered(picks: Pick[] = [{ product: shoe, size: shoe.sizes[0] as number, quantity: 1 }]) {
  const shopper = await makeShopper(t);
  const phone = freshMobile();
  const res = await placeOrder(t, shopper, {
    userId: shopper.id,
    items: picks.map((p) => ({ productId: p.product.id, size: p.size, quantity: p.quantity })),
    shippingAddress: { ...ADDRESS, email: shopper.email, phoneNumber: phone.typed },
    totalAmount: picks.reduce((sum, p) => sum + p.product.discountPrice * p.quantity, 0),
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<Order>();
  for (const status of ["confirm", "delivered"]) {
    const moved = await call(t, admin, "POST", `/api/admin/orders/${order._id}/status`, { status });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return { order, shopper, wa: phone.wa } satisfies Delivered;
}

/** Moves the order's delivery `days` days (and `minutes` minutes) into the past. */
async function deliveredAgo(order: Order, days: number, minutes = 0): Promise<void> {
  await t.database.db.execute(
    sql`update order_status_events set created_at = now() - make_interval(days => ${days}, mins => ${minutes})
        where order_id = ${order._id} and to_status = 'delivered'`,
  );
}

/** What a shop instance sweeps with, as server/app.ts gives it. */
const asksOf = (config: TestApp["config"], whatsapp = true): ReviewRequestDeps => ({
  links: createReviewLinks(t.database.db, { publicUrl: config.publicUrl, secret: config.confirmLinkSecret }),
  shop: config.shop,
  whatsapp,
});

/** One sweep; the asks it made for these orders (every order of the database is swept). */
async function sweep(orders: Order[], deps = asksOf(t.config)) {
  const { asked } = await sweepReviewRequests(t.database.db, deps);
  const ids = orders.map((o) => o._id);
  return asked.filter((a) => ids.includes(a.orderId));
}

const requestRows = (order: Order) =>
  selectRowsAsserted<{ product_id: string; size: number }>(
    t.database.db,
    sql`select product_id, size from review_requests where order_id = ${order._id} order by product_id, size`,
  );

/** The review requests mailed to the order's buyer (after every queued mail has left). */
async function requestMails(delivery: Delivered): Promise<string[]> {
  await allMailsSent(t.database.db);
  return (await mailsTo(t, delivery.shopper.email)).filter((mail) => SUBJECT.test(mail));
}

/** The review requests WhatsApp accepted for this order. */
const templatesFor = (order: Order) =>
  graph.accepted.filter((m) => m.template.name === TEMPLATE && variablesOf(m)[0] === orderNumber(order._id));

/** Waits until nothing is left in the outbox: every mail and WhatsApp message owed so far has gone. */
const outboxEmpty = () =>
  until(
    async () =>
      (await selectRowsAsserted<{ n: number }>(t.database.db, sql`select count(*)::int as n from mail_outbox`))[0]?.n,
    (n) => n === 0,
    "the outbox to be empty",
  );

/** Before another instance closes (its folder goes): its sent mails, kept with the first's. */
async function keepMails(instance: Instance): Promise<void> {
  const from = path.join(instance.config.dataDir, "outbox");
  const to = path.join(t.config.dataDir, "outbox");
  await mkdir(to, { recursive: true });
  for (const name of await readdir(from).catch(() => [] as string[]))
    if (name.endsWith(".eml")) await copyFile(path.join(from, name), path.join(to, name));
}

describe("the ask", () => {
  it("goes once the owner's days have passed since the delivery, and only once", async () => {
    const delivery = await delivered();
    const { order } = delivery;
    await deliveredAgo(order, 2, 23 * 60);
    expect(await sweep([order])).toEqual([]);
    expect(await requestRows(order)).toEqual([]);

    await deliveredAgo(order, 3, 1);
    expect(await sweep([order])).toEqual([{ orderId: order._id, pairs: 1 }]);
    expect(await sweep([order])).toEqual([]);
    expect(await requestRows(order)).toEqual([{ product_id: shoe.id, size: shoe.sizes[0] }]);
    expect(await requestMails(delivery)).toHaveLength(1);
  });

  it("names both pairs of a two-pair order in one mail, with a link the form accepts for that order", async () => {
    const [a, b] = [shoe.sizes[0] as number, other.sizes[1] as number];
    const delivery = await delivered([
      { product: shoe, size: a, quantity: 1 },
      { product: other, size: b, quantity: 2 },
    ]);
    const { order } = delivery;
    await deliveredAgo(order, 4);
    expect(await sweep([order])).toEqual([{ orderId: order._id, pairs: 2 }]);

    const mails = await requestMails(delivery);
    expect(mails).toHaveLength(1);
    const [mail = ""] = mails;
    const ref = orderNumber(order._id);
    expect(SUBJECT.exec(mail)?.[1]).toBe(ref);
    // A long header is folded onto a second line (RFC 5322 section 2.2.3); read it unfolded.
    const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail)?.[1]?.replace(/\r?\n[ \t]/g, " ");
    expect(subject).toBe(`How are your shoes from order ${ref}? Tell us at Karachi Shoe Shop`);
    expect(mail).toContain(`- ${shoe.name}, size ${a}`);
    expect(mail).toContain(`- ${other.name}, size ${b}`);
    expect(mail).toContain(`<li>${escapeHtml(other.name)}, size ${b}</li>`);
    expect(mail).toContain(`Review your pairs: ${t.config.publicUrl}/review?token=`);
    const link = new RegExp(`${t.config.publicUrl}/review\\?token=([\\w.-]+)`).exec(mail);
    const token = link?.[1] ?? "";
    expect(token).not.toBe("");
    const links = createReviewLinks(t.database.db, {
      publicUrl: t.config.publicUrl,
      secret: t.config.confirmLinkSecret,
    });
    expect(await links.check(token)).toBe(order._id);
    expect(await links.check(`${token.slice(0, -2)}xx`)).toBeUndefined();
    // The account's own e-mail is proven (tests/support/shoppers.ts): the greeting names the buyer.
    expect(mail).toContain(`Dear ${ADDRESS.fullName},`);
  });

  it("is made once per pair by two instances sweeping at the same moment", async () => {
    const deliveries = [
      await delivered(),
      await delivered([
        { product: shoe, size: shoe.sizes[1] as number, quantity: 1 },
        { product: other, size: other.sizes[0] as number, quantity: 1 },
      ]),
      await delivered([{ product: other, size: other.sizes[1] as number, quantity: 3 }]),
    ];
    const orders = deliveries.map((d) => d.order);
    for (const order of orders) await deliveredAgo(order, 5);
    const second = await anotherInstance(t, whatsappEnv(graph));
    try {
      const [one, two] = await Promise.all([sweep(orders), sweep(orders, asksOf(second.config))]);
      const asked = [...one, ...two];
      expect(asked.map((a) => a.orderId).sort()).toEqual(orders.map((o) => o._id).sort());
      expect(asked.reduce((sum, a) => sum + a.pairs, 0)).toBe(4);
      expect(await sweep(orders, asksOf(second.config))).toEqual([]);
      await outboxEmpty();
    } finally {
      await keepMails(second);
      await second.close();
    }
    for (const delivery of deliveries) {
      expect(await requestMails(delivery)).toHaveLength(1);
      expect(templatesFor(delivery.order)).toHaveLength(1);
    }
    const [rows] = await selectRowsAsserted<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from review_requests where order_id in ${orders.map((o) => o._id)}`,
    );
    expect(rows?.n).toBe(4);
  });

  it("is made by the app's own sweep job, and its messages leave", async () => {
    const timed = await anotherInstance(t, { ...whatsappEnv(graph), CONFIRMATION_SWEEP_SECONDS: "1" });
    try {
      const delivery = await delivered();
      await deliveredAgo(delivery.order, 3, 5);
      await until(
        async () => templatesFor(delivery.order).length,
        (sent) => sent === 1,
        "the app's sweep to ask on WhatsApp",
      );
      await outboxEmpty();
      await keepMails(timed);
      expect(await requestMails(delivery)).toHaveLength(1);
    } finally {
      await timed.close();
    }
  });

  it("is not made for an order not delivered, nor for one delivered long before", async () => {
    const shopper = await makeShopper(t);
    const placed = await placeOrder(t, shopper, {
      userId: shopper.id,
      items: [{ productId: shoe.id, size: shoe.sizes[0], quantity: 1 }],
      shippingAddress: { ...ADDRESS, email: shopper.email },
      totalAmount: shoe.discountPrice,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const confirmed = placed.json<Order>();
    const moved = await call(t, admin, "POST", `/api/admin/orders/${confirmed._id}/status`, { status: "confirm" });
    expect(moved.statusCode, moved.body).toBe(200);
    // Placed long ago, never delivered: its history's age asks nothing.
    await t.database.db.execute(
      sql`update order_status_events set created_at = now() - interval '10 days' where order_id = ${confirmed._id}`,
    );
    const old = await delivered();
    await deliveredAgo(old.order, 40);
    // The edge: an ask at most 30 days past the day it fell due (3 days after delivery, by default).
    const late = await delivered();
    await deliveredAgo(late.order, 32);

    expect(await sweep([confirmed, old.order, late.order])).toEqual([{ orderId: late.order._id, pairs: 1 }]);
    expect(await requestRows(confirmed)).toEqual([]);
    expect(await requestRows(old.order)).toEqual([]);
    const queued = await selectRowsAsserted<{ order_id: string }>(
      t.database.db,
      sql`select order_id from mail_outbox where kind = 'whatsapp_review_request'
          and order_id in ${[confirmed._id, old.order._id]}`,
    );
    expect(queued).toEqual([]);
    await outboxEmpty();
    expect(await requestMails(old)).toEqual([]);
    expect((await mailsTo(t, shopper.email)).filter((m) => SUBJECT.test(m))).toEqual([]);
    expect(templatesFor(old.order)).toEqual([]);
    expect(templatesFor(confirmed)).toEqual([]);
  });
});

describe("on WhatsApp", () => {
  it("sends the template once, with the order number and the link only", async () => {
    const delivery = await delivered();
    const { order } = delivery;
    await deliveredAgo(order, 3, 1);
    expect(await sweep([order])).toHaveLength(1);
    const [queued] = await selectRowsAsserted<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from mail_outbox where kind = 'whatsapp_review_request' and order_id = ${order._id}`,
    );
    expect(queued?.n).toBe(1);
    await until(
      async () => templatesFor(order).length,
      (n) => n === 1,
      "the review request on WhatsApp",
    );
    await outboxEmpty();
    expect(await sweep([order])).toEqual([]);
    await outboxEmpty();

    const sent = templatesFor(order);
    expect(sent).toHaveLength(1);
    const [message] = sent;
    if (!message) throw new Error("no message");
    expect(message.to).toBe(delivery.wa);
    expect(message.template.language.code).toBe(t.config.whatsapp?.templateLanguage);
    const variables = variablesOf(message);
    expect(variables).toHaveLength(2);
    const [ref, url = ""] = variables;
    expect(ref).toBe(orderNumber(order._id));
    expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/review\\?token=${order._id}\\.[\\w-]+$`));
    const said = JSON.stringify(message);
    expect(said).not.toContain(ADDRESS.fullName);
    expect(said).not.toContain(ADDRESS.addressLine);
    // The mail's link and the message's are the same order's link.
    expect((await requestMails(delivery))[0]).toContain(url);
  });

  it("is not sent to a number that replied STOP; the mail still goes", async () => {
    const delivery = await delivered();
    const { order, wa } = delivery;
    const stop = event({
      contacts: [{ profile: { name: "Ayesha" }, wa_id: wa }],
      messages: [
        {
          from: wa,
          id: `wamid.${randomBytes(8).toString("hex")}`,
          timestamp: "1700000000",
          type: "text",
          text: { body: "STOP" },
        },
      ],
    });
    expect((await postEvent(t, stop)).statusCode).toBe(200);
    await deliveredAgo(order, 3, 1);
    expect(await sweep([order])).toHaveLength(1);
    await outboxEmpty();
    expect(templatesFor(order)).toEqual([]);
    expect(await requestMails(delivery)).toHaveLength(1);
  });

  it("is not queued by a shop without WhatsApp", async () => {
    const delivery = await delivered();
    await deliveredAgo(delivery.order, 3, 1);
    expect(await sweep([delivery.order], asksOf(t.config, false))).toHaveLength(1);
    const queued = await selectRowsAsserted<{ kind: string }>(
      t.database.db,
      sql`select kind from mail_outbox where order_id = ${delivery.order._id}`,
    );
    expect(queued.filter((row) => row.kind === "whatsapp_review_request")).toEqual([]);
    expect(await requestMails(delivery)).toHaveLength(1);
  });
});

describe("the owner's days", () => {
  const settings = (who: { headers: Record<string, string> }, method: "GET" | "PUT", body?: unknown) =>
    call(t, who, method, "/api/admin/review-settings", body);

  it("are the owner's only, refuse bad input, and move the ask", async () => {
    const customer = await makeShopper(t);
    const nobody = { headers: {} };
    expect((await settings(nobody, "GET")).statusCode).toBe(401);
    expect((await settings(customer, "GET")).statusCode).toBe(403);
    const sneaky = { requestAfterDays: 1, autoApproveMinStars: 1 };
    expect((await settings(nobody, "PUT", sneaky)).statusCode).toBe(401);
    expect((await settings(customer, "PUT", sneaky)).statusCode).toBe(403);

    const defaults: ReviewSettings = { requestAfterDays: 3, autoApproveMinStars: null };
    const read = await settings(admin, "GET");
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<ReviewSettings>()).toEqual(defaults);

    for (const [body, message] of [
      [{ requestAfterDays: 0 }, "Days after delivery must be a whole number from 1 to 30."],
      [{ requestAfterDays: 0, autoApproveMinStars: null }, "Days after delivery must be a whole number from 1 to 30."],
      [{ requestAfterDays: 31, autoApproveMinStars: null }, "Days after delivery must be a whole number from 1 to 30."],
      [{ requestAfterDays: 5, autoApproveMinStars: null, sendAt: "09:00" }, "Unexpected field: sendAt."],
      [
        { requestAfterDays: 5, autoApproveMinStars: 6 },
        "Stars to publish at once must be from 1 to 5, or null for none.",
      ],
    ] as const) {
      const res = await settings(admin, "PUT", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    expect((await settings(admin, "GET")).json<ReviewSettings>()).toEqual(defaults);

    const delivery = await delivered();
    await deliveredAgo(delivery.order, 4, 1);
    try {
      const saved = await settings(admin, "PUT", { requestAfterDays: 5, autoApproveMinStars: 4 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<ReviewSettings>()).toEqual({ requestAfterDays: 5, autoApproveMinStars: 4 });
      expect((await settings(admin, "GET")).json<ReviewSettings>()).toEqual({
        requestAfterDays: 5,
        autoApproveMinStars: 4,
      });
      expect(await sweep([delivery.order])).toEqual([]);

      const sooner = await settings(admin, "PUT", { requestAfterDays: 4, autoApproveMinStars: null });
      expect(sooner.statusCode, sooner.body).toBe(200);
      expect(await sweep([delivery.order])).toEqual([{ orderId: delivery.order._id, pairs: 1 }]);
      expect(await requestMails(delivery)).toHaveLength(1);
    } finally {
      await settings(admin, "PUT", defaults);
    }
    expect((await settings(admin, "GET")).json<ReviewSettings>()).toEqual(defaults);
  });
});
