// An exchange after delivery from both sides in a real browser, at 375 and 1280 px (issue 33): the
// customer asks on Track Your Order (the size suggested for the reason, a faulty pair refused
// without a photo before anything is sent, a photo uploaded and previewed), sees the request
// waiting while the wanted size is taken from stock; the owner opens the queue, sees the photo
// large, approves with a difference; the customer sees it approved with the new order; the owner
// marks the old pair received and back on sale. A refusal gives the kept pair back; the owner's
// rules are refused by their field when out of range. Nothing
// scrolls sideways; no accessibility violations.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import type { Product } from "../shared/catalog.ts";
import { differenceLine, EXCHANGE_MESSAGES, type Exchange } from "../shared/exchanges.ts";
import { type Order, orderNumber } from "../shared/orders.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { type Account, catalogue, sidewaysOverflow, signIn } from "./layout-support.ts";
import { bearer, moveOrder, newCustomer, placeOrder } from "./orders-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

interface Delivered {
  customer: Account;
  order: Order;
  product: Product;
  /** The size bought, and one size up, in stock, to ask for. */
  size: number;
  wanted: number;
}

/** A new customer's order of one pair, moved by the owner to delivered, through the API. */
async function deliveredOrder(request: APIRequestContext, admin: Account): Promise<Delivered> {
  const customer = await newCustomer(request, "exchange");
  // A shoe with a size in stock and the next size up with two pairs or more (one to ask for, one left).
  const stocked = (p: Product, size: number, n: number) => p.sizes.some((s) => s.size === size && s.stock >= n);
  const product = (await catalogue(request)).find((p) =>
    p.sizes.some((s) => s.stock >= 1 && stocked(p, s.size + 1, 2)),
  );
  const size = product?.sizes.find((s) => s.stock >= 1 && stocked(product, s.size + 1, 2))?.size;
  if (!product || size === undefined) throw new Error("no demo product with two neighbouring sizes in stock");
  const order = await placeOrder(request, customer, product, size, {
    fullName: "Hina Baloch",
    addressLine: "House 44, Street 7, near Nursery Market, PECHS Block 6",
    phoneNumber: "03211234567",
  });
  await moveOrder(request, admin, order._id, ["confirm", "delivered"]);
  return { customer, order, product, size, wanted: size + 1 };
}

async function stockOf(request: APIRequestContext, productId: string, size: number): Promise<number> {
  const { product } = (await (await request.get(`/api/products/${productId}`)).json()) as { product: Product };
  return product.sizes.find((s) => s.size === size)?.stock ?? 0;
}

