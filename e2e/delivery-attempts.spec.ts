// A failed delivery rescued in a real browser (issue 49). The situation is made through the real API
// as the owner makes it: an order placed and confirmed, dispatched with TCS by hand, and TCS's status
// file imported and applied with 'Customer not available', which asks the customer by mail. Then the
// customer opens the mailed link on a phone (390 px), corrects the address and phone, and the owner
// finds the task in Failed deliveries as 'call the courier' (TCS has no API here) and closes it. And
// with JavaScript off the page is a plain form: "Cancel my order" asks "Are you sure?" in place, and
// "Try again tomorrow" is sent. Nothing scrolls sideways at 390 or 1280 px; the screens pass axe.
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import type { ImportResult } from "../shared/courier-imports.ts";
import type { Courier } from "../shared/couriers.ts";
import {
  ATTEMPT_CHOICE_LABELS,
  ATTEMPT_MESSAGES,
  ATTEMPT_PAGE_TEXTS,
  ATTEMPT_QUEUE_TEXTS,
  ATTEMPT_STATE_LABELS,
} from "../shared/delivery-attempts.ts";
import { formatRs } from "../shared/money.ts";
import { type Order, orderNumber } from "../shared/orders.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { type Account, catalogue, sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { bearer, newCustomer, placeOrder } from "./orders-support.ts";
import { expectNoAxeViolations, mailedLinkFor, shoot, waitForHydration } from "./support.ts";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 860 };
const REASON = "Customer not available";

interface Attempted {
  admin: Account;
  customer: Account;
  order: Order;
  trackingNumber: string;
  /** The mailed link, as a path of this shop. */
  link: string;
}

