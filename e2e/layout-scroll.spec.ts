// Nothing fixed covers what a customer must read or press, at any scroll position (issue 29): on the
// most-seen pages, scrolled through in steps of half a screen, no floating link, toast or bar sits on
// a link, button, price or product name; and three error toasts leave the Sign Up button in view.
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { Product } from "../shared/catalog.ts";
import { CATEGORIES } from "../shared/categories.ts";
import { type Account, catalogue, coveredByFixed, settle, signIn, startSignedIn } from "./layout-support.ts";
import { test } from "./shared-pages.ts";
import { waitForHydration } from "./support.ts";

const WIDTHS: Record<string, number[]> = { phone: [320, 375], desktop: [768, 1280] };

/** Scrolls from the top to the end in steps of half the viewport, checking at every stop. */
async function expectNothingCoveredWhileScrolling(page: Page, where: string): Promise<void> {
  await settle(page);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  // Pictures arriving later change no layout (their boxes are sized): no waiting for them at each stop.
  for (let stop = 0; ; stop++) {
    const y = await page.evaluate(() => Math.round(window.scrollY));
    expect(await coveredByFixed(page), `${where}, scrolled to ${y} px`).toEqual([]);
    const moved = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy({ top: window.innerHeight / 2, behavior: "instant" });
      return window.scrollY !== before;
    });
    if (!moved) break;
    expect(stop, `${where}: the page never ends`).toBeLessThan(200);
  }
}

let fixture: Promise<{ customer: Account; product: Product }> | undefined;

/**
 * Once per worker: a signed-in customer with one line in the cart, and a product of the demo
 * catalogue. The page tests only read what they open, so they share it (and one page, see below).
 */
function customerWithACartLine(request: APIRequestContext) {
  fixture ??= makeCustomerWithACartLine(request);
  return fixture;
}

async function makeCustomerWithACartLine(request: APIRequestContext) {
  const products = await catalogue(request);
  const product = products.find((p) => p.sizes.some((s) => s.stock >= 2));
  if (!product) throw new Error("no demo product in stock");
  const size = product.sizes.find((s) => s.stock >= 2)?.size;
  const stamp = Date.now();
  const email = `scroll-${stamp}@example.pk`;
  const password = "Scroll-Karachi-2024!";
  const signUp = await request.post("/api/user/signup", { data: { email, password, username: `scroll${stamp}` } });
  expect(signUp.ok()).toBe(true);
  const customer: Account = await signIn(request, email, password);
  const line = {
    productId: product._id,
    size,
    quantity: 1,
    name: product.name,
    description: product.description,
    image: product.imageUrl[0] ?? "",
    price: product.price,
    discountPrice: product.discountPrice,
    discountPercentage: product.discountPercentage,
  };
  const added = await request.post("/api/user/cart/add", {
    headers: { Authorization: `Bearer ${customer.token}` },
    data: line,
  });
  expect(added.ok()).toBe(true);
  return { customer, product };
}

const PAGES: { name: string; path: (productId: string) => string }[] = [
  { name: "/", path: () => "/" },
  { name: "/men", path: () => "/men" },
  { name: "a category page", path: () => CATEGORIES[0]?.path ?? "/men/formal-shoes" },
  { name: "a product page", path: (id) => `/products/${id}` },
  { name: "/my-cart with a line", path: () => "/my-cart" },
  { name: "/search?query=chappal", path: () => "/search?query=chappal" },
];

for (const { name, path: pathOf } of PAGES) {
  test(`${name}: nothing fixed covers a link, button, price or product name at any scroll position`, async ({
    shared,
  }, info) => {
    test.setTimeout(300_000);
    const { customer, product } = await customerWithACartLine(shared.request);
    // One signed-in page for the worker's run (e2e/shared-pages.ts): these tests only read.
    const page = await shared.page("layout-scroll customer", (context) => startSignedIn(context, customer));
    const path = pathOf(product._id);
    for (const [index, width] of (WIDTHS[info.project.name] ?? []).entries()) {
      await page.setViewportSize({ width, height: width < 768 ? 740 : 800 });
      // Loaded at the project's first width and resized to the second, as a phone turned or a window
      // widened (as e2e/layout.spec.ts does): a reload would only repeat the load.
      if (index === 0) {
        await page.goto(path);
        await waitForHydration(page);
      }
      if (path === "/my-cart") await expect(page.getByRole("button", { name: "Proceed to Checkout" })).toBeVisible();
      await expectNothingCoveredWhileScrolling(page, `${path} at ${width} px`);
    }
  });
}