/** The browser signed in as `account` from now on (the storage keys of docs/product.md section 3). */
async function become(page: Page, account: Account): Promise<void> {
  if (page.url() === "about:blank") await page.goto("/exchange-policy");
  await page.evaluate((stored) => {
    window.localStorage.setItem("token", JSON.stringify(stored.token));
    window.localStorage.setItem("user", JSON.stringify(stored.user));
  }, account);
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

async function expectTidy(page: Page, shot: string): Promise<void> {
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoAxeViolations(page);
  await shoot(page, shot);
}

async function photoFile(): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), "exchange-e2e-")), "torn-sole.png");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="#efe6da"/><path d="M80 300 Q320 180 560 300 L560 340 L80 340 Z" fill="#5b3a1e"/><path d="M300 290 l20 40 l20 -40" stroke="#c00" stroke-width="8" fill="none"/></svg>`;
  await writeFile(file, await sharp(Buffer.from(svg)).png().toBuffer());
  return file;
}

test("a faulty pair exchanged from both sides: asked with a photo, the size kept, approved, sent, received", async ({
  page,
  request,
}, testInfo) => {
  const width = testInfo.project.name === "phone" ? 375 : 1280;
  await page.setViewportSize({ width, height: 860 });
  const admin = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const { customer, order, product, size, wanted } = await deliveredOrder(request, admin);
  const wantedBefore = await stockOf(request, product._id, wanted);

  // The customer asks on Track Your Order.
  await become(page, customer);
  await open(page, "/TrackOrder");
  const card = page.locator(`#order-${order._id}`);
  const offer = card.getByRole("button", { name: /^Exchange a pair \(until \d{1,2} [A-Z][a-z]{2}\)$/ });
  await offer.click();
  const form = card.getByRole("form", { name: "Exchange a pair" });
  await expect(form.getByRole("heading", { name: "Exchange a pair" })).toBeFocused();
  // The order's one pair is chosen already; too small suggests one size up.
  await expect(form.getByRole("radio", { name: `${product.name}, size ${size}` })).toBeChecked();
  await form.getByRole("radio", { name: "Too small" }).check();
  await expect(form.getByRole("radio", { name: String(wanted), exact: true })).toBeChecked();
  // Cancel gives the focus back to the button; the form opens again.
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(offer).toBeFocused();
  await offer.click();
  await form.getByRole("radio", { name: "Faulty" }).check();
  await expect(form.getByText("Photos (required for a faulty pair)")).toBeVisible();
  await form.getByRole("radio", { name: String(wanted), exact: true }).check();
  // A faulty pair without a photo is refused here, by its field, before anything is sent.
  await form.getByRole("button", { name: "Ask for the exchange" }).click();
  await expect(form.getByText(EXCHANGE_MESSAGES.photoNeeded)).toBeVisible();
  await expect(form.getByLabel("Add photos")).toBeFocused();
  expect(await stockOf(request, product._id, wanted)).toBe(wantedBefore);
  await form.getByLabel("Add photos").setInputFiles(await photoFile());
  const chosen = form.getByRole("list", { name: "Chosen photos" }).getByRole("listitem");
  await expect(chosen).toHaveCount(1);
  await expect(chosen.getByText("Added")).toBeVisible();
  await form.getByLabel("Anything we should know? (optional)").fill("The sole came off after two days.");
  await expectTidy(page, `exchange-form-${width}`);
  await form.getByRole("button", { name: "Ask for the exchange" }).click();

  await expect(card.getByText(EXCHANGE_MESSAGES.requested)).toBeVisible();
  const request1 = card.getByRole("list", { name: "Exchange requests" }).getByRole("listitem");
  await expect(request1).toContainText(`${product.name}, size ${size} for size ${wanted}`);
  await expect(request1).toContainText("Waiting for the shop");
  await expect(request1).toContainText(`We will answer by`);
  await expect(request1).toContainText("1 photo");
  // The pair was the order's only one: nothing is left to ask about.
  await expect(card.getByRole("button", { name: /^Exchange a pair/ })).toHaveCount(0);
  // The wanted size is kept for the customer: one pair fewer on sale.
  expect(await stockOf(request, product._id, wanted)).toBe(wantedBefore - 1);
  await expectTidy(page, `exchange-waiting-${width}`);

  // The owner sees it in the queue, with the photo, and approves with a difference.
  await become(page, admin);
  await open(page, "/admin/exchanges");
  await expect(page.getByRole("link", { name: "Waiting" })).toHaveAttribute("aria-current", "page");
  const queued = page.getByRole("article", { name: `Exchange for order ${orderNumber(order._id)}` });
  await expect(queued.getByRole("heading")).toHaveText(`${product.name}: size ${size} for size ${wanted}`);
  await expect(queued.getByRole("link", { name: orderNumber(order._id) })).toHaveAttribute(
    "href",
    `/admin/orders/${order._id}`,
  );
  await expect(queued.getByRole("link", { name: /^Call Hina Baloch on 0321 1234567$/ })).toHaveAttribute(
    "href",
    "tel:+923211234567",
  );
  await expect(queued).toContainText("“The sole came off after two days.”");
  await expect(queued).toContainText(/Lapses .* if not answered/);
  const thumbnail = queued.getByRole("button", { name: "Open Photo 1 of 1, Hina Baloch larger" });
  await expect(thumbnail).toBeVisible();
  await thumbnail.click();
  const large = page.getByRole("dialog", { name: "Photo 1 of 1, Hina Baloch" });
  const largeImage = large.getByRole("img", { name: "Photo 1 of 1, Hina Baloch" });
  await expect(largeImage).toBeVisible();
  expect(await largeImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await shoot(page, `exchange-photo-${width}`, { fullPage: false });
  await page.keyboard.press("Escape");
  await expect(large).toBeHidden();
  await expect(thumbnail).toBeFocused();
  await expectTidy(page, `admin-exchanges-waiting-${width}`);

  await queued.getByRole("button", { name: "Approve", exact: true }).click();
  await queued.getByRole("radio", { name: "The customer pays the shop" }).check();
  await queued.getByLabel("Amount the customer pays (Rs.)").fill("abc");
  await queued.getByRole("button", { name: "Approve exchange" }).click();
  await expect(queued.getByText("Enter the amount as whole rupees from 1 to 100000.")).toBeVisible();
  await queued.getByLabel("Amount the customer pays (Rs.)").fill("500");
  await expect(queued.getByText("The customer pays Rs.500 when the new pair is delivered.")).toBeVisible();
  await queued.getByLabel("Message to the customer (optional)").fill("Sorry about the sole: a new pair is coming.");
  await expectTidy(page, `admin-exchange-approve-${width}`);
  await queued.getByRole("button", { name: "Approve exchange" }).click();
  await expect(page.getByText(/^Exchange approved: its new order is ready to dispatch\./)).toBeVisible();
  await expect(queued).toHaveCount(0);

  // The customer sees it approved, what to pay, and follows the link to the new order.
  const tracked = (await (await request.get("/api/orders/track", { headers: bearer(customer) })).json()) as Order[];
  const asked = tracked.find((o) => o._id === order._id)?.exchanges.requests[0] as Exchange;
  const newOrderId = asked.exchangeOrderId as string;
  expect(newOrderId).toBeTruthy();
  await become(page, customer);
  await open(page, "/TrackOrder");
  await expect(request1).toContainText("Approved");
  await expect(request1).toContainText("From the shop: Sorry about the sole: a new pair is coming.");
  await expect(request1).toContainText(differenceLine(500) as string);
  await request1.getByRole("link", { name: `Follow the new pair: order ${orderNumber(newOrderId)}` }).click();
  await expect(page).toHaveURL(new RegExp(`#order-${newOrderId}$`));
  const newCard = page.locator(`#order-${newOrderId}`);
  await expect(newCard).toBeInViewport();
  await expect(newCard).toContainText(`Exchange for order ${orderNumber(order._id)}.`);
  await expect(newCard).toContainText("Please hand the old pair to whoever brings the new one.");
  await expect(newCard).toContainText(`Size ${wanted} · Qty 1`);
  await expect(newCard.getByText("confirmed", { exact: true })).toBeVisible();
  await expectTidy(page, `exchange-approved-${width}`);

  // The owner dispatches the new order like any other and takes the old pair back on sale.
  const sizeBefore = await stockOf(request, product._id, size);
  await become(page, admin);
  await open(page, "/admin/exchanges?view=approved");
  const toReceive = page.getByRole("article", { name: `Exchange for order ${orderNumber(order._id)}` });
  await expect(toReceive.getByRole("link", { name: orderNumber(newOrderId) })).toHaveAttribute(
    "href",
    `/admin/orders/${newOrderId}`,
  );
  await expect(toReceive).toContainText("The customer pays Rs.500 when the new pair is delivered.");
  const backOnSale = toReceive.getByRole("checkbox", { name: "Put it back on sale" });
  // It came back as faulty: not on sale unless the owner says so.
  await expect(backOnSale).not.toBeChecked();
  await backOnSale.check();
  await expectTidy(page, `admin-exchanges-approved-${width}`);
  await toReceive.getByRole("button", { name: "Pair received" }).click();
  await expect(page.getByText(`Pair received: size ${size} of ${product.name} is back on sale.`)).toBeVisible();
  expect(await stockOf(request, product._id, size)).toBe(sizeBefore + 1);
  await page.getByRole("link", { name: "Closed" }).click();
  const closed = page.getByRole("article", { name: `Exchange for order ${orderNumber(order._id)}` });
  await expect(closed).toContainText("Pair received");
  await expectTidy(page, `admin-exchanges-closed-${width}`);
});

