// The customer's confirmation of a cash-on-delivery order, the whole loop in a browser: the success
// page shows the order and asks; the mailed link (opened signed out) shows it and confirms it; Track
// Your Order shows the dates and what comes next, and cancels a second order, whose stock comes
// back; a forged link says so. Also a press on the link's page before hydration.
import { expect, type Locator, type Page, type Route, test } from "@playwright/test";
import type { Product } from "../shared/catalog.ts";
import { CONFIRMATION_MESSAGES } from "../shared/confirmation.ts";
import { formatRs } from "../shared/money.ts";
import { ORDER_VIEW_TEXTS, riderLine } from "../shared/order-view.ts";
import { ORDER_MESSAGES, type Order, orderNumber } from "../shared/orders.ts";
import { allProducts, confirmLinkFor, expectNoAxeViolations, waitForHydration } from "./support.ts";
import { openUnhydrated, tapOrClick } from "./unhydrated.ts";

const PASSWORD = "Confirm-Karachi-2024!";
/** '26 Nov 2026, 9:07 pm': a step of the status history with its Karachi time. */
const WHEN = "\\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{1,2}:\\d{2} [ap]m";

let counter = 0;
function newEmail(project: string): string {
  return `confirm-${project}-${Date.now().toString(36)}${counter++}@example.pk`;
}

async function signUp(page: Page, email: string): Promise<void> {
  const username = `confirm${Date.now().toString(36)}${counter++}`;
  const response = await page.request.post("/api/user/signup", { data: { email, password: PASSWORD, username } });
  expect(response.status()).toBe(201);
}

async function stockOf(page: Page, productId: string, size: number): Promise<number> {
  const { product } = (await (await page.request.get(`/api/products/${productId}`)).json()) as { product: Product };
  return product.sizes.find((s) => s.size === size)?.stock ?? -1;
}

