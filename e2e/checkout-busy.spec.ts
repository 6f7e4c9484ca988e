// Issue 34 in a browser: a checkout the shop refuses with 503 for now (stock another order holds,
// nginx busy for a moment) is sent again after its Retry-After with the same Idempotency-Key, and
// orders once. Issue 45: it keeps trying for about 30 s, saying so, then stops with the cart kept;
// the key is the cart's, so an order whose answer was lost (answered 503 while the database stopped,
// or cut off) is never placed twice by a checkout after a reload, and the emptied cart names it. The
// refusals and lost answers are made here (page.route) so the spec needs no locked row or stopped
// database; tests/scale/checkout-row-lock.test.ts makes real ones.
import { expect, type Page, type Request, type Route, test } from "@playwright/test";
import { CHECKOUT_TEXTS, orderPlacedText } from "../shared/checkout-texts.ts";
import { ORDER_MESSAGES, type Order, orderNumber } from "../shared/orders.ts";
import { allProducts, expectNoAxeViolations, waitForHydration } from "./support.ts";

const PASSWORD = "Walk-in-Karachi-34!";
const HOME = {
  fullName: "Ayesha Khan",
  addressLine: "House 12, Street 4, near Dolmen Mall, Clifton",
  phoneNumber: "0300 1234567",
  city: "Karachi",
  area: "Clifton Block 5",
};

interface Session {
  token: string;
  user: { _id: string; email: string };
}

