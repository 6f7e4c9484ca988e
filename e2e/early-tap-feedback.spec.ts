// A tap made before the page is ready shows at once (issue 46 item 7): on a slow phone the size
// tapped is marked chosen and Add to Cart says 'Adding…' while React is still on its way, and the
// tap is still replayed once, after hydration (docs/decisions/013-early-taps.md). The phone's CPU
// is slowed 4x as in the study, and the app's scripts are held until the test releases them, so the
// taps land before hydration whatever the machine's speed.
import { expect, type Page, test } from "@playwright/test";
import type { Cart } from "../shared/cart.ts";
import type { Product } from "../shared/catalog.ts";
import { type Account, startSignedIn } from "./layout-support.ts";
import { allProducts, waitForHydration } from "./support.ts";
import { openUnhydrated } from "./unhydrated.ts";

const PASSWORD = "Karachi-Shoes-2024!";

let counter = 0;
async function newCustomer(page: Page): Promise<{ email: string; username: string }> {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const person = { email: `early-sign-${id}@example.pk`, username: `earlysign${id}`, password: PASSWORD };
  expect((await page.request.post("/api/user/signup", { data: person })).status()).toBe(201);
  return person;
}

/** A product with two sizes of 3 or more in stock, and its second: not the one the server marks. */
async function productWithSecondSize(page: Page): Promise<{ product: Product; size: number }> {
  const product = (await allProducts(page)).find((p) => p.sizes.filter((s) => s.stock >= 3).length >= 2);
  if (!product) throw new Error("the demo catalogue has a product with two sizes of 3 or more in stock");
  return { product, size: product.sizes.filter((s) => s.stock >= 3)[1]?.size as number };
}

async function slowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

const sizeButton = (page: Page, size: number) => page.getByRole("button", { name: `Size ${size}`, exact: true });
const notHydrated = (page: Page) => expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
const localCart = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem("cart") ?? "[]") as { productId: string; size: number; quantity: number }[],
  );

/** Taps a size and Add to Cart on the server's HTML and sees both answered before React runs. */
async function tapSizeThenAdd(page: Page, size: number): Promise<void> {
  await sizeButton(page, size).tap();
  await expect(sizeButton(page, size)).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("fieldset button[aria-pressed=true]")).toHaveCount(1);
  // The chosen style, not only the attribute: the brand colour the pressed size has once hydrated.
  await expect(sizeButton(page, size)).toHaveCSS("background-color", "rgb(124, 63, 18)");
  await page.getByRole("button", { name: "Add to Cart" }).tap();
  const adding = page.getByRole("button", { name: "Adding…" });
  await expect(adding).toBeVisible();
  await expect(adding).toHaveAttribute("aria-busy", "true");
  await expect(adding).toHaveAttribute("aria-disabled", "true");
  await notHydrated(page);
}

test("a visitor's size and Add to Cart show at once, then the login page says why and one line is added", async ({
  page,
}) => {
  const { product, size } = await productWithSecondSize(page);
  const customer = await newCustomer(page);
  await slowPhone(page);
  const release = await openUnhydrated(page, `/products/${product._id}`, sizeButton(page, size));
  await expect(sizeButton(page, size)).toHaveAttribute("aria-pressed", "false");
  await tapSizeThenAdd(page, size);
  await release();

  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await expect(page.getByText(`Sign in to add ${product.name}, size ${size}, to your cart.`)).toBeVisible();
  await page.getByLabel("Email").fill(customer.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product._id}\\?size=${size}$`));
  await expect(page.getByRole("button", { name: "Remove from Cart" })).toBeVisible();
  expect((await localCart(page)).map((l) => [l.productId, l.size, l.quantity])).toEqual([[product._id, size, 1]]);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("token") ?? "null") as string);
  await expect
    .poll(async () => {
      const response = await page.request.get("/api/user/cart", { headers: { authorization: `Bearer ${token}` } });
      return ((await response.json()) as Cart).items.map((l) => [l.productId, l.size, l.quantity]);
    })
    .toEqual([[product._id, size, 1]]);
});

test("a signed-in shopper's size and Add to Cart show at once and add exactly one line once hydrated", async ({
  page,
}) => {
  const { product, size } = await productWithSecondSize(page);
  const customer = await newCustomer(page);
  const login = await page.request.post("/api/user/login", { data: { email: customer.email, password: PASSWORD } });
  await startSignedIn(page, (await login.json()) as Account);
  await slowPhone(page);
  const release = await openUnhydrated(page, `/products/${product._id}`, sizeButton(page, size));
  await tapSizeThenAdd(page, size);
  await release();
  await waitForHydration(page);

  await expect(page.getByRole("button", { name: "Remove from Cart" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Adding…" })).toHaveCount(0);
  await expect(sizeButton(page, size)).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("fieldset button[aria-pressed=true]")).toHaveCount(1);
  await expect
    .poll(() => localCart(page))
    .toEqual([expect.objectContaining({ productId: product._id, size, quantity: 1 })]);
});