/** An order placed through the API with the browser's own session (the cart is not involved). */
async function placeByApi(page: Page, product: Product, size: number): Promise<Order> {
  const token = JSON.parse((await page.evaluate(() => localStorage.getItem("token"))) ?? "null") as string;
  const user = JSON.parse((await page.evaluate(() => localStorage.getItem("user"))) ?? "null") as { _id: string };
  const response = await page.request.post("/api/orders/new-order", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      userId: user._id,
      items: [{ productId: product._id, size, quantity: 1 }],
      shippingAddress: {
        fullName: "Bilal Ahmed",
        addressLine: "Flat 7, Block 5, near Hill Park, PECHS",
        phoneNumber: "0321 7654321",
        email: "bilal@example.pk",
        city: "Karachi",
      },
      totalAmount: product.discountPrice,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Order;
}

/** Fills the checkout dialog, the area as the list spells it. */
async function fillCheckout(dialog: Locator, email: string): Promise<void> {
  await dialog.getByLabel("Full Name").fill("Ayesha Khan");
  await dialog.getByLabel("Address", { exact: true }).fill("House 12, Street 4, near Dolmen Mall, Clifton");
  await dialog.getByRole("combobox", { name: "Area" }).fill("Clifton Block 5");
  await dialog.getByLabel("Phone Number").fill("0300 1234567");
  // The account's e-mail, shown read-only: the order mails go there.
  await expect(dialog.getByLabel("Email")).toHaveValue(email);
}

const orderCard = (page: Page, orderId: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Order ${orderNumber(orderId)}` }) });

test("a customer confirms by the mailed link, and cancels a second order from Track Your Order", async ({
  page,
  browser,
}, testInfo) => {
  const products = await allProducts(page);
  const product = products.find((p) => p.sizes.filter((s) => s.stock >= 3).length >= 1);
  if (!product) throw new Error("a product with a size of 3 or more in stock");
  const size = product.sizes.find((s) => s.stock >= 3)?.size ?? 0;
  const email = newEmail(testInfo.project.name);
  await signUp(page, email);

  // Sign in, add a shoe, check out.
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/products/${product._id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: `Size ${size}`, exact: true }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("link", { name: "Cart, 1 line" })).toBeVisible();
  await page.goto("/my-cart");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  const dialog = page.getByRole("dialog", { name: "Checkout Details" });
  await fillCheckout(dialog, email);
  await dialog.getByRole("button", { name: /Place Order/ }).click();

  // The success page: the number, the order, and the question.
  await expect(page).toHaveURL(/\/checkout-success\?order=[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).searchParams.get("order") ?? "";
  await expect(page.getByText(`Your order number is ${orderNumber(orderId)}`)).toBeVisible();
  await expect(page.getByRole("heading", { name: CONFIRMATION_MESSAGES.askTitle })).toBeVisible();
  await expect(page.getByText(CONFIRMATION_MESSAGES.ask)).toBeVisible();
  await expect(
    page.getByText(/^If we do not hear from you by .+ \(Karachi time\), this order is cancelled\.$/),
  ).toBeVisible();
  const summary = page.getByRole("region", { name: ORDER_VIEW_TEXTS.orderDetails });
  await expect(summary).toContainText(product.name);
  await expect(summary).toContainText(`Size ${size} · Qty 1`);
  await expect(summary).toContainText(formatRs(product.discountPrice));
  await expect(summary).toContainText("House 12, Street 4, near Dolmen Mall, Clifton");
  await expect(page.getByRole("button", { name: CONFIRMATION_MESSAGES.confirmButton })).toBeVisible();
  await expect(page.getByRole("button", { name: CONFIRMATION_MESSAGES.cancelButton })).toBeVisible();
  await expectNoAxeViolations(page);

  // The mail's link, opened signed out (another browser): the order, then confirmed.
  const link = await confirmLinkFor(email, orderId);
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const visitor = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
  });
  const linkPage = await visitor.newPage();
  await linkPage.goto(link);
  await waitForHydration(linkPage);
  await expect(linkPage.getByRole("heading", { level: 1 })).toContainText(orderNumber(orderId));
  await expect(linkPage.getByRole("region", { name: ORDER_VIEW_TEXTS.orderDetails })).toContainText(product.name);
  await expect(linkPage.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expectNoAxeViolations(linkPage);
  await linkPage.getByRole("button", { name: CONFIRMATION_MESSAGES.confirmButton }).click();
  await expect(linkPage.getByText(CONFIRMATION_MESSAGES.confirmed)).toBeVisible();
  await expect(linkPage.getByText("confirmed", { exact: true })).toBeVisible();
  await expect(linkPage.getByRole("button", { name: CONFIRMATION_MESSAGES.confirmButton })).toHaveCount(0);
  await visitor.close();

  // Track Your Order: confirmed, with the date of each step, and what happens next.
  await page.goto("/TrackOrder");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: ORDER_MESSAGES.trackTitle })).toBeVisible();
  const first = orderCard(page, orderId);
  await expect(first.getByText("confirmed", { exact: true })).toBeVisible();
  const steps = first.getByRole("list", { name: ORDER_VIEW_TEXTS.statusHistory }).getByRole("listitem");
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(0)).toHaveText(new RegExp(`^Placed ${WHEN}$`));
  await expect(steps.nth(1)).toHaveText(new RegExp(`^Confirmed ${WHEN}$`));
  await expect(first.getByText(riderLine(product.discountPrice))).toBeVisible();
  await expect(first.getByRole("button", { name: CONFIRMATION_MESSAGES.cancelButton })).toHaveCount(0);

  // A second order, cancelled from Track Your Order after the dialog's question: its pair comes back.
  const before = await stockOf(page, product._id, size);
  const second = await placeByApi(page, product, size);
  expect(await stockOf(page, product._id, size)).toBe(before - 1);
  await page.reload();
  await waitForHydration(page);
  const card = orderCard(page, second._id);
  await expect(card.getByText("pending", { exact: true })).toBeVisible();
  await expect(card.getByRole("heading", { name: CONFIRMATION_MESSAGES.askTitle })).toBeVisible();
  await card.getByRole("button", { name: CONFIRMATION_MESSAGES.cancelButton }).click();
  const ask = page.getByRole("alertdialog", { name: ORDER_VIEW_TEXTS.cancelQuestion });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: ORDER_VIEW_TEXTS.keepOrder }).click();
  await expect(ask).toBeHidden();
  await expect(card.getByText("pending", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: CONFIRMATION_MESSAGES.cancelButton }).click();
  await ask.getByRole("button", { name: ORDER_VIEW_TEXTS.cancelYes }).click();
  await expect(card.getByText(CONFIRMATION_MESSAGES.cancelled)).toBeVisible();
  await expect(card.getByText("cancelled", { exact: true })).toBeVisible();
  await expect(card.getByRole("list", { name: ORDER_VIEW_TEXTS.statusHistory })).toContainText("Cancelled");
  await expect(card.getByRole("button", { name: CONFIRMATION_MESSAGES.confirmButton })).toHaveCount(0);
  expect(await stockOf(page, product._id, size)).toBe(before);
  await expectNoAxeViolations(page);

  // A forged link: the message and the way on.
  const forged = `${link.slice(0, -4)}AAAA`;
  await page.goto(forged);
  await waitForHydration(page);
  await expect(page.getByText(CONFIRMATION_MESSAGES.linkInvalid)).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Track Your Order" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Contact" })).toBeVisible();
});

/** A new customer's pending order, placed through the API, and its mailed link; the browser signed out. */
async function pendingOrderLink(page: Page, project: string): Promise<{ order: Order; link: string }> {
  const product = (await allProducts(page)).find((p) => p.sizes.some((s) => s.stock >= 2));
  if (!product) throw new Error("a product in stock");
  const size = product.sizes.find((s) => s.stock >= 2)?.size ?? 0;
  const email = newEmail(project);
  await signUp(page, email);
  const login = await page.request.post("/api/user/login", { data: { email, password: PASSWORD } });
  const account = (await login.json()) as { token: string; user: { _id: string } };
  await page.goto("/contact");
  await page.evaluate((a) => {
    localStorage.setItem("token", JSON.stringify(a.token));
    localStorage.setItem("user", JSON.stringify(a.user));
  }, account);
  const order = await placeByApi(page, product, size);
  const link = await confirmLinkFor(email, order._id);
  await page.evaluate(() => localStorage.clear());
  return { order, link };
}

test("confirm pressed on the link's page before it hydrated counts once it has", async ({ page, isMobile }, info) => {
  const { link } = await pendingOrderLink(page, info.project.name);
  const confirm = page.getByRole("button", { name: CONFIRMATION_MESSAGES.confirmButton });
  const release = await openUnhydrated(page, link, confirm);
  await tapOrClick(confirm, isMobile);
  await release();
  await waitForHydration(page);
  await expect(page.getByText(CONFIRMATION_MESSAGES.confirmed)).toBeVisible();
  await expect(page.getByText("confirmed", { exact: true })).toBeVisible();
});

test("a press when the app's scripts failed to load gets the page again, and nothing is answered", async ({
  page,
  isMobile,
}, info) => {
  const { link } = await pendingOrderLink(page, info.project.name);
  // The scripts wait, then fail: as on a phone whose link drops while the bundles load.
  const held: Route[] = [];
  let failing = false;
  await page.route("**/assets/**/*.js", (route) => (failing ? route.abort() : void held.push(route)));
  await page.goto(link, { waitUntil: "commit" });
  await tapOrClick(page.getByRole("button", { name: CONFIRMATION_MESSAGES.confirmButton }), isMobile);
  const posted = page.waitForResponse((r) => r.request().method() === "POST");
  failing = true;
  await Promise.all(held.splice(0).map((route) => route.abort()));
  expect((await posted).headers()["content-type"]).toMatch(/^text\/html/);
  await expect(page.getByText(ORDER_VIEW_TEXTS.notLoaded)).toBeVisible();
  await expect(page.getByText("pending", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: CONFIRMATION_MESSAGES.confirmButton })).toBeVisible();
});
