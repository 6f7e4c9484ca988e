// The owner's block list (issue 50): /api/admin/blocked lists, adds and removes phone numbers and
// addresses, refusing bad input with a message a person can act on, a duplicate (however typed)
// with 409 and an unknown id with 404; and the checkout refuses an order to a blocked phone or
// address with a 403 that never shows the owner's reason, writing nothing: no order, no stock
// taken, no mail, no Idempotency-Key.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { BLOCK_MESSAGES, type BlockedEntry, type BlockList } from "#shared/block-list.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import {
  ADDRESS,
  count,
  makeShopper,
  orderBody,
  placeOrder,
  products,
  type Shopper,
  setStock,
  stockOf,
  type TestProduct,
} from "./support/shoppers.ts";

const SHOP = { SHOP_PHONE: "+92 321 7654321", SHOP_EMAIL: "help@shoes.example.pk" };
let t: TestApp;
let admin: Shopper & { username: string };
let shoe: TestProduct;
let size: number;

beforeAll(async () => {
  t = await createTestApp({ env: SHOP });
  admin = await makeAdmin(t);
  [shoe] = (await products(t, 1)) as [TestProduct];
  size = shoe.sizes[0] as number;
  await setStock(t, shoe.id, size, 100);
});
afterAll(() => t?.close());

const block = (body: unknown) => call(t, admin, "POST", "/api/admin/blocked", body);
const unblock = (id: string) => call(t, admin, "DELETE", `/api/admin/blocked/${id}`);
const list = async () => (await call(t, admin, "GET", "/api/admin/blocked")).json<BlockList>().blocked;

describe("/api/admin/blocked", () => {
  it("adds a phone and an address with who and when, lists them newest first, and removes them", async () => {
    const phone = await block({ kind: "phone", phoneNumber: "+92 301-2345678", reason: "  Refused 3 parcels  " });
    expect(phone.statusCode, phone.body).toBe(201);
    const added = phone.json<BlockedEntry>();
    expect(added).toMatchObject({
      kind: "phone",
      phoneNumber: "0301 2345678",
      addressLine: null,
      area: null,
      reason: "Refused 3 parcels",
      by: { username: admin.username },
    });
    expect(Date.parse(added.at)).toBeGreaterThan(Date.now() - 60_000);

    const address = await block({
      kind: "address",
      addressLine: "House 9, Street 1, Block 2",
      area: "gulshan-e-iqbal  block 2",
      reason: "Nobody lives there",
    });
    expect(address.statusCode, address.body).toBe(201);
    // The area as the list spells it: the orders the entry must match store that spelling.
    expect(address.json<BlockedEntry>()).toMatchObject({ kind: "address", area: "Gulshan-e-Iqbal Block 2" });

    expect((await list()).map((e) => e._id).slice(0, 2)).toEqual([address.json<BlockedEntry>()._id, added._id]);

    expect((await unblock(added._id)).statusCode).toBe(204);
    expect((await list()).map((e) => e._id)).not.toContain(added._id);
    const again = await unblock(added._id);
    expect([again.statusCode, again.json().message]).toEqual([404, BLOCK_MESSAGES.notFound]);
    await unblock(address.json<BlockedEntry>()._id);
  });

  it("answers 409 for a phone or an address already on the list, however typed", async () => {
    expect((await block({ kind: "phone", phoneNumber: "03451112233", reason: "x" })).statusCode).toBe(201);
    for (const phoneNumber of ["+923451112233", "0092 345 111 2233", "0345-111-2233"]) {
      const res = await block({ kind: "phone", phoneNumber, reason: "again" });
      expect([res.statusCode, res.json().message], phoneNumber).toEqual([409, BLOCK_MESSAGES.duplicate("phone")]);
    }
    const first = { kind: "address", addressLine: "Flat 4, Street 7", area: "Saddar", reason: "x" };
    expect((await block(first)).statusCode).toBe(201);
    const res = await block({ ...first, addressLine: "  FLAT 4 -- street 7. " });
    expect([res.statusCode, res.json().message]).toEqual([409, BLOCK_MESSAGES.duplicate("address")]);
    // Another area, or none, is another address.
    expect((await block({ ...first, area: "Lyari" })).statusCode).toBe(201);
    expect((await block({ ...first, area: null })).statusCode).toBe(201);
  });

  it("refuses bad input with 400 and its field's message, writing nothing", async () => {
    const before = (await list()).length;
    const cases: [body: unknown, field: string | null, message: string][] = [
      [{}, "kind", BLOCK_MESSAGES.kind],
      [{ kind: "email", reason: "x" }, "kind", BLOCK_MESSAGES.kind],
      [["0300 1234567"], null, "Send the details as a JSON object."],
      [{ kind: "phone", phoneNumber: "12345", reason: "x" }, "phoneNumber", BLOCK_MESSAGES.phone],
      [{ kind: "phone", phoneNumber: "+1 345 123 4567", reason: "x" }, "phoneNumber", BLOCK_MESSAGES.phone],
      [{ kind: "phone", phoneNumber: "03001234567", reason: "   " }, "reason", BLOCK_MESSAGES.reason],
      [{ kind: "phone", phoneNumber: "03001234567" }, "reason", BLOCK_MESSAGES.reason],
      [{ kind: "phone", phoneNumber: "03001234567", reason: "x".repeat(301) }, "reason", BLOCK_MESSAGES.reason],
      [{ kind: "phone", phoneNumber: "03001234567", reason: "x", area: "Saddar" }, "area", "Unexpected field: area."],
      [{ kind: "address", addressLine: " ,.- ", reason: "x" }, "addressLine", BLOCK_MESSAGES.address],
      [{ kind: "address", reason: "x" }, "addressLine", BLOCK_MESSAGES.address],
      [{ kind: "address", addressLine: "House 1", area: "Atlantis", reason: "x" }, "area", BLOCK_MESSAGES.area],
    ];
    for (const [body, field, message] of cases) {
      const res = await block(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const answer = res.json<{ message: string; fields?: Record<string, string> }>();
      expect(answer.message, JSON.stringify(body)).toBe(message);
      if (field) expect(answer.fields?.[field], JSON.stringify(body)).toBe(message);
    }
    const badId = await unblock("not-an-id");
    expect([badId.statusCode, badId.json().message]).toEqual([400, BLOCK_MESSAGES.badId]);
    const unknown = await unblock("00000000-0000-4000-8000-000000000000");
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, BLOCK_MESSAGES.notFound]);
    expect((await list()).length).toBe(before);
  });

  it("is the owner's alone: 401 without a token, 403 to a customer", async () => {
    const customer = await makeShopper(t);
    for (const [method, url] of [
      ["GET", "/api/admin/blocked"],
      ["POST", "/api/admin/blocked"],
      ["DELETE", "/api/admin/blocked/00000000-0000-4000-8000-000000000000"],
    ] as const) {
      expect((await call(t, { headers: {} }, method, url, {})).statusCode).toBe(401);
      expect(
        (await call(t, customer, method, url, { kind: "phone", phoneNumber: "03001234567", reason: "x" })).statusCode,
      ).toBe(403);
    }
  });
});