test("three error toasts on /sign-up leave the Sign Up button uncovered", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const stamp = Date.now();
  const email = `toasts-${stamp}@example.pk`;
  const taken = await page.request.post("/api/user/signup", {
    data: { email, password: "Toasts-Karachi-2024!", username: `toasts${stamp}` },
  });
  expect(taken.ok()).toBe(true);

  await page.goto("/sign-up");
  await waitForHydration(page);
  await page.getByLabel("Username").fill(`other${stamp}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("Another-Karachi-2024!");
  const signUp = page.getByRole("button", { name: "Sign Up" });
  const toasts = page.getByRole("region", { name: "Notifications" }).getByRole("alert");
  // The room the toasts keep is <body>'s own padding: a property written on <html>, which every
  // element inherits, restyled the whole page at each toast (decision 055).
  await page.evaluate(() => {
    const writes: string[] = [];
    (window as unknown as { htmlStyleWrites: string[] }).htmlStyleWrites = writes;
    new MutationObserver(() => writes.push(document.documentElement.style.cssText)).observe(document.documentElement, {
      attributes: true,
      attributeFilter: ["style"],
    });
  });
  for (let shown = 1; shown <= 3; shown++) {
    await signUp.click();
    await expect(toasts).toHaveCount(shown);
  }
  await expect(signUp).toBeInViewport();
  const covered = await coveredByFixed(page);
  expect(covered.filter((c) => c.target.includes("Sign Up"))).toEqual([]);
  // Above the toasts, not beside or under them.
  const stack = await page.getByRole("region", { name: "Notifications" }).boundingBox();
  const button = await signUp.boundingBox();
  expect(stack && button && button.y + button.height <= stack.y).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { htmlStyleWrites: string[] }).htmlStyleWrites)).toEqual([]);
  const room = await page.evaluate(() => Number.parseFloat(getComputedStyle(document.body).paddingBottom));
  expect(room).toBeGreaterThan(stack?.height ?? Number.POSITIVE_INFINITY);
});

test("the toasts stand on the floating links' bar, and go down to the edge while a field is typed in", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "phone", "the floating links' bar is a phone's");
  const stamp = Date.now();
  const email = `toast-bar-${stamp}@example.pk`;
  const taken = await page.request.post("/api/user/signup", {
    data: { email, password: "Toasts-Karachi-2024!", username: `toastbar${stamp}` },
  });
  expect(taken.ok()).toBe(true);
  await page.goto("/sign-up");
  await waitForHydration(page);
  const bar = page.locator(".floating-links");
  await expect(bar).toBeVisible();
  // A sign-up refused (the address is taken): a toast, with the focus left on the button.
  await page.getByLabel("Username").fill(`other${stamp}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("Another-Karachi-2024!");
  await page.getByRole("button", { name: "Sign Up" }).click();
  const stack = page.getByRole("region", { name: "Notifications" });
  await expect(stack.getByRole("alert").first()).toBeVisible();
  const bottomOf = (box: { y: number; height: number } | null) => (box ? box.y + box.height : Number.NaN);
  const barTop = (await bar.boundingBox())?.y ?? Number.NaN;
  // 0.5rem above the bar (Toaster.tsx), within a pixel's rounding.
  expect(Math.abs(barTop - bottomOf(await stack.boundingBox()) - 8)).toBeLessThanOrEqual(1);
  // Typing: the bar steps aside and the toasts go down to the window's edge (app.css).
  await page.getByLabel("Username").focus();
  await expect(bar).toBeHidden();
  const height = page.viewportSize()?.height ?? Number.NaN;
  await expect.poll(async () => Math.abs(height - bottomOf(await stack.boundingBox()) - 8)).toBeLessThanOrEqual(1);
});
