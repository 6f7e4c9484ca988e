// The confirmation request on WhatsApp, end to end over real HTTP: an order queues its template
// message, the drainer sends it to a stand-in of Meta's Graph API (tests/support/graph-stand-in.ts)
// and retries when Meta fails; the customer's press comes back through the signed webhook and
// confirms or cancels the order once, however often Meta delivers it, and only from the order's own
// phone. Without WhatsApp configured nothing of this exists. Each order has a number of its own: what
// an unproven number is sent, and how many, is tests/whatsapp-proven-phones.test.ts's subject.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConfirmationLinks } from "#server/confirmation/links.ts";
import { provePhone } from "#server/confirmation/whatsapp-phones.ts";
import { WHATSAPP_MESSAGES, WHATSAPP_WEBHOOK_PATH } from "#server/confirmation/whatsapp-routes.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { createGraphClient, GraphApiError, type TemplateMessage } from "#server/whatsapp/graph.ts";
import { formatRs } from "#shared/money.ts";
import { type Order, orderNumber } from "#shared/orders.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { type AcceptedMessage, type GraphStandIn, startGraphStandIn } from "./support/graph-stand-in.ts";
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
import { until } from "./support/wait.ts";
import {
  ACCOUNT,
  event,
  freshMobile,
  payloadsOf,
  postEvent,
  press as pressEvent,
  sign,
  VERIFY_TOKEN,
  whatsappEnv,
} from "./support/whatsapp.ts";

/** A number WhatsApp writes as it should (the Graph client's own checks). */
const CUSTOMER = "923001234567";

let graph: GraphStandIn;
let t: TestApp;
let product: TestProduct;
let size: number;

beforeAll(async () => {
  graph = await startGraphStandIn(ACCOUNT);
  t = await createTestApp({ env: whatsappEnv(graph) });
  [product] = (await products(t, 1)) as [TestProduct];
  size = product.sizes[0] as number;
  await setStock(t, product.id, size, 100);
});
afterAll(async () => {
  await t?.close();
  await graph?.close();
});

/**
 * An order for a new account and a number of its own (`phone`, as WhatsApp writes it); `proven`:
 * that number has already confirmed one of the account's orders, so the request says it all.
 */
