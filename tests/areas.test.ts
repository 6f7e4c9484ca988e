// [Ours] Karachi areas through the API: the public list the checkout offers (active areas by district
// then name, cacheable), the owner adding and hiding areas (401/403 to others, 400 and 409 that change
// nothing), an order's area checked against the list and stored as the list spells it (an unknown or
// hidden one refused with nothing written, none at all still accepted; one written as people write it
// taken as the list spells it, several offered in the refusal), the address book's too, and the
// area and landmark on everything the owner reads: the order, its edit, the slip, the CSV and the mails.

import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { SavedAddress } from "#shared/addresses.ts";
import type { AdminOrder } from "#shared/admin.ts";
import { type AdminArea, type AdminAreaList, AREA_MESSAGES, type AreaList, deliveryLines } from "#shared/areas.ts";
import { confirmationMessage } from "#shared/order-confirmation.ts";
import { ORDER_MESSAGES, type Order } from "#shared/orders.ts";
import { SHOP_NAME } from "#shared/shop.ts";
import type { PackingSlips } from "#shared/slips.ts";
import { mailsTo } from "./support/accounts.ts";
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
import { until } from "./support/wait.ts";

const ORDERS_EMAIL = "orders-desk@shoeshop.example";

let t: TestApp;
let admin: Shopper;
let customer: Shopper;
let product: TestProduct;
beforeAll(async () => {
  t = await createTestApp({ env: { ORDERS_EMAIL, MAX_OPEN_ORDERS: "100", MAX_OPEN_PAIRS: "1000" } });
  admin = await makeAdmin(t);
  customer = await makeShopper(t);
  [product] = (await products(t, 1)) as [TestProduct];
  await setStock(t, product.id, size(), 500);
});
afterAll(() => t?.close());

