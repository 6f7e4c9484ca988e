// Issue 45, finding 2 and the low on matching (docs/decisions/024, "Phones"): anyone can type
// someone else's mobile at checkout, so until that phone has shown it belongs to the account's
// customer (a Confirm press on WhatsApp from that very number), the shop's WhatsApp messages to it
// carry only the shop's words, the items and the amount, never the typed name or address; a phone
// gets only a few such messages a day and an account only so many in all, however many orders are
// placed and cancelled; and a press counts only from the order's whole number (+1 345 123 4567 is
// not 0345 1234567). Over real HTTP, against the Graph API stand-in (tests/support/graph-stand-in.ts).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WHATSAPP_DAILY_LIMITS } from "#server/confirmation/whatsapp-phones.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { formatRs } from "#shared/money.ts";
import { type Order, orderNumber } from "#shared/orders.ts";
import { mobileE164 } from "#shared/phone.ts";
import { mailsTo } from "./support/accounts.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { type GraphStandIn, startGraphStandIn } from "./support/graph-stand-in.ts";
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
import { until } from "./support/wait.ts";
import { ACCOUNT, freshMobile, payloadsOf, postEvent, press, variablesOf, whatsappEnv } from "./support/whatsapp.ts";

let graph: GraphStandIn;
let t: TestApp;
let product: TestProduct;
let size: number;

beforeAll(async () => {
  graph = await startGraphStandIn(ACCOUNT);
  t = await createTestApp({ env: whatsappEnv(graph) });
  [product] = (await products(t, 1)) as [TestProduct];
  size = product.sizes[0] as number;
  await setStock(t, product.id, size, 500);
});
afterAll(async () => {
  await t?.close();
  await graph?.close();
});

/** What the tester typed into the order, to reach the victim's WhatsApp under the shop's name. */
const HOSTILE = {
  fullName: "Your account is suspended - call 03111234567",
  addressLine: "Verify at http://karachi-shoes.example.com/unlock or call 03111234567",
  area: "DHA Phase 2",
  landmark: "Do not ignore this - call 03111234567 today",
};
const HOSTILE_WORDS = ["suspended", "03111234567", "http://", "unlock", "Do not ignore"];

/** A new account, its e-mail unproven, as the tester's was. */
const newAccount = () => makeShopper(t, { proven: false });

