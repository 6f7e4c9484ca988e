// The cart respects stock (issue 14): + stops at the size's stock, low stock shows 'Only n left',
// a line over its stock is lowered when the cart opens, a size that sold out after it was added
// blocks checkout until it is removed, and the stock read on opening never undoes a + made while
// it ran. Each test gets a product of its own, made and changed through the admin API.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import type { AdminProduct } from "../shared/admin.ts";
import type { Cart } from "../shared/cart.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { waitForHydration } from "./support.ts";

type SizeStock = { size: number; stock: number };
const PASSWORD = "Karachi-Shoes-2024!";

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post("/api/user/login", { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The shop owner, through the same API as the admin screens. */
async function owner(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await tokenOf(request, E2E_ADMIN.email, E2E_ADMIN.password)}` };
  const body = (name: string, sizes: SizeStock[]) => ({
    name,
    description: "Soft leather loafer with a cushioned sole for long days.",
    category: "men-formal-shoes",
    price: 6000,
    discountPrice: 4500,
    sizes,
  });
  return {
    async create(name: string, sizes: SizeStock[]): Promise<AdminProduct> {
      const created = await request.post("/api/admin/products", { headers, data: body(name, sizes) });
      expect(created.status()).toBe(201);
      const product = (await created.json()) as AdminProduct;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640"><rect width="640" height="640" fill="#efe4d6"/><ellipse cx="320" cy="380" rx="250" ry="90" fill="#5b3a1e"/></svg>`;
      const picture = await sharp(Buffer.from(svg)).png().toBuffer();
      const upload = await request.post(`/api/admin/products/${product._id}/images`, {
        headers: { ...headers, "content-type": "image/png" },
        data: picture,
      });
      expect(upload.status()).toBe(200);
      return product;
    },
    async setStock(product: AdminProduct, sizes: SizeStock[]): Promise<void> {
      const saved = await request.put(`/api/admin/products/${product._id}`, {
        headers,
        data: body(product.name, sizes),
      });
      expect(saved.status()).toBe(200);
    },
  };
}

/** A new customer, signed up through the API and signed in through the login page. */
async function customer(page: Page, who: string): Promise<{ cart(): Promise<Cart> }> {
  const email = `${who}-${Date.now()}@example.pk`;
  const signUp = await page.request.post("/api/user/signup", {
    data: { email, password: PASSWORD, username: `${who.replace(/[^a-z]/g, "")}${Date.now()}` },
  });
  expect(signUp.status()).toBe(201);
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Login successful")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("token") ?? "null") as string);
  return {
    async cart() {
      const response = await page.request.get("/api/user/cart", { headers: { authorization: `Bearer ${token}` } });
      return (await response.json()) as Cart;
    },
  };
}

