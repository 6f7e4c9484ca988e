// A tap made before React has hydrated the page is not lost (issue 17): the mobile menu, a size
// and Add to Cart tapped on the server's HTML take effect once the page hydrates. The app's scripts
// are held back until after the tap, so "before hydration" does not depend on the machine's speed.
import { expect, type Locator, type Page, type Route, test } from "@playwright/test";
import { type Account, useAccount } from "./layout-support.ts";
import { allProducts, waitForHydration } from "./support.ts";

const PASSWORD = "Karachi-Shoes-2024!";

/** Holds every script the page asks for until `release()`: the page stays server HTML only. */
async function holdScripts(page: Page): Promise<{ release(): Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route("**/assets/**/*.js", async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** Opens `path` with its scripts held; returns the release once the given control is on screen. */
async function openUnhydrated(page: Page, path: string, control: Locator): Promise<() => Promise<void>> {
  const scripts = await holdScripts(page);
  await page.goto(path, { waitUntil: "commit" });
  await expect(control).toBeVisible();
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  return () => scripts.release();
}

/** A phone taps, a desktop clicks: the same handler either way. */
async function tapOrClick(control: Locator, isMobile: boolean): Promise<void> {
  if (isMobile) await control.tap();
  else await control.click();
}

/** A product with at least two sizes in stock, so a tap can move the mark off the preselected one. */
async function productWithTwoSizes(page: Page): Promise<string> {
  const product = (await allProducts(page)).find((p) => p.sizes.filter((s) => s.stock > 0).length >= 2);
  if (!product) throw new Error("no product with two sizes in stock");
  return `/products/${product._id}`;
}

test("the mobile menu tapped before hydration opens once the page hydrates", async ({ page, isMobile }) => {
  test.skip(!isMobile, "the menu button is the phone's");
  const button = page.getByRole("button", { name: "Open menu" });
  const release = await openUnhydrated(page, "/men", button);
  await tapOrClick(button, isMobile);
  await release();
  await waitForHydration(page);
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
});

test("a size tapped before hydration is the selected size once the page hydrates", async ({ page, isMobile }) => {
  const path = await productWithTwoSizes(page);
  const unmarked = page.locator("fieldset button:not([disabled])[aria-pressed=false]").first();
  const release = await openUnhydrated(page, path, unmarked);
  const name = (await unmarked.getAttribute("aria-label")) ?? "";
  const size = page.getByRole("button", { name, exact: true });
  await tapOrClick(size, isMobile);
  await release();
  await waitForHydration(page);
  await expect(size).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("fieldset button[aria-pressed=true]")).toHaveCount(1);
});

test("Add to Cart tapped before hydration puts the shoe in the cart once, after hydration", async ({
  page,
  isMobile,
}) => {
  const stamp = `${Date.now()}${test.info().project.name}`;
  const email = `early-tap-${stamp}@example.pk`;
  const signUp = await page.request.post("/api/user/signup", {
    data: { email, password: PASSWORD, username: `earlytap${stamp}`.replace(/[^a-z0-9]/g, "") },
  });
  expect(signUp.status()).toBe(201);
  const login = await page.request.post("/api/user/login", { data: { email, password: PASSWORD } });
  // Signed in as the login page leaves it: the token and user in localStorage before any script runs.
  await useAccount(page, (await login.json()) as Account);

  const add = page.getByRole("button", { name: "Add to Cart" });
  const release = await openUnhydrated(page, await productWithTwoSizes(page), add);
  await tapOrClick(add, isMobile);
  await release();
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "Remove from Cart" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 1 line" }).first()).toBeAttached();
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]") as { quantity: number }[]);
  expect(cart.map((line) => line.quantity)).toEqual([1]);
});

test("Filter & sort tapped before hydration opens the sheet once the page hydrates", async ({ page, isMobile }) => {
  test.skip(!isMobile, "the sheet is the phone's");
  const button = page.getByRole("button", { name: /^Filter & sort/ });
  const release = await openUnhydrated(page, "/search?query=khussa", button);
  await tapOrClick(button, isMobile);
  await release();
  await waitForHydration(page);
  await expect(page.getByRole("dialog", { name: "Filter & sort" })).toBeVisible();
});

/**
 * Where each link, paragraph, button and the footer the server drew sits, from the top of the
 * page's heading; the same elements again later (what hydration adds may appear, if nothing moves).
 */
const layoutOf = (page: Page) =>
  page.evaluate(() => {
    const top = (e: Element) => e.getBoundingClientRect().top;
    const heading = document.querySelector("main h1");
    const held = window as unknown as { drawn?: Element[] };
    held.drawn ??= [...document.querySelectorAll("main a, main p, main button, footer")];
    return held.drawn.map((e) => (e.isConnected ? top(e) - (heading ? top(heading) : 0) : "replaced"));
  });

// What the server drew stays where it is when the page hydrates: a link a shopper is tapping just
// then must not move away from under the finger (a list's Filter & sort button, drawn only once
// hydrated, pushed everything below it 26 px down, and a tap on 'Go to the first page' was lost).
for (const path of ["/", "/men", "/buy/42?page=500", "/men/formal-shoes", "/search?query=khussa", "a product"]) {
  test(`${path}: nothing moves when the page hydrates`, async ({ page }) => {
    const address = path === "a product" ? await productWithTwoSizes(page) : path;
    const release = await openUnhydrated(page, address, page.locator("footer").first());
    const before = await layoutOf(page);
    await release();
    await waitForHydration(page);
    expect(await layoutOf(page)).toEqual(before);
  });
}
