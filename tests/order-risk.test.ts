// The cash-on-delivery risk view (issue 50, docs/decisions/036-cod-risk-view.md): each signal on a
// history made through the real API (orders placed at the checkout, moved and refused by the
// owner, left unconfirmed until the confirmation sweep cancels them, phones and addresses blocked),
// read back on the order page's answer, the orders list and 'Awaiting the customer'. Each test
// uses phones and addresses of its own, so what another test refused is not in its history.
import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConfirmationLinks } from "#server/confirmation/links.ts";
import { createConfirmationService } from "#server/confirmation/service.ts";
import type { AdminOrder, AdminOrderList } from "#shared/admin.ts";
import { formatRs } from "#shared/money.ts";
import type { OrderRisk, RiskSignal } from "#shared/order-risk.ts";
import type { Order } from "#shared/orders.ts";
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
  type TestProduct,
} from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper;
let shoe: TestProduct;
let size: number;
const DAY = 24 * 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
  // The cheapest demo shoe, so 4 pairs stay under Rs.10,000 and a large order is a choice of the test.
  const demo = await products(t, 40);
  shoe = demo.reduce((cheapest, p) => (p.discountPrice < cheapest.discountPrice ? p : cheapest));
  size = shoe.sizes[0] as number;
  await setStock(t, shoe.id, size, 1000);
});
afterAll(() => t?.close());

const freshPhone = () => `03${String(randomInt(100_000_000, 999_999_999))}`;
/** "+92 3xx xxxxxxx": the same phone as 03xx… typed the other way. */
const international = (phone: string) => `+92 ${phone.slice(1, 4)} ${phone.slice(4)}`;
/** An address line no other test uses. */
const freshLine = () => `House ${randomInt(1000, 9999)}, Street ${randomInt(10, 99)}, Block 5`;

interface Delivery {
  phone?: string;
  addressLine?: string;
  area?: string;
  pairs?: number;
}

