// New-order alerts (issue 18): the count of new orders beside the admin's Orders tab and on the
// dashboard changes when a customer places an order, and again when the owner confirms it,
// without a reload. The order is placed through the API from another session, as a customer's
// phone would; what is under test is the admin's page.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { AdminProduct } from "../shared/admin.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

const PASSWORD = "Karachi-Shoes-2024!";

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post("/api/user/login", { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A customer (signed up through the API) orders one pair of a product made for the test. */
async function placeOrderElsewhere(request: APIRequestContext, who: string): Promise<string> {
  const admin = { authorization: `Bearer ${await tokenOf(request, E2E_ADMIN.email, E2E_ADMIN.password)}` };
  const created = await request.post("/api/admin/products", {
    headers: admin,
    data: {
      name: `Alert Khussa ${who} ${Date.now().toString(36)}`,
      description: "Embroidered khussa for weddings and Eid.",
      category: "women-pumps-khusa",
      price: 3000,
      discountPrice: 2500,
      sizes: [{ size: 38, stock: 5 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as AdminProduct;

  const email = `${who}-${Date.now()}@example.pk`;
  const signUp = await request.post("/api/user/signup", {
    data: { email, password: PASSWORD, username: `${who}${Date.now()}` },
  });
  expect(signUp.status()).toBe(201);
  const login = await request.post("/api/user/login", { data: { email, password: PASSWORD } });
  const session = (await login.json()) as { token: string; user: { _id: string } };
  const order = await request.post("/api/orders/new-order", {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      userId: session.user._id,
      items: [{ productId: product._id, size: 38, quantity: 1 }],
      shippingAddress: {
        fullName: "Sana Mirza",
        addressLine: "Flat 3, Block 7, Gulshan-e-Iqbal",
        phoneNumber: "03211234567",
        email,
        city: "Karachi",
      },
      totalAmount: 2500,
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  return ((await order.json()) as { _id: string })._id;
}

async function signInAsOwner(page: Page) {
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Login successful")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

test("the count of new orders updates on the open admin page, without a reload", async ({ page, request }, info) => {
  // The phone project at the width of the commonest phones here.
  if (info.project.name === "phone") await page.setViewportSize({ width: 375, height: 812 });
  await signInAsOwner(page);
  await page.goto("/admin");
  await waitForHydration(page);
  const figure = page.getByTestId("new-orders-count");
  await expect(figure).toHaveText(/^\d+$/);
  const before = Number(await figure.textContent());
  const ordersTab = page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /^Orders/ });
  // Whatever changes next must change in this very document.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  const orderId = await placeOrderElsewhere(request, info.project.name);
  await expect(figure).toHaveText(String(before + 1));
  await expect(ordersTab).toHaveAccessibleName(`Orders ${before + 1} new`);
  await expect(page.getByRole("link", { name: "See orders awaiting the customer" })).toBeVisible();
  // The figures below follow: pending orders read the same as the live count.
  await expect(page.getByRole("link", { name: /^pending/ })).toHaveText(new RegExp(`^pending\\s*${before + 1}$`));
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await shoot(page, `new-orders-${info.project.name}`, { fullPage: false });
  if (info.project.name === "phone") {
    // The badge must not push the tabs sideways on the narrowest phone.
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await shoot(page, "new-orders-320", { fullPage: false });
    await page.setViewportSize({ width: 375, height: 812 });
  }
  await expectNoAxeViolations(page);

  // The owner confirms it (from another tab, here through the API): the count goes back down.
  const admin = { authorization: `Bearer ${await tokenOf(request, E2E_ADMIN.email, E2E_ADMIN.password)}` };
  const moved = await request.post(`/api/admin/orders/${orderId}/status`, {
    headers: admin,
    data: { status: "confirm" },
  });
  expect(moved.status()).toBe(200);
  await expect(figure).toHaveText(String(before));
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // Beside the Orders tab on every admin screen, too.
  await ordersTab.click();
  await expect(page).toHaveURL(/\/admin\/orders/);
  await placeOrderElsewhere(request, `${info.project.name}b`);
  await expect(page.getByTestId("new-orders-badge")).toHaveText(`${before + 1} new`);
  await shoot(page, `new-orders-tab-${info.project.name}`, { fullPage: false });
});