/** A new customer signed in on the page, with one order placed (so the checkout opens filled) and a pair in the cart. */
async function readyToCheckOut(page: Page, label: string): Promise<Session> {
  const id = `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const person = { username: `buyer_${id}`, email: `buyer.${id}@example.test`, password: PASSWORD };
  expect((await page.request.post("/api/user/signup", { data: person })).status()).toBe(201);
  const login = await page.request.post("/api/user/login", { data: { email: person.email, password: PASSWORD } });
  const s = (await login.json()) as Session;
  await page.goto("/");
  await waitForHydration(page);
  await page.evaluate((session) => {
    window.localStorage.setItem("token", JSON.stringify(session.token));
    window.localStorage.setItem("user", JSON.stringify(session.user));
  }, s);
  const product = (await allProducts(page)).find((p) => p.sizes.some((size) => size.stock >= 5));
  const size = product?.sizes.find((each) => each.stock >= 5)?.size;
  if (!product || size === undefined) throw new Error("no product with 5 pairs in one size");
  const headers = { Authorization: `Bearer ${s.token}` };
  const first = await page.request.post("/api/orders/new-order", {
    headers,
    data: {
      userId: s.user._id,
      items: [{ productId: product._id, size, quantity: 1 }],
      shippingAddress: { ...HOME, email: s.user.email },
      totalAmount: product.discountPrice,
    },
  });
  expect(first.status(), await first.text()).toBe(201);
  const add = await page.request.post("/api/user/cart/add", {
    headers,
    data: { productId: product._id, size, quantity: 1 },
  });
  expect(add.status()).toBe(200);
  return s;
}

async function ordersOf(page: Page, s: Session): Promise<number> {
  const response = await page.request.get("/api/orders/track", { headers: { Authorization: `Bearer ${s.token}` } });
  return ((await response.json()) as unknown[]).length;
}

/** Answers the first `refusals` checkouts 503 itself; lets the others through. Records every key sent. */
async function refuseCheckouts(page: Page, refusals: number): Promise<string[]> {
  const keys: string[] = [];
  await page.route("**/api/orders/new-order", async (route) => {
    const request: Request = route.request();
    keys.push((await request.allHeaders())["idempotency-key"] ?? "");
    if (keys.length > refusals) return route.continue();
    return route.fulfill({
      status: 503,
      headers: { "retry-after": "1" },
      contentType: "application/json",
      body: JSON.stringify({ message: ORDER_MESSAGES.busyNotPlaced }),
    });
  });
  return keys;
}

test("a checkout refused with 503 is sent again with the same key and orders once", async ({ page }) => {
  const s = await readyToCheckOut(page, "busy");
  const keys = await refuseCheckouts(page, 1);
  await page.goto("/my-cart");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  const dialog = page.getByRole("dialog", { name: "Checkout Details" });
  await expect(dialog.getByLabel("Full Name").first()).toHaveValue(HOME.fullName);
  await dialog.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/checkout-success\?order=[0-9a-f-]{36}$/);
  expect(keys).toHaveLength(2);
  expect(keys[0]).not.toBe("");
  expect(keys[1]).toBe(keys[0]);
  expect(await ordersOf(page, s)).toBe(2); // the one placed to begin with, and this one
});

/** nginx's answer while no instance can serve (deploy/nginx/shop.conf), as during a database restart. */
const NOT_NOW = {
  status: 503,
  headers: { "retry-after": "2" },
  contentType: "application/json",
  body: JSON.stringify({ message: "The shop is busy for a moment. Please try again." }),
};

/** Opens the cart's checkout, filled from the address book, and presses Place Order. */
async function pressPlaceOrder(page: Page) {
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  const dialog = page.getByRole("dialog", { name: "Checkout Details" });
  await expect(dialog.getByLabel("Full Name").first()).toHaveValue(HOME.fullName);
  await dialog.getByRole("button", { name: /Place Order/ }).click();
  return dialog;
}

test("a checkout the shop cannot take keeps trying for about 30 s, says so, then stops with the cart kept", async ({
  page,
}) => {
  // The page's clock is moved on by hand: the 30 s pass in a few. The page notes the time of each
  // send on that clock (read afterwards), the moment it sends.
  await page.clock.install();
  await page.addInitScript(() => {
    const send = window.fetch.bind(window);
    const times: number[] = [];
    Object.assign(window, { checkoutSendTimes: times });
    window.fetch = (input, init) => {
      if (String(input).includes("/api/orders/new-order")) times.push(Date.now());
      return send(input, init);
    };
  });
  const s = await readyToCheckOut(page, "busy");
  const keys: string[] = [];
  await page.route("**/api/orders/new-order", async (route: Route) => {
    keys.push((await route.request().allHeaders())["idempotency-key"] ?? "");
    return route.fulfill(NOT_NOW);
  });
  await page.goto("/my-cart");
  await waitForHydration(page);
  const dialog = await pressPlaceOrder(page);
  await expect(dialog.getByText(CHECKOUT_TEXTS.stillTrying)).toBeVisible();
  await expect(async () => {
    await page.clock.fastForward(2_000);
    await expect(dialog.getByRole("alert")).toHaveText(CHECKOUT_TEXTS.gaveUp, { timeout: 300 });
  }).toPass({ timeout: 60_000 });
  await expect(dialog.getByText(CHECKOUT_TEXTS.stillTrying)).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: /Place Order/ })).toBeEnabled();

  // One key for every try; never sooner than Retry-After; the last try about 30 s after the first.
  const sentAt = await page.evaluate(() => (window as unknown as { checkoutSendTimes: number[] }).checkoutSendTimes);
  expect(sentAt.length).toBe(keys.length);
  expect(new Set(keys).size).toBe(1);
  expect(keys.length).toBeGreaterThanOrEqual(5);
  const gaps = sentAt.slice(1).map((at, i) => at - (sentAt[i] ?? 0));
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(2_000);
  const span = (sentAt.at(-1) ?? 0) - (sentAt[0] ?? 0);
  expect(span).toBeGreaterThanOrEqual(24_000);
  expect(span).toBeLessThanOrEqual(34_000);

  // Nothing ordered, the cart as it was.
  expect(await ordersOf(page, s)).toBe(1);
  await expect(page).toHaveURL(/\/my-cart$/);
  await expect(page.getByRole("link", { name: "Cart, 1 line" })).toBeVisible();

  // The customer adds a pair: another cart is another order, with a key of its own.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: /^One more of / }).click();
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await dialog.getByRole("button", { name: /Place Order/ }).click();
  await expect.poll(() => keys.length).toBe(sentAt.length + 1);
  expect(keys.at(-1)).not.toBe(keys[0]);
});

test("an order answered 503 though placed is not placed again by a checkout after a reload", async ({ page }) => {
  await page.clock.install();
  const s = await readyToCheckOut(page, "lost");
  // The database stops: the first checkout is placed, but its answer is a 503 (finding 8), and
  // while the shop is away the cart and the question "which order did my key place?" fail too.
  let away = false;
  let placed: Order | undefined;
  const keys: string[] = [];
  await page.route("**/api/orders/new-order", async (route: Route) => {
    keys.push((await route.request().allHeaders())["idempotency-key"] ?? "");
    if (keys.length === 1) {
      placed = (await (await route.fetch()).json()) as Order;
      return route.fulfill(NOT_NOW);
    }
    return away ? route.fulfill(NOT_NOW) : route.continue();
  });
  for (const call of ["**/api/user/cart", "**/api/orders/by-key"]) {
    await page.route(call, (route: Route) => (away ? route.fulfill(NOT_NOW) : route.continue()));
  }
  await page.goto("/my-cart");
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: "Cart, 1 line" })).toBeVisible();
  away = true;
  const dialog = await pressPlaceOrder(page);
  await expect(dialog.getByText(CHECKOUT_TEXTS.stillTrying)).toBeVisible();
  await expect(async () => {
    await page.clock.fastForward(4_000);
    await expect(dialog.getByRole("alert")).toHaveText(CHECKOUT_TEXTS.gaveUp, { timeout: 300 });
  }).toPass({ timeout: 60_000 });
  expect(placed?._id).toBeDefined();

  // The customer reloads while the shop is still away: the cart still shows its line.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: "Cart, 1 line" })).toBeVisible();
  // The shop is back; the customer checks out again: the same key, so the order placed at first.
  away = false;
  const again = await pressPlaceOrder(page);
  await expect(page).toHaveURL(/\/checkout-success\?order=[0-9a-f-]{36}$/);
  expect(new URL(page.url()).searchParams.get("order")).toBe(placed?._id);
  expect(new Set(keys).size).toBe(1);
  expect(await ordersOf(page, s)).toBe(2); // the one placed to begin with, and this one, once
  await expect(again).toBeHidden();
});

test("a cart emptied by an order whose answer was lost says the order was placed and links it", async ({ page }) => {
  const s = await readyToCheckOut(page, "cut");
  let placed: Order | undefined;
  const keys: string[] = [];
  await page.route("**/api/orders/new-order", async (route: Route) => {
    keys.push((await route.request().allHeaders())["idempotency-key"] ?? "");
    // The first reaches the shop and is placed; its answer is cut off, and so is every try after it.
    if (keys.length === 1) placed = (await (await route.fetch()).json()) as Order;
    return route.abort("connectionreset");
  });
  await page.goto("/my-cart");
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: "Cart, 1 line" })).toBeVisible();
  const dialog = await pressPlaceOrder(page);
  await expect(dialog.getByText(CHECKOUT_TEXTS.stillTrying)).toBeVisible();
  expect(placed?._id).toBeDefined();
  const orderId = placed?._id ?? "";

  // The customer gives up and reloads: the order emptied the cart on the server, and the cart says so.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  const notice = page.getByRole("status").filter({ hasText: orderPlacedText(orderId) });
  await expect(notice).toBeVisible();
  await expectNoAxeViolations(page);
  // Still there after another reload: the browser kept the key, and the shop knows its order.
  await page.reload();
  await waitForHydration(page);
  await expect(notice).toBeVisible();
  expect(await ordersOf(page, s)).toBe(2);

  await notice.getByRole("link", { name: CHECKOUT_TEXTS.trackIt }).click();
  await expect(page).toHaveURL(new RegExp(`/TrackOrder#order-${orderId}$`));
  await expect(page.getByRole("listitem").filter({ hasText: `Order ${orderNumber(orderId)}` })).toBeVisible();
  // Opened: the cart no longer names it.
  await page.goto("/my-cart");
  await waitForHydration(page);
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await expect(page.getByText(orderPlacedText(orderId))).toHaveCount(0);
});
