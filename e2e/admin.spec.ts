// The shop owner's side end to end (issue 6): the admin adds a product with an uploaded picture,
// a visitor finds it, a customer orders it, the admin confirms and delivers it, and the customer
// sees the new status on /TrackOrder. Plus: customers are kept out of /admin.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN } from "./admin-account.ts";
import { catalogue, signIn as signInByApi, startSignedIn } from "./layout-support.ts";
import { newCustomer, placeOrder } from "./orders-support.ts";
import { expectNoAxeViolations, waitForHydration } from "./support.ts";

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Login successful")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

async function signUpAndIn(page: Page, who: string): Promise<string> {
  const email = `${who}-${Date.now()}@example.pk`;
  const password = "Karachi-Shoes-2024!";
  await page.goto("/sign-up");
  await waitForHydration(page);
  await page.getByLabel("Username").fill(`${who}${Date.now()}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Sign up successful! Please sign in.")).toBeVisible();
  await signIn(page, email, password);
  return email;
}

async function samplePicture(): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), "shop-e2e-")), "peshawari.png");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><rect width="900" height="900" fill="#f4e9dc"/><ellipse cx="450" cy="520" rx="330" ry="120" fill="#7c3f12"/><rect x="150" y="560" width="600" height="50" rx="20" fill="#3b2413"/></svg>`;
  await writeFile(file, await sharp(Buffer.from(svg)).png().toBuffer());
  return file;
}

test("an admin adds a product, a customer orders it, the admin delivers it", async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one long journey is enough: it runs at desktop width");
  const name = `Zari Peshawari ${Date.now().toString(36)}`;
  // Three people at once, each in a browser context of their own (own storage, own session).
  const { baseURL, viewport } = testInfo.project.use;
  const person = async () => (await browser.newContext({ baseURL, viewport })).newPage();

  // The admin creates the product, with stock and an uploaded picture.
  const admin = await person();
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.getByRole("link", { name: "Admin" }).click();
  await expect(admin.getByRole("heading", { name: "Orders and takings" })).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.goto("/admin/products/new");
  await waitForHydration(admin);
  await admin.getByLabel("Name").fill(name);
  await admin.getByLabel("Description").fill("Handmade leather Peshawari chappal with golden zari stitching.");
  await admin.getByLabel("Features (one per line)").fill("Genuine leather\nHand stitched in Peshawar");
  await admin.getByLabel("Category").selectOption("men-peshawari-chappal");
  await admin.getByLabel("Price (Rs.)", { exact: true }).fill("5000");
  await admin.getByLabel("Discount price (Rs.)").fill("4000");
  await expect(admin.getByText("20% off")).toBeVisible();
  await admin.getByRole("checkbox", { name: "Size 42" }).check();
  await admin.getByLabel("Pairs in size 42").fill("4");
  await admin.getByRole("button", { name: "Create product" }).click();
  await expect(admin.getByText("Product created.")).toBeVisible();
  await admin.getByLabel("Add a picture (JPEG, PNG or WebP, up to 10 MB)").setInputFiles(await samplePicture());
  await expect(admin.getByText("Main picture")).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(admin);

  // A visitor finds it by searching.
  const visitor = await person();
  await visitor.goto(`/search?query=${encodeURIComponent(name)}`);
  await expect(visitor.getByRole("link", { name })).toBeVisible();

  // A customer orders one pair in size 42.
  const customer = await person();
  const email = await signUpAndIn(customer, "zari");
  await customer.goto(`/search?query=${encodeURIComponent(name)}`);
  await customer.getByRole("link", { name }).click();
  await waitForHydration(customer);
  await expect(customer.getByRole("heading", { name })).toBeVisible();
  await customer.getByRole("button", { name: "Size 42", exact: true }).click();
  await customer.getByRole("button", { name: "Add to Cart" }).click();
  await expect(customer.getByText("Added to cart")).toBeVisible();
  await customer.getByRole("link", { name: /^Cart, 1 line/ }).click();
  await customer.getByRole("button", { name: "Proceed to Checkout" }).click();
  const dialog = customer.getByRole("dialog", { name: "Checkout Details" });
  await dialog.getByLabel("Full Name").fill("Bilal Ahmed");
  await dialog.getByLabel("Address").fill("Flat 3, Block 7, near Nagan Chowrangi, North Karachi");
  await dialog.getByRole("combobox", { name: "Area" }).fill("Nagan Chowrangi");
  await dialog.getByLabel("Phone Number").fill("03211234567");
  await expect(dialog.getByLabel("Email")).toHaveValue(email);
  await dialog.getByRole("button", { name: /Place Order/ }).click();
  await expect(customer).toHaveURL(/\/checkout-success\?order=[0-9a-f-]{36}$/);

  // The admin finds the order, confirms it, then marks it delivered.
  await admin.goto(`/admin/orders?query=${encodeURIComponent(email)}`);
  await waitForHydration(admin);
  await admin.locator("a", { hasText: "#" }).first().click();
  await expect(admin.getByText(name)).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.getByRole("button", { name: "Confirm order" }).click();
  await expect(admin.getByText("Order confirmed. The customer has been e-mailed.")).toBeVisible();
  await admin.getByRole("button", { name: "Mark delivered" }).click();
  await expect(admin.getByText("Order delivered. The customer has been e-mailed.")).toBeVisible();
  await expect(admin.getByText(/confirmed → delivered by/)).toBeVisible();

  // The customer sees it delivered.
  await customer.goto("/TrackOrder");
  await waitForHydration(customer);
  const order = customer.getByRole("listitem").filter({ hasText: name });
  await expect(order.getByText("delivered", { exact: true })).toBeVisible();
});

