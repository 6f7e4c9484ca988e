// Importing a courier's files through the admin API (issue 32): the booking export dispatches
// confirmed orders (the customer sees the parcel and gets the mail), the status file delivers,
// refuses (stock back exactly once), loses or leaves alone, the payment report settles the cash and
// flags what differs. A preview changes nothing, the same file twice applies nothing twice, the
// columns chosen are remembered, and bad input is a 4xx that changes nothing.
import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { AdminOrder } from "#shared/admin.ts";
import type { Product } from "#shared/catalog.ts";
import {
  type CourierImportList,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_LINES,
  IMPORT_MESSAGES,
  type ImportLine,
  type ImportResult,
  outcomeLabel,
} from "#shared/courier-imports.ts";
import type { Courier } from "#shared/couriers.ts";
import { type Order, orderNumber } from "#shared/orders.ts";
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
let p1: TestProduct;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
  [p1] = (await products(t, 1)) as [TestProduct];
  for (const size of p1.sizes) await setStock(t, p1.id, size, 500);
});
afterAll(() => t?.close());

const size = () => p1.sizes[0] as number;
const freshPhone = () => `03${String(randomInt(100_000_000, 999_999_999))}`;
const freshNumber = (prefix = "KHI") => `${prefix}${randomInt(10_000_000, 99_999_999)}`;
const lineOutcomes = (result: ImportResult) => result.lines.map((l: ImportLine) => l.outcome);

type Placed = Order & { shopper: Shopper; ref: string };

async function placed(): Promise<Placed> {
  const shopper = await makeShopper(t);
  const body = orderBody(shopper, [{ product: p1, size: size(), quantity: 2 }], {
    shippingAddress: { ...ADDRESS, email: shopper.email, phoneNumber: freshPhone() },
  });
  const res = await placeOrder(t, shopper, body);
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<Order>();
  return { ...order, shopper, ref: orderNumber(order._id) };
}

const move = async (id: string, status: string) => {
  const res = await call(t, admin, "POST", `/api/admin/orders/${id}/status`, { status });
  expect(res.statusCode, res.body).toBe(200);
};

async function confirmed(): Promise<Placed> {
  const order = await placed();
  await move(order._id, "confirm");
  return order;
}

