// A tap made before React has hydrated the page is not lost (issue 17): the mobile menu, a size
// and Add to Cart tapped on the server's HTML take effect once the page hydrates. The app's scripts
// are held back until after the tap, so "before hydration" does not depend on the machine's speed.
import { expect, type Page, test } from "@playwright/test";
import { type Account, startSignedIn } from "./layout-support.ts";
import { allProducts, waitForHydration } from "./support.ts";
import { openUnhydrated, tapOrClick } from "./unhydrated.ts";

const PASSWORD = "Karachi-Shoes-2024!";

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

/** A new shopper, signed in as the login page leaves one: the token and user in localStorage. */
async function signedInShopper(page: Page): Promise<void> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}${test.info().project.name}`;
  const email = `early-tap-${stamp}@example.pk`;
  const signUp = await page.request.post("/api/user/signup", {
    data: { email, password: PASSWORD, username: `earlytap${stamp}`.replace(/[^a-z0-9]/g, "") },
  });
  expect(signUp.status()).toBe(201);
  const login = await page.request.post("/api/user/login", { data: { email, password: PASSWORD } });
  await startSignedIn(page, (await login.json()) as Account);
}

const cartLines = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]") as { size: number; quantity: number }[]);

test("Add to Cart tapped before hydration puts the shoe in the cart once, after hydration", async ({
  page,
  isMobile,
}) => {
  await signedInShopper(page);
  const add = page.getByRole("button", { name: "Add to Cart" });
  const release = await openUnhydrated(page, await productWithTwoSizes(page), add);
  await tapOrClick(add, isMobile);
  await release();
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "Remove from Cart" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 1 line" }).first()).toBeAttached();
  expect((await cartLines(page)).map((line) => line.quantity)).toEqual([1]);
});

// Both taps are replayed after hydration; Add to Cart must see the size the first tap chose (a wrong
// size in a cash-on-delivery parcel is a refused parcel), not the one preselected by the server.
test("a size then Add to Cart tapped before hydration put that size in the cart", async ({ page, isMobile }) => {
  await signedInShopper(page);
  const path = await productWithTwoSizes(page);
  const unmarked = page.locator("fieldset button:not([disabled])[aria-pressed=false]").first();
  const release = await openUnhydrated(page, path, unmarked);
  const name = (await unmarked.getAttribute("aria-label")) ?? "";
  await tapOrClick(page.getByRole("button", { name, exact: true }), isMobile);
  await tapOrClick(page.getByRole("button", { name: "Add to Cart" }), isMobile);
  await release();
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "Remove from Cart" })).toBeVisible();
  await expect
    .poll(() => cartLines(page))
    .toEqual([expect.objectContaining({ size: Number(name.replace("Size ", "")), quantity: 1 })]);
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

// A phone paints a long page before it has parsed all of it, so the footer of a short page is drawn
// while more of it is still to come (issue 54: Track Your Order's footer jumped 260-440 px in 3 of 10
// loads at 4x CPU, the cart's 108-240 px in 2 of 16). The footer takes the room the page leaves, so
// what of it arrives later grows it downwards, and neither what is above it nor its own top moves.
for (const path of ["/my-cart", "/TrackOrder", "/login"]) {
  test(`${path}: a footer still arriving grows downwards, and its top stays put`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 2400 });
    await page.goto(path);
    const footer = page.locator("footer").first();
    const topOf = () => footer.evaluate((element) => element.getBoundingClientRect().top);
    const before = await topOf();
    expect(before + 400).toBeLessThan(2400); // a short page: the footer ends inside the window
    await footer.evaluate((element) => {
      const rest = document.createElement("div");
      rest.style.height = "300px"; // the part of the footer the parser had not reached
      element.append(rest);
    });
    expect(await topOf()).toBe(before);
  });
}