/** An order out with TCS whose status file says the rider found nobody: the customer is asked by mail. */
async function failedDelivery(request: APIRequestContext): Promise<Attempted> {
  const admin = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const headers = bearer(admin);
  const post = async (path: string, data: unknown) => {
    const res = await request.post(path, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return res;
  };
  const { couriers } = (await (await request.get("/api/admin/couriers", { headers })).json()) as {
    couriers: Courier[];
  };
  const tcs = couriers.find((c) => c.name === "TCS");
  const product = (await catalogue(request)).find((p) => p.sizes.some((s) => s.stock >= 3));
  const size = product?.sizes.find((s) => s.stock >= 3)?.size;
  if (!tcs || !product || size === undefined) throw new Error("the demo shop's TCS and a shoe in stock");

  const customer = await newCustomer(request, "attempt");
  const order = await placeOrder(request, customer, product, size, {
    fullName: "Hina Siddiqui",
    addressLine: "Flat 9, Block 2",
    phoneNumber: "0312 3456789",
  });
  await post(`/api/admin/orders/${order._id}/status`, { status: "confirm" });
  const trackingNumber = `TCS${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await post(`/api/admin/orders/${order._id}/dispatch`, { courierId: tcs._id, trackingNumber });
  const csv = ["Tracking Number,Status,Status Date", `${trackingNumber},${REASON},`].join("\r\n");
  const imported = (await (
    await post(`/api/admin/couriers/${tcs._id}/imports`, { kind: "status", csv, apply: true })
  ).json()) as ImportResult;
  expect(imported.applied).toBe(true);
  const link = await mailedLinkFor(customer.user.email, order._id, "/delivery-attempt");
  return { admin, customer, order, trackingNumber, link };
}

async function phoneContext(browser: Browser, baseURL: string, javaScriptEnabled = true) {
  return browser.newContext({
    baseURL,
    viewport: PHONE,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled,
  });
}

async function tidy(page: Page, name: string, axe = true) {
  await shoot(page, name);
  expect(await sidewaysOverflow(page)).toBe(0);
  if (axe) await expectNoAxeViolations(page);
}

test("the customer corrects the address on a phone; the owner sees the task to call TCS and closes it", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const { admin, order, trackingNumber, link } = await failedDelivery(request);
  const number = orderNumber(order._id);

  // The customer's phone, signed out: what happened, what it costs, by when, and the three choices.
  const phone = await phoneContext(browser, baseURL ?? "");
  const customerPage = await phone.newPage();
  await customerPage.goto(link);
  await waitForHydration(customerPage);
  await expect(customerPage.getByRole("heading", { level: 1 })).toContainText(number);
  await expect(customerPage.getByText(ATTEMPT_PAGE_TEXTS.couldNotDeliver("TCS", REASON))).toBeVisible();
  await expect(customerPage.getByText(`${ATTEMPT_PAGE_TEXTS.toPay}: ${formatRs(order.totalAmount)}`)).toBeVisible();
  await expect(
    customerPage.getByText(
      /^Please tell us before \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m, or it goes back to us\.$/,
    ),
  ).toBeVisible();
  await expect(customerPage.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  for (const label of Object.values(ATTEMPT_CHOICE_LABELS)) {
    const button = customerPage.getByRole("button", { name: label });
    await expect(button).toBeVisible();
    // A thumb's target: the whole width, and taller than the 44 px minimum.
    const box = await button.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(48);
    expect(box?.width).toBeGreaterThan(PHONE.width - 60);
  }
  await tidy(customerPage, "attempt-customer-390");

  // "Cancel my order" asks first; keeping the order closes the question and sends nothing.
  const cancel = customerPage.getByRole("button", { name: ATTEMPT_CHOICE_LABELS.cancel });
  await cancel.tap();
  const sure = customerPage.getByRole("alertdialog", { name: ATTEMPT_PAGE_TEXTS.cancelQuestion });
  await expect(sure).toContainText(ATTEMPT_PAGE_TEXTS.cancelWarning);
  await tidy(customerPage, "attempt-customer-cancel-390");
  await sure.getByRole("button", { name: ATTEMPT_PAGE_TEXTS.keepOrder }).tap();
  await expect(sure).toHaveCount(0);
  await expect(cancel).toBeFocused();

  // "Correct my address or phone" opens the checkout's fields; a bad phone is refused beside its field.
  const correct = customerPage.getByRole("button", { name: ATTEMPT_CHOICE_LABELS.correct });
  await correct.tap();
  await expect(correct).toHaveAttribute("aria-expanded", "true");
  const form = customerPage.getByRole("form", { name: ATTEMPT_PAGE_TEXTS.correctionTitle });
  await expect(form.getByLabel("Address", { exact: true })).toBeFocused();
  await form.getByLabel("Address", { exact: true }).fill("House 14, Street 7, Block 13-D");
  await form.getByRole("combobox", { name: "Area" }).fill("Gulshan-e-Iqbal Block 13-D");
  await form.getByLabel("Nearby landmark (optional)").fill("Rufi Lake Drive");
  await form.getByLabel("Phone Number").fill("12345");
  await form.getByRole("button", { name: ATTEMPT_PAGE_TEXTS.sendCorrection }).tap();
  await expect(form.getByLabel("Phone Number")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Phone Number")).toBeFocused();
  await tidy(customerPage, "attempt-customer-correct-390");
  await form.getByLabel("Phone Number").fill("0333 2221100");
  await form.getByRole("button", { name: ATTEMPT_PAGE_TEXTS.sendCorrection }).tap();
  await expect(customerPage.getByText(ATTEMPT_MESSAGES.thanks.correct)).toBeVisible();
  await expect(customerPage.getByRole("button", { name: ATTEMPT_CHOICE_LABELS.reattempt })).toHaveCount(0);
  await expect(customerPage.getByRole("main").getByRole("link", { name: "Track Your Order" })).toBeVisible();
  await tidy(customerPage, "attempt-customer-thanks-390");

  // Opened again later: the choice stands, and how to change it.
  await customerPage.reload();
  await expect(customerPage.getByText(ATTEMPT_MESSAGES.thanks.correct)).toBeVisible();
  await expect(customerPage.getByText(ATTEMPT_MESSAGES.alreadyAnswered)).toBeVisible();
  await phone.close();

  // The owner: the dashboard's card leads to the queue, where the task says to call TCS.
  await startSignedIn(page, admin);
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin");
  await waitForHydration(page);
  const card = page.getByTestId("failed-deliveries");
  await expect(card).toContainText(/^Failed deliveries: \d+ waiting, \d+ due soon/);
  await tidy(page, "attempt-dashboard-1280");
  await page.setViewportSize(PHONE);
  await tidy(page, "attempt-dashboard-390");
  await page.setViewportSize(DESKTOP);
  await card.click();
  await expect(page).toHaveURL(/\/admin\/attempts$/);
  await expect(page.getByRole("link", { name: "Failed deliveries", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const task = page.getByRole("article").filter({ has: page.getByRole("link", { name: number }) });
  await expect(task).toContainText(ATTEMPT_STATE_LABELS.to_call);
  await expect(task).toContainText(`TCS · ${trackingNumber}`);
  await expect(task).toContainText(REASON);
  await expect(task).toContainText("Hina Siddiqui");
  await expect(task.getByRole("link", { name: "0312 3456789" })).toHaveAttribute("href", "tel:+923123456789");
  await expect(task).toContainText(/Returns by \d{1,2} \w{3} \d{4}/);
  await expect(task).toContainText("new address or phone, by the link");
  await expect(task).toContainText(
    "House 14, Street 7, Block 13-D, Gulshan-e-Iqbal Block 13-D, near Rufi Lake Drive; 0333 2221100",
  );
  await expect(task).toContainText("This courier has no API: call it with the customer's answer.");
  await expect(task.getByRole("button", { name: ATTEMPT_QUEUE_TEXTS.adviseAgain })).toBeVisible();
  await expect(task.getByRole("link", { name: number })).toHaveAttribute("href", `/admin/orders/${order._id}`);
  await tidy(page, "attempt-queue-1280");
  await page.setViewportSize(PHONE);
  await tidy(page, "attempt-queue-390");

  // "Record the customer's answer" opens its form; Cancel leaves it as it was.
  await task.getByRole("button", { name: ATTEMPT_QUEUE_TEXTS.recordAnswer }).click();
  const answer = task.getByRole("form", { name: `The customer's answer, ${number}` });
  await expect(answer.getByRole("radio", { name: "New address or phone" })).toBeChecked();
  await expect(answer.getByLabel("Area")).toHaveValue("Gulshan-e-Iqbal Block 13-D");
  await tidy(page, "attempt-queue-answer-390");
  await answer.getByRole("button", { name: "Cancel" }).click();

  // TCS was called: the owner closes the task and it leaves the queue.
  await page.setViewportSize(DESKTOP);
  await task.getByRole("button", { name: ATTEMPT_QUEUE_TEXTS.close }).click();
  await expect(page.getByRole("status").filter({ hasText: `${number}: ${ATTEMPT_MESSAGES.closed}` })).toBeVisible();
  await expect(page.getByRole("article").filter({ has: page.getByRole("link", { name: number }) })).toHaveCount(0);
  await tidy(page, "attempt-queue-closed-1280");

  // Delivered at the next try: a parcel rescued, in the delivery report's courier and week tables.
  const delivered = await request.post(`/api/admin/orders/${order._id}/status`, {
    headers: bearer(admin),
    data: { status: "delivered" },
  });
  expect(delivered.ok(), await delivered.text()).toBe(true);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto("/admin/reports");
    await waitForHydration(page);
    const byCourier = page.getByRole("region", { name: "By courier", exact: true });
    await byCourier.getByText("The numbers", { exact: true }).click();
    const table = byCourier.getByRole("table", { name: "By courier: the numbers" });
    await expect(table.getByRole("columnheader", { name: "First attempt" })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Rescued" })).toBeAttached();
    const tcsRow = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "TCS", exact: true }) });
    const rescued = Number(await tcsRow.getByRole("cell").last().textContent());
    expect(rescued).toBeGreaterThanOrEqual(1);
    await expect(tcsRow.getByRole("cell").nth(-2)).toHaveText(/^\d+(\.\d)?% \(\d+ of \d+\)$/);
    const byWeek = page.getByRole("region", { name: "By week", exact: true });
    await byWeek.getByText("The numbers", { exact: true }).click();
    await expect(byWeek.getByRole("columnheader", { name: "Rescued" })).toBeAttached();
    // On a phone the table scrolls inside its own box, never the page.
    const box = byCourier.getByRole("region", { name: "By courier: the numbers" });
    if (viewport === PHONE) expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await tidy(page, `attempt-report-${viewport.width}`);
  }

  // The closed link, on a laptop: it says so, and where to go instead.
  const laptop = await browser.newContext({ baseURL: baseURL ?? "", viewport: DESKTOP });
  const again = await laptop.newPage();
  await again.goto(link);
  await waitForHydration(again);
  await expect(again.getByText(ATTEMPT_MESSAGES.notOpen)).toBeVisible();
  await expect(again.getByRole("main").getByRole("link", { name: "Track Your Order" })).toBeVisible();
  await expect(again.getByRole("main").getByRole("link", { name: "Contact" })).toBeVisible();
  await tidy(again, "attempt-customer-closed-1280");
  await laptop.close();
});