/** A confirmed order dispatched by hand with this courier and a new number. */
async function dispatched(courier: Courier): Promise<Placed & { number: string }> {
  const order = await confirmed();
  const number = freshNumber();
  const res = await call(t, admin, "POST", `/api/admin/orders/${order._id}/dispatch`, {
    courierId: courier._id,
    trackingNumber: number,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...order, number };
}

let couriers = 0;
async function newCourier(): Promise<Courier> {
  couriers += 1;
  const res = await call(t, admin, "POST", "/api/admin/couriers", {
    name: `Test Courier ${couriers} ${randomInt(1000, 9999)}`,
    trackingUrl: "https://courier.example.pk/track?cn={number}",
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Courier>();
}

const importFile = (courier: Courier | string, body: Record<string, unknown>) =>
  call(t, admin, "POST", `/api/admin/couriers/${typeof courier === "string" ? courier : courier._id}/imports`, body);

async function imported(courier: Courier, body: Record<string, unknown>): Promise<ImportResult> {
  const res = await importFile(courier, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportResult>();
}

const csv = (rows: string[][]) => rows.map((r) => r.join(",")).join("\r\n");
const adminOrder = async (id: string) => (await call(t, admin, "GET", `/api/admin/orders/${id}`)).json<AdminOrder>();

/** Everything an import could change, to compare before and after one that must change nothing. */
async function everything() {
  const [row] = await selectRowsAsserted(
    t.database.db,
    sql`select (select json_agg(o order by o.id) from (select id, status, returned_as, updated_at from orders) o) as orders,
               (select json_agg(p order by p.order_id) from parcels p) as parcels,
               (select json_agg(i order by i.id) from courier_imports i) as imports,
               (select json_agg(c order by c.id) from (select id, csv_columns from couriers) c) as couriers,
               (select count(*)::int from order_status_events) as events,
               (select sum(stock)::int from product_sizes) as stock`,
  );
  return row;
}

describe("a booking export", () => {
  it("previews without changing anything, then dispatches: the customer sees the parcel and is mailed", async () => {
    const courier = await newCourier();
    const [a, b] = [await confirmed(), await confirmed()];
    const pending = await placed();
    const [na, nb] = [freshNumber(), freshNumber()];
    // Written as a portal exports it: a byte-order mark, CRLF, quoted cells, a blank line, '#' or not.
    const file = `\uFEFF${csv([
      ["Sr", '"Order No"', "CN #", '"Consignee, City"'],
      ["1", a.ref, na, '"Ayesha Khan, Karachi"'],
      ["2", b._id.slice(0, 8).toLowerCase(), nb, "Sara"],
      ["", "", "", ""],
      ["3", pending.ref, freshNumber(), "Bilal"],
      ["4", "#FFFFFFFF", freshNumber(), "Nobody"],
      ["5", "ORD-77", freshNumber(), "Nobody"],
      ["6", a.ref, "1.23457E+11", "Excel"],
    ])}\r\n`;
    const before = await everything();
    const preview = await imported(courier, { kind: "dispatch", fileName: "tcs-booked.csv", csv: file });
    expect(preview).toMatchObject({
      kind: "dispatch",
      courierId: courier._id,
      headers: ["Sr", "Order No", "CN #", "Consignee, City"],
      columns: { order: "Order No", tracking: "CN #" },
      applied: false,
      importedBefore: null,
      summary: { dispatch: 2, notAllowed: 1, unknownOrder: 2, invalid: 1 },
    });
    expect(preview.lines.map((l) => [l.line, l.outcome, l.order])).toEqual([
      [2, "dispatch", a.ref],
      [3, "dispatch", b.ref],
      [5, "notAllowed", pending.ref],
      [6, "unknownOrder", null],
      [7, "unknownOrder", null],
      [8, "invalid", a.ref],
    ]);
    expect(preview.lines[2]?.message).toBe("This order is pending: only a confirmed order can be dispatched.");
    expect(preview.lines[3]?.message).toBe("No order has the number #FFFFFFFF.");
    expect(preview.lines[4]?.message).toBe('"ORD-77" is not one of our order numbers (like #71B886C4).');
    expect(preview.lines[5]?.message).toMatch(/Excel wrote the tracking number as 1\.23457E\+11/);
    expect(await everything()).toEqual(before);

    const applied = await imported(courier, { kind: "dispatch", fileName: "tcs-booked.csv", csv: file, apply: true });
    expect(applied).toMatchObject({ applied: true, importedBefore: null, summary: preview.summary });
    expect(lineOutcomes(applied)).toEqual(lineOutcomes(preview));

    const order = await adminOrder(a._id);
    expect(order.status).toBe("dispatched");
    expect(order.parcel).toMatchObject({
      courierId: courier._id,
      courier: courier.name,
      trackingNumber: na,
      trackingUrl: `https://courier.example.pk/track?cn=${na}`,
      codAmount: a.totalAmount,
      settlement: null,
    });
    expect((await adminOrder(b._id)).parcel?.trackingNumber).toBe(nb);
    expect((await adminOrder(pending._id)).status).toBe("pending");
    const [parcel] = await selectRowsAsserted<{ import_id: string | null; file_name: string }>(
      t.database.db,
      sql`select p.import_id, i.file_name from parcels p join courier_imports i on i.id = p.import_id where p.order_id = ${a._id}`,
    );
    expect(parcel?.file_name).toBe("tcs-booked.csv");

    const track = await t.app.inject({ url: "/api/orders/track", headers: a.shopper.headers });
    const mine = track.json<Order[]>().find((o) => o._id === a._id);
    expect(mine).toMatchObject({ status: "dispatched", parcel: { courier: courier.name, trackingNumber: na } });
    const mail = await waitForMail(t, a.shopper.email, /Subject: .*is on its way/);
    expect(mail).toContain(na);
    expect(mail).toContain(`https://courier.example.pk/track?cn=${na}`);
  });

  it("answers the same file again as imported before and applies nothing; a new file's lines done are 'already'", async () => {
    const courier = await newCourier();
    const a = await confirmed();
    const number = freshNumber();
    const file = csv([
      ["Order Number", "Tracking Number"],
      [a.ref, number],
    ]);
    const first = await imported(courier, { kind: "dispatch", csv: file, apply: true });
    expect(first.summary).toEqual({ dispatch: 1 });
    const before = await everything();
    // The same file saved again by Excel: LF line ends and a byte-order mark change nothing.
    for (const again of [file, `\uFEFF${file.replace(/\r\n/g, "\n")}\n`.replace(/\n$/, "")]) {
      const answer = await imported(courier, { kind: "dispatch", csv: again, apply: true });
      expect(answer.applied).toBe(false);
      expect(Date.parse(answer.importedBefore ?? "")).toBeGreaterThan(Date.now() - 60_000);
      expect(lineOutcomes(answer)).toEqual(["already"]);
    }
    expect(await everything()).toEqual(before);

    const other = await confirmed();
    const wider = csv([
      ["Order Number", "Tracking Number"],
      [a.ref, number.toLowerCase()],
      [other.ref, number],
      [other.ref, freshNumber()],
    ]);
    const answer = await imported(courier, { kind: "dispatch", csv: wider });
    expect(answer.lines.map((l) => [l.outcome, l.message])).toEqual([
      ["already", `Already dispatched with ${courier.name} ${number}.`],
      ["notAllowed", `This tracking number is already on order ${a.ref}.`],
      ["dispatch", expect.stringContaining(courier.name)],
    ]);
  });

  it("applies a file only once when it is sent twice at the same moment", async () => {
    const courier = await newCourier();
    const a = await confirmed();
    const file = csv([
      ["Order ID", "CN"],
      [a.ref, freshNumber()],
    ]);
    const answers = await Promise.all(
      [1, 2].map(() => importFile(courier, { kind: "dispatch", csv: file, apply: true })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => r.json<ImportResult>().applied).sort()).toEqual([false, true]);
    // The order was dispatched once. (One import row for the file is the schema's own: courier_imports_file_idx.)
    const [row] = await selectRowsAsserted<{ events: number }>(
      t.database.db,
      sql`select count(*)::int as events from order_status_events where order_id = ${a._id} and to_status = 'dispatched'`,
    );
    expect(row?.events).toBe(1);
  });
});

describe("a status file", () => {
  it("delivers, refuses (stock back exactly once), loses and leaves alone; unknown numbers are said", async () => {
    const courier = await newCourier();
    const [delivered, refused, lost, onTheWay] = [
      await dispatched(courier),
      await dispatched(courier),
      await dispatched(courier),
      await dispatched(courier),
    ];
    const file = csv([
      ["CN Number", "Current Status", "Remarks"],
      [delivered.number.toLowerCase(), "Delivered", "Received by self"],
      [refused.number, "Return to Shipper", '"Customer refused, said he never ordered"'],
      [lost.number, "Lost", ""],
      [onTheWay.number, "Out for Delivery", ""],
      ["KHI00000000", "Delivered", ""],
      [delivered.number, "", ""],
    ]);
    // The product as the shop shows it, read once so the catalogue's cache holds it.
    const shown = async () =>
      (await t.app.inject({ url: `/api/products/${p1.id}` }))
        .json<{ product: Product }>()
        .product.sizes.find((s) => s.size === size())?.stock;
    const stockBefore = await stockOf(t, p1.id, size());
    expect(await shown()).toBe(stockBefore);
    const before = await everything();
    const preview = await imported(courier, { kind: "status", csv: file });
    expect(preview.columns).toEqual({ tracking: "CN Number", status: "Current Status", remark: "Remarks" });
    expect(preview.lines.map((l) => [l.outcome, l.order])).toEqual([
      ["delivered", delivered.ref],
      ["refused", refused.ref],
      ["lost", lost.ref],
      ["outForDelivery", onTheWay.ref],
      ["unknownNumber", null],
      ["invalid", null],
    ]);
    expect(preview.lines[3]?.message).toBe("“Out for Delivery”");
    expect(preview.lines[4]?.message).toBe(`No parcel of ${courier.name} has this tracking number.`);
    expect(preview.lines[5]?.message).toBe("This line has no status.");
    expect(await everything()).toEqual(before);

    const applied = await imported(courier, { kind: "status", csv: file, apply: true });
    expect(applied.applied).toBe(true);
    expect((await adminOrder(delivered._id)).status).toBe("delivered");
    const back = await adminOrder(refused._id);
    expect(back).toMatchObject({ status: "cancelled", returnedAs: "refused" });
    expect(back.history.at(-1)).toMatchObject({
      from: "dispatched",
      to: "cancelled",
      returnedAs: "refused",
      // The file's Remarks column is the courier's remark: the refusal's reason goes with the move.
      reason: `${courier.name}: Return to Shipper (Customer refused, said he never ordered)`,
      actor: { username: admin.username },
    });
    expect((await adminOrder(lost._id)).status).toBe("lost");
    expect((await adminOrder(onTheWay._id)).status).toBe("dispatched");
    expect(await stockOf(t, p1.id, size())).toBe(stockBefore + 2);
    expect(await shown()).toBe(stockBefore + 2);
    await waitForMail(t, delivered.shopper.email, /Subject: .*was delivered/);
    await waitForMail(t, lost.shopper.email, /Subject: .*was lost in transit/);

    // The same statuses in a later file: nothing twice, the stock stays.
    const later = csv([
      ["CN Number", "Current Status"],
      [refused.number, "Returned"],
      [delivered.number, "Delivered"],
      [refused.number, "Delivered"],
    ]);
    const again = await imported(courier, { kind: "status", csv: later, apply: true });
    expect(again.lines.map((l) => [l.outcome, l.message])).toEqual([
      ["already", "“Returned”: already refused at the door."],
      ["already", "“Delivered”: already delivered."],
      [
        "notAllowed",
        "“Delivered”, but this order is refused at the door: only an order on its way can become delivered.",
      ],
    ]);
    expect(await stockOf(t, p1.id, size())).toBe(stockBefore + 2);
    // And by hand: the parcel already came back.
    const byHand = await call(t, admin, "POST", `/api/admin/orders/${refused._id}/return`, { as: "refused" });
    expect(byHand.statusCode).toBe(409);
    expect(await stockOf(t, p1.id, size())).toBe(stockBefore + 2);
  });

  it("sees within one file what its earlier lines do", async () => {
    const courier = await newCourier();
    const a = await dispatched(courier);
    const file = csv([
      ["Tracking ID", "Delivery Status"],
      [a.number, "In Transit"],
      [a.number, "Damaged"],
      [a.number, "Damaged"],
      [a.number, "Delivered"],
    ]);
    const answer = await imported(courier, { kind: "status", csv: file, apply: true });
    expect(lineOutcomes(answer)).toEqual(["noChange", "damaged", "already", "notAllowed"]);
    expect((await adminOrder(a._id)).status).toBe("damaged");
  });
});

describe("a payment report", () => {
  it("settles delivered parcels, flags a different amount, records a refused parcel's charges, once", async () => {
    const courier = await newCourier();
    const [paid, short, refused, onTheWay] = [
      await dispatched(courier),
      await dispatched(courier),
      await dispatched(courier),
      await dispatched(courier),
    ];
    await move(paid._id, "delivered");
    await move(short._id, "delivered");
    const back = await call(t, admin, "POST", `/api/admin/orders/${refused._id}/return`, { as: "refused" });
    expect(back.statusCode, back.body).toBe(200);
    const amount = (n: number) => `"Rs. ${n.toLocaleString("en-US")}"`;
    const file = csv([
      ["Tracking Number", "COD Amount", "Delivery Charges", "Net Payable"],
      [paid.number, amount(paid.totalAmount), "Rs. 180", amount(paid.totalAmount - 180)],
      [short.number, `${short.totalAmount - 100}.00`, "180/-", String(short.totalAmount - 280)],
      ["LHR99999999", "1000", "150", "850"],
      [refused.number, "0", '"-250"', "-250"],
      [onTheWay.number, amount(onTheWay.totalAmount), "180", String(onTheWay.totalAmount - 180)],
      [paid.number, "abc", "180", "0"],
    ]);
    const before = await everything();
    const preview = await imported(courier, { kind: "payment", fileName: "postex-payment.csv", csv: file });
    expect(preview.columns).toEqual({
      tracking: "Tracking Number",
      collected: "COD Amount",
      deliveryCharge: "Delivery Charges",
      netPaid: "Net Payable",
    });
    // The refused parcel was not paid: its badge says the return charge is owed, not 'paid' (issue 46).
    expect(lineOutcomes(preview)).toEqual([
      "paid",
      "mismatch",
      "unknownNumber",
      "returnCharge",
      "notAllowed",
      "invalid",
    ]);
    expect(outcomeLabel("returnCharge", false)).toBe("not paid: return charge owed");
    expect(preview.lines[1]?.message).toMatch(/^Rs\.[\d,]+ collected, but the order is Rs\.[\d,]+; Rs\.180 charges\.$/);
    expect(preview.lines[3]?.message).toBe("This order is refused at the door: nothing collected, Rs.250 charges.");
    expect(preview.lines[5]?.message).toBe('Cannot read the amount collected "abc".');
    expect(await everything()).toEqual(before);

    const applied = await imported(courier, {
      kind: "payment",
      fileName: "postex-payment.csv",
      csv: file,
      apply: true,
    });
    expect(applied.summary).toEqual({
      paid: 1,
      mismatch: 1,
      returnCharge: 1,
      unknownNumber: 1,
      notAllowed: 1,
      invalid: 1,
    });
    const settlement = async (id: string) => (await adminOrder(id)).parcel?.settlement;
    expect(await settlement(paid._id)).toMatchObject({
      via: "report",
      collected: paid.totalAmount,
      charges: 180,
      mismatch: false,
    });
    expect(await settlement(short._id)).toMatchObject({
      collected: short.totalAmount - 100,
      charges: 180,
      mismatch: true,
    });
    expect(await settlement(refused._id)).toMatchObject({ collected: 0, charges: 250, mismatch: false });
    expect(await settlement(onTheWay._id)).toBeNull();
    const dashboard = (await call(t, admin, "GET", "/api/admin/dashboard")).json<{
      cash: { collectedToday: number };
    }>();
    expect(dashboard.cash.collectedToday).toBeGreaterThanOrEqual(paid.totalAmount + short.totalAmount - 100);

    // The same report again applies nothing; a later one naming a settled parcel says so.
    const settled = await everything();
    const again = await imported(courier, { kind: "payment", csv: file, apply: true });
    expect(again.applied).toBe(false);
    expect(again.importedBefore).not.toBeNull();
    expect(await everything()).toEqual(settled);
    const later = await imported(courier, {
      kind: "payment",
      csv: csv([
        ["Tracking Number", "COD Amount", "Delivery Charges"],
        [paid.number, String(paid.totalAmount), "180"],
        [short.number, String(short.totalAmount), "180"],
      ]),
      apply: true,
    });
    expect(lineOutcomes(later)).toEqual(["already", "already"]);
    expect(await settlement(short._id)).toMatchObject({ collected: short.totalAmount - 100, mismatch: true });
  });
});

describe("the columns", () => {
  it("refuses a file whose columns it cannot place, naming them; remembers the owner's choice once applied", async () => {
    const courier = await newCourier();
    const a = await confirmed();
    const b = await confirmed();
    const file = (order: Placed) =>
      csv([
        ["Shipment Ref", "Bilty No", "Weight"],
        [order.ref, freshNumber(), "0.5"],
      ]);
    const before = await everything();
    const refused = await importFile(courier, { kind: "dispatch", csv: file(a) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Choose which column holds the order number. The file\'s columns are: "Shipment Ref", "Bilty No", "Weight".',
    );
    expect(await everything()).toEqual(before);

    const chosen = { order: " shipment ref ", tracking: "BILTY NO" };
    const preview = await imported(courier, { kind: "dispatch", csv: file(a), columns: chosen });
    expect(preview.columns).toEqual({ order: "Shipment Ref", tracking: "Bilty No", weight: "Weight" });
    expect(await everything()).toEqual(before);
    await imported(courier, { kind: "dispatch", fileName: "bilty.csv", csv: file(a), columns: chosen, apply: true });

    // The next file of this courier, no columns sent: the remembered ones.
    const next = await imported(courier, { kind: "dispatch", csv: file(b) });
    expect(next.columns).toEqual({ order: "Shipment Ref", tracking: "Bilty No", weight: "Weight" });
    expect(lineOutcomes(next)).toEqual(["dispatch"]);
    const list = (await call(t, admin, "GET", `/api/admin/couriers/${courier._id}/imports`)).json<CourierImportList>();
    expect(list).toMatchObject({
      courier: { _id: courier._id, name: courier.name, ownRider: false, active: true },
      columns: { dispatch: { order: "Shipment Ref", tracking: "Bilty No", weight: "Weight" } },
      imports: [{ kind: "dispatch", fileName: "bilty.csv", by: admin.username, summary: { dispatch: 1 } }],
    });
  });
});

describe("bad input", () => {
  it("is a 4xx with a clear message and changes nothing", async () => {
    const courier = await newCourier();
    const a = await confirmed();
    const good = csv([
      ["Order No", "CN"],
      [a.ref, freshNumber()],
    ]);
    const [ownRider] = (await call(t, admin, "GET", "/api/admin/couriers"))
      .json<{ couriers: Courier[] }>()
      .couriers.filter((c) => c.ownRider);
    const off = await newCourier();
    await call(t, admin, "PUT", `/api/admin/couriers/${off._id}`, {
      name: off.name,
      trackingUrl: off.trackingUrl,
      active: false,
    });
    const tooMany = csv([
      ["Order No", "CN"],
      ...Array.from({ length: IMPORT_MAX_LINES + 1 }, (_, i) => [a.ref, `N${i}XX`]),
    ]);
    const cases: [string, Record<string, unknown>, number, string][] = [
      [
        courier._id,
        { kind: "dispatch", csv: good, columns: { tracking: "Nope" } },
        400,
        IMPORT_MESSAGES.unknownColumn("Nope", ["Order No", "CN"]),
      ],
      [courier._id, { kind: "dispatch", csv: "" }, 400, IMPORT_MESSAGES.empty],
      [courier._id, { kind: "dispatch", csv: "\uFEFF\r\n , \r\n" }, 400, IMPORT_MESSAGES.empty],
      [courier._id, { kind: "dispatch", csv: "Order No,CN\r\n" }, 400, IMPORT_MESSAGES.noLines],
      [courier._id, { kind: "dispatch", csv: `Order No,CN\r\n"${a.ref},X1234` }, 400, IMPORT_MESSAGES.openQuote(2)],
      [courier._id, { kind: "dispatch", csv: tooMany }, 400, IMPORT_MESSAGES.tooManyLines],
      [courier._id, { kind: "refunds", csv: good }, 400, "kind must be one of: dispatch, status, payment."],
      [courier._id, { kind: "dispatch", csv: good, force: true }, 400, "Unexpected field: force."],
      [courier._id, { kind: "dispatch", csv: good, columns: { order: " " } }, 400, "A column name cannot be empty."],
      [courier._id, { kind: "dispatch", csv: 42 }, 400, "csv must be the file's text."],
      [
        courier._id,
        { kind: "dispatch", csv: `Order No,CN\n${"x".repeat(IMPORT_MAX_BYTES)}` },
        400,
        IMPORT_MESSAGES.tooBig,
      ],
      [courier._id, { kind: "dispatch", csv: good, apply: "yes" }, 400, "apply must be true or false."],
      [
        courier._id,
        { kind: "dispatch", csv: good, columns: { volume: "CN" } },
        400,
        "columns must map order, tracking, codAmount, weight, status, statusDate, remark, collected, deliveryCharge, " +
          "codFee, salesTax, withholdingTax, returnCharge, charges, netPaid, payoutReference or payoutDate to a column name.",
      ],
      // null is 'not in this file': only an optional field can be left without a column.
      [
        courier._id,
        { kind: "dispatch", csv: good, columns: { order: null } },
        400,
        IMPORT_MESSAGES.missingColumn("order", ["Order No", "CN"]),
      ],
      [
        courier._id,
        { kind: "payment", csv: good, columns: { order: "Order No" } },
        400,
        IMPORT_MESSAGES.notAField("order", "payment"),
      ],
      [
        courier._id,
        { kind: "dispatch", csv: good, columns: { order: "CN", tracking: "cn" } },
        400,
        IMPORT_MESSAGES.sameColumn("CN"),
      ],
      [ownRider?._id ?? "", { kind: "dispatch", csv: good }, 400, IMPORT_MESSAGES.ownRider],
      [
        off._id,
        { kind: "dispatch", csv: good },
        409,
        "This courier is switched off. Switch it on at Couriers first, or choose another.",
      ],
      ["00000000-0000-4000-8000-000000000000", { kind: "dispatch", csv: good }, 404, "No courier has that id."],
      ["tcs", { kind: "dispatch", csv: good }, 400, "No courier has that id."],
    ];
    const before = await everything();
    for (const [id, body, status, message] of cases) {
      for (const apply of [false, true]) {
        const sent = "apply" in body ? body : { ...body, apply };
        const res = await importFile(id, sent);
        expect([res.statusCode, res.json().message], JSON.stringify(sent).slice(0, 120)).toEqual([status, message]);
      }
    }
    const customer = await makeShopper(t);
    const asCustomer = await t.app.inject({
      method: "POST",
      url: `/api/admin/couriers/${courier._id}/imports`,
      headers: customer.headers,
      payload: { kind: "dispatch", csv: good, apply: true },
    });
    expect(asCustomer.statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: "POST",
      url: `/api/admin/couriers/${courier._id}/imports`,
      payload: { kind: "dispatch", csv: good, apply: true },
    });
    expect(visitor.statusCode).toBe(401);
    expect(await everything()).toEqual(before);
  });
});

describe("a file with an absurd number of columns", () => {
  // Seen in the security test: 2 MB of header, 200,000 column names, held the server for seconds.
  const wide = (count: number, order: Placed) => {
    const extra = Array.from({ length: count - 2 }, (_, i) => `Col${i}`);
    return csv([
      ["Order No", "CN", ...extra],
      [order.ref, freshNumber(), ...extra.map(() => "")],
    ]);
  };

  it("is refused with a clear message and changes nothing", async () => {
    expect(IMPORT_MESSAGES.tooManyColumns(1)).toBe(
      "Line 1 has more than 200 columns: export only the columns you need from the courier's portal, please.",
    );
    const courier = await newCourier();
    const a = await confirmed();
    const header = Array.from({ length: 200_000 }, (_, i) => `C${i}`).join(",");
    const before = await everything();
    for (const body of [
      { kind: "dispatch", csv: `${header}\r\n${a.ref},X1` },
      { kind: "dispatch", csv: `${header}\r\n${a.ref},X1`, columns: { order: "C1", tracking: "C2" }, apply: true },
      { kind: "dispatch", csv: wide(201, a) },
    ]) {
      const res = await importFile(courier, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: IMPORT_MESSAGES.tooManyColumns(1) });
    }
    // A line under a sensible header, with a run of separators, is named by its number.
    const ragged = await importFile(courier, { kind: "dispatch", csv: `Order No,CN\r\n${a.ref},X1${",".repeat(300)}` });
    expect([ragged.statusCode, ragged.json()]).toEqual([400, { message: IMPORT_MESSAGES.tooManyColumns(2) }]);
    expect(await everything()).toEqual(before);
  });

  it("of 200 columns is read as usual", async () => {
    const courier = await newCourier();
    const a = await confirmed();
    const result = await imported(courier, { kind: "dispatch", csv: wide(200, a) });
    expect(result.headers).toHaveLength(200);
    expect(lineOutcomes(result)).toEqual(["dispatch"]);
  });
});
