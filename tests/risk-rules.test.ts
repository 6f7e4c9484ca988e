// The owner's rules (issue 50): /api/admin/risk-rules keeps them (off when created) and answers what
// each would have caught among the last 90 days' orders, each order read as of its placement; a cap
// refuses the checkout with the customer's words and writes nothing; a confirmFirst rule refuses the
// owner's confirm until the customer confirmed; /api/orders/check says both before the order is placed;
// bad input is a 400 with its field's message, an unknown rule a 404, a second rule of one name a 409.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { AdminOrder } from "#shared/admin.ts";
import type { Order } from "#shared/orders.ts";
import {
  ADVANCE_HOW,
  advanceDueMessage,
  advanceNotice,
  advanceUnpaidRefusal,
  CONFIRM_FIRST_NOTICE,
  capMessage,
  codFeeAddedMessage,
  codFeeNotice,
  confirmFirstRefusal,
  type OrderCheck,
  RISK_RULE_MESSAGES,
  type RiskRule,
  type RiskRuleList,
  type RulePreview,
} from "#shared/risk-rules.ts";
import { call, makeAdmin } from "./support/admin.ts";
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

let t: TestApp;
let admin: Shopper & { username: string };
let shoe: TestProduct;
let size: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
  [shoe] = (await products(t, 1)) as [TestProduct];
  size = shoe.sizes[0] as number;
  await setStock(t, shoe.id, size, 200);
});
afterAll(() => t?.close());

const save = (body: unknown) => call(t, admin, "POST", "/api/admin/risk-rules", body);
const preview = (body: unknown) => call(t, admin, "POST", "/api/admin/risk-rules/preview", body);
const rules = async () => (await call(t, admin, "GET", "/api/admin/risk-rules")).json<RiskRuleList>().rules;

const order = (shopper: Shopper, quantity: number, address: Record<string, unknown> = {}) =>
  placeOrder(
    t,
    shopper,
    orderBody(shopper, [{ product: shoe, size, quantity }], {
      shippingAddress: { ...ADDRESS, email: shopper.email, ...address },
    }),
  );

/** Places an order and moves it to when it was placed, and to how it ended. */
async function pastOrder(shopper: Shopper, phoneNumber: string, daysAgo: number, refused: boolean): Promise<string> {
  const res = await order(shopper, 1, { phoneNumber });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ _id: string }>()._id;
  await t.database.db.execute(
    sql`update orders set created_at = now() - make_interval(days => ${daysAgo}::int),
          status = case when ${refused} then 'cancelled' else status end,
          returned_as = case when ${refused} then 'refused' end
        where id = ${id}`,
  );
  return id;
}