test("a customer who opens /admin is sent to sign in", async ({ page }) => {
  await signUpAndIn(page, "nosy");
  await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/login$/);
  const api = await page.request.get("/api/admin/dashboard");
  expect(api.status()).toBe(401);
});

// On a phone the owner's 22 tabs took seven rows before the screen began. Below 640 px they are one
// row that scrolls sideways, with the open screen's tab brought into the middle; wider, they wrap.
test("on a phone the owner's tabs are one row that scrolls, the open screen's tab in view", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "it sets its own widths");
  // A new order, so that the Orders tab grows its badge once the page is up: the tabs after it move
  // along the strip (CI's run found "Areas" pushed out of view).
  const customer = await newCustomer(request, "tabs");
  const product = (await catalogue(request)).find((p) => p.sizes.some((s) => s.stock > 2));
  const size = product?.sizes.find((s) => s.stock > 2)?.size;
  if (!product || size === undefined) throw new Error("no demo product in stock");
  await placeOrder(request, customer, product, size, {
    fullName: "Sana Qureshi",
    addressLine: "House 7, Street 3, Block 13-D, Gulshan-e-Iqbal",
    phoneNumber: "03001234567",
  });
  await startSignedIn(page, await signInByApi(request, E2E_ADMIN.email, E2E_ADMIN.password));
  const tabs = page.getByRole("navigation", { name: "Admin" }).getByRole("list");
  const inView = (name: string) =>
    tabs.evaluate((list, label) => {
      const link = [...list.querySelectorAll("a")].find((a) => a.textContent?.trim() === label);
      if (!link) throw new Error(`no tab ${label}`);
      const [outer, inner] = [list.getBoundingClientRect(), link.getBoundingClientRect()];
      return inner.left >= outer.left - 1 && inner.right <= outer.right + 1;
    }, name);
  const rows = () =>
    tabs.evaluate(
      (list) => new Set([...list.querySelectorAll("li")].map((li) => Math.round(li.getBoundingClientRect().top))).size,
    );

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/admin/areas");
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: "Areas" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("new-orders-badge")).toBeVisible();
  expect(await rows()).toBe(1);
  expect(await inView("Areas")).toBe(true);
  expect(await inView("Dashboard")).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
  // Another tab, reached by scrolling the strip back, is the one in view once it is open.
  await tabs.evaluate((list) => list.scrollTo({ left: 0 }));
  await page.getByRole("link", { name: "Products", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect.poll(() => inView("Products")).toBe(true);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(rows).toBeGreaterThan(1);
  expect(await tabs.evaluate((list) => list.scrollWidth - list.clientWidth)).toBe(0);
});
