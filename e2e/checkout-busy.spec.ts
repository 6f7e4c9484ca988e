// Issue 34 in a browser: a checkout the shop refuses with 503 for now (stock another order holds,
// nginx busy for a moment) is sent again after its Retry-After with the same Idempotency-Key, and
// orders once; one that stays refused shows why and orders nothing. The refusals are made here
// (page.route) so the spec needs no locked row; tests/scale/checkout-row-lock.test.ts makes real ones.
import { expect, type Page, type Request, test } from "@playwright/test";
import { ORDER_MESSAGES } from "../shared/orders.ts";
import { allProducts, waitForHydration } from "./support.ts";

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

test("a checkout still refused after its tries says why and orders nothing", async ({ page }) => {
  const s = await readyToCheckOut(page, "busy");
  const keys = await refuseCheckouts(page, 100);
  await page.goto("/my-cart");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  const dialog = page.getByRole("dialog", { name: "Checkout Details" });
  await expect(dialog.getByLabel("Full Name").first()).toHaveValue(HOME.fullName);
  await dialog.getByRole("button", { name: /Place Order/ }).click();
  await expect(dialog.getByRole("alert")).toHaveText(ORDER_MESSAGES.busyNotPlaced);
  expect(keys).toHaveLength(3);
  expect(new Set(keys).size).toBe(1);
  expect(await ordersOf(page, s)).toBe(1);
  await expect(page).toHaveURL(/\/my-cart$/);
});
