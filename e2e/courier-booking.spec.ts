// Couriers by API on the owner's side in a real browser (issue 49), at 390 and 1280 px. The courier is
// Trax's stand-in (tests/support/couriers/trax-stand-in.ts) on 127.0.0.1, started in this process:
// its API account is set through the admin API to host "custom" at the stand-in's address with an API
// key Trax refuses. Then the owner: books a confirmed order from its page and reads Trax's refusal by
// the panel; enters the right key on the couriers screen, where the saved fields say so and no value
// comes back (not in the boxes, the page, the address or the browser's storage), and Sync now says
// what it did; books the order again and reads its tracking number; prints its airway bill (the slip
// with the number and its barcode); cancels the booking (the order is confirmed again); books two
// orders from the list in one press and reads each one's number, with their airway bills to print;
// and removes the API. Nothing scrolls sideways on the screens touched.
//
// Both projects run against one shop: each makes its own courier (named for the width), so neither
// sees the other's account, bookings or sync.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { CourierApiSettingsView } from "../shared/courier-api.ts";
import type { Courier } from "../shared/couriers.ts";
import type { Order } from "../shared/orders.ts";
import { startTraxStandIn } from "../tests/support/couriers/trax-stand-in.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { type Account, catalogue, sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { bearer, moveOrder, newCustomer, placeOrder } from "./orders-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

const ref = (order: Order) => `#${order._id.slice(0, 8).toUpperCase()}`;

/** A customer's confirmed orders, one pair each, placed and confirmed through the API. */
async function confirmedOrders(request: APIRequestContext, admin: Account, count: number) {
  const customer = await newCustomer(request, "booking");
  const product = (await catalogue(request)).find((p) => p.sizes.some((s) => s.stock >= count));
  const size = product?.sizes.find((s) => s.stock >= count)?.size;
  if (!product || size === undefined) throw new Error("no demo product in stock");
  const orders: Order[] = [];
  for (let i = 0; i < count; i++) {
    const order = await placeOrder(request, customer, product, size, {
      fullName: "Bilal Ahmed",
      addressLine: "House 14, Street 7, Block 13-D, Gulshan-e-Iqbal",
      phoneNumber: "03001234567",
    });
    await moveOrder(request, admin, order._id, ["confirm"]);
    orders.push(order);
  }
  return { email: customer.user.email, orders };
}