async function place(shopper: Shopper, delivery: Delivery = {}): Promise<Order> {
  const res = await placeOrder(
    t,
    shopper,
    orderBody(shopper, [{ product: shoe, size, quantity: delivery.pairs ?? 1 }], {
      shippingAddress: {
        ...ADDRESS,
        email: shopper.email,
        phoneNumber: delivery.phone ?? freshPhone(),
        addressLine: delivery.addressLine ?? freshLine(),
        ...(delivery.area ? { area: delivery.area } : {}),
      },
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

async function move(order: Order, status: string) {
  const res = await call(t, admin, "POST", `/api/admin/orders/${order._id}/status`, { status });
  expect(res.statusCode, res.body).toBe(200);
}

/** Confirmed, then its parcel comes back through the owner's real move. */
async function comesBack(order: Order, as: "refused" | "returned" = "refused") {
  await move(order, "confirm");
  const res = await call(t, admin, "POST", `/api/admin/orders/${order._id}/return`, { as });
  expect(res.statusCode, res.body).toBe(200);
}

async function deliver(order: Order) {
  await move(order, "confirm");
  await move(order, "delivered");
}

/** Every order still waiting for its customer is cancelled unanswered, as the job does once their time is up. */
async function sweepUnanswered() {
  const links = createConfirmationLinks(t.database.db, { publicUrl: t.config.publicUrl });
  const sweeper = createConfirmationService(t.database.db, { links, shop: t.config.shop, whatsapp: false });
  return sweeper.sweep(new Date(Date.now() + 30 * DAY));
}

async function riskOf(order: Order): Promise<OrderRisk> {
  const res = await call(t, admin, "GET", `/api/admin/orders/${order._id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminOrder>().risk;
}

const said = (risk: OrderRisk, signal: RiskSignal) => risk.reasons.find((reason) => reason.signal === signal)?.text;
const signals = (risk: OrderRisk) => risk.reasons.map((reason) => reason.signal);

describe("refused parcels", () => {
  it("by the same phone, however typed, on other accounts: high, with how many and on how many accounts", async () => {
    const phone = freshPhone();
    const [a, b, c] = [await makeShopper(t), await makeShopper(t), await makeShopper(t)];
    await comesBack(await place(a, { phone }));
    await comesBack(await place(b, { phone: international(phone) }));
    const target = await place(c, { phone });

    const risk = await riskOf(target);
    expect(risk.level).toBe("high");
    expect(said(risk, "refused-by-phone")).toBe("This phone refused 2 parcels before, on 2 other accounts.");
    expect(said(risk, "shared-phone")).toBe("This phone number was used on 2 other accounts.");
    expect(risk.history).toEqual({ orders: 3, delivered: 0, cancelled: 0, returned: 2, open: 1 });

    // A parcel returned later counts too, said apart from the refusals; and on this account.
    await comesBack(await place(c, { phone }), "returned");
    expect(said(await riskOf(target), "refused-by-phone")).toBe(
      "This phone refused 2 parcels and returned 1 before, on this account and 2 other accounts.",
    );
  });

  it("by the same account to another phone: high, told by the account", async () => {
    const s = await makeShopper(t);
    await comesBack(await place(s));
    const risk = await riskOf(await place(s));
    expect(risk.level).toBe("high");
    expect(risk.reasons).toEqual([
      { signal: "refused-by-account", text: "This account refused 1 parcel before, sent to a different phone number." },
    ]);
  });

  it("at the same address under other accounts and phones, however its spaces and punctuation were typed", async () => {
    const line = freshLine();
    for (const typed of [line, line.toUpperCase().replaceAll(",", " ;")]) {
      await comesBack(await place(await makeShopper(t), { addressLine: typed, area: "Clifton Block 5" }));
    }
    // Typed as the customer types it: the area in lower case (the checkout stores the list's spelling).
    const target = await place(await makeShopper(t), {
      addressLine: `  ${line.toLowerCase().replaceAll(",", "")}. `,
      area: "clifton block 5",
    });
    const risk = await riskOf(target);
    expect(risk.level).toBe("high");
    expect(risk.reasons).toEqual([
      { signal: "refused-at-address", text: "This address refused 2 parcels before, under 2 other accounts." },
    ]);
    // The same line in another area is another address.
    const elsewhere = await place(await makeShopper(t), { addressLine: line, area: "Clifton Block 4" });
    expect(signals(await riskOf(elsewhere))).toEqual([]);
  });
});

describe("orders nobody confirmed", () => {
  it("by the same phone or account, cancelled by the confirmation sweep: high; a cancellation by the owner is not one", async () => {
    const phone = freshPhone();
    const [a, b, c, d] = [await makeShopper(t), await makeShopper(t), await makeShopper(t), await makeShopper(t)];
    const unanswered = [await place(a, { phone }), await place(a, { phone: international(phone) }), await place(c)];
    const cancelledByOwner = await place(d);
    await move(cancelledByOwner, "cancelled");
    const swept = await sweepUnanswered();
    expect(swept.cancelled).toEqual(expect.arrayContaining(unanswered.map((o) => o._id)));

    const byPhone = await riskOf(await place(b, { phone }));
    expect(byPhone.level).toBe("high");
    expect(said(byPhone, "unanswered-by-phone")).toBe(
      "This phone left 2 orders unconfirmed before, cancelled when nobody answered, on 1 other account.",
    );
    const byAccount = await riskOf(await place(c));
    expect(byAccount.reasons).toEqual([
      {
        signal: "unanswered-by-account",
        text: "This account left 1 order unconfirmed before, cancelled when nobody answered, with a different phone number.",
      },
    ]);
    // An order the owner cancelled says nothing against its customer.
    expect(signals(await riskOf(await place(d)))).toEqual([]);
  });
});

describe("a new account ordering many pairs", () => {
  it("is worth watching from 4 pairs, within 7 days of opening and with nothing delivered", async () => {
    const fresh = await makeShopper(t);
    const risk = await riskOf(await place(fresh, { pairs: 4 }));
    expect(risk.level).toBe("watch");
    expect(said(risk, "new-account-many-pairs")).toBe(
      "A new account, opened the same day as this order and with nothing delivered yet, orders 4 pairs.",
    );
    expect(signals(await riskOf(await place(await makeShopper(t), { pairs: 3 })))).not.toContain(
      "new-account-many-pairs",
    );

    // An account opened 30 days before: SQL, since the real path would be to wait a month.
    const older = await makeShopper(t);
    await t.database.db.execute(sql`update users set created_at = now() - interval '30 days' where id = ${older.id}`);
    expect(signals(await riskOf(await place(older, { pairs: 4 })))).not.toContain("new-account-many-pairs");
  });
});

describe("a high value against the customer's record", () => {
  it("Rs.10,000 or more with nothing delivered, or more than 3 times the largest delivered order", async () => {
    const large = Math.ceil(10_000 / shoe.discountPrice);
    const first = await place(await makeShopper(t), { pairs: large });
    const risk = await riskOf(first);
    expect(said(risk, "high-value")).toBe(`${formatRs(first.totalAmount)} from a customer with nothing delivered yet.`);
    expect(risk.level).toBe("watch");

    const known = await makeShopper(t);
    await deliver(await place(known, { pairs: 1 }));
    const threeTimes = await place(known, { pairs: 3 });
    expect(signals(await riskOf(threeTimes))).toEqual([]);
    const fourTimes = await place(known, { pairs: 4 });
    expect(said(await riskOf(fourTimes), "high-value")).toBe(
      `${formatRs(fourTimes.totalAmount)} is more than 3 times this customer's largest delivered order (${formatRs(shoe.discountPrice)}).`,
    );
  });
});

describe("the address naming another area", () => {
  it("is worth watching; an address that names the chosen area, in any order, is not", async () => {
    const s = await makeShopper(t);
    const risk = await riskOf(
      await place(s, { addressLine: `House ${randomInt(100, 999)}, Street 2, DHA Phase 6`, area: "Clifton Block 5" }),
    );
    expect(risk).toMatchObject({
      level: "watch",
      reasons: [
        { signal: "area-mismatch", text: "The address names DHA Phase 6, but the area chosen is Clifton Block 5." },
      ],
    });
    const agrees = await place(await makeShopper(t), {
      addressLine: `Flat ${randomInt(100, 999)}, Block 13-D, near Millennium Mall, Gulshan-e-Iqbal`,
      area: "Gulshan-e-Iqbal Block 13-D",
    });
    expect(signals(await riskOf(agrees))).toEqual([]);
  });
});

describe("the block list", () => {
  it("makes every order to a blocked phone or address high risk, with the owner's reason", async () => {
    const phone = freshPhone();
    const line = freshLine();
    const order = await place(await makeShopper(t), { phone, addressLine: line, area: "Saddar" });
    expect((await riskOf(order)).level).toBe("none");

    const blocked = [
      { kind: "phone", phoneNumber: international(phone), reason: "Refused twice, abusive on the phone" },
      { kind: "address", addressLine: line.toLowerCase(), area: "saddar", reason: "Fake address" },
    ];
    for (const body of blocked) expect((await call(t, admin, "POST", "/api/admin/blocked", body)).statusCode).toBe(201);
    const risk = await riskOf(order);
    expect(risk.level).toBe("high");
    expect(risk.reasons).toEqual([
      {
        signal: "blocked-phone",
        text: "This phone number is on your block list: “Refused twice, abusive on the phone”.",
      },
      { signal: "blocked-address", text: "This address is on your block list: “Fake address”." },
    ]);
  });
});

describe("where the owner reads it", () => {
  it("a clean order says nothing; the orders list and 'Awaiting the customer' carry the order page's risk", async () => {
    const clean = await place(await makeShopper(t), {
      addressLine: `Flat ${randomInt(100, 999)}, Clifton`,
      area: "Clifton Block 2",
    });
    expect(await riskOf(clean)).toEqual({
      level: "none",
      reasons: [],
      history: { orders: 1, delivered: 0, cancelled: 0, returned: 0, open: 1 },
    });

    const s = await makeShopper(t);
    await comesBack(await place(s));
    const pending = await place(s);
    const expected = await riskOf(pending);
    expect(expected.level).toBe("high");
    for (const view of ["", "&view=awaiting"]) {
      const res = await call(t, admin, "GET", `/api/admin/orders?query=${encodeURIComponent(s.email)}${view}`);
      expect(res.statusCode, res.body).toBe(200);
      const listed = res.json<AdminOrderList>().orders.find((o) => o._id === pending._id);
      expect(listed?.risk, view).toEqual(expected);
    }
  });
});