const size = () => product.sizes[0] as number;
const anonymous = { headers: {} };
const publicList = async () => {
  const res = await t.app.inject({ url: "/api/areas" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AreaList>().areas;
};
const ownerList = async () => {
  const res = await call(t, admin, "GET", "/api/admin/areas");
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminAreaList>().areas;
};
const areaRows = async () =>
  selectRowsAsserted<AdminArea>(t.database.db, sql`select name, district, active from karachi_areas order by name`);
const setActive = (name: string, active: unknown, who = admin) =>
  call(t, who, "PUT", `/api/admin/areas/${encodeURIComponent(name)}`, { active });

function order(s: Shopper, address: Record<string, unknown>) {
  const body = orderBody(s, [{ product, size: size(), quantity: 1 }]);
  return placeOrder(t, s, { ...body, shippingAddress: { ...body.shippingAddress, ...address } });
}

/** What a refused order must not have written: orders, lines, history, keys, stock. */
async function written() {
  return {
    orders: await count(t, "orders"),
    lines: await count(t, "order_lines"),
    events: await count(t, "order_status_events"),
    keys: await count(t, "idempotency_keys"),
    stock: await stockOf(t, product.id, size()),
  };
}

describe("GET /api/areas", () => {
  it("answers everyone the active areas by district then name, cacheable for five minutes", async () => {
    const res = await t.app.inject({ url: "/api/areas" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    const { areas } = res.json<AreaList>();
    const active = (await areaRows()).filter((a) => a.active);
    expect(areas).toHaveLength(active.length);
    expect(areas.length).toBeGreaterThan(250);
    expect(areas).toContainEqual({ name: "Clifton Block 5", district: "Karachi South" });
    for (const area of areas) expect(Object.keys(area).sort()).toEqual(["district", "name"]);
    // In the database's own order (its collation decides where "Bath Island" and "bin Qasim" go)...
    const ordered = await selectRowsAsserted<{ name: string }>(
      t.database.db,
      sql`select name from karachi_areas where active order by district, name`,
    );
    expect(areas.map((a) => a.name)).toEqual(ordered.map((a) => a.name));
    // ...which keeps each district's areas together.
    const districts = areas.map((a) => a.district).filter((d, i, all) => d !== all[i - 1]);
    expect(new Set(districts).size).toBe(districts.length);
  });
});

describe("the owner's areas", () => {
  it("are the owner's only: 401 without a session, 403 for a customer, nothing changed", async () => {
    const before = await areaRows();
    for (const who of [anonymous, customer]) {
      const status = who === anonymous ? 401 : 403;
      expect((await call(t, who, "GET", "/api/admin/areas")).statusCode).toBe(status);
      expect(
        (await call(t, who, "POST", "/api/admin/areas", { name: "Gizri", district: "Karachi South" })).statusCode,
      ).toBe(status);
      expect((await setActive("Saddar", false, who as Shopper)).statusCode).toBe(status);
    }
    expect(await areaRows()).toEqual(before);
  });

  it("lists every area with whether it is shown", async () => {
    const areas = await ownerList();
    expect(areas).toHaveLength((await areaRows()).length);
    expect(areas).toContainEqual({ name: "Saddar", district: "Karachi South", active: true });
  });

  it("adds an area, spaces tidied, offered at checkout at once", async () => {
    const res = await call(t, admin, "POST", "/api/admin/areas", {
      name: "  Gizri   Village ",
      district: " Karachi  South",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ name: "Gizri Village", district: "Karachi South", active: true });
    expect(await publicList()).toContainEqual({ name: "Gizri Village", district: "Karachi South" });
    const placed = await order(customer, { area: "gizri village" });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Order>().shippingAddress.area).toBe("Gizri Village");
  });

  it("refuses a name already listed, in any case or spacing, with 409 and nothing changed", async () => {
    const before = await areaRows();
    const res = await call(t, admin, "POST", "/api/admin/areas", { name: "clifton  BLOCK 5", district: "Elsewhere" });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ message: AREA_MESSAGES.duplicate("Clifton Block 5") });
    expect(await areaRows()).toEqual(before);
  });

  it("refuses bad input with 400, naming the field, and changes nothing", async () => {
    const before = await areaRows();
    const bad: [unknown, Record<string, string>][] = [
      [{ name: "X", district: "Karachi East" }, { name: AREA_MESSAGES.name }],
      [{ name: "Gizri Creek" }, { district: AREA_MESSAGES.district }],
      [{ name: "<script>alert(1)</script>", district: "Karachi East" }, { name: AREA_MESSAGES.name }],
      [{ name: "A".repeat(81), district: "Karachi East" }, { name: AREA_MESSAGES.name }],
      [{ name: "Gizri Creek", district: "Karachi South", active: false }, { active: "Unexpected field: active." }],
      [
        { name: 42, district: ["Karachi"] },
        { name: AREA_MESSAGES.name, district: AREA_MESSAGES.district },
      ],
    ];
    for (const [body, fields] of bad) {
      const res = await call(t, admin, "POST", "/api/admin/areas", body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields).toEqual(fields);
    }
    expect(await areaRows()).toEqual(before);
  });

  it("hides an area from checkout and shows it again, found in any case", async () => {
    const hidden = await setActive("clifton block 6", false);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toEqual({ name: "Clifton Block 6", district: "Karachi South", active: false });
    expect((await publicList()).map((a) => a.name)).not.toContain("Clifton Block 6");
    expect(await ownerList()).toContainEqual({ name: "Clifton Block 6", district: "Karachi South", active: false });

    const shown = await setActive("Clifton Block 6", true);
    expect(shown.json<AdminArea>().active).toBe(true);
    expect((await publicList()).map((a) => a.name)).toContain("Clifton Block 6");
  });

  it("answers 404 for an area not listed and 400 for a bad body, changing nothing", async () => {
    const before = await areaRows();
    const missing = await setActive("Atlantis Block 9", false);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: AREA_MESSAGES.notFound });
    for (const body of [{ active: "no" }, {}, { active: false, district: "Malir" }]) {
      const res = await call(t, admin, "PUT", "/api/admin/areas/Saddar", body);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await areaRows()).toEqual(before);
  });
});