describe("the checkout", () => {
  async function written(shopper: Shopper) {
    const [row] = await selectRowsAsserted<{ orders: number; mails: number; keys: number }>(
      t.database.db,
      sql`select (select count(*)::int from orders where user_id = ${shopper.id}) as orders,
                 (select count(*)::int from mail_outbox m join orders o on o.id = m.order_id
                  where o.user_id = ${shopper.id}) as mails,
                 (select count(*)::int from idempotency_keys where user_id = ${shopper.id}) as keys`,
    );
    return { ...row, stock: await stockOf(t, shoe.id, size), allOrders: await count(t, "orders") };
  }

  const order = (shopper: Shopper, address: Partial<typeof ADDRESS> & { area?: string }, key?: string) =>
    placeOrder(
      t,
      shopper,
      orderBody(shopper, [{ product: shoe, size, quantity: 1 }], {
        shippingAddress: { ...ADDRESS, email: shopper.email, ...address },
      }),
      key ? { "idempotency-key": key } : {},
    );

  it("refuses a blocked phone, however typed, with the shop's contact and not the reason, writing nothing", async () => {
    const added = await block({ kind: "phone", phoneNumber: "0333 4445566", reason: "Abusive to the rider" });
    expect(added.statusCode).toBe(201);
    const shopper = await makeShopper(t);
    const before = await written(shopper);
    for (const phoneNumber of ["03334445566", "+923334445566"]) {
      const res = await order(shopper, { phoneNumber }, `blocked-phone-${phoneNumber}`);
      expect(res.statusCode, res.body).toBe(403);
      const message =
        "We cannot take cash-on-delivery orders for this phone number. Please contact us: call or WhatsApp +92 321 7654321 or write to help@shoes.example.pk.";
      expect(res.json()).toEqual({ message, fields: { "shippingAddress.phoneNumber": message } });
      expect(res.body).not.toContain("rider");
    }
    expect(await written(shopper)).toEqual(before);

    // Removed from the list, the same order goes through.
    await unblock(added.json<BlockedEntry>()._id);
    expect((await order(shopper, { phoneNumber: "03334445566" })).statusCode).toBe(201);
  });

  it("refuses a blocked address in its area, however its spaces and punctuation are typed; not the same line elsewhere", async () => {
    expect(
      (
        await block({
          kind: "address",
          addressLine: "Plot 88, Street 3, Sector 5",
          area: "Saddar",
          reason: "Three fake orders",
        })
      ).statusCode,
    ).toBe(201);
    const shopper = await makeShopper(t);
    const before = await written(shopper);
    const res = await order(shopper, { addressLine: "plot 88 street-3  sector 5.", area: "saddar" });
    expect(res.statusCode, res.body).toBe(403);
    const message =
      "We cannot take cash-on-delivery orders to this address. Please contact us: call or WhatsApp +92 321 7654321 or write to help@shoes.example.pk.";
    expect(res.json()).toEqual({ message, fields: { "shippingAddress.addressLine": message } });
    expect(await written(shopper)).toEqual(before);

    expect((await order(shopper, { addressLine: "Plot 88, Street 3, Sector 5", area: "Lyari" })).statusCode).toBe(201);
  });
});
