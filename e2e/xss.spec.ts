// Cross-site scripting in a real browser (issue 7): markup typed into search (reflected) and into
// a checkout address (stored) shows as text; no injected script runs, no dialog opens, and the
// Content-Security-Policy never has to block anything (nothing injected reached the page as markup).
import { expect, type Page, test } from "@playwright/test";
import type { Order } from "../shared/orders.ts";
import { allProducts, waitForHydration } from "./support.ts";

const PAYLOADS = [
  `<script>window.__xss=1</script>`,
  `"><img src=x onerror="window.__xss=1">`,
  `<svg onload=window.__xss=1>`,
  `</title><script>window.__xss=1</script>`,
  `javascript:window.__xss=1`,
  `{{constructor.constructor('window.__xss=1')()}}`,
];

/** Fails the test on any dialog, and collects Content-Security-Policy violations from the console. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on("dialog", (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

const noScriptRan = (page: Page) => page.evaluate(() => (window as { __xss?: unknown }).__xss);

test("search: a reflected payload is shown as text and runs nothing", async ({ page }) => {
  const problems = watch(page);
  for (const payload of PAYLOADS) {
    await page.goto(`/search?query=${encodeURIComponent(payload)}`);
    await waitForHydration(page);
    await expect(page.locator("#search-query")).toHaveValue(payload);
    expect(await noScriptRan(page)).toBeUndefined();
    expect(await page.locator("img[src=x], svg[onload]").count()).toBe(0);
    // Typed into the box and submitted on the client too.
    await page.locator("#search-query").fill(payload);
    await page.locator("#search-query").press("Enter");
    await expect(page).toHaveURL(/\/search\?query=/);
    expect(await noScriptRan(page)).toBeUndefined();
  }
  expect(problems).toEqual([]);
});

test("checkout address: a stored payload is kept as text and runs nothing where the order is shown", async ({
  page,
}, testInfo) => {
  const problems = watch(page);
  const id = `xss${testInfo.project.name}${Date.now()}`;
  const person = { email: `${id}@example.pk`, username: id, password: "Karachi-Shoes-2024!" };
  expect((await page.request.post("/api/user/signup", { data: person })).status()).toBe(201);
  const login = await page.request.post("/api/user/login", {
    data: { email: person.email, password: person.password },
  });
  const session = (await login.json()) as { token: string; user: { _id: string } };
  const product = (await allProducts(page)).find((p) => p.sizes.some((s) => s.stock >= 2));
  const size = product?.sizes.find((s) => s.stock >= 2)?.size;
  if (!product || !size) throw new Error("no product in stock");
  const placed = await page.request.post("/api/orders/new-order", {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      userId: session.user._id,
      items: [{ productId: product._id, size, quantity: 1 }],
      shippingAddress: {
        fullName: PAYLOADS[0],
        addressLine: `${PAYLOADS[1]} near Dolmen Mall`,
        phoneNumber: "03001234567",
        email: person.email,
        city: "Karachi",
        postalCode: PAYLOADS[2]?.slice(0, 10),
      },
      totalAmount: product.discountPrice,
    },
  });
  expect(placed.status()).toBe(201);
  expect(((await placed.json()) as Order).shippingAddress.fullName).toBe(PAYLOADS[0]);

  // Signed in as that customer (the app keeps the session in localStorage).
  await page.goto("/");
  await page.evaluate(({ token, user }) => {
    localStorage.setItem("token", JSON.stringify(token));
    localStorage.setItem("user", JSON.stringify(user));
  }, session);
  for (const path of ["/TrackOrder", "/my-cart", "/checkout-success", "/"]) {
    await page.goto(path);
    await waitForHydration(page);
    if (path === "/TrackOrder") await expect(page.getByText(product.name).first()).toBeVisible();
    expect(await noScriptRan(page), path).toBeUndefined();
  }
  expect(problems).toEqual([]);
});

test("the watch is not blind: markup forced into the page is blocked by the CSP and reported", async ({ page }) => {
  const problems = watch(page);
  await page.goto("/");
  await waitForHydration(page);
  await page.evaluate(() => {
    document.body.insertAdjacentHTML("beforeend", `<img src="/favicon.svg" onload="window.__xss=1">`);
    const script = document.createElement("script");
    script.textContent = "window.__xss=2";
    document.body.append(script);
  });
  await expect.poll(() => problems.length).toBeGreaterThan(0);
  expect(await noScriptRan(page)).toBeUndefined();
});