/** Measured at both widths the owner works at, whichever the project is. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await sidewaysOverflow(page)).toBe(0);
  const other = width === 390 ? 1280 : 390;
  await page.setViewportSize({ width: other, height: 860 });
  expect(await sidewaysOverflow(page)).toBe(0);
  await page.setViewportSize({ width, height: 860 });
}

async function openOrder(page: Page, order: Order) {
  await page.goto(`/admin/orders/${order._id}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: `Order ${ref(order)}` })).toBeVisible();
}

test("the owner saves a courier's API, books, cancels and books a batch through it", async ({
  page,
  request,
}, testInfo) => {
  const width = testInfo.project.name === "phone" ? 390 : 1280;
  await page.setViewportSize({ width, height: 860 });
  const trax = await startTraxStandIn();
  try {
    const admin = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
    const name = `Trax ${width} ${Date.now().toString(36).toUpperCase()}`;
    const added = await request.post("/api/admin/couriers", { headers: bearer(admin), data: { name } });
    expect(added.ok(), await added.text()).toBe(true);
    const courier = (await added.json()) as Courier;
    const wrongKey = "an-old-key-trax-no-longer-takes";
    const setUp = await request.put(`/api/admin/couriers/${courier._id}/api`, {
      headers: bearer(admin),
      data: {
        api: "trax",
        host: "custom",
        baseUrl: trax.url,
        credentials: { apiKey: wrongKey, pickupAddressId: "3015", email: "orders@shoeshop.pk" },
        holdHours: 72,
      },
    });
    expect(setUp.ok(), await setUp.text()).toBe(true);
    const { email, orders } = await confirmedOrders(request, admin, 3);
    const [single, batchA, batchB] = orders as [Order, Order, Order];
    await startSignedIn(page, admin);

    // With the old key Trax refuses: its words by the panel, the order still confirmed.
    await openOrder(page, single);
    const panel = page.getByRole("region", { name: "Book with a courier" });
    await panel.getByLabel("Courier").selectOption({ label: name });
    await expect(panel.getByLabel("Weight (kg)")).toHaveValue("1");
    await expect(panel.getByLabel("Pieces")).toHaveValue("1");
    await panel.getByRole("button", { name: "Book", exact: true }).click();
    await expect(panel.getByRole("alert")).toContainText(/Trax/);
    await expect(page.getByText("confirmed", { exact: true }).first()).toBeVisible();
    expect(trax.bookings).toHaveLength(0);
    await expectNoSidewaysScroll(page, width);
    await shoot(page, `booking-refused-${width}`);

    // The couriers screen: the account as saved, each saved field says so, no value is shown.
    await page.goto("/admin/couriers");
    await waitForHydration(page);
    const row = page.getByRole("listitem", { name, exact: true });
    await expect(row.getByText(`Trax at ${trax.url}`)).toBeVisible();
    await expect(row.getByText("Credentials saved: API key, Pickup address ID, Email for bookings")).toBeVisible();
    await expect(row.getByText("Last sync")).toBeVisible();
    await row.getByRole("button", { name: `Change the API of ${name}` }).click();
    const form = row.getByRole("form", { name: `API of ${name}` });
    await expect(form.getByLabel("API", { exact: true })).toBeFocused();
    await expect(form.getByLabel("API", { exact: true })).toHaveValue("trax");
    await expect(form.getByLabel("Host")).toHaveValue("custom");
    await expect(form.getByLabel("API address")).toHaveValue(trax.url);
    const apiKey = form.getByLabel("API key");
    await expect(apiKey).toHaveAttribute("type", "password");
    await expect(apiKey).toHaveValue("");
    await expect(apiKey).toHaveAccessibleDescription(/Saved: leave empty to keep it/);
    await expect(form.getByLabel("Pickup address ID")).toHaveValue("");
    await expect(form.getByLabel("Webhook secret")).not.toHaveAccessibleDescription(/Saved/);
    // A hold too short is refused by its field, before anything is sent.
    await form.getByLabel("Hold (hours)").fill("6");
    await apiKey.fill(trax.apiKey);
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByLabel("Hold (hours)")).toHaveAccessibleDescription(/at least 12 hours/);
    await expect(form.getByLabel("Hold (hours)")).toBeFocused();
    await expectNoSidewaysScroll(page, width);
    await shoot(page, `courier-api-form-${width}`);
    await form.getByLabel("Hold (hours)").fill("48");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(`Saved the API of ${name}.`)).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(row.getByRole("button", { name: `Change the API of ${name}` })).toBeFocused();
    // Saved, and never sent back: not on the page, in the address or in the browser's storage.
    expect(await page.content()).not.toContain(trax.apiKey);
    expect(page.url()).not.toContain(trax.apiKey);
    const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage, ...window.sessionStorage }));
    expect(stored).not.toContain(trax.apiKey);
    const view = (await (
      await request.get(`/api/admin/couriers/${courier._id}/api`, { headers: bearer(admin) })
    ).json()) as CourierApiSettingsView;
    expect(view.account?.holdHours).toBe(48);
    await row.getByRole("button", { name: `Change the API of ${name}` }).click();
    await expect(form.getByLabel("API key")).toHaveValue("");
    await expect(form.getByLabel("API key")).toHaveAccessibleDescription(/Saved: leave empty to keep it/);
    await form.getByRole("button", { name: "Cancel" }).click();

    // Sync now says what it did; the courier's last sync is filled in.
    await row.getByRole("button", { name: `Sync now: ${name} and every other courier due` }).click();
    await expect(row.getByRole("status").filter({ hasText: /Synced .*Trax|Nothing was due/ })).toBeVisible();
    await expect(row.getByText(/Synced .*0 orders moved on\.|Nothing was due/)).toBeVisible();
    await expect(row.getByRole("definition").first()).not.toHaveText("not yet");
    await expectNoSidewaysScroll(page, width);
    await expectNoAxeViolations(page);
    await shoot(page, `courier-api-saved-${width}`);

    // Booked from the order's page: Booking… while Trax answers, then its number.
    await openOrder(page, single);
    await panel.getByLabel("Courier").selectOption({ label: name });
    await panel.getByLabel("Weight (kg)").fill("1.5");
    await panel.getByRole("button", { name: "Book", exact: true }).click();
    await expect(
      page.getByText(/^Booked with .*: tracking number \S+\. The customer has been e-mailed\.$/),
    ).toBeVisible();
    expect(trax.bookings).toHaveLength(1);
    const number = trax.bookings[0]?.trackingNumber ?? "";
    const booked = page.getByRole("region", { name: "Courier booking" });
    await expect(booked.getByText(number, { exact: true })).toBeVisible();
    await expect(booked.getByText(name, { exact: true })).toBeVisible();
    await expect(booked.getByText("1.5 kg, 1 piece")).toBeVisible();
    await expect(booked.getByRole("link", { name: "Print airway bill" })).toHaveAttribute(
      "href",
      `/admin/slips?ids=${single._id}`,
    );
    // Trax's booking answer carries no airway bill of its own.
    await expect(booked.getByRole("link", { name: /Courier's airway bill/ })).toHaveCount(0);
    await expect(page.getByText("on its way", { exact: true }).first()).toBeVisible();
    await expectNoSidewaysScroll(page, width);
    await expectNoAxeViolations(page);
    await shoot(page, `booking-booked-${width}`);
    // The airway bill to print is the order's slip, with Trax's number on it.
    await booked.getByRole("link", { name: "Print airway bill" }).click();
    const slip = page.getByRole("article", { name: /Packing slip/ });
    await expect(slip).toContainText("Airway bill");
    await expect(slip).toContainText(`Tracking number: ${number}`);
    await expect(slip.getByRole("img", { name: `Barcode of ${number}` })).toBeVisible();
    await openOrder(page, single);

    // Cancelled before pickup, asked once more: Trax is told, the order is confirmed again.
    await booked.getByRole("button", { name: "Cancel booking" }).click();
    const ask = page.getByRole("alertdialog", { name: `Cancel the booking with ${name}?` });
    await expect(ask).toContainText("The order goes back to confirmed.");
    await expectNoSidewaysScroll(page, width);
    await shoot(page, `booking-cancel-ask-${width}`, { fullPage: false });
    await ask.getByRole("button", { name: "Yes, cancel it" }).click();
    await expect(page.getByText(`Cancelled the booking with ${name}: the order is confirmed again.`)).toBeVisible();
    await expect(page.getByText("confirmed", { exact: true }).first()).toBeVisible();
    await expect(panel.getByText(`The booking with ${name} (${number}) was cancelled.`)).toBeVisible();
    expect(trax.requests.some((r) => r.path === "/api/shipment/cancel")).toBe(true);

    // Two orders from the list in one press, each with its number, their airway bills together.
    await page.goto(`/admin/orders?status=confirm&query=${encodeURIComponent(email)}`);
    await waitForHydration(page);
    await page.getByRole("checkbox", { name: `Select order ${ref(batchA)}` }).check();
    await page.getByRole("checkbox", { name: `Select order ${ref(batchB)}` }).check();
    await page.getByRole("button", { name: "Book selected (2)" }).click();
    const dialog = page.getByRole("dialog", { name: "Book 2 orders with a courier" });
    await dialog.getByLabel("Courier").selectOption({ label: name });
    await expectNoSidewaysScroll(page, width);
    await shoot(page, `booking-batch-${width}`, { fullPage: false });
    await dialog.getByRole("button", { name: "Book all 2" }).click();
    const done = page.getByRole("dialog", { name: "Booking done" });
    await expect(done).toContainText(`2 booked with ${name}, 0 not.`);
    const results = done.getByRole("list", { name: "Booking results" });
    const numbers = trax.bookings.slice(-2).map((b) => b.trackingNumber);
    expect(trax.bookings).toHaveLength(3);
    for (const n of numbers) await expect(results.getByText(n, { exact: true })).toBeVisible();
    await expect(results.getByRole("listitem")).toHaveCount(2);
    const print = done.getByRole("link", { name: "Print airway bills (2)" });
    const href = (await print.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/admin\/slips\?ids=/);
    expect(href.split("=")[1]?.split(",").sort()).toEqual([batchA._id, batchB._id].sort());
    await expectNoSidewaysScroll(page, width);
    await shoot(page, `booking-batch-done-${width}`, { fullPage: false });
    await done.getByRole("button", { name: "Done" }).click();
    await expect(done).toHaveCount(0);
    // Off the list of orders to dispatch: booked, they are on their way.
    await expect(page.getByRole("link", { name: ref(batchA) })).toHaveCount(0);
    await expect(page.getByRole("link", { name: ref(single) })).toBeVisible();
    await expect(page.getByText("No orders selected")).toBeVisible();

    // The API removed, asked once more: the courier is back to its files.
    await page.goto("/admin/couriers");
    await waitForHydration(page);
    await row.getByRole("button", { name: `Change the API of ${name}` }).click();
    await form.getByRole("button", { name: "Remove" }).click();
    const remove = page.getByRole("alertdialog", { name: `Remove the API of ${name}?` });
    await remove.getByRole("button", { name: "Yes, remove" }).click();
    await expect(page.getByText(`Removed the API of ${name}.`)).toBeVisible();
    await expect(row.getByText(/None: its parcels are booked in the courier's portal/)).toBeVisible();
    await expect(row.getByRole("button", { name: `Set up the API of ${name}` })).toBeFocused();
  } finally {
    await trax.close();
  }
});