async function order(quantity = 1, address: Record<string, string> = {}, options: { proven?: boolean } = {}) {
  const shopper = await makeShopper(t);
  const mobile = freshMobile();
  if (options.proven) await provePhone(t.database.db, shopper.id, `+${mobile.wa}`);
  const picks = [{ product, size, quantity }];
  const res = await placeOrder(
    t,
    shopper,
    orderBody(shopper, picks, {
      shippingAddress: { ...ADDRESS, email: shopper.email, phoneNumber: mobile.typed, ...address },
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json<Order>()._id, shopper, phone: mobile.wa };
}

const messagesFor = (orderId: string) => graph.accepted.filter((m) => payloadsOf(m).some((p) => p.includes(orderId)));

/** The order's request, once sent, and the token its buttons carry. */
async function requestOf(orderId: string) {
  const [message] = await until(
    () => messagesFor(orderId),
    (found) => found.length > 0,
    "the WhatsApp request",
  );
  const token = payloadsOf(message as AcceptedMessage)[0]?.replace(/^confirm:/, "") ?? "";
  return { message: message as AcceptedMessage, token };
}

/** A press of a template's button from `from`, with Meta's message id `id` when the test names it. */
const press = (payload: string, options: { from: string; id?: string }) =>
  pressEvent(payload, options.from, options.id);
const post = (raw: string, signature: string | null = sign(raw), app: TestApp = t) => postEvent(app, raw, signature);

async function tracked(shopper: Shopper, orderId: string): Promise<Order> {
  const res = await t.app.inject({ method: "GET", url: "/api/orders/track", headers: shopper.headers });
  const found = res.json<Order[]>().find((o) => o._id === orderId);
  if (!found) throw new Error("order not tracked");
  return found;
}

const rows = <R>(query: ReturnType<typeof sql>) => selectRowsAsserted<R>(t.database.db, query);
const events = (orderId: string) =>
  rows<{ kind: string; channel: string | null }>(
    sql`select kind, channel from order_confirmation_events where order_id = ${orderId} order by created_at, id`,
  );
const inbound = (messageId: string) =>
  rows<{ outcome: string; order_id: string | null }>(
    sql`select outcome, order_id from whatsapp_inbound where message_id = ${messageId}`,
  );
const queued = (orderId: string) =>
  rows<{ kind: string; attempts: number; last_error: string | null }>(
    sql`select kind, attempts, last_error from mail_outbox where order_id = ${orderId} and kind like 'whatsapp%'`,
  );

describe("the confirmation request on WhatsApp", () => {
  it("sends one template message per order, with the order's details and both buttons", async () => {
    const { id, phone } = await order(2, { area: "dha phase 2", landmark: "Khayaban-e-Ittehad" }, { proven: true });
    const { message, token } = await requestOf(id);
    // Once the order's WhatsApp rows have left the outbox nothing more can be sent for it: count exactly.
    await until(
      () => queued(id),
      (found) => found.length === 0,
      "the request to leave the outbox",
    );
    expect(messagesFor(id)).toHaveLength(1);
    expect(token.startsWith(`${id}.`)).toBe(true);
    expect(message).toEqual({
      id: expect.stringMatching(/^wamid\./),
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: phone,
      type: "template",
      template: {
        name: "order_confirmation",
        language: { code: "en" },
        components: [
          {
            type: "body",
            parameters: [
              ADDRESS.fullName,
              orderNumber(id),
              `2 x ${product.name}, size ${size}`,
              formatRs(product.discountPrice * 2),
              `${ADDRESS.addressLine}, Near Khayaban-e-Ittehad, DHA Phase 2, Karachi ${ADDRESS.postalCode}`,
            ].map((text) => ({ type: "text", text })),
          },
          {
            type: "button",
            sub_type: "quick_reply",
            index: "0",
            parameters: [{ type: "payload", payload: `confirm:${token}` }],
          },
          {
            type: "button",
            sub_type: "quick_reply",
            index: "1",
            parameters: [{ type: "payload", payload: `cancel:${token}` }],
          },
        ],
      },
    });
    // The owner's history says it was asked on WhatsApp (and by e-mail, by the mail's own drainer).
    const history = await until(
      () => events(id),
      (found) => found.some((e) => e.channel === "whatsapp"),
      "the 'asked' line",
    );
    expect(history.filter((e) => e.channel === "whatsapp")).toEqual([{ kind: "asked", channel: "whatsapp" }]);
    expect(await queued(id)).toEqual([]);
  });

  it("keeps a message Meta failed to take, and sends it once when tried again", async () => {
    graph.failNext(1);
    const { id } = await order();
    const [row] = await until(
      () => queued(id),
      (found) => found.length === 1 && found[0]?.last_error !== null,
      "the failed send",
    );
    expect(row).toEqual({ kind: "whatsapp_confirm", attempts: 1, last_error: expect.stringContaining("131000") });
    expect(messagesFor(id)).toEqual([]);

    // The back-off has passed: the drainer's next poll sends it.
    await t.database.db.execute(sql`update mail_outbox set next_attempt_at = now() where order_id = ${id}`);
    await until(
      () => queued(id),
      (found) => found.length === 0,
      "the retried send",
    );
    expect(messagesFor(id)).toHaveLength(1);
    // The history is written after the batch's rows are settled: waited for, like the first test's.
    const history = await until(
      () => events(id),
      (found) => found.some((e) => e.channel === "whatsapp"),
      "the 'asked' line",
    );
    expect(history.filter((e) => e.channel === "whatsapp")).toEqual([{ kind: "asked", channel: "whatsapp" }]);
    // Decided (and counted against the daily limits) once, not once per try.
    expect(await rows(sql`select skipped from whatsapp_sends where order_id = ${id}`)).toEqual([{ skipped: false }]);
  });

  it("sends the reminder with the reminder template, and none for an order already answered", async () => {
    const waiting = await order();
    const answered = await order();
    await requestOf(waiting.id);
    await requestOf(answered.id);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/orders/${answered.id}/answer`,
      headers: answered.shopper.headers,
      payload: { action: "confirm" },
    });
    expect(res.statusCode, res.body).toBe(200);
    // What the sweep queues when the reminder is due.
    await t.database.db.execute(
      sql`insert into mail_outbox (kind, order_id) values ('whatsapp_reminder', ${waiting.id}), ('whatsapp_reminder', ${answered.id})`,
    );
    await until(
      async () => [...(await queued(waiting.id)), ...(await queued(answered.id))],
      (found) => found.length === 0,
      "the reminders",
    );
    expect(messagesFor(waiting.id).map((m) => m.template.name)).toEqual([
      "order_confirmation",
      "order_confirmation_reminder",
    ]);
    expect(messagesFor(answered.id).map((m) => m.template.name)).toEqual(["order_confirmation"]);
    const reminded = await until(
      () => events(waiting.id),
      (found) => found.some((e) => e.kind === "reminded"),
      "the 'reminded' line",
    );
    expect(reminded.filter((e) => e.kind === "reminded")).toEqual([{ kind: "reminded", channel: "whatsapp" }]);
    expect((await events(answered.id)).filter((e) => e.kind === "reminded")).toEqual([]);
  });

  it("reports Meta's refusal with its code: a wrong access token, a number that is not digits", async () => {
    const message: TemplateMessage = {
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: CUSTOMER,
      type: "template",
      template: {
        name: "order_confirmation",
        language: { code: "en" },
        components: [{ type: "body", parameters: [] }],
      },
    };
    const wrongToken = createGraphClient({ ...ACCOUNT, graphUrl: graph.url, accessToken: "EAAG-revoked" });
    await expect(wrongToken.send(message)).rejects.toMatchObject({ name: "GraphApiError", code: 190, status: 401 });
    const client = createGraphClient({ ...ACCOUNT, graphUrl: graph.url });
    const refused = await client.send({ ...message, to: "+92 300 1234567" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GraphApiError);
    expect(refused).toMatchObject({ code: 100, status: 400 });
  });
});

describe("the webhook's subscription check", () => {
  const check = (query: string) => t.app.inject({ method: "GET", url: `${WHATSAPP_WEBHOOK_PATH}?${query}` });

  it("answers the challenge to the right verify token", async () => {
    const res = await check(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toBe("1158201444");
  });

  it.each([
    ["a wrong token", "hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444"],
    ["no token", "hub.mode=subscribe&hub.challenge=1158201444"],
    ["another mode", `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`],
  ])("refuses %s with 403", async (_name, query) => {
    const res = await check(query);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: WHATSAPP_MESSAGES.verifyRefused });
  });
});

describe("a press on WhatsApp", () => {
  it("Confirm confirms the order, once however often Meta delivers it", async () => {
    const { id, shopper, phone } = await order();
    const { token } = await requestOf(id);
    const raw = press(`confirm:${token}`, { from: phone, id: "wamid.confirm-once" });
    for (let delivery = 0; delivery < 2; delivery++) {
      const res = await post(raw);
      expect(res.statusCode, res.body).toBe(200);
    }
    const now = await tracked(shopper, id);
    expect(now.status).toBe("confirm");
    expect(now.confirmation.answered?.via).toBe("whatsapp");
    expect(await inbound("wamid.confirm-once")).toEqual([{ outcome: "confirmed", order_id: id }]);
    expect((await events(id)).filter((e) => e.kind === "confirmed")).toEqual([
      { kind: "confirmed", channel: "whatsapp" },
    ]);
  });

  it("Cancel cancels and returns the stock exactly once, even delivered twice at the same moment", async () => {
    await setStock(t, product.id, size, 5);
    const { id, shopper, phone } = await order(2);
    expect(await stockOf(t, product.id, size)).toBe(3);
    const { token } = await requestOf(id);
    const raw = press(`cancel:${token}`, { from: phone, id: "wamid.cancel-twice" });
    const answers = await Promise.all([post(raw), post(raw)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await stockOf(t, product.id, size)).toBe(5);
    expect((await tracked(shopper, id)).status).toBe("cancelled");
    expect(await inbound("wamid.cancel-twice")).toEqual([{ outcome: "cancelled", order_id: id }]);

    // Another tap of Cancel (a new message), then of Confirm: nothing moves, nothing comes back twice.
    expect((await post(press(`cancel:${token}`, { from: phone, id: "wamid.cancel-again" }))).statusCode).toBe(200);
    expect((await post(press(`confirm:${token}`, { from: phone, id: "wamid.confirm-late" }))).statusCode).toBe(200);
    expect(await inbound("wamid.cancel-again")).toEqual([{ outcome: "already-answered", order_id: id }]);
    expect(await inbound("wamid.confirm-late")).toEqual([{ outcome: "too-late", order_id: id }]);
    expect(await stockOf(t, product.id, size)).toBe(5);
    expect((await tracked(shopper, id)).status).toBe("cancelled");
    expect((await events(id)).filter((e) => e.kind === "cancelled")).toEqual([
      { kind: "cancelled", channel: "whatsapp" },
    ]);
    await setStock(t, product.id, size, 100);
  });

  it("an interactive reply button's id works as a template button's payload", async () => {
    const { id, shopper, phone } = await order();
    const { token } = await requestOf(id);
    const raw = event({
      messages: [
        {
          from: phone,
          id: "wamid.interactive",
          timestamp: "1739321024",
          type: "interactive",
          interactive: { type: "button_reply", button_reply: { id: `confirm:${token}`, title: "Confirm" } },
        },
      ],
    });
    expect((await post(raw)).statusCode).toBe(200);
    expect((await tracked(shopper, id)).status).toBe("confirm");
  });

  it("a forged or missing signature is refused with 401 and changes nothing", async () => {
    const { id, shopper, phone } = await order();
    const { token } = await requestOf(id);
    const raw = press(`cancel:${token}`, { from: phone, id: "wamid.forged" });
    for (const signature of [sign(raw, "not-the-app-secret"), sign(`${raw} `), "sha256=abc", null]) {
      const res = await post(raw, signature);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: WHATSAPP_MESSAGES.signatureRefused });
    }
    expect((await tracked(shopper, id)).status).toBe("pending");
    expect(await inbound("wamid.forged")).toEqual([]);
  });

  it("malformed JSON with a valid signature is a 400, and a body too large a 413", async () => {
    const raw = '{"object": "whatsapp_business_account", "entry": [';
    const res = await post(raw);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: WHATSAPP_MESSAGES.notJson });
    // Meta's events are a few kilobytes: a body past 256 KB is refused before anything reads it.
    const huge = event({ messages: [], padding: "x".repeat(300 * 1024) });
    expect((await post(huge)).statusCode).toBe(413);
  });

  it("acknowledges and ignores presses for no order, with a forged or expired token, or from another phone", async () => {
    const { id, shopper, phone } = await order();
    const { token } = await requestOf(id);
    const links = createConfirmationLinks(t.database.db, { publicUrl: t.config.publicUrl });
    const [orderId, expires, mac] = token.split(".");
    const forged = `${orderId}.${expires}.${(mac as string).startsWith("A") ? "B" : "A"}${(mac as string).slice(1)}`;
    const presses = {
      "wamid.no-order": press(`cancel:${await links.tokenFor(randomUUID(), new Date())}`, {
        from: phone,
        id: "wamid.no-order",
      }),
      "wamid.forged-token": press(`cancel:${forged}`, { from: phone, id: "wamid.forged-token" }),
      "wamid.expired": press(`cancel:${await links.tokenFor(id, new Date(Date.now() - 15 * 86_400_000))}`, {
        from: phone,
        id: "wamid.expired",
      }),
      "wamid.other-phone": press(`cancel:${token}`, { id: "wamid.other-phone", from: "923331234567" }),
    };
    for (const raw of Object.values(presses)) {
      const res = await post(raw);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await inbound("wamid.no-order")).toEqual([{ outcome: "unknown", order_id: null }]);
    expect(await inbound("wamid.forged-token")).toEqual([{ outcome: "unknown", order_id: null }]);
    expect(await inbound("wamid.expired")).toEqual([{ outcome: "unknown", order_id: null }]);
    expect(await inbound("wamid.other-phone")).toEqual([{ outcome: "wrong-sender", order_id: id }]);

    // Delivery statuses, a typed reply and another template's button: acknowledged, nothing kept.
    const others = [
      event({
        statuses: [{ id: "wamid.request", status: "delivered", timestamp: "1750857384", recipient_id: CUSTOMER }],
      }),
      event({ messages: [{ from: phone, id: "wamid.text", timestamp: "1", type: "text", text: { body: "YES" } }] }),
      press("promo:unsubscribe", { from: phone, id: "wamid.promo" }),
      JSON.stringify({ object: "whatsapp_business_account", entry: "not a list" }),
    ];
    for (const raw of others) expect((await post(raw)).statusCode).toBe(200);
    expect(await inbound("wamid.text")).toEqual([]);
    expect(await inbound("wamid.promo")).toEqual([]);
    expect((await tracked(shopper, id)).status).toBe("pending");
  });
});

describe("a shop without WhatsApp", () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ env: { CONFIRMATION_SWEEP_SECONDS: "0" } });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it("places orders, queues nothing for WhatsApp, and answers 404 on the webhook", async () => {
    const [bareProduct] = (await products(bare, 1)) as [TestProduct];
    const bareSize = bareProduct.sizes[0] as number;
    await setStock(bare, bareProduct.id, bareSize, 10);
    const shopper = await makeShopper(bare);
    const res = await placeOrder(
      bare,
      shopper,
      orderBody(shopper, [{ product: bareProduct, size: bareSize, quantity: 1 }]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const whatsappRows = await selectRowsAsserted<{ n: number }>(
      bare.database.db,
      sql`select count(*)::int as n from mail_outbox where kind like 'whatsapp%'`,
    );
    expect(whatsappRows).toEqual([{ n: 0 }]);

    const check = await bare.app.inject({
      method: "GET",
      url: `${WHATSAPP_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`,
    });
    const raw = press("confirm:whatever-token-of-twenty-chars", { from: CUSTOMER });
    for (const answer of [check, await post(raw, sign(raw), bare), await post("not json", null, bare)]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: WHATSAPP_MESSAGES.notSetUp });
    }
  });
});
