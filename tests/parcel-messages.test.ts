// Issue 53, "The parcel's way, told": dispatched, out for delivery and delivered, by mail and (when the
// shop has WhatsApp) by the owner's utility templates, each once and in order, through the outbox;
// the cash in the 'out for delivery' message is what the rider collects after an advance; two syncs,
// two instances and a status file with the same word tell nobody twice; 'STOP' to the shop's number
// and the signed link turn WhatsApp updates off while the mails still come. Real database, the real
// HTTP layer, Trax's and Meta's stand-ins (tests/support/couriers/trax-stand-in.ts, graph-stand-in.ts).
import { randomBytes, randomUUID } from "node:crypto";
import { copyFile, mkdir, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { BookingAnswer } from "#shared/courier-api.ts";
import type { ImportResult } from "#shared/courier-imports.ts";
import { formatRs } from "#shared/money.ts";
import { type Order, orderNumber } from "#shared/orders.ts";
import type { RiskRule } from "#shared/risk-rules.ts";
import { WHATSAPP_UPDATES_MESSAGES, type WhatsAppUpdatesView } from "#shared/whatsapp-updates.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { startTraxStandIn, type TraxStandIn } from "./support/couriers/trax-stand-in.ts";
import { type Deliveries, deliveries } from "./support/deliveries.ts";
import { type GraphStandIn, startGraphStandIn } from "./support/graph-stand-in.ts";
import { anotherInstance, type Instance } from "./support/instances.ts";
import {
  ADDRESS,
  makeShopper,
  orderBody,
  placeOrder,
  products,
  type Shopper,
  setStock,
  type TestProduct,
} from "./support/shoppers.ts";
import { allMailsSent, until } from "./support/wait.ts";
import { ACCOUNT, event, freshMobile, postEvent, variablesOf, whatsappEnv } from "./support/whatsapp.ts";

const ENV = {
  COURIER_CREDENTIALS_KEY: randomBytes(32).toString("base64"),
  COURIER_SYNC_SECONDS: "0",
  COURIER_TIMEOUT_SECONDS: "2",
};
const ADVANCE = 1000;
const AREA = "Saddar";
const TEMPLATES = ["parcel_dispatched", "parcel_out_for_delivery", "parcel_delivered"];

let t: TestApp;
let trax: TraxStandIn;
let graph: GraphStandIn;
let admin: Shopper & { username: string };
let product: TestProduct;
let parcels: Deliveries;
let traxId: string;
/** Every live instance's data folder: a mail may leave from any of them. */
const dataDirs: string[] = [];

beforeAll(async () => {
  trax = await startTraxStandIn();
  graph = await startGraphStandIn(ACCOUNT);
  t = await createTestApp({ env: { ...ENV, ...whatsappEnv(graph) } });
  dataDirs.push(t.config.dataDir);
  admin = await makeAdmin(t);
  [product] = (await products(t, 1)) as [TestProduct];
  for (const size of product.sizes) await setStock(t, product.id, size, 500);
  parcels = await deliveries(t, admin, product);
  traxId = parcels.courier("Trax");
  const saved = await call(t, admin, "PUT", `/api/admin/couriers/${traxId}/api`, {
    api: "trax",
    host: "custom",
    baseUrl: trax.url,
    credentials: { apiKey: trax.apiKey, pickupAddressId: "3015", email: "orders@shoeshop.pk" },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const rule = { name: "Advance in Saddar", condition: { kind: "areas", areas: [AREA] } };
  const made = await call(t, admin, "POST", "/api/admin/risk-rules", {
    ...rule,
    action: { kind: "advance", amount: ADVANCE },
  });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json<RiskRule>()._id;
  const on = await call(t, admin, "PUT", `/api/admin/risk-rules/${id}`, {
    ...rule,
    action: { kind: "advance", amount: ADVANCE },
    enabled: true,
  });
  expect(on.statusCode, on.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await trax?.close();
  await graph?.close();
});

/** A confirmed order with a number of its own; in Saddar it owed an advance, paid (verified by the owner). */
async function confirmedOrder(options: { advance?: boolean } = {}): Promise<{ order: Order; wa: string }> {
  const shopper = await makeShopper(t);
  const phone = freshMobile();
  const res = await placeOrder(
    t,
    shopper,
    orderBody(shopper, [{ product, size: product.sizes[0] as number, quantity: 1 }], {
      shippingAddress: {
        ...ADDRESS,
        email: shopper.email,
        phoneNumber: phone.typed,
        ...(options.advance ? { area: AREA } : {}),
      },
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<Order>();
  const confirm = options.advance
    ? await call(t, admin, "POST", `/api/admin/orders/${order._id}/advance/verify`)
    : await call(t, admin, "POST", `/api/admin/orders/${order._id}/status`, { status: "confirm" });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { order: { ...order, shippingAddress: { ...order.shippingAddress, email: shopper.email } }, wa: phone.wa };
}

async function bookWithTrax(order: Order, via: TestApp | Instance = t): Promise<string> {
  const res = await via.app.inject({
    method: "POST",
    url: `/api/admin/orders/${order._id}/book`,
    headers: admin.headers,
    payload: { courierId: traxId },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [result] = res.json<BookingAnswer>().results;
  if (!result?.ok) throw new Error(`not booked: ${res.body}`);
  // A parcel is booked hours before its rider sets out: its 'on its way' mail has left by then. (Two
  // instances' senders, each holding one of a customer's mails at once, keep no order between them.)
  await allMailsSent(t.database.db);
  return result.trackingNumber;
}

async function sync(via: TestApp | Instance = t) {
  await t.database.db.execute(sql`update courier_accounts set next_sync_at = now() - interval '1 second'`);
  const res = await via.app.inject({ method: "POST", url: "/api/admin/couriers/sync", headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ synced: { error: string | null }[]; told: number }>();
}

/** Before another instance closes (its folder goes): its sent mails, kept with the first's, names and all. */
async function keepMails(instance: Instance): Promise<void> {
  const from = path.join(instance.config.dataDir, "outbox");
  const to = path.join(t.config.dataDir, "outbox");
  await mkdir(to, { recursive: true });
  for (const name of await readdir(from).catch(() => [] as string[]))
    if (name.endsWith(".eml")) await copyFile(path.join(from, name), path.join(to, name));
}

/** The mails to `to` from every instance, oldest first (their files are named by the moment they left). */
async function mailsTo(to: string): Promise<string[]> {
  const files: { name: string; file: string }[] = [];
  for (const dir of dataDirs) {
    const outbox = path.join(dir, "outbox");
    for (const name of await readdir(outbox).catch(() => [] as string[]))
      if (name.endsWith(".eml")) files.push({ name, file: path.join(outbox, name) });
  }
  files.sort((a, b) => a.name.localeCompare(b.name));
  const decoded = await Promise.all(
    files.map(async ({ file }) =>
      (await readFile(file, "utf8"))
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    ),
  );
  return decoded.filter((mail) => mail.includes(`To: ${to}`));
}

/** The line a parcel mail carries when the shop has WhatsApp and the order a mobile; its token. */
const STOP_LINE = /To stop WhatsApp updates about your parcels: \S+\/whatsapp-updates\?token=([\w.-]+)/;

const subjectsTo = async (to: string, ref: string) =>
  (await mailsTo(to)).flatMap((mail) => {
    const subject = new RegExp(
      `^Subject: Your order ${ref} at .+? (is on its way|is out for delivery|was delivered)`,
      "m",
    );
    return subject.exec(mail)?.[1] ?? [];
  });

/** The parcel messages WhatsApp accepted for this order, in the order they were sent. */
const parcelMessages = (order: Order) =>
  graph.accepted.filter((m) => TEMPLATES.includes(m.template.name) && variablesOf(m)[0] === orderNumber(order._id));

const waitForTemplates = (order: Order, names: string[]) =>
  until(
    async () => parcelMessages(order).map((m) => m.template.name),
    (sent) => names.every((name) => sent.includes(name)),
    `WhatsApp ${names.join(", ")} for ${orderNumber(order._id)}`,
  );

/** Waits until nothing of these orders (or kinds) is left in the outbox, mails and WhatsApp alike. */
const outboxEmpty = () =>
  until(
    async () =>
      (await selectRowsAsserted<{ n: number }>(t.database.db, sql`select count(*)::int as n from mail_outbox`))[0]?.n,
    (n) => n === 0,
    "the outbox to be empty",
  );

describe("one parcel's way", () => {
  it("is told dispatched, out for delivery and delivered, each once and in order, by mail and WhatsApp; the cash after the advance", async () => {
    const { order } = await confirmedOrder({ advance: true });
    const due = order.totalAmount - ADVANCE;
    expect(due).toBeGreaterThan(0);
    const trackingNumber = await bookWithTrax(order);
    await waitForTemplates(order, ["parcel_dispatched"]);

    // Out for delivery, seen by two instances at once and by a second sync: told once.
    trax.setStatus(trackingNumber, "Shipment - Out for Delivery");
    const other = await anotherInstance(t, { ...ENV, ...whatsappEnv(graph) });
    dataDirs.push(other.config.dataDir);
    try {
      const [one, two] = await Promise.all([sync(), sync(other)]);
      expect(one.told + two.told).toBe(1);
      expect((await sync(other)).told).toBe(0);
      expect((await sync()).told).toBe(0);
      await waitForTemplates(order, ["parcel_out_for_delivery"]);
      await allMailsSent(t.database.db);
    } finally {
      await keepMails(other);
      await other.close();
    }
    const [row] = await selectRowsAsserted<{ told: boolean; status: string }>(
      t.database.db,
      sql`select p.out_for_delivery_at is not null as told, o.status
          from parcels p join orders o on o.id = p.order_id where p.order_id = ${order._id}`,
    );
    expect(row).toEqual({ told: true, status: "dispatched" });

    trax.setStatus(trackingNumber, "Shipment - Delivered");
    await sync();
    await waitForTemplates(order, TEMPLATES);
    await outboxEmpty();

    const ref = orderNumber(order._id);
    const email = order.shippingAddress.email;
    expect(await subjectsTo(email, ref)).toEqual(["is on its way", "is out for delivery", "was delivered"]);
    const mails = await mailsTo(email);
    const out = mails.find((m) => m.includes("is out for delivery")) ?? "";
    expect(out).toContain(`Please keep ${formatRs(due)} ready for the rider.`);
    expect(out).not.toContain(formatRs(order.totalAmount));
    expect(out).toContain(`Track Your Order: ${t.config.publicUrl}/TrackOrder`);
    expect(out).toMatch(STOP_LINE);
    const delivered = mails.find((m) => m.includes("was delivered")) ?? "";
    expect(delivered).toMatch(/Ask for an exchange from Track Your Order by \d{1,2} \w{3} \d{4}\./);
    expect(delivered).toContain(`Track Your Order: ${t.config.publicUrl}/TrackOrder`);
    // The dispatched and delivered mails carry the same way to stop WhatsApp updates, text and HTML.
    const onItsWay = mails.find((m) => m.includes("is on its way")) ?? "";
    for (const mail of [onItsWay, delivered]) {
      expect(mail).toMatch(STOP_LINE);
      expect(mail).toMatch(
        /<a href="[^"]+\/whatsapp-updates\?token=[^"]+">Stop WhatsApp updates about your parcels<\/a>/,
      );
    }
    // Each link is the order's own: it opens the stop page for this order's number.
    const tokens = [onItsWay, out, delivered].map((mail) => STOP_LINE.exec(mail)?.[1]);
    for (const token of new Set(tokens)) {
      const read = await t.app.inject({ url: `/api/whatsapp-updates?token=${token}` });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json<WhatsAppUpdatesView>().order).toBe(ref);
    }

    // WhatsApp: each step once, in order, with the shop's own words and values only.
    const sent = parcelMessages(order);
    expect(sent.map((m) => m.template.name)).toEqual(TEMPLATES);
    const [dispatched, outForDelivery, done] = sent.map(variablesOf);
    expect(dispatched?.slice(0, 2)).toEqual([ref, "Trax"]);
    expect(outForDelivery?.slice(0, 3)).toEqual([ref, "Trax", `Please keep ${formatRs(due)} ready for the rider.`]);
    expect(done?.[1]).toMatch(/^\d{1,2} \w{3} \d{4}$/);
    expect(done?.[2]).toBe(`${t.config.publicUrl}/TrackOrder`);
    for (const variables of [dispatched, outForDelivery, done])
      expect(variables?.at(-1)).toMatch(/whatsapp-updates\?token=/);
    const said = JSON.stringify(sent);
    expect(said).not.toContain(ADDRESS.fullName);
    expect(said).not.toContain("Dolmen");
  });

  it("a status file with the same word tells nobody again", async () => {
    const { order, trackingNumber } = await parcels.dispatched("TCS");
    if (!order.shippingAddress.email || !trackingNumber) throw new Error("no parcel");
    await allMailsSent(t.database.db);
    const statusFile = (words: string, remark: string) =>
      call(t, admin, "POST", `/api/admin/couriers/${parcels.courier("TCS")}/imports`, {
        kind: "status",
        csv: `CN Number,Current Status,Remarks\r\n${trackingNumber},${words},${remark}`,
        apply: true,
      });
    const first = await statusFile("Out for Delivery", "Rider Asif");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ImportResult>().lines.map((l) => l.outcome)).toEqual(["outForDelivery"]);
    const again = await statusFile("Assigned to Courier", "Rider Asif, route 7");
    expect(again.statusCode, again.body).toBe(200);
    const [line] = again.json<ImportResult>().lines;
    expect(line).toMatchObject({
      outcome: "already",
      message: "“Assigned to Courier”: the customer was already told.",
    });
    await outboxEmpty();
    const email = (
      await selectRowsAsserted<{ email: string }>(
        t.database.db,
        sql`select u.email from orders o join users u on u.id = o.user_id where o.id = ${order._id}`,
      )
    )[0]?.email;
    expect(await subjectsTo(email ?? "", orderNumber(order._id))).toEqual(["is on its way", "is out for delivery"]);
    expect(parcelMessages(order).map((m) => m.template.name)).toEqual(["parcel_dispatched", "parcel_out_for_delivery"]);
  });
});

describe("WhatsApp updates turned off", () => {
  const stopReply = (from: string, body: string) =>
    event({
      contacts: [{ profile: { name: "Ayesha" }, wa_id: from }],
      messages: [
        { from, id: `wamid.${randomBytes(8).toString("hex")}`, timestamp: "1700000000", type: "text", text: { body } },
      ],
    });

  it("by replying STOP: the mails still come, WhatsApp stops", async () => {
    const { order, wa } = await confirmedOrder();
    const res = await postEvent(t, stopReply(wa, " Stop "));
    expect(res.statusCode, res.body).toBe(200);
    const trackingNumber = await bookWithTrax(order);
    trax.setStatus(trackingNumber, "Shipment - Out for Delivery");
    expect((await sync()).told).toBe(1);
    await outboxEmpty();
    const ref = orderNumber(order._id);
    expect(await subjectsTo(order.shippingAddress.email, ref)).toEqual(["is on its way", "is out for delivery"]);
    expect(parcelMessages(order)).toEqual([]);

    // START turns them on again: the delivery goes on WhatsApp.
    expect((await postEvent(t, stopReply(wa, "START"))).statusCode).toBe(200);
    trax.setStatus(trackingNumber, "Shipment - Delivered");
    await sync();
    await waitForTemplates(order, ["parcel_delivered"]);
  });

  it("after a STOP the failed-delivery question still goes on WhatsApp: it is how the parcel is saved", async () => {
    const { order, wa } = await confirmedOrder();
    expect((await postEvent(t, stopReply(wa, "STOP"))).statusCode).toBe(200);
    const trackingNumber = await bookWithTrax(order);
    trax.setStatus(trackingNumber, "Shipment - Delivery Unsuccessful", "Consignee not available");
    await sync();
    const ref = orderNumber(order._id);
    const asked = await until(
      async () =>
        graph.accepted.filter((m) => m.template.name === "delivery_attempt_failed" && variablesOf(m)[0] === ref),
      (sent) => sent.length > 0,
      `the failed-delivery question for ${ref} on WhatsApp`,
    );
    expect(asked.map((m) => m.to)).toEqual([wa]);
    await outboxEmpty();
    // The updates themselves stay off.
    expect(parcelMessages(order)).toEqual([]);
  });

  it("by the signed link: the page says so; a bad token or body is a clear 4xx", async () => {
    const { order } = await confirmedOrder();
    const trackingNumber = await bookWithTrax(order);
    trax.setStatus(trackingNumber, "Shipment - Out for Delivery");
    await sync();
    await waitForTemplates(order, ["parcel_dispatched", "parcel_out_for_delivery"]);
    await outboxEmpty();
    const mail = (await mailsTo(order.shippingAddress.email)).find((m) => m.includes("is out for delivery")) ?? "";
    const token = /whatsapp-updates\?token=([\w.-]+)/.exec(mail)?.[1] ?? "";
    expect(token).not.toBe("");

    const read = await t.app.inject({ url: `/api/whatsapp-updates?token=${token}` });
    expect(read.statusCode, read.body).toBe(200);
    const ending = order.shippingAddress.phoneNumber.slice(-4);
    expect(read.json<WhatsAppUpdatesView>()).toEqual({
      order: orderNumber(order._id),
      phoneEnding: ending,
      stopped: false,
      message: null,
    });

    const stop = (payload: unknown) =>
      t.app.inject({ method: "POST", url: "/api/whatsapp-updates/stop", payload: payload as object });
    for (const [payload, status] of [
      [{}, 400],
      [{ token, extra: 1 }, 400],
      [{ token: 42 }, 400],
      [{ token: `${token.slice(0, -3)}abc` }, 404],
      [{ token: `${randomUUID()}.${"x".repeat(22)}` }, 404],
    ] as const) {
      const res = await stop(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(/\w/);
    }
    expect((await t.app.inject({ url: "/api/whatsapp-updates" })).statusCode).toBe(400);

    const stopped = await stop({ token });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json<WhatsAppUpdatesView>()).toMatchObject({
      stopped: true,
      message: WHATSAPP_UPDATES_MESSAGES.stopped(ending),
    });
    // Its words say exactly what stops, and that the failed-delivery question still comes.
    const said = stopped.json<WhatsAppUpdatesView>().message ?? "";
    expect(said).toContain("(on its way, out for delivery, delivered, and the ask to review your pairs)");
    expect(said).toContain("if a courier could not deliver a parcel (so that it is not sent back)");
    expect((await stop({ token })).json<WhatsAppUpdatesView>().message).toBe(
      WHATSAPP_UPDATES_MESSAGES.alreadyStopped(ending),
    );

    trax.setStatus(trackingNumber, "Shipment - Delivered");
    await sync();
    await outboxEmpty();
    expect(await subjectsTo(order.shippingAddress.email, orderNumber(order._id))).toContain("was delivered");
    expect(parcelMessages(order).map((m) => m.template.name)).toEqual(["parcel_dispatched", "parcel_out_for_delivery"]);
  });
});

describe("a shop without WhatsApp", () => {
  it("sends the mails and queues no WhatsApp message", async () => {
    const plain = await anotherInstance(t, ENV);
    dataDirs.push(plain.config.dataDir);
    try {
      const { order } = await confirmedOrder();
      const trackingNumber = await bookWithTrax(order, plain);
      trax.setStatus(trackingNumber, "Shipment - Out for Delivery");
      expect((await sync(plain)).told).toBe(1);
      const queued = await selectRowsAsserted<{ kind: string }>(
        t.database.db,
        sql`select kind from mail_outbox where order_id = ${order._id}`,
      );
      expect(queued.filter((r) => /parcel|out_for_delivery/.test(r.kind))).toEqual([]);
      await outboxEmpty();
      expect(await subjectsTo(order.shippingAddress.email, orderNumber(order._id))).toEqual([
        "is on its way",
        "is out for delivery",
      ]);
      trax.setStatus(trackingNumber, "Shipment - Delivered");
      await sync(plain);
      await outboxEmpty();
      const mails = await mailsTo(order.shippingAddress.email);
      expect(await subjectsTo(order.shippingAddress.email, orderNumber(order._id))).toContain("was delivered");
      // No stop line in any of them: on its way, out for delivery, delivered (and the order's own).
      for (const mail of mails) expect(mail).not.toContain("whatsapp-updates");
      expect(parcelMessages(order)).toEqual([]);
    } finally {
      await keepMails(plain);
      await plain.close();
    }
  });
});

describe("an order whose phone is no mobile", () => {
  it("gets its parcel mails with no stop line: there is nothing on WhatsApp to stop", async () => {
    const { order } = await confirmedOrder();
    // An order kept from before the checkout took only mobiles: a landline.
    await t.database.db.execute(sql`update orders set phone_number = '021 35871234' where id = ${order._id}`);
    const tracking = `KHI${randomBytes(4).readUInt32BE()}`;
    const dispatched = await call(t, admin, "POST", `/api/admin/orders/${order._id}/dispatch`, {
      courierId: parcels.courier("TCS"),
      trackingNumber: tracking,
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    const file = await call(t, admin, "POST", `/api/admin/couriers/${parcels.courier("TCS")}/imports`, {
      kind: "status",
      csv: `CN Number,Current Status\r\n${tracking},Out for Delivery`,
      apply: true,
    });
    expect(file.statusCode, file.body).toBe(200);
    const delivered = await call(t, admin, "POST", `/api/admin/orders/${order._id}/status`, { status: "delivered" });
    expect(delivered.statusCode, delivered.body).toBe(200);
    await outboxEmpty();
    const email = order.shippingAddress.email;
    expect(await subjectsTo(email, orderNumber(order._id))).toEqual([
      "is on its way",
      "is out for delivery",
      "was delivered",
    ]);
    for (const mail of await mailsTo(email)) expect(mail).not.toContain("whatsapp-updates");
  });
});