async function order(shopper: Shopper, phone: string, address: Record<string, string> = HOSTILE) {
  const res = await placeOrder(
    t,
    shopper,
    orderBody(shopper, [{ product, size, quantity: 1 }], {
      shippingAddress: { ...ADDRESS, email: shopper.email, ...address, phoneNumber: phone },
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>()._id;
}

const rows = <R>(query: ReturnType<typeof sql>) => selectRowsAsserted<R>(t.database.db, query);

/** Until the order's WhatsApp request has left the outbox: sent, or skipped for a limit. */
const settled = (orderId: string) =>
  until(
    () =>
      rows<{ n: number }>(
        sql`select count(*)::int as n from mail_outbox where order_id = ${orderId} and kind like 'whatsapp%'`,
      ),
    (found) => found[0]?.n === 0,
    "the WhatsApp request to leave the outbox",
  );

const messagesFor = (orderId: string) => graph.accepted.filter((m) => payloadsOf(m).some((p) => p.includes(orderId)));
const messagesTo = (wa: string) => graph.accepted.filter((m) => m.to === wa);

/** The order's request, once sent, and the token its buttons carry. */
async function requestOf(orderId: string) {
  await settled(orderId);
  const [message] = messagesFor(orderId);
  if (!message) throw new Error("no WhatsApp request was sent for the order");
  return { message, token: payloadsOf(message)[0]?.replace(/^confirm:/, "") ?? "" };
}

const skippedEvents = (orderId: string) =>
  rows<{ kind: string; channel: string }>(
    sql`select kind, channel from order_confirmation_events where order_id = ${orderId} and kind = 'skipped'`,
  );
const outcomeOf = async (messageId: string) =>
  (await rows<{ outcome: string }>(sql`select outcome from whatsapp_inbound where message_id = ${messageId}`))[0]
    ?.outcome;
const statusOf = async (orderId: string) =>
  (await rows<{ status: string }>(sql`select status from orders where id = ${orderId}`))[0]?.status;

async function cancel(shopper: Shopper, orderId: string) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/orders/${orderId}/answer`,
    headers: shopper.headers,
    payload: { action: "cancel" },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A mail to `to` about the order: the e-mail goes whatever WhatsApp did. */
const orderMailTo = (to: string, orderId: string) =>
  until(
    () => mailsTo(t, to),
    (mails) => mails.some((mail) => mail.includes(orderNumber(orderId))),
    `the order mail of ${orderNumber(orderId)}`,
  );

describe("a phone nobody has proven", () => {
  it("gets the shop's words, the items and the amount, and none of the text typed into the order", async () => {
    const victim = freshMobile();
    const tester = await newAccount();
    const id = await order(tester, victim.typed);
    const { message } = await requestOf(id);
    expect(message.to).toBe(victim.wa);
    expect(variablesOf(message)).toEqual([
      "customer",
      orderNumber(id),
      `1 x ${product.name}, size ${size}`,
      formatRs(product.discountPrice),
      "the address given with the order",
    ]);
    const sent = JSON.stringify(message);
    for (const word of HOSTILE_WORDS) expect(sent).not.toContain(word);
    // Both buttons still come: a press is how the phone proves itself.
    expect(payloadsOf(message).map((p) => p.split(":")[0])).toEqual(["confirm", "cancel"]);
  });

  it("after a Confirm press from that phone, the account's next order's message carries the name and address", async () => {
    const customer = freshMobile();
    const shopper = await newAccount();
    const mine = { fullName: "Sana Baloch", addressLine: "Flat 3, Block 7, Gulshan-e-Iqbal", area: "DHA Phase 2" };
    const first = await order(shopper, customer.typed, mine);
    const { message, token } = await requestOf(first);
    expect(variablesOf(message)[0]).toBe("customer");

    const pressed = "wamid.proves-the-phone";
    expect((await postEvent(t, press(`confirm:${token}`, customer.wa, pressed))).statusCode).toBe(200);
    expect(await outcomeOf(pressed)).toBe("confirmed");
    expect(await rows(sql`select phone from proven_phones where user_id = ${shopper.id}`)).toEqual([
      { phone: `+${customer.wa}` },
    ]);

    const second = await order(shopper, customer.typed, mine);
    const next = (await requestOf(second)).message;
    expect(variablesOf(next)[0]).toBe("Sana Baloch");
    expect(variablesOf(next)[4]).toContain("Flat 3, Block 7, Gulshan-e-Iqbal");

    // Proven for that account only: another account typing the same number is back to the shop's words.
    const stranger = await newAccount();
    const theirs = await order(stranger, customer.typed);
    expect(variablesOf((await requestOf(theirs)).message)[0]).toBe("customer");
  });

  it("a Cancel press proves nothing: a stranger's natural answer must not unlock the next message", async () => {
    const victim = freshMobile();
    const tester = await newAccount();
    const first = await order(tester, victim.typed);
    const { token } = await requestOf(first);
    const pressed = "wamid.cancel-proves-nothing";
    expect((await postEvent(t, press(`cancel:${token}`, victim.wa, pressed))).statusCode).toBe(200);
    expect(await outcomeOf(pressed)).toBe("cancelled");
    expect(await rows(sql`select phone from proven_phones where user_id = ${tester.id}`)).toEqual([]);
    const second = await order(tester, victim.typed);
    expect(variablesOf((await requestOf(second)).message)[0]).toBe("customer");
  });
});

describe("the daily limits", () => {
  it("10 orders placed and cancelled for one victim phone send it at most the phone's limit; the e-mails still go", async () => {
    const victim = freshMobile();
    const tester = await newAccount();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const id = await order(tester, victim.typed);
      // The worst case for the victim: each request has gone (or been refused) before the cancel.
      await settled(id);
      await cancel(tester, id);
      ids.push(id);
    }
    const limit = WHATSAPP_DAILY_LIMITS.unprovenPhone;
    expect(messagesTo(victim.wa)).toHaveLength(limit);
    expect(ids.filter((id) => messagesFor(id).length > 0)).toEqual(ids.slice(0, limit));
    // The owner's history says which were not sent; every order's e-mail went to the account.
    for (const id of ids.slice(limit))
      expect(await skippedEvents(id)).toEqual([{ kind: "skipped", channel: "whatsapp" }]);
    for (const id of ids.slice(0, limit)) expect(await skippedEvents(id)).toEqual([]);
    for (const id of ids) await orderMailTo(tester.email, id);

    // Another account does not start the phone's count again, nor does a reminder slip past it.
    const other = await newAccount();
    const more = await order(other, victim.typed);
    await settled(more);
    await t.database.db.execute(sql`insert into mail_outbox (kind, order_id) values ('whatsapp_reminder', ${more})`);
    await settled(more);
    expect(messagesTo(victim.wa)).toHaveLength(limit);
    expect(await skippedEvents(more)).toHaveLength(2);
  });

  it("one account gets at most its limit a day, spread over any number of phones", async () => {
    const tester = await newAccount();
    const limit = WHATSAPP_DAILY_LIMITS.account;
    const phones = Array.from({ length: limit + 2 }, freshMobile);
    const ids: string[] = [];
    for (const phone of phones) {
      const id = await order(tester, phone.typed);
      await settled(id);
      await cancel(tester, id);
      ids.push(id);
    }
    expect(ids.filter((id) => messagesFor(id).length > 0)).toEqual(ids.slice(0, limit));
    for (const id of ids.slice(limit)) expect(await skippedEvents(id)).toHaveLength(1);
  });

  it("a proven phone is not held to the unproven phone's limit", async () => {
    const customer = freshMobile();
    const shopper = await newAccount();
    const first = await order(shopper, customer.typed, { fullName: "Sana Baloch" });
    const { token } = await requestOf(first);
    await postEvent(t, press(`confirm:${token}`, customer.wa));
    expect(await statusOf(first)).toBe("confirm");
    const ids: string[] = [];
    for (let i = 0; i < WHATSAPP_DAILY_LIMITS.unprovenPhone + 1; i++) {
      const id = await order(shopper, customer.typed, { fullName: "Sana Baloch" });
      await settled(id);
      await cancel(shopper, id);
      ids.push(id);
    }
    expect(ids.filter((id) => messagesFor(id).length > 0)).toEqual(ids);
  });
});

describe("a press matches the order's whole number", () => {
  it("reads every way a Pakistani mobile is typed as one number, and no other country's", () => {
    for (const typed of ["0345 1234567", "03451234567", "+92 345 1234567", "923451234567", "0092-345-1234567"]) {
      expect(mobileE164(typed), typed).toBe("+923451234567");
    }
    expect(mobileE164("+1 345 123 4567")).toBeUndefined();
    expect(mobileE164("0345 123456")).toBeUndefined();
  });

  it("a press from +1 345 123 4567 is refused for 0345 1234567's order; the right number's press confirms", async () => {
    const customer = freshMobile();
    const shopper = await newAccount();
    const id = await order(shopper, `+92 ${customer.typed.slice(1, 4)} ${customer.typed.slice(4)}`, {
      fullName: "Sana Baloch",
    });
    const { token } = await requestOf(id);
    // The same last ten digits, in North America (+1 345 is the Cayman Islands).
    const abroad = `1${customer.wa.slice(2)}`;
    expect((await postEvent(t, press(`confirm:${token}`, abroad, "wamid.abroad"))).statusCode).toBe(200);
    expect(await outcomeOf("wamid.abroad")).toBe("wrong-sender");
    expect(await statusOf(id)).toBe("pending");
    expect(await rows(sql`select phone from proven_phones where user_id = ${shopper.id}`)).toEqual([]);

    expect((await postEvent(t, press(`confirm:${token}`, customer.wa, "wamid.home"))).statusCode).toBe(200);
    expect(await outcomeOf("wamid.home")).toBe("confirmed");
    expect(await statusOf(id)).toBe("confirm");
  });
});