test("the owner refuses an exchange with a message and the kept pair goes back on sale", async ({
  page,
  request,
}, testInfo) => {
  const width = testInfo.project.name === "phone" ? 375 : 1280;
  await page.setViewportSize({ width, height: 860 });
  const admin = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const { customer, order, product, wanted } = await deliveredOrder(request, admin);
  const before = await stockOf(request, product._id, wanted);
  const asked = await request.post(`/api/orders/${order._id}/exchanges`, {
    headers: bearer(customer),
    data: { lineNo: 1, reason: "too_small", wantedSize: wanted },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  expect(await stockOf(request, product._id, wanted)).toBe(before - 1);

  await become(page, admin);
  await open(page, "/admin/exchanges");
  const queued = page.getByRole("article", { name: `Exchange for order ${orderNumber(order._id)}` });
  await expect(queued).toContainText("No photos.");
  await queued.getByRole("button", { name: "Refuse", exact: true }).click();
  const why = queued.getByLabel("Why? (the customer reads this)");
  await expect(why).toBeFocused();
  await queued.getByRole("button", { name: "Refuse exchange" }).click();
  await expect(queued.getByText("Please tell the customer why.")).toBeVisible();
  await why.fill("The shoes have been worn outside: we cannot take them back.");
  await queued.getByRole("button", { name: "Refuse exchange" }).click();
  await expect(page.getByText(`Exchange refused. Size ${wanted} is back on sale`)).toBeVisible();
  expect(await stockOf(request, product._id, wanted)).toBe(before);

  // The owner's rules, under the queue: a window the server refuses is said by its field.
  const rules = page.getByRole("region", { name: "Exchange rules" });
  const windowDays = rules.getByLabel("Customers may ask within (days after delivery)");
  await expect(windowDays).toHaveValue("7");
  await windowDays.fill("40");
  await rules.getByRole("button", { name: "Save" }).click();
  await expect(rules.getByText("The exchange window must be a whole number of days from 1 to 30.")).toBeVisible();
  await expect(windowDays).toHaveAttribute("aria-invalid", "true");
  await windowDays.fill("7");
  await rules.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved: exchanges within 7 days of delivery, answered within 3 days.")).toBeVisible();
  await expect(windowDays).not.toHaveAttribute("aria-invalid");
  await expectTidy(page, `admin-exchanges-refused-${width}`);

  await become(page, customer);
  await open(page, "/TrackOrder");
  const request1 = page
    .locator(`#order-${order._id}`)
    .getByRole("list", { name: "Exchange requests" })
    .getByRole("listitem");
  await expect(request1).toContainText("Refused");
  await expect(request1).toContainText("From the shop: The shoes have been worn outside: we cannot take them back.");
  // A refused pair may be asked about again while the window lasts.
  await expect(page.locator(`#order-${order._id}`).getByRole("button", { name: /^Exchange a pair/ })).toBeVisible();
  await expectTidy(page, `exchange-refused-${width}`);
});