test("without JavaScript the choices are a plain form: Cancel asks first, Try again tomorrow is sent", async ({
  browser,
  request,
  baseURL,
}) => {
  const { order, link } = await failedDelivery(request);
  const context = await phoneContext(browser, baseURL ?? "", false);
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(orderNumber(order._id));
  await tidy(page, "attempt-noscript-390", false);

  // "Cancel my order" comes back with the question in place; "No, keep my order" is the page again.
  await page.getByRole("button", { name: ATTEMPT_CHOICE_LABELS.cancel }).click();
  await expect(page.getByText(ATTEMPT_PAGE_TEXTS.cancelQuestion, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: ATTEMPT_PAGE_TEXTS.cancelYes })).toBeVisible();
  await tidy(page, "attempt-noscript-cancel-390", false);
  await page.getByRole("link", { name: ATTEMPT_PAGE_TEXTS.keepOrder }).click();
  await expect(page.getByRole("button", { name: ATTEMPT_PAGE_TEXTS.cancelYes })).toHaveCount(0);

  // "Correct my address or phone" comes back with the form opened.
  await page.getByRole("button", { name: ATTEMPT_CHOICE_LABELS.correct }).click();
  await expect(page.getByRole("form", { name: ATTEMPT_PAGE_TEXTS.correctionTitle })).toBeVisible();
  await tidy(page, "attempt-noscript-correct-390", false);

  // "Try again tomorrow": sent, then the page again (303), saying thanks.
  await page.getByRole("button", { name: ATTEMPT_CHOICE_LABELS.reattempt }).click();
  await expect(page).toHaveURL(/\/delivery-attempt\?token=[\w.-]+&answered=1$/);
  await expect(page.getByText(ATTEMPT_MESSAGES.thanks.reattempt)).toBeVisible();
  await expect(page.getByText(`${ATTEMPT_PAGE_TEXTS.yourChoice}: ${ATTEMPT_CHOICE_LABELS.reattempt}`)).toBeVisible();
  await expect(page.getByText(ATTEMPT_MESSAGES.alreadyAnswered)).toHaveCount(0);
  await tidy(page, "attempt-noscript-thanks-390", false);
  await page.setViewportSize(DESKTOP);
  await tidy(page, "attempt-noscript-thanks-1280", false);

  // The same link a second time: answered already, not again.
  await page.goto(link);
  await expect(page.getByRole("button", { name: ATTEMPT_CHOICE_LABELS.cancel })).toHaveCount(0);
  await expect(page.getByText(ATTEMPT_MESSAGES.alreadyAnswered)).toBeVisible();
  await context.close();
});
