// [Ours] Addresses a rider can find: at checkout the customer types part of their area and takes it from
// the list, adds a landmark and orders; an empty area and one the shop does not know are marked on the
// field; the owner's order page shows both. Without JavaScript the checkout's markup still has the
// Area field with its list of areas. The owner hides and shows an area on /admin/areas.
import { expect, type Page, test } from "@playwright/test";
import { AREA_MESSAGES } from "../shared/areas.ts";
import type { Product } from "../shared/catalog.ts";
import { ORDER_MESSAGES } from "../shared/orders.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { allProducts, expectNoAxeViolations, waitForHydration } from "./support.ts";

const PASSWORD = "Rider-Finds-Karachi-1!";
const AREA = "Gulshan-e-Iqbal Block 13-D";
const LANDMARK = "Opposite Aladin Park";

interface Session {
  token: string;
  user: { _id: string; email: string };
}

/** Signs the page in the way the login form leaves it (docs/product.md section 4). */
async function signInAs(page: Page, email: string, password: string): Promise<Session> {
  const login = await page.request.post("/api/user/login", { data: { email, password } });
  expect(login.status()).toBe(200);
  const session = (await login.json()) as Session;
  await page.goto("/");
  await waitForHydration(page);
  await page.evaluate((s) => {
    window.localStorage.setItem("token", JSON.stringify(s.token));
    window.localStorage.setItem("user", JSON.stringify(s.user));
  }, session);
  return session;
}

async function newCustomer(page: Page, label: string): Promise<Session> {
  const id = `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const person = { username: `rider_${id}`, email: `rider.${id}@example.test`, password: PASSWORD };
  expect((await page.request.post("/api/user/signup", { data: person })).status()).toBe(201);
  return signInAs(page, person.email, PASSWORD);
}

async function addToCart(page: Page, s: Session): Promise<Product> {
  const product = (await allProducts(page)).find((p) => p.sizes.some((size) => size.stock >= 5));
  const size = product?.sizes.find((entry) => entry.stock >= 5)?.size;
  if (!product || size === undefined) throw new Error("no product with 5 pairs in one size");
  const added = await page.request.post("/api/user/cart/add", {
    headers: { Authorization: `Bearer ${s.token}` },
    data: { productId: product._id, size, quantity: 1 },
  });
  expect(added.status()).toBe(200);
  return product;
}

test("a customer picks an area by typing part of it and orders; the owner's page shows it", async ({
  page,
  browser,
}, testInfo) => {
  const s = await newCustomer(page, testInfo.project.name);
  await addToCart(page, s);
  await page.goto("/my-cart");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  const dialog = page.getByRole("dialog", { name: "Checkout Details" });
  await dialog.getByLabel("Full Name").fill("Sana Qureshi");
  await dialog.getByLabel("Address", { exact: true }).fill("Flat 4, Rufi Heights, Main University Road");
  await dialog.getByLabel("Phone Number").fill("0333 1234567");
  const area = dialog.getByRole("combobox", { name: "Area" });
  const placeOrder = dialog.getByRole("button", { name: /Place Order/ });

  // Left empty: marked before anything is sent, and focused.
  await placeOrder.click();
  await expect(area).toHaveAttribute("aria-invalid", "true");
  await expect(area).toHaveAccessibleDescription(`${ORDER_MESSAGES.areaRequired} ${AREA_MESSAGES.areaHint}`);
  await expect(area).toBeFocused();

  // A name the shop does not know: the server's message, under the field.
  await area.fill("Atlantis");
  await placeOrder.click();
  await expect(dialog.getByText(ORDER_MESSAGES.area, { exact: true })).toBeVisible();
  await expect(area).toHaveAttribute("aria-invalid", "true");
  await expect(area).toBeFocused();

  // Part of the name: the list offers the matching areas (the phone's own suggestions); the first is taken.
  await area.fill("");
  await area.pressSequentially("13-d");
  const offered = await page
    .locator(`datalist#${await area.getAttribute("list")} option`)
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  const matching = offered.filter((name) => name.toLowerCase().includes("13-d"));
  expect(matching).toEqual([AREA]);
  // Taking the suggestion: headless Chromium does not open the datalist's popup (and Enter there
  // would send the form with "13-d"), so the pick is written as the suggestion writes it.
  await area.fill(AREA);
  await expect(area).toHaveValue(AREA);
  await expect(area).not.toHaveAttribute("aria-invalid");
  await dialog.getByLabel("Nearby landmark (optional)").fill(LANDMARK);
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  await placeOrder.click();
  await expect(page).toHaveURL(/\/checkout-success\?order=[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).searchParams.get("order") ?? "";

  // The next checkout offers the saved address with its area and landmark, and fills both.
  await addToCart(page, s);
  await page.goto("/my-cart");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  const saved = dialog.getByRole("group", { name: "Deliver to" });
  await expect(saved.getByRole("radio", { name: /Sana Qureshi/ })).toBeChecked();
  await expect(saved).toContainText(`${AREA} · ${LANDMARK}`);
  await expect(area).toHaveValue(AREA);
  await expect(dialog.getByLabel("Nearby landmark (optional)")).toHaveValue(LANDMARK);

  // The owner's order page says where to go.
  const owner = await (await browser.newContext({ ...testInfo.project.use })).newPage();
  await signInAs(owner, E2E_ADMIN.email, E2E_ADMIN.password);
  await owner.goto(`/admin/orders/${orderId}`);
  await waitForHydration(owner);
  const deliverTo = owner.locator("address");
  await expect(deliverTo).toContainText(LANDMARK);
  await expect(deliverTo).toContainText(`${AREA}, Karachi`);
  await owner.context().close();
});

test("the owner hides an area on /admin/areas and shows it again", async ({ page }) => {
  await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/areas");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Karachi areas" })).toBeVisible();
  await page.getByLabel("Find an area").fill("hawks");
  const row = page.getByRole("listitem").filter({ hasText: "Hawksbay" });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "Hide Hawksbay" }).click();
  await expect(row.getByText("Hidden", { exact: true })).toBeVisible();
  let offered = (await (await page.request.get("/api/areas")).json()) as { areas: { name: string }[] };
  expect(offered.areas.map((a) => a.name)).not.toContain("Hawksbay");
  await expectNoAxeViolations(page);
  await row.getByRole("button", { name: "Show Hawksbay" }).click();
  await expect(row.getByText("Hidden", { exact: true })).toHaveCount(0);
  offered = (await (await page.request.get("/api/areas")).json()) as { areas: { name: string }[] };
  expect(offered.areas.map((a) => a.name)).toContain("Hawksbay");
  await page.getByLabel("Find an area").fill("no such place");
  await expect(page.getByText("No area matches. Try fewer letters.")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the checkout's markup has the Area field with the list of areas, and the landmark field", async ({ page }) => {
    await page.goto("/my-cart");
    const area = page.locator("#checkout-area");
    await expect(area).toBeAttached();
    await expect(area).toHaveAttribute("name", "area");
    const listId = (await area.getAttribute("list")) ?? "";
    expect(listId).not.toBe("");
    await expect(page.locator(`label[for="checkout-area"]`)).toHaveText("Area");
    const options = page.locator(`datalist#${listId} option`);
    expect(await options.count()).toBeGreaterThan(250);
    await expect(page.locator(`datalist#${listId} option[value="${AREA}"]`)).toHaveCount(1);
    await expect(page.locator(`label[for="checkout-landmark"]`)).toHaveText("Nearby landmark (optional)");
  });
});