async function addSize(page: Page, product: AdminProduct, size: number): Promise<void> {
  await page.goto(`/products/${product._id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: `Size ${size}`, exact: true }).click();
  // The server copy is sent in the background: wait for it before the next page load can cut it off.
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/user/cart/add");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("button", { name: "Remove from Cart" })).toBeVisible();
  expect((await saved).status()).toBe(200);
}

async function openCart(page: Page): Promise<void> {
  await page.goto("/my-cart");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "My Cart" })).toBeVisible();
}

const line = (page: Page, product: AdminProduct, size: number) =>
  page
    .getByRole("listitem")
    .filter({ has: page.getByText(`Size ${size}`, { exact: true }) })
    .filter({
      has: page.getByRole("link", { name: product.name }),
    });
const more = (page: Page, product: AdminProduct, size: number) =>
  page.getByRole("button", { name: `One more of ${product.name}, size ${size}` });
const quantity = (page: Page, product: AdminProduct, size: number) =>
  page.getByLabel(`Quantity of ${product.name}, size ${size}`);

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("+ stops at the stock of the size, and a low stock says how many are left", async ({
  page,
  request,
}, testInfo) => {
  const product = await owner(request).then((o) =>
    o.create(`Cap Loafer ${testInfo.project.name} ${Date.now().toString(36)}`, [
      { size: 41, stock: 2 },
      { size: 42, stock: 1 },
      { size: 43, stock: 12 },
    ]),
  );
  const shopper = await customer(page, `cap-${testInfo.project.name}`);
  for (const size of [41, 42, 43]) await addSize(page, product, size);
  await openCart(page);

  await expect(line(page, product, 41).getByText("Only 2 left", { exact: true })).toBeVisible();
  await expect(line(page, product, 42).getByText("Only 1 left", { exact: true })).toBeVisible();
  await expect(line(page, product, 43).getByText(/^Only \d+ left$/)).toHaveCount(0);

  // Two left in size 41: the second + is the last one, and the button then says why it stopped.
  await expect(more(page, product, 41)).toBeEnabled();
  await more(page, product, 41).click();
  await expect(quantity(page, product, 41)).toHaveText("2");
  await expect(more(page, product, 41)).toBeDisabled();
  await expect(more(page, product, 41)).toHaveAccessibleDescription("That is all we have in size 41.");
  await expect(line(page, product, 41).getByText("That is all we have in size 41.")).toBeVisible();

  // One left in size 42: + is disabled from the start.
  await expect(more(page, product, 42)).toBeDisabled();
  await expect(quantity(page, product, 42)).toHaveText("1");

  // Twelve in size 43: + stops at the 10 pairs a line may hold.
  for (let n = 2; n <= 10; n++) {
    await more(page, product, 43).click();
    await expect(quantity(page, product, 43)).toHaveText(String(n));
  }
  await expect(more(page, product, 43)).toBeDisabled();
  await expect(more(page, product, 43)).toHaveAccessibleDescription("You can have at most 10 pairs of one size.");

  // The server's cart holds the same quantities (nothing was refused there).
  await expect
    .poll(async () => (await shopper.cart()).items.map((l) => [l.size, l.quantity, l.stock]))
    .toEqual([
      [41, 2, 2],
      [42, 1, 1],
      [43, 10, 12],
    ]);
  await expect(page.getByRole("button", { name: "Proceed to Checkout" })).toBeEnabled();
  await expectNoSidewaysScroll(page);
});

test("a size that sells out after it was added is marked and blocks checkout until removed", async ({
  page,
  request,
}, testInfo) => {
  const shop = await owner(request);
  const product = await shop.create(`Sold Loafer ${testInfo.project.name} ${Date.now().toString(36)}`, [
    { size: 40, stock: 4 },
    { size: 44, stock: 3 },
  ]);
  const shopper = await customer(page, `soldout-${testInfo.project.name}`);
  await addSize(page, product, 40);
  await addSize(page, product, 44);
  await openCart(page);
  await more(page, product, 40).click();
  await more(page, product, 40).click();
  await expect(quantity(page, product, 40)).toHaveText("3");
  await expect.poll(async () => (await shopper.cart()).items.map((l) => l.quantity)).toEqual([3, 1]);

  // Other customers buy: one pair of size 40 is left and size 44 is gone.
  await shop.setStock(product, [
    { size: 40, stock: 1 },
    { size: 44, stock: 0 },
  ]);
  await openCart(page);
  await expect(line(page, product, 40).getByText("Lowered from 3 to 1: only 1 left in size 40.")).toBeVisible();
  await expect(quantity(page, product, 40)).toHaveText("1");
  await expect(line(page, product, 44).getByText("Sold out in size 44", { exact: true })).toBeVisible();
  await expect(more(page, product, 44)).toBeDisabled();
  const proceed = page.getByRole("button", { name: "Proceed to Checkout" });
  await expect(proceed).toBeDisabled();
  await expect(proceed).toHaveAccessibleDescription("Remove the sold-out items to check out.");
  await expect(page.getByText("Remove the sold-out items to check out.")).toBeVisible();
  await expect
    .poll(async () => (await shopper.cart()).items.map((l) => [l.size, l.quantity]))
    .toEqual([
      [40, 1],
      [44, 1],
    ]);
  if (testInfo.project.name === "phone") {
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await expectNoSidewaysScroll(page);
    }
  } else {
    await expectNoSidewaysScroll(page);
  }

  await page.getByRole("button", { name: `Remove ${product.name}, size 44` }).click();
  await expect(line(page, product, 44)).toHaveCount(0);
  await expect(proceed).toBeEnabled();
  await expect(page.getByText("Remove the sold-out items to check out.")).toHaveCount(0);
  await proceed.click();
  await expect(page.getByRole("dialog", { name: "Checkout Details" })).toBeVisible();
});

test("the stock read on opening does not undo a + made while it ran", async ({ page, request }, testInfo) => {
  const shop = await owner(request);
  const product = await shop.create(`Race Loafer ${testInfo.project.name} ${Date.now().toString(36)}`, [
    { size: 42, stock: 5 },
  ]);
  const shopper = await customer(page, `race-${testInfo.project.name}`);
  await addSize(page, product, 42);
  await shop.setStock(product, [{ size: 42, stock: 4 }]);

  // Hold the cart read's answer (quantity 1, 4 left) until after the customer's +.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let readTaken = () => {};
  const taken = new Promise<void>((resolve) => {
    readTaken = resolve;
  });
  await page.route(
    (url) => url.pathname === "/api/user/cart",
    async (route) => {
      if (route.request().method() !== "GET") return route.fallback();
      const response = await route.fetch();
      readTaken();
      await released;
      await route.fulfill({ response });
    },
  );
  await openCart(page);
  await taken;
  await expect(line(page, product, 42).getByText("Only 5 left", { exact: true })).toBeVisible();
  const update = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/user/cart/update");
  await more(page, product, 42).click();
  expect((await update).status()).toBe(200);
  release();

  // The held answer arrives: its stock is taken (4 left), the customer's 2 pairs stay.
  await expect(line(page, product, 42).getByText("Only 4 left", { exact: true })).toBeVisible();
  await expect(quantity(page, product, 42)).toHaveText("2");
  await page.unroute((url) => url.pathname === "/api/user/cart");
  expect((await shopper.cart()).items.map((l) => l.quantity)).toEqual([2]);
});

test("a visitor's cart reads its stock from the catalogue", async ({ page, request }, testInfo) => {
  const product = await owner(request).then((o) =>
    o.create(`Guest Loafer ${testInfo.project.name} ${Date.now().toString(36)}`, [
      { size: 39, stock: 2 },
      { size: 45, stock: 0 },
    ]),
  );
  // A cart kept in this browser from before (a visitor cannot add, but a cart can outlive a session).
  const stored = [39, 45].map((size) => ({
    productId: product._id,
    name: product.name,
    description: product.description,
    image: "",
    price: product.price,
    discountPrice: product.discountPrice,
    discountPercentage: product.discountPercentage,
    size,
    quantity: 3,
  }));
  await page.goto("/");
  await page.evaluate((cart) => localStorage.setItem("cart", JSON.stringify(cart)), stored);
  await openCart(page);
  await expect(line(page, product, 39).getByText("Lowered from 3 to 2: only 2 left in size 39.")).toBeVisible();
  await expect(quantity(page, product, 39)).toHaveText("2");
  await expect(more(page, product, 39)).toBeDisabled();
  await expect(line(page, product, 45).getByText("Sold out in size 45", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Proceed to Checkout" })).toBeDisabled();
});

test("quick quantity changes reach the server in the order made, even when the first is slow", async ({
  page,
  request,
}, testInfo) => {
  const shop = await owner(request);
  const product = await shop.create(`In-order Loafer ${testInfo.project.name} ${Date.now().toString(36)}`, [
    { size: 42, stock: 6 },
  ]);
  const shopper = await customer(page, `inorder-${testInfo.project.name}`);
  await addSize(page, product, 42);
  await openCart(page);

  // The first update (to 2) is held on the way until the second (to 3) has been answered, or for 2 s
  // if no second is sent meanwhile: sent side by side, the server would apply 3 and then 2.
  let secondAnswered: () => void = () => {};
  const second = new Promise<void>((resolve) => {
    secondAnswered = resolve;
  });
  let updates = 0;
  await page.route("**/api/user/cart/update", async (route) => {
    updates++;
    if (updates === 1) {
      await Promise.race([second, new Promise((r) => setTimeout(r, 2_000))]);
      await route.continue();
    } else {
      await route.continue();
      secondAnswered();
    }
  });
  await more(page, product, 42).click();
  await more(page, product, 42).click();
  await expect(quantity(page, product, 42)).toHaveText("3");
  await expect.poll(() => updates).toBe(2);
  await expect.poll(async () => (await shopper.cart()).items.map((l) => l.quantity), { timeout: 10_000 }).toEqual([3]);
  await page.waitForTimeout(500);
  expect((await shopper.cart()).items.map((l) => l.quantity)).toEqual([3]);
});
