// The owner's customer page (issue 16): each customer's open, delivered and cancelled orders, and
// blocking a customer from ordering, at phone (375 px) and desktop (1280 px) widths.
import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account.ts";
import { allProducts, expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

async function signInAsOwner(page: Page) {
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Login successful")).toBeVisible();
}

/** A customer with one open order, made through the API. */
async function customerWithAnOrder(page: Page) {
  const id = `buyer${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const person = { email: `${id}@example.pk`, username: id, password: "Karachi-Shoes-2024!" };
  expect((await page.request.post("/api/user/signup", { data: person })).status()).toBe(201);
  const login = await page.request.post("/api/user/login", {
    data: { email: person.email, password: person.password },
  });
  const session = (await login.json()) as { token: string; user: { _id: string } };
  // The customer orders one pair now and one more after being unblocked: a size with two at least.
  const product = (await allProducts(page)).find((p) => p.sizes.some((s) => s.stock >= 2));
  const size = product?.sizes.find((s) => s.stock >= 2)?.size;
  if (!product || !size) throw new Error("no product in stock");
  const order = () =>
    page.request.post("/api/orders/new-order", {
      headers: { authorization: `Bearer ${session.token}` },
      data: {
        userId: session.user._id,
        items: [{ productId: product._id, size, quantity: 1 }],
        shippingAddress: {
          fullName: "Bilal Ahmed",
          addressLine: "Flat 3, Block 7, near Nipa Chowrangi, Gulshan",
          phoneNumber: "03001234567",
          email: person.email,
          city: "Karachi",
        },
        totalAmount: product.discountPrice,
      },
    });
  const placed = await order();
  expect(placed.status(), await placed.text()).toBe(201);
  return { ...person, order };
}

test("the owner sees a customer's orders, blocks them from ordering and unblocks them", async ({ page }, testInfo) => {
  const phone = testInfo.project.name === "phone";
  await page.setViewportSize(phone ? { width: 375, height: 812 } : { width: 1280, height: 800 });
  const customer = await customerWithAnOrder(page);
  await signInAsOwner(page);
  await page.goto(`/admin/customers?query=${customer.username}`);
  await waitForHydration(page);

  const row = page.getByRole("listitem", { name: customer.username, exact: true });
  await expect(row).toContainText(customer.email);
  await expect(row).toContainText("1 open");
  await expect(row).toContainText("0 delivered");
  await expect(row).toContainText("0 cancelled");
  await expect(row.getByRole("link", { name: /1 order of .*: 1 open, 0 delivered, 0 cancelled/ })).toBeVisible();

  await row.getByRole("button", { name: `Block ${customer.username}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `${customer.username} is blocked` })).toBeVisible();
  const blocked = page.getByRole("listitem", { name: `${customer.username}, blocked` });
  await expect(blocked.getByText("Blocked", { exact: true })).toBeVisible();
  await expect(blocked).toContainText("Blocked from ordering");
  await expect(blocked).toContainText("by ");
  await expect(blocked.getByRole("button", { name: `Unblock ${customer.username}` })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(phone ? 375 : 1280);
  await shoot(page, `admin-customers-${phone ? 375 : 1280}`, { fullPage: false });
  await expectNoAxeViolations(page);

  // The customer's next order is refused with a message saying to contact the shop.
  const refused = await customer.order();
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toMatch(/contact the shop/);

  // Still blocked after a reload: it is the server's state, not the page's.
  await page.reload();
  await waitForHydration(page);
  await blocked.getByRole("button", { name: `Unblock ${customer.username}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `${customer.username} can order again` })).toBeVisible();
  await expect(row.getByText("Blocked", { exact: true })).toHaveCount(0);
  expect((await customer.order()).status()).toBe(201);
  await expect(row).toContainText("1 open");
});

test("the reset confirm page at phone and desktop widths", async ({ page }, testInfo) => {
  const phone = testInfo.project.name === "phone";
  await page.setViewportSize(phone ? { width: 375, height: 812 } : { width: 1280, height: 800 });
  await page.goto(`/reset-password/confirm?token=${"a".repeat(43)}`);
  await waitForHydration(page);
  await page.getByLabel("New Password", { exact: true }).fill("Some-guess-123");
  await shoot(page, `reset-confirm-form-${phone ? 375 : 1280}`);
  await page.getByRole("button", { name: "Confirm new password" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("not valid");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone ? 375 : 1280);
  await shoot(page, `reset-confirm-${phone ? 375 : 1280}`);
});