describe("/api/admin/risk-rules", () => {
  it("counts what a condition would have caught, each order as of its placement, and how many came back", async () => {
    const phone = "03217778899";
    const draft = (atLeast: number) => ({
      condition: { kind: "phoneRefusals", atLeast },
      action: { kind: "confirmFirst" },
    });
    const before1 = (await preview(draft(1))).json<RulePreview>();
    const before2 = (await preview(draft(2))).json<RulePreview>();
    const a = await makeShopper(t);
    const b = await makeShopper(t);
    // 100 days ago, refused: outside the 90 days, but the next orders' history.
    await pastOrder(a, phone, 100, true);
    // 20 days ago, refused, on another account: one refusal before it.
    await pastOrder(b, phone, 20, true);
    // Today: two refusals before it.
    await pastOrder(a, phone, 0, false);

    const after1 = (await preview(draft(1))).json<RulePreview>();
    expect(after1).toEqual({ days: 90, caught: before1.caught + 2, cameBack: before1.cameBack + 1 });
    const after2 = (await preview(draft(2))).json<RulePreview>();
    expect(after2).toEqual({ days: 90, caught: before2.caught + 1, cameBack: before2.cameBack });

    // A cap catches only the matching orders above it: none of these, at one pair each.
    const capped = await preview({
      condition: draft(1).condition,
      action: { kind: "cap", amount: shoe.discountPrice },
    });
    expect(capped.json<RulePreview>().caught).toBe(before1.caught);

    // Saved, off by default, its counts in the list too.
    const saved = await save({ name: "Refusers", ...draft(1) });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json<RiskRule>()).toMatchObject({ enabled: false, preview: after1, by: { username: admin.username } });
    expect((await rules()).find((r) => r.name === "Refusers")?.preview).toEqual(after1);
    await call(t, admin, "DELETE", `/api/admin/risk-rules/${saved.json<RiskRule>()._id}`);
  });

  it("edits and removes a rule; 404 for an unknown one, 409 for a name taken, 400 with the field's message", async () => {
    const first = await save({
      name: "Far areas",
      condition: { kind: "areas", areas: ["lyari"] },
      action: { kind: "confirmFirst" },
    });
    expect(first.statusCode, first.body).toBe(201);
    const rule = first.json<RiskRule>();
    expect(rule.condition).toEqual({ kind: "areas", areas: ["Lyari"] });
    const edited = await call(t, admin, "PUT", `/api/admin/risk-rules/${rule._id}`, {
      name: "Far areas",
      condition: { kind: "pairsAbove", pairs: 5 },
      action: { kind: "cap", amount: 15000 },
      enabled: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<RiskRule>()).toMatchObject({ enabled: true, action: { kind: "cap", amount: 15000 } });

    const dup = await save({
      name: "FAR AREAS",
      condition: { kind: "pairsAbove", pairs: 1 },
      action: { kind: "confirmFirst" },
    });
    expect([dup.statusCode, dup.json().message]).toEqual([409, RISK_RULE_MESSAGES.duplicateName]);

    const unknown = "00000000-0000-4000-8000-000000000000";
    const put = await call(t, admin, "PUT", `/api/admin/risk-rules/${unknown}`, {
      name: "x",
      condition: { kind: "pairsAbove", pairs: 1 },
      action: { kind: "confirmFirst" },
    });
    expect([put.statusCode, put.json().message]).toEqual([404, RISK_RULE_MESSAGES.notFound]);
    const badId = await call(t, admin, "DELETE", "/api/admin/risk-rules/nope");
    expect([badId.statusCode, badId.json().message]).toEqual([400, RISK_RULE_MESSAGES.badId]);
    expect((await call(t, admin, "DELETE", `/api/admin/risk-rules/${rule._id}`)).statusCode).toBe(204);
    expect((await call(t, admin, "DELETE", `/api/admin/risk-rules/${rule._id}`)).statusCode).toBe(404);

    const cases: [unknown, string][] = [
      [{ condition: { kind: "pairsAbove", pairs: 1 }, action: { kind: "confirmFirst" } }, RISK_RULE_MESSAGES.name],
      [{ name: "x", condition: { kind: "moon" }, action: { kind: "confirmFirst" } }, RISK_RULE_MESSAGES.condition],
      [
        { name: "x", condition: { kind: "pairsAbove", pairs: -1 }, action: { kind: "confirmFirst" } },
        RISK_RULE_MESSAGES.count,
      ],
      [
        { name: "x", condition: { kind: "firstOrderAbove", amount: 1.5 }, action: { kind: "confirmFirst" } },
        RISK_RULE_MESSAGES.amount,
      ],
      [
        { name: "x", condition: { kind: "areas", areas: [] }, action: { kind: "confirmFirst" } },
        RISK_RULE_MESSAGES.areas,
      ],
      [
        { name: "x", condition: { kind: "areas", areas: ["Atlantis"] }, action: { kind: "confirmFirst" } },
        RISK_RULE_MESSAGES.unknownArea("Atlantis"),
      ],
      [{ name: "x", condition: { kind: "pairsAbove", pairs: 1 }, action: { kind: "fee" } }, RISK_RULE_MESSAGES.action],
      [
        { name: "x", condition: { kind: "pairsAbove", pairs: 1 }, action: { kind: "cap", amount: 0 } },
        RISK_RULE_MESSAGES.amount,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await save(body);
      expect([res.statusCode, res.json().message], JSON.stringify(body)).toEqual([400, message]);
    }
    expect((await preview({ condition: { kind: "pairsAbove" }, action: { kind: "confirmFirst" } })).statusCode).toBe(
      400,
    );
    expect((await call(t, await makeShopper(t), "GET", "/api/admin/risk-rules")).statusCode).toBe(403);
  });
});

describe("the rules at checkout and in the order's life", () => {
  it("a cap refuses an order above it with the customer's words, tells it before, and writes nothing", async () => {
    const cap = shoe.discountPrice;
    const saved = await save({
      name: "Saddar cap",
      condition: { kind: "areas", areas: ["Saddar"] },
      action: { kind: "cap", amount: cap },
      enabled: true,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const shopper = await makeShopper(t);
    const message = capMessage({ kind: "areas", areas: ["Saddar"] }, cap);
    expect(message).toBe(`Orders to this area can be at most Rs.${cap.toLocaleString("en-PK")} on cash on delivery.`);

    const check = await call(t, shopper, "POST", "/api/orders/check", {
      items: [{ productId: shoe.id, size, quantity: 2 }],
      shippingAddress: { ...ADDRESS, email: shopper.email, area: "saddar" },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json<OrderCheck>()).toEqual({
      refusal: message,
      notices: [],
      codFee: 0,
      advance: 0,
      discount: null,
      codeRefusal: null,
    });

    const stock = await stockOf(t, shoe.id, size);
    const refused = await order(shopper, 2, { area: "Saddar" });
    expect([refused.statusCode, refused.json().message]).toEqual([409, message]);
    const [written] = await selectRowsAsserted<{ orders: number; mails: number }>(
      t.database.db,
      sql`select (select count(*)::int from orders where user_id = ${shopper.id}) as orders,
                 (select count(*)::int from mail_outbox m join orders o on o.id = m.order_id where o.user_id = ${shopper.id}) as mails`,
    );
    expect(written).toEqual({ orders: 0, mails: 0 });
    expect(await stockOf(t, shoe.id, size)).toBe(stock);

    // Within the cap, or elsewhere, it goes through; off, it refuses nothing.
    expect((await order(shopper, 1, { area: "Saddar" })).statusCode).toBe(201);
    expect((await order(shopper, 2, { area: "Lyari" })).statusCode).toBe(201);
    await call(t, admin, "DELETE", `/api/admin/risk-rules/${saved.json<RiskRule>()._id}`);
  });

  it("a confirmFirst rule refuses the owner's confirm until the customer confirmed, and the order names it", async () => {
    const saved = await save({
      name: "Big orders wait",
      condition: { kind: "pairsAbove", pairs: 2 },
      action: { kind: "confirmFirst" },
      enabled: true,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const shopper = await makeShopper(t);
    const check = await call(t, shopper, "POST", "/api/orders/check", {
      items: [{ productId: shoe.id, size, quantity: 3 }],
      shippingAddress: { ...ADDRESS, email: shopper.email },
    });
    expect(check.json<OrderCheck>()).toEqual({
      refusal: null,
      notices: [CONFIRM_FIRST_NOTICE],
      codFee: 0,
      advance: 0,
      discount: null,
      codeRefusal: null,
    });

    const placed = await order(shopper, 3);
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json<{ _id: string }>()._id;
    const [row] = await selectRowsAsserted<{ risk_rules: unknown }>(
      t.database.db,
      sql`select risk_rules from orders where id = ${id}`,
    );
    expect(row?.risk_rules).toEqual([
      { id: saved.json<RiskRule>()._id, name: "Big orders wait", action: "confirmFirst" },
    ]);

    // The order page names it.
    const page = await call(t, admin, "GET", `/api/admin/orders/${id}`);
    expect(page.json<AdminOrder>().matchedRules).toEqual([
      { id: saved.json<RiskRule>()._id, name: "Big orders wait", action: "confirmFirst" },
    ]);
    const confirm = await call(t, admin, "POST", `/api/admin/orders/${id}/status`, { status: "confirm" });
    expect([confirm.statusCode, confirm.json().message]).toEqual([409, confirmFirstRefusal("Big orders wait")]);
    // The owner may still cancel it; the customer's own confirm goes through.
    const answer = await call(t, shopper, "POST", `/api/orders/${id}/answer`, { action: "confirm" });
    expect(answer.statusCode, answer.body).toBe(200);
    const [status] = await selectRowsAsserted<{ status: string }>(
      t.database.db,
      sql`select status from orders where id = ${id}`,
    );
    expect(status?.status).toBe("confirm");

    // An order the rule does not match is the owner's to confirm as before.
    const small = (await order(shopper, 1)).json<{ _id: string }>()._id;
    expect((await call(t, admin, "POST", `/api/admin/orders/${small}/status`, { status: "confirm" })).statusCode).toBe(
      200,
    );
    await call(t, admin, "DELETE", `/api/admin/risk-rules/${saved.json<RiskRule>()._id}`);
  });

  it("a COD fee and an advance: told before, the highest fee once, in the total the checkout checks, and no confirm skips the advance", async () => {
    const lyari = { kind: "areas" as const, areas: ["Lyari"] };
    const pairs = { kind: "pairsAbove" as const, pairs: 1 };
    const made = await Promise.all([
      save({ name: "Lyari fee", condition: lyari, action: { kind: "codFee", amount: 150 }, enabled: true }),
      save({ name: "Lyari fee, small", condition: lyari, action: { kind: "codFee", amount: 100 }, enabled: true }),
      save({ name: "Two pairs pay first", condition: pairs, action: { kind: "advance", amount: 1000 }, enabled: true }),
    ]);
    for (const res of made) expect(res.statusCode, res.body).toBe(201);
    const shopper = await makeShopper(t);
    const address = { ...ADDRESS, email: shopper.email, area: "lyari" };
    const itemsTotal = shoe.discountPrice * 2;

    const check = await call(t, shopper, "POST", "/api/orders/check", {
      items: [{ productId: shoe.id, size, quantity: 2 }],
      shippingAddress: address,
    });
    expect(check.json<OrderCheck>()).toEqual({
      refusal: null,
      notices: [codFeeNotice(lyari, 150), advanceNotice(pairs, 1000), ADVANCE_HOW],
      codFee: 150,
      advance: 1000,
      discount: null,
      codeRefusal: null,
    });
    expect(advanceNotice({ kind: "firstOrderAbove", amount: 10000 }, 1000)).toBe(
      "Your first order above Rs.10,000 needs an advance of Rs.1,000.",
    );

    // A total without the fee is refused, saying so and the total that holds it; nothing is written.
    const stock = await stockOf(t, shoe.id, size);
    const short = await order(shopper, 2, { area: "Lyari" });
    expect([short.statusCode, short.json().message, short.json().totalAmount]).toEqual([
      409,
      codFeeAddedMessage(150, itemsTotal + 150),
      itemsTotal + 150,
    ]);
    expect(await stockOf(t, shoe.id, size)).toBe(stock);

    const placed = await placeOrder(
      t,
      shopper,
      orderBody(shopper, [{ product: shoe, size, quantity: 2 }], {
        shippingAddress: address,
        totalAmount: itemsTotal + 150,
      }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const created = placed.json<Order>();
    const expected = {
      totalAmount: itemsTotal + 150,
      codFee: 150,
      advance: { amount: 1000, paidAt: null, receiptWaiting: false },
      dueOnDelivery: itemsTotal + 150 - 1000,
    };
    expect(created).toMatchObject(expected);
    // The order as read back says the same, and the database keeps it so.
    const tracked = (await call(t, shopper, "GET", "/api/orders/track")).json<Order[]>();
    expect(tracked.find((o) => o._id === created._id)).toMatchObject(expected);
    const [row] = await selectRowsAsserted<{ cod_fee: number; advance_amount: number; due_on_delivery: number }>(
      t.database.db,
      sql`select cod_fee, advance_amount, due_on_delivery from orders where id = ${created._id}`,
    );
    expect(row).toEqual({ cod_fee: 150, advance_amount: 1000, due_on_delivery: itemsTotal + 150 - 1000 });

    // Unpaid, neither the owner's confirm nor the customer's skips it; cancelling still works. The
    // order page does not offer a Confirm the server would refuse: its Advance panel's Verify is the way.
    const page = (await call(t, admin, "GET", `/api/admin/orders/${created._id}`)).json<AdminOrder>();
    expect(page.allowedMoves).not.toContain("confirm");
    expect(page.allowedMoves).toContain("cancelled");
    const owner = await call(t, admin, "POST", `/api/admin/orders/${created._id}/status`, { status: "confirm" });
    expect([owner.statusCode, owner.json().message]).toEqual([409, advanceUnpaidRefusal(1000)]);
    const own = await call(t, shopper, "POST", `/api/orders/${created._id}/answer`, { action: "confirm" });
    expect([own.statusCode, own.json().message]).toEqual([409, advanceDueMessage(1000)]);
    const cancel = await call(t, shopper, "POST", `/api/orders/${created._id}/answer`, { action: "cancel" });
    expect(cancel.statusCode, cancel.body).toBe(200);

    // An advance above the total is kept within it: the customer never owes more than the order.
    const one = await call(t, shopper, "POST", "/api/orders/check", {
      items: [{ productId: shoe.id, size, quantity: 2 }],
      shippingAddress: { ...address, area: "Saddar" },
    });
    expect(one.json<OrderCheck>().advance).toBe(Math.min(1000, itemsTotal));
    for (const res of made) await call(t, admin, "DELETE", `/api/admin/risk-rules/${res.json<RiskRule>()._id}`);
  });
});