describe("an order's area", () => {
  it("is stored as the list spells it, with the landmark, and saved in the address book", async () => {
    const s = await makeShopper(t);
    const res = await order(s, { area: "  gulshan-e-iqbal   block 13-d ", landmark: "  Behind Aladin Park " });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<Order>();
    expect(placed.shippingAddress).toMatchObject({
      area: "Gulshan-e-Iqbal Block 13-D",
      landmark: "Behind Aladin Park",
    });
    const [row] = await selectRowsAsserted<{ area: string; landmark: string }>(
      t.database.db,
      sql`select area, landmark from orders where id = ${placed._id}`,
    );
    expect(row).toEqual({ area: "Gulshan-e-Iqbal Block 13-D", landmark: "Behind Aladin Park" });
    const book = await t.app.inject({ url: "/api/user/addresses", headers: s.headers });
    expect(book.json<SavedAddress[]>()[0]).toMatchObject({
      area: "Gulshan-e-Iqbal Block 13-D",
      landmark: "Behind Aladin Park",
    });
  });

  it("refuses an area not in the list, or hidden, on its field, with nothing written", async () => {
    await setActive("Manora", false);
    for (const area of ["Atlantis", "Manora"]) {
      const before = await written();
      const res = await order(customer, { area });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        message: ORDER_MESSAGES.area,
        fields: { "shippingAddress.area": ORDER_MESSAGES.area },
      });
      expect(await written()).toEqual(before);
    }
    await setActive("Manora", true);
    expect((await order(customer, { area: "Manora" })).statusCode).toBe(201);
  });

  it("takes an area as people write it, stored as the list spells it (issue 46)", async () => {
    for (const [typed, area] of [
      ["Gulshan block 13 D", "Gulshan-e-Iqbal Block 13-D"],
      ["defence ph VI", "DHA Phase 6"],
      ["Nazimabaad no 3", "Nazimabad No. 3"],
    ] as const) {
      const res = await order(customer, { area: typed });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Order>().shippingAddress.area).toBe(area);
    }
  });

  it("refuses a text that is not one area with the closest names, on its field, with nothing written", async () => {
    const before = await written();
    const res = await order(customer, { area: "Gulshan 13" });
    expect(res.statusCode, res.body).toBe(400);
    const message =
      "Please choose your area from the list of Karachi areas. Did you mean: Gulshan-e-Iqbal Block 13-A, " +
      "Gulshan-e-Iqbal Block 13-B, Gulshan-e-Iqbal Block 13-C or Gulshan-e-Iqbal Block 13-D?";
    expect(res.json()).toEqual({ message, fields: { "shippingAddress.area": message } });
    expect(await written()).toEqual(before);
  });

  it("refuses a landmark longer than 100 characters", async () => {
    const before = await written();
    const res = await order(customer, { area: "Saddar", landmark: "x".repeat(101) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields).toEqual({
      "shippingAddress.landmark": ORDER_MESSAGES.landmark,
    });
    expect(await written()).toEqual(before);
  });

  it("may be left out, as the original system's client does: the order reads as it always did", async () => {
    const res = await order(customer, {});
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<Order>();
    expect(placed.shippingAddress).not.toHaveProperty("area");
    expect(placed.shippingAddress).not.toHaveProperty("landmark");
    expect(confirmationMessage(placed, "en")).toContain(
      `Address: ${ADDRESS.addressLine}, Karachi ${ADDRESS.postalCode}\n`,
    );
  });

  it("of a saved address is checked the same way when the customer edits it", async () => {
    const s = await makeShopper(t);
    expect((await order(s, { area: "Saddar" })).statusCode).toBe(201);
    const [saved] = (await t.app.inject({ url: "/api/user/addresses", headers: s.headers })).json<SavedAddress[]>();
    const { id, ...address } = saved as SavedAddress;
    const edit = (area: string) =>
      t.app.inject({
        method: "PUT",
        url: `/api/user/addresses/${id}`,
        headers: s.headers,
        payload: { ...address, area },
      });
    const refused = await edit("Atlantis");
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({ message: ORDER_MESSAGES.area, fields: { area: ORDER_MESSAGES.area } });
    const edited = await edit("burns road");
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<SavedAddress>().area).toBe("Burns Road");
    // Written as people write it (issue 46): taken as the list spells it, or refused with the closest names.
    const forgiven = await edit("Gulshan block 13 D");
    expect(forgiven.statusCode, forgiven.body).toBe(200);
    expect(forgiven.json<SavedAddress>().area).toBe("Gulshan-e-Iqbal Block 13-D");
    const unclear = await edit("Aysha Manzil");
    expect(unclear.statusCode, unclear.body).toBe(400);
    const message = `${ORDER_MESSAGES.area} Did you mean: Aisha Manzil or Ayesha Manzil?`;
    expect(unclear.json()).toEqual({ message, fields: { area: message } });
  });
});

