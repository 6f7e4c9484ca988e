// The owner's day with an order through the admin API (issue 18): a parcel refused or returned
// at the door (stock back exactly once, even for two admins at once; the customer reads
// 'cancelled'), the customer's history and its flags by account and by phone, internal notes,
// and delivery details corrected before delivery. Bad input is a 4xx that changes nothing.
import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { AdminOrder, AdminOrderList } from "#shared/admin.ts";
import type { Order } from "#shared/orders.ts";
import { waitForMail } from "./support/accounts.ts";
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
let other: Shopper & { username: string };
let p1: TestProduct;
let p2: TestProduct;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
  other = await makeAdmin(t);
  [p1, p2] = (await products(t, 2)) as [TestProduct, TestProduct];
  for (const p of [p1, p2]) for (const size of p.sizes) await setStock(t, p.id, size, 50);
});
afterAll(() => t?.close());

const sz = (p: TestProduct, i = 0) => p.sizes[i] as number;
/** A phone number no other test uses, so each test's history is its own. */
const freshPhone = () => `03${String(randomInt(100_000_000, 999_999_999))}`;

async function order(
  shopper?: Shopper,
  phoneNumber = freshPhone(),
  addressLine = ADDRESS.addressLine,
): Promise<Order & { shopper: Shopper }> {
  const s = shopper ?? (await makeShopper(t));
  const picks = [
    { product: p1, size: sz(p1), quantity: 2 },
    { product: p2, size: sz(p2, 1), quantity: 1 },
  ];
  const res = await placeOrder(
    t,
    s,
    orderBody(s, picks, { shippingAddress: { ...ADDRESS, email: s.email, phoneNumber, addressLine } }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json<Order>(), shopper: s };
}

const signals = (order: AdminOrder) => order.risk.reasons.map((reason) => reason.signal);
const get = async (id: string) => (await call(t, admin, "GET", `/api/admin/orders/${id}`)).json<AdminOrder>();
const move = (id: string, status: string) => call(t, admin, "POST", `/api/admin/orders/${id}/status`, { status });
const giveBack = (id: string, body: unknown, who: { headers: Record<string, string> } = admin) =>
  call(t, who, "POST", `/api/admin/orders/${id}/return`, body);

async function snapshot(id: string) {
  const [row] = await selectRowsAsserted(t.database.db, sql`select * from orders where id = ${id}`);
  const events = await selectRowsAsserted(t.database.db, sql`select * from order_status_events where order_id = ${id}`);
  const notes = await selectRowsAsserted(t.database.db, sql`select * from order_notes where order_id = ${id}`);
  const edits = await selectRowsAsserted(t.database.db, sql`select * from order_edits where order_id = ${id}`);
  return { row, events, notes, edits, s1: await stockOf(t, p1.id, sz(p1)), s2: await stockOf(t, p2.id, sz(p2, 1)) };
}

describe("a parcel that comes back", () => {
  it("records a refusal from confirm: stock back, who, when and why, cancelled for the customer", async () => {
    const placed = await order();
    await move(placed._id, "confirm");
    const before = [await stockOf(t, p1.id, sz(p1)), await stockOf(t, p2.id, sz(p2, 1))];
    const res = await giveBack(placed._id, { as: "refused", reason: "  Customer not at home, phone off  " });
    expect(res.statusCode, res.body).toBe(200);
    const back = res.json<AdminOrder>();
    expect(back).toMatchObject({ status: "cancelled", returnedAs: "refused", canReturn: false, allowedMoves: [] });
    expect(back.history.at(-1)).toMatchObject({
      from: "confirm",
      to: "cancelled",
      actor: { username: admin.username },
      returnedAs: "refused",
      reason: "Customer not at home, phone off",
    });
    expect(Date.parse(back.history.at(-1)?.at ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect([await stockOf(t, p1.id, sz(p1)), await stockOf(t, p2.id, sz(p2, 1))]).toEqual([
      (before[0] ?? 0) + 2,
      (before[1] ?? 0) + 1,
    ]);
    expect(back.risk.history).toMatchObject({ orders: 1, returned: 1, cancelled: 0, open: 0 });

    // The customer's Track page reads it as cancelled, and nothing of the owner's words.
    const track = await t.app.inject({ url: "/api/orders/track", headers: placed.shopper.headers });
    const mine = track.json<Order[]>()[0];
    expect(mine?.status).toBe("cancelled");
    expect(JSON.stringify(mine)).not.toMatch(/refused|returnedAs|not at home/);
    // The confirmation, 'is confirmed' and 'was cancelled' are all sent in the background: wait for
    // the one this test is about (counting two mails could stop before the third arrived).
    await waitForMail(t, placed.shopper.email, /Subject: .*was cancelled/);
  });

  it("records a return without a reason", async () => {
    const placed = await order();
    await move(placed._id, "confirm");
    const back = (await giveBack(placed._id, { as: "returned" })).json<AdminOrder>();
    expect(back).toMatchObject({ status: "cancelled", returnedAs: "returned" });
    expect(back.history.at(-1)).toMatchObject({ returnedAs: "returned", reason: null });
  });

  it("only from confirm, and only once: 409 otherwise, nothing changed", async () => {
    const pending = await order();
    const delivered = await order();
    await move(delivered._id, "confirm");
    await move(delivered._id, "delivered");
    const cancelled = await order();
    await move(cancelled._id, "cancelled");
    const refused = await order();
    await move(refused._id, "confirm");
    await giveBack(refused._id, { as: "refused" });
    for (const [id, message] of [
      [pending._id, "Only a confirmed order or one on its way can come back from delivery; this one is pending."],
      [delivered._id, "Only a confirmed order or one on its way can come back from delivery; this one is delivered."],
      [cancelled._id, "Only a confirmed order or one on its way can come back from delivery; this one is cancelled."],
      [refused._id, "This parcel already came back (refused at the door)."],
    ] as const) {
      const before = await snapshot(id);
      const res = await giveBack(id, { as: "returned" });
      expect([res.statusCode, res.json().message]).toEqual([409, message]);
      expect(await snapshot(id)).toEqual(before);
    }
  });

  it("refuses bad input with 400 and an unknown order with 404", async () => {
    const placed = await order();
    await move(placed._id, "confirm");
    const before = await snapshot(placed._id);
    for (const [body, message] of [
      [{}, "as must be one of: refused, returned."],
      [{ as: "lost" }, "as must be one of: refused, returned."],
      [{ as: "refused", reason: 42 }, "The reason must be text."],
      [{ as: "refused", reason: "x".repeat(301) }, "The reason can be at most 300 characters long."],
      [{ as: "refused", status: "delivered" }, "Unexpected field: status."],
      [[], "Send the details as a JSON object."],
    ] as const) {
      const res = await giveBack(placed._id, body);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect(await snapshot(placed._id)).toEqual(before);
    const unknown = await giveBack("00000000-0000-4000-8000-000000000000", { as: "refused" });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, "No order has that id."]);
    const bad = await giveBack("nope", { as: "refused" });
    expect([bad.statusCode, bad.json().message]).toEqual([400, "That is not a valid order id."]);
  });

  it("returns the stock exactly once when two admins press at the same time", async () => {
    for (let round = 0; round < 3; round++) {
      const placed = await order();
      await move(placed._id, "confirm");
      const before = [await stockOf(t, p1.id, sz(p1)), await stockOf(t, p2.id, sz(p2, 1))];
      const results = await Promise.all([
        giveBack(placed._id, { as: "refused" }, admin),
        giveBack(placed._id, { as: "returned" }, other),
        giveBack(placed._id, { as: "refused" }, other),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      expect([await stockOf(t, p1.id, sz(p1)), await stockOf(t, p2.id, sz(p2, 1))]).toEqual([
        (before[0] ?? 0) + 2,
        (before[1] ?? 0) + 1,
      ]);
      const final = await get(placed._id);
      expect(final.history.filter((h) => h.to === "cancelled")).toHaveLength(1);
      const winner = results.find((r) => r.statusCode === 200)?.json<AdminOrder>();
      expect(final.returnedAs).toBe(winner?.returnedAs);
    }
  });

  it("a return and a cancellation at once: one wins, the stock comes back once", async () => {
    const placed = await order();
    await move(placed._id, "confirm");
    const before = await stockOf(t, p1.id, sz(p1));
    const results = await Promise.all([move(placed._id, "cancelled"), giveBack(placed._id, { as: "refused" })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(t, p1.id, sz(p1))).toBe(before + 2);
    expect((await get(placed._id)).history.filter((h) => h.to === "cancelled")).toHaveLength(1);
  });
});

describe("the customer's history", () => {
  it("counts every order of the account and of the phone number, and flags refusals and open orders", async () => {
    const phone = freshPhone();
    // An address of this test's own: parcels refused at the shared test address are other tests'.
    const home = `House ${phone.slice(-5)}, Street 4, Clifton`;
    const first = await makeShopper(t);
    const delivered = await order(first, phone, home);
    await move(delivered._id, "confirm");
    await move(delivered._id, "delivered");
    const dropped = await order(first, phone, home);
    await move(dropped._id, "cancelled");
    const refused = await order(first, phone, home);
    await move(refused._id, "confirm");
    await giveBack(refused._id, { as: "refused" });

    // A second account with the same number typed the other way (+92), and one order of it open.
    const second = await makeShopper(t);
    const fresh = await order(second, `+92 ${phone.slice(1, 4)} ${phone.slice(4)}`, home);
    const risk = (await get(fresh._id)).risk;
    expect(risk.history).toEqual({ orders: 4, delivered: 1, cancelled: 1, returned: 1, open: 1 });
    expect(risk.level).toBe("high");
    expect(risk.reasons).toEqual([
      { signal: "refused-by-phone", text: "This phone refused 1 parcel before, on 1 other account." },
      { signal: "shared-phone", text: "This phone number was used on 1 other account." },
    ]);

    // The same account and number: one refusal, told once (by the phone).
    const same = await order(first, phone, home);
    expect(signals(await get(same._id))).toEqual(["refused-by-phone", "several-open", "shared-phone"]);
    expect((await get(same._id)).risk.reasons[0]?.text).toBe("This phone refused 1 parcel before, on this account.");
    await move(same._id, "cancelled");

    // The first account orders again with a new number: the account's refusal still shows.
    const again = await order(first, freshPhone(), `${home}, upstairs`);
    const mine = (await get(again._id)).risk;
    expect(mine.history).toMatchObject({ orders: 5, open: 1 });
    expect(mine.reasons).toEqual([
      {
        signal: "refused-by-account",
        text: "This account refused 1 parcel before, sent to a different phone number.",
      },
    ]);

    // A clean customer with two open orders.
    const busy = await makeShopper(t);
    const busyPhone = freshPhone();
    await order(busy, busyPhone, `Flat ${busyPhone.slice(-5)}`);
    const second2 = await order(busy, busyPhone, `Flat ${busyPhone.slice(-5)}`);
    const busyRisk = (await get(second2._id)).risk;
    expect(busyRisk.history).toMatchObject({ orders: 2, open: 2, returned: 0 });
    // Both only worth watching: nothing delivered yet on a large order, and two open orders.
    expect(busyRisk.level).toBe("watch");
    expect(signals(await get(second2._id))).toEqual(["high-value", "several-open"]);
    expect(busyRisk.reasons[1]?.text).toBe("2 open orders from this account or phone number.");

    // The list shows the same history, the phone for tap-to-call, and how a parcel came back.
    const list = (
      await call(t, admin, "GET", `/api/admin/orders?query=${second.email.split("@")[0]}`)
    ).json<AdminOrderList>();
    expect(list.orders).toHaveLength(1);
    expect(list.orders[0]?.risk).toEqual((await get(fresh._id)).risk);
    expect(list.orders[0]?.customer.phone).toBe(`+92${phone.slice(1)}`);
    // Found by the phone number, typed any way.
    for (const typed of [phone, `0092-${phone.slice(1)}`]) {
      const byPhone = (
        await call(t, admin, "GET", `/api/admin/orders?query=${encodeURIComponent(typed)}`)
      ).json<AdminOrderList>();
      expect(byPhone.orders.map((o) => o._id).sort()).toEqual(
        [delivered._id, dropped._id, refused._id, fresh._id, same._id].sort(),
      );
    }
    const firsts = (
      await call(t, admin, "GET", `/api/admin/orders?query=${first.email.split("@")[0]}`)
    ).json<AdminOrderList>();
    expect(firsts.orders.find((o) => o._id === refused._id)?.returnedAs).toBe("refused");
    expect(firsts.orders.find((o) => o._id === dropped._id)?.returnedAs).toBeNull();
  });
});

describe("internal notes", () => {
  it("are listed oldest first with author and time, never shown to the customer", async () => {
    const placed = await order();
    const res = await call(t, admin, "POST", `/api/admin/orders/${placed._id}/notes`, {
      text: "  Called twice, said to come after 6pm  ",
    });
    expect(res.statusCode, res.body).toBe(201);
    await call(t, other, "POST", `/api/admin/orders/${placed._id}/notes`, { text: "<b>Rider</b>: gate 2" });
    const notes = (await get(placed._id)).notes;
    expect(notes.map((n) => [n.text, n.author.username])).toEqual([
      ["Called twice, said to come after 6pm", admin.username],
      ["<b>Rider</b>: gate 2", other.username],
    ]);
    expect(notes.every((n) => Date.parse(n.at) > Date.now() - 60_000)).toBe(true);
    const track = await t.app.inject({ url: "/api/orders/track", headers: placed.shopper.headers });
    expect(track.body).not.toContain("Rider");
  });

  it("refuses empty, long or odd notes with 400 and unknown orders with 404", async () => {
    const placed = await order();
    for (const [body, message] of [
      [{ text: "   " }, "Please write the note."],
      [{}, "The note must be text."],
      [{ text: "x".repeat(1001) }, "A note can be at most 1000 characters long."],
      [{ text: "hi", author: "someone" }, "Unexpected field: author."],
    ] as const) {
      const res = await call(t, admin, "POST", `/api/admin/orders/${placed._id}/notes`, body);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect((await get(placed._id)).notes).toEqual([]);
    const unknown = await call(t, admin, "POST", "/api/admin/orders/00000000-0000-4000-8000-000000000000/notes", {
      text: "hello",
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, "No order has that id."]);
  });
});

describe("editing the delivery details", () => {
  const details = {
    fullName: "Ayesha Khan",
    addressLine: "House 40, Street 9, near Boat Basin, Clifton",
    phoneNumber: "0321 765 4321",
    postalCode: "75600",
  };

  it("changes them before delivery and records each changed field with who and when", async () => {
    const placed = await order(undefined, "03001112223");
    const res = await call(t, admin, "PUT", `/api/admin/orders/${placed._id}/address`, details);
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<AdminOrder>();
    expect(edited.shippingAddress).toMatchObject({
      addressLine: details.addressLine,
      phoneNumber: "03217654321",
      postalCode: "75600",
      city: "Karachi",
    });
    expect(edited.edits).toHaveLength(1);
    expect(edited.edits[0]).toMatchObject({
      actor: { username: admin.username },
      changes: [
        { field: "addressLine", from: ADDRESS.addressLine, to: details.addressLine },
        { field: "phoneNumber", from: "03001112223", to: "03217654321" },
      ],
    });
    // The same details again change and record nothing; the customer sees the new address.
    const again = (await call(t, admin, "PUT", `/api/admin/orders/${placed._id}/address`, details)).json<AdminOrder>();
    expect(again.edits).toHaveLength(1);
    const track = await t.app.inject({ url: "/api/orders/track", headers: placed.shopper.headers });
    expect(track.json<Order[]>()[0]?.shippingAddress.addressLine).toBe(details.addressLine);

    // Confirmed orders too, and a postal code can be cleared.
    await move(placed._id, "confirm");
    const cleared = (
      await call(t, admin, "PUT", `/api/admin/orders/${placed._id}/address`, { ...details, postalCode: "" })
    ).json<AdminOrder>();
    expect(cleared.shippingAddress.postalCode).toBeUndefined();
    expect(cleared.edits.at(-1)?.changes).toEqual([{ field: "postalCode", from: "75600", to: null }]);
  });

  it("refuses bad details with 400 and delivered or cancelled orders with 409, changing nothing", async () => {
    const placed = await order();
    const before = await snapshot(placed._id);
    for (const [body, message] of [
      [{ ...details, phoneNumber: "12345" }, "Please enter your phone number as a Pakistani mobile number"],
      [{ ...details, addressLine: " " }, "Please enter your address: house or flat, street and block."],
      [{ ...details, fullName: undefined }, "Please enter your full name."],
      [{ ...details, city: "Lahore" }, "Unexpected field: city."],
      [{ ...details, email: "x@example.pk" }, "Unexpected field: email."],
      [["House 1"], "Send the details as a JSON object."],
    ] as const) {
      const res = await call(t, admin, "PUT", `/api/admin/orders/${placed._id}/address`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await snapshot(placed._id)).toEqual(before);

    await move(placed._id, "cancelled");
    const done = await snapshot(placed._id);
    const refused = await call(t, admin, "PUT", `/api/admin/orders/${placed._id}/address`, details);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      "This order is cancelled: its address and phone can no longer change.",
    ]);
    expect(await snapshot(placed._id)).toEqual(done);
    const unknown = await call(
      t,
      admin,
      "PUT",
      "/api/admin/orders/00000000-0000-4000-8000-000000000000/address",
      details,
    );
    expect(unknown.statusCode).toBe(404);
  });
});
