// Ordering without JavaScript (issue 46, docs/decisions/015-forms-before-hydration.md): with scripts
// off, a shopper signs in, opens a shoe, chooses a size, adds it to the cart, checks out with an
// address and lands on the order placed. The same form sent twice is one order; the same form from
// another site is refused. Screenshots (SHOTS=1) of the product page, the cart and the order placed.
import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import type { Order } from "../shared/orders.ts";
import { catalogue } from "./layout-support.ts";
import { bearer, newCustomer } from "./orders-support.ts";
import { shoot } from "./support.ts";

/** newCustomer's password (e2e/orders-support.ts). */
const PASSWORD = "Customer-Karachi-2024!";

async function noScriptPage(browser: Browser, info: TestInfo): Promise<Page> {
  const { baseURL, viewport, isMobile, hasTouch, userAgent } = info.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    userAgent,
    javaScriptEnabled: false,
  });
  return context.newPage();
}

/**
 * The text the page shows in its main part, as drawn: Playwright's text locators skip what is inside
 * <noscript> even when the browser, without scripts, shows it.
 */
// biome-ignore lint/performance/useDomNodeTextContent: the text as drawn, without what .js-only hides
const shown = (page: Page) => page.locator("main").innerText();

test("a shopper without JavaScript orders from a product page to the order placed", async ({
  browser,
  request,
}, info) => {
  const customer = await newCustomer(request, "noscript");
  const shoe = (await catalogue(request)).find((p) => p.sizes.filter((s) => s.stock > 0).length >= 2);
  if (!shoe) throw new Error("no shoe with two sizes in stock");
  const size = shoe.sizes.filter((s) => s.stock > 0)[1]?.size as number;
  const page = await noScriptPage(browser, info);
  const width = info.project.name;

  // Sign in: the plain form the server answers itself, back to the shoe.
  await page.goto(`/login?redirectTo=${encodeURIComponent(`/products/${shoe._id}`)}`);
  await page.getByLabel("Email").fill(customer.user.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${shoe._id}$`));

  // The shoe: real radios and one Add to Cart (the buttons that need scripts step aside).
  await expect(page.getByRole("heading", { level: 1, name: shoe.name })).toBeVisible();
  await page.getByRole("radio", { name: `Size ${size}`, exact: true }).check();
  await expect(page.getByRole("link", { name: "Size chart" })).toHaveAttribute("href", "/size-guide");
  await shoot(page, `no-script-product-${width}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();

  // The cart, read on the server, and its checkout form.
  await expect(page).toHaveURL(/\/my-cart$/);
  expect(await shown(page)).toContain(`Size ${size} · Qty 1`);
  // The form without scripts (the checkout dialog, which needs them, has the same labels).
  const checkout = page.locator("form").filter({ has: page.getByRole("button", { name: "Place Order" }) });
  const area = await page.locator("#karachi-areas option").first().getAttribute("value");
  await checkout.getByLabel("Full name").fill("Ayesha Khan");
  await checkout.getByLabel("Address (house, street, block)").fill("House 12, Street 4, Block 13-D");
  await checkout.getByLabel("Area (e.g. Gulshan-e-Iqbal)").fill(area ?? "");
  await checkout.getByLabel("Landmark (optional)").fill("Near Nipa Chowrangi");
  await checkout.getByLabel("Mobile number (03xx xxxxxxx)").fill("0300 1234567");
  await checkout.getByLabel("E-mail").fill(customer.user.email);
  await shoot(page, `no-script-cart-${width}`);
  const form = Object.fromEntries(
    await checkout
      .locator("input")
      .evaluateAll((inputs) => (inputs as HTMLInputElement[]).map((input) => [input.name, input.value])),
  ) as Record<string, string>;
  await page.getByRole("button", { name: "Place Order" }).click();

  // The order placed, read on the server for this session.
  await expect(page).toHaveURL(/\/checkout-success\?order=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  expect(await shown(page)).toContain(shoe.name);
  await shoot(page, `no-script-success-${width}`);
  const orderId = new URL(page.url()).searchParams.get("order");

  // The same form sent again (Back and resend, a double press): the same order, not a second one.
  const again = await page.request.post("/my-cart", {
    form,
    maxRedirects: 0,
    headers: { origin: new URL(page.url()).origin },
  });
  expect(again.status()).toBe(303);
  expect(again.headers().location).toBe(`/checkout-success?order=${orderId}`);
  // From another site: refused, nothing placed.
  const evil = await page.request.post("/my-cart", {
    form,
    maxRedirects: 0,
    headers: { origin: "https://evil.example" },
  });
  expect(evil.status()).toBe(403);

  // The order is in the shop's database, once, as the API reads it.
  const orders = (await (await request.get("/api/orders/track", { headers: bearer(customer) })).json()) as Order[];
  expect(orders.map((o) => o._id)).toEqual([orderId]);
  expect(orders[0]?.items.map((i) => [i.productId, i.size])).toEqual([[shoe._id, size]]);

  // Track Your Order shows it without scripts, never 'Loading your orders…' forever.
  await page.goto("/TrackOrder");
  const tracked = await shown(page);
  expect(tracked).toContain("Near Nipa Chowrangi");
  expect(tracked).not.toContain("Loading your orders…");
  await page.context().close();
});