describe("how an address reads", () => {
  const a = { addressLine: "House 12, Street 4", city: "Karachi", postalCode: "75600" };
  it("puts the landmark after the address ('Near …' unless it says where itself), then the area with the city", () => {
    expect(deliveryLines({ ...a, area: "Clifton Block 5", landmark: "Dolmen Mall" })).toEqual([
      "House 12, Street 4",
      "Near Dolmen Mall",
      "Clifton Block 5, Karachi 75600",
    ]);
    expect(deliveryLines({ ...a, landmark: "opposite Aladin Park" })).toEqual([
      "House 12, Street 4",
      "opposite Aladin Park",
      "Karachi 75600",
    ]);
    expect(deliveryLines({ ...a, postalCode: undefined })).toEqual(["House 12, Street 4", "Karachi"]);
  });
});

describe("what the owner reads", () => {
  let placed: Order;
  let before: Order;
  let s: Shopper;
  beforeAll(async () => {
    s = await makeShopper(t);
    before = (await order(s, {})).json<Order>();
    const res = await order(s, { area: "Clifton Block 5", landmark: "Opposite Dolmen Mall" });
    expect(res.statusCode, res.body).toBe(201);
    placed = res.json<Order>();
  });

  it("the order page, the slip and the WhatsApp message carry area and landmark", async () => {
    const page = (await call(t, admin, "GET", `/api/admin/orders/${placed._id}`)).json<AdminOrder>();
    expect(page.shippingAddress).toMatchObject({ area: "Clifton Block 5", landmark: "Opposite Dolmen Mall" });
    const old = (await call(t, admin, "GET", `/api/admin/orders/${before._id}`)).json<AdminOrder>();
    expect(old.shippingAddress.area).toBeUndefined();

    const slips = (
      await call(t, admin, "GET", `/api/admin/slips?ids=${placed._id},${before._id}`)
    ).json<PackingSlips>();
    expect(slips.orders[0]?.shippingAddress).toMatchObject({
      area: "Clifton Block 5",
      landmark: "Opposite Dolmen Mall",
    });
    expect(slips.orders[1]?.shippingAddress.area).toBeUndefined();

    expect(confirmationMessage(page, "en")).toContain(
      `Address: ${ADDRESS.addressLine}, Opposite Dolmen Mall, Clifton Block 5, Karachi ${ADDRESS.postalCode}`,
    );
  });

  it("the CSV has Area and Landmark columns, empty for an order from before", async () => {
    const res = await call(t, admin, "GET", "/api/admin/exports/orders.csv");
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    const col = (name: string) => (header as string[]).indexOf(name);
    expect(col("Area")).toBeGreaterThan(col("Address"));
    expect(col("Landmark")).toBe(col("Area") + 1);
    const row = (id: string) => rows.find((r) => r[col("Order id")] === id) as string[];
    expect(row(placed._id)[col("Area")]).toBe("Clifton Block 5");
    expect(row(placed._id)[col("Landmark")]).toBe("Opposite Dolmen Mall");
    expect(row(before._id)[col("Area")]).toBe("");
    expect(row(before._id)[col("Landmark")]).toBe("");
  });

  it("the shop's alert, the customer's mail and the 'is confirmed' mail say where to go", async () => {
    const where = ["\nOpposite Dolmen Mall", `Clifton Block 5, Karachi ${ADDRESS.postalCode}`];
    const about = (mail: string) => mail.includes(placed._id.slice(0, 8).toUpperCase());
    const mailsAbout = (to: string, subject: RegExp) =>
      until(
        async () => (await mailsTo(t, to)).filter((mail) => about(mail) && subject.test(mail)),
        (found) => found.length > 0,
        `a mail about the order matching ${subject} to ${to}`,
      );
    // The two orders of this part may share one alert ('2 new orders').
    const [alert] = await mailsAbout(ORDERS_EMAIL, /Subject: /);
    const [confirmation] = await mailsAbout(s.email, new RegExp(`Subject: Your order #\\w+ at ${SHOP_NAME}\r?\n`));
    const moved = await call(t, admin, "POST", `/api/admin/orders/${placed._id}/status`, { status: "confirm" });
    expect(moved.statusCode, moved.body).toBe(200);
    const [confirmed] = await mailsAbout(s.email, /Subject: .*is confirmed/);
    for (const mail of [alert, confirmation, confirmed]) for (const line of where) expect(mail).toContain(line);
  });

  it("the owner corrects the area and landmark; each change is recorded; an unknown area changes nothing", async () => {
    const url = `/api/admin/orders/${placed._id}/address`;
    const details = {
      fullName: ADDRESS.fullName,
      addressLine: ADDRESS.addressLine,
      phoneNumber: ADDRESS.phoneNumber,
      postalCode: ADDRESS.postalCode,
    };
    const refused = await call(t, admin, "PUT", url, { ...details, area: "Atlantis", landmark: "Somewhere" });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({ message: ORDER_MESSAGES.area, fields: { area: ORDER_MESSAGES.area } });
    const unchanged = (await call(t, admin, "GET", `/api/admin/orders/${placed._id}`)).json<AdminOrder>();
    expect(unchanged.shippingAddress).toMatchObject({ area: "Clifton Block 5", landmark: "Opposite Dolmen Mall" });
    expect(unchanged.edits).toEqual([]);

    // The owner's typing is read as the customer's is (issue 46).
    const unclear = await call(t, admin, "PUT", url, { ...details, area: "Clifton", landmark: "Opposite Dolmen Mall" });
    expect(unclear.statusCode, unclear.body).toBe(400);
    expect(unclear.json<{ message: string }>().message).toMatch(/^Please choose .* Did you mean: Clifton Block \d/);

    const res = await call(t, admin, "PUT", url, { ...details, area: "boat basin", landmark: "Near the food street" });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<AdminOrder>();
    expect(edited.shippingAddress).toMatchObject({ area: "Boat Basin", landmark: "Near the food street" });
    expect(edited.edits.at(-1)?.changes).toEqual([
      { field: "area", from: "Clifton Block 5", to: "Boat Basin" },
      { field: "landmark", from: "Opposite Dolmen Mall", to: "Near the food street" },
    ]);

    // Hidden since: the order keeps it while the phone is corrected.
    await setActive("Boat Basin", false);
    const phone = await call(t, admin, "PUT", url, {
      ...details,
      phoneNumber: "0321 7654321",
      area: "Boat Basin",
      landmark: "Near the food street",
    });
    expect(phone.statusCode, phone.body).toBe(200);
    expect(phone.json<AdminOrder>().shippingAddress.area).toBe("Boat Basin");
    expect(phone.json<AdminOrder>().edits.at(-1)?.changes).toEqual([
      { field: "phoneNumber", from: ADDRESS.phoneNumber, to: "03217654321" },
    ]);
    await setActive("Boat Basin", true);
  });
});
