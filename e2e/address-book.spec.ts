// Issue 29 in a browser: the second checkout opens filled with the first order's address, saved
// addresses are edited and removed in the dialog; the cart says how many pairs may still be
// ordered, from the server's own answer; and Logout asks first when the cart has lines.
import { expect, type Page, test } from "@playwright/test";
import type { Product } from "../shared/catalog.ts";
import { allProducts, expectNoAxeViolations, waitForHydration } from "./support.ts";

const PASSWORD = "Walk-in-Karachi-29!";
const HOME = {
  fullName: "Ayesha Khan",
  addressLine: "House 12, Street 4, near Dolmen Mall, Clifton",
  phoneNumber: "0092 300 1234567",
  city: "Karachi",
  postalCode: "75600",
  area: "Clifton Block 5",
  landmark: "Dolmen Mall",
};
const OFFICE = {
  ...HOME,
  fullName: "Ayesha at Work",
  addressLine: "Office 9, Shahrah-e-Faisal, near FTC",
  area: "Shahrah-e-Faisal",
  landmark: "FTC building",
};

interface Session {
  token: string;
  user: { _id: string; email: string };
}

/** A new customer, signed in on the page the way the login form leaves it (docs/product.md section 4). */
async function signedIn(page: Page, label: string): Promise<Session> {
  const id = `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const person = { username: `buyer_${id}`, email: `buyer.${id}@example.test`, password: PASSWORD };
  expect((await page.request.post("/api/user/signup", { data: person })).status()).toBe(201);
  const login = await page.request.post("/api/user/login", { data: { email: person.email, password: PASSWORD } });
  const session = (await login.json()) as Session;
  await page.goto("/");
  await waitForHydration(page);
  await page.evaluate((s) => {
    window.localStorage.setItem("token", JSON.stringify(s.token));
    window.localStorage.setItem("user", JSON.stringify(s.user));
  }, session);
  return session;
}

const auth = (s: Session) => ({ Authorization: `Bearer ${s.token}` });

async function inStock(page: Page): Promise<{ product: Product; size: number }> {
  const product = (await allProducts(page)).find((p) => p.sizes.some((s) => s.stock >= 5));
  const size = product?.sizes.find((s) => s.stock >= 5)?.size;
  if (!product || size === undefined) throw new Error("no product with 5 pairs in one size");
  return { product, size };
}

async function orderByApi(page: Page, s: Session, address: object, quantity = 1) {
  const { product, size } = await inStock(page);
  const response = await page.request.post("/api/orders/new-order", {
    headers: auth(s),
    data: {
      userId: s.user._id,
      items: [{ productId: product._id, size, quantity }],
      shippingAddress: { ...address, email: s.user.email },
      totalAmount: product.discountPrice * quantity,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function addToCartByApi(page: Page, s: Session, quantity = 1): Promise<Product> {
  const { product, size } = await inStock(page);
  const response = await page.request.post("/api/user/cart/add", {
    headers: auth(s),
    data: { productId: product._id, size, quantity },
  });
  expect(response.status()).toBe(200);
  return product;
}

test("checkout offers the saved addresses, fills the latest, and edits and removes them", async ({ page }) => {
  const s = await signedIn(page, "book");
  await orderByApi(page, s, OFFICE);
  await orderByApi(page, s, HOME);
  await addToCartByApi(page, s);
  await page.goto("/my-cart");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  const dialog = page.getByRole("dialog", { name: "Checkout Details" });
  const saved = dialog.getByRole("group", { name: "Deliver to" });

  // The most recent address is picked and fills the form; the phone as the order stored it.
  const home = saved.getByRole("radio", { name: /Ayesha Khan/ });
  await expect(home).toBeChecked();
  await expect(saved.getByRole("radio")).toHaveCount(3); // two saved and 'A new address'
  await expect(dialog.getByLabel("Full Name").first()).toHaveValue(HOME.fullName);
  await expect(dialog.getByLabel("Address", { exact: true })).toHaveValue(HOME.addressLine);
  await expect(dialog.getByLabel("Phone Number")).toHaveValue("+923001234567");
  await expect(dialog.getByLabel("Email")).toHaveValue(s.user.email);
  await expect(dialog.getByRole("combobox", { name: "Area" })).toHaveValue(HOME.area);
  await expect(dialog.getByLabel("Nearby landmark (optional)")).toHaveValue(HOME.landmark);
  await expectNoAxeViolations(page);

  // The keyboard moves between them; the form follows.
  await home.focus();
  await page.keyboard.press("ArrowDown");
  await expect(saved.getByRole("radio", { name: /Ayesha at Work/ })).toBeChecked();
  await expect(dialog.getByLabel("Full Name")).toHaveValue(OFFICE.fullName);
  await expect(dialog.getByRole("combobox", { name: "Area" })).toHaveValue(OFFICE.area);
  await page.keyboard.press("ArrowDown");
  await expect(saved.getByRole("radio", { name: "A new address" })).toBeChecked();
  await expect(dialog.getByLabel("Full Name")).toHaveValue("");
  await expect(dialog.getByLabel("Email")).toHaveValue(s.user.email);

  // Edit: refused with the order's own message, then saved; the list and the form follow.
  await home.check();
  await saved.getByRole("button", { name: `Edit ${HOME.fullName}, ${HOME.addressLine}` }).click();
  const editor = saved.getByRole("textbox", { name: "Full Name" });
  await expect(editor).toBeFocused();
  await editor.fill("Ayesha K. Khan");
  await saved.getByRole("textbox", { name: "Phone Number" }).fill("12345");
  await saved.getByRole("button", { name: "Save address" }).click();
  const phoneMessage =
    "Please enter your phone number as a Pakistani mobile number, like 0300 1234567 or +92 300 1234567.";
  await expect(saved.getByText(phoneMessage)).toBeVisible();
  await expect(saved.getByRole("textbox", { name: "Phone Number" })).toBeFocused();
  await saved.getByRole("textbox", { name: "Phone Number" }).fill("0321-7654321");
  await saved.getByRole("button", { name: "Save address" }).click();
  const edited = saved.getByRole("radio", { name: /Ayesha K\. Khan/ });
  await expect(edited).toBeChecked();
  await expect(saved.getByRole("button", { name: /^Edit Ayesha K\. Khan/ })).toBeFocused();
  await expect(dialog.getByLabel("Full Name")).toHaveValue("Ayesha K. Khan");
  await expect(dialog.getByLabel("Phone Number")).toHaveValue("03217654321");

  // Remove the other one: it is gone here and on the server.
  await saved.getByRole("button", { name: `Remove ${OFFICE.fullName}, ${OFFICE.addressLine}` }).click();
  await expect(saved.getByRole("radio")).toHaveCount(2);
  const left = await page.request.get("/api/user/addresses", { headers: auth(s) });
  expect(((await left.json()) as { fullName: string }[]).map((a) => a.fullName)).toEqual(["Ayesha K. Khan"]);

  // The filled form places the order.
  await dialog.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/checkout-success\?order=/);
});

test("the cart says how many pairs may still be ordered, from the server's limits", async ({ page }) => {
  const s = await signedIn(page, "limits");
  await orderByApi(page, s, HOME, 2);
  await addToCartByApi(page, s, 3);
  const limits = await page.request.get("/api/user/order-limits", { headers: auth(s) });
  const answer = (await limits.json()) as { maxOpenPairs: number; openPairs: number; openOrders: number };
  expect(answer).toMatchObject({ openOrders: 1, openPairs: 2 });
  await page.goto("/my-cart");
  await waitForHydration(page);
  const left = answer.maxOpenPairs - answer.openPairs - 3;
  await expect(page.getByRole("region", { name: "Order Summary" })).toContainText(
    `You can add ${left.toLocaleString("en-PK")} more pairs to this order.`,
  );
  await expect(page.getByRole("button", { name: "Proceed to Checkout" })).toBeEnabled();
});

test("Logout asks first when the cart has lines: Cancel keeps everything, Sign out signs out", async ({ page }) => {
  const s = await signedIn(page, "logout");
  await addToCartByApi(page, s);
  await page.goto("/my-cart");
  await waitForHydration(page);
  const header = page.getByRole("banner");
  await expect(page.getByRole("link", { name: "Cart, 1 line" })).toBeVisible();

  const logout = header.getByRole("button", { name: "Logout" });
  await logout.click();
  const ask = page.getByRole("alertdialog", { name: "Signing out empties your cart" });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(page);
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  await expect(logout).toBeFocused();
  await expect(page.getByRole("link", { name: "Cart, 1 line" })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem("token"))).not.toBeNull();
  const cart = await page.request.get("/api/user/cart", { headers: auth(s) });
  expect(((await cart.json()) as { items: unknown[] }).items).toHaveLength(1);

  // Escape cancels too, pressed as the dialog shows (e2e/dialog-escape.spec.ts); then Sign out does
  // what docs/product.md section 4 says.
  await logout.click();
  await expect(ask).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(ask).toBeHidden();
  await logout.click();
  await ask.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("Signed out successfully")).toBeVisible();
  await expect(header.getByRole("link", { name: "Login" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 0 lines" })).toBeVisible();
  const stored = (key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);
  expect([await stored("token"), await stored("user")]).toEqual([null, null]);
  // The cart page, still open, may write the visitor's empty cart back.
  expect([null, "[]"]).toContain(await stored("cart"));
  const after = await page.request.get("/api/user/cart", { headers: auth(s) });
  expect(after.status()).toBe(401); // the session ended, its cart cleared first
});

test("Logout with an empty cart signs out at once", async ({ page }) => {
  await signedIn(page, "empty");
  await page.reload();
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("Signed out successfully")).toBeVisible();
});
