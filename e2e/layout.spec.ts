// Every screen at 320 and 375 px (phone project) and 768 and 1280 px (desktop project; a category
// page at 320 and 768 only), loaded at the first width of each and resized to the second, customer
// and admin, with its menus and dialogs open where it has them: nothing scrolls sideways, nothing
// fixed sits on a link, button, field or price at the page's end or in an open dialog, and the
// browser logs no error. A screenshot is cut at the viewport's width; this measures what a
// screenshot cannot show.
import { type APIRequestContext, type ConsoleMessage, expect, type Page, type Response } from "@playwright/test";
import type { Product } from "../shared/catalog.ts";
import { CATEGORIES } from "../shared/categories.ts";
import { CONFIRMATION_MESSAGES } from "../shared/confirmation.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import {
  type Account,
  catalogue,
  coveredByFixed,
  scrollToEnd,
  settle,
  sidewaysOverflow,
  signIn,
  startSignedIn,
} from "./layout-support.ts";
import { test } from "./shared-pages.ts";
import { confirmLinkFor, waitForHydration } from "./support.ts";

const WIDTHS: Record<string, number[]> = { phone: [320, 375], desktop: [768, 1280] };

/** What can be opened on a screen, beside the menus every screen has. */
type Opener = "size chart" | "checkout" | "filters" | "cancel order";

interface Screen {
  path: (fixture: Fixture) => string;
  as: "customer" | "admin";
  open?: Opener[];
  /** The document itself answers this 4xx (the browser logs that as an error; nothing else may be). */
  refused?: 400 | 404;
  /**
   * Measured at the project's narrowest width only: the ten category pages are one list screen with
   * /men/All and /women/all (measured at every width) and differ only in their cards' names.
   */
  narrowestOnly?: true;
}

interface Fixture {
  product: Product;
  orderId: string;
  /** The order mail's confirmation link (a path). */
  confirmLink: string;
  customer: Account;
  admin: Account;
}

const at = (path: string) => () => path;
const SCREENS: Screen[] = [
  ...["/", "/men", "/men/All", "/women", "/women/all"].map((path): Screen => ({ path: at(path), as: "customer" })),
  ...CATEGORIES.map((c): Screen => ({ path: at(c.path), as: "customer", narrowestOnly: true })),
  { path: (f) => `/products/${f.product._id}`, as: "customer", open: ["size chart"] },
  { path: at("/products/00000000-0000-4000-8000-000000000000"), as: "customer", refused: 404 },
  { path: at("/buy/42"), as: "customer", open: ["filters"] },
  // Filtered lists (issue 15): chips, the sidebar or the phone's sheet, page links.
  {
    path: at("/men/sneakers-&-casual-shoes?size=42&size=43&colour=black&colour=grey&maxPrice=9000"),
    as: "customer",
    open: ["filters"],
  },
  { path: at("/buy/42?gender=women&sort=price-asc&sale=1&page=2"), as: "customer", open: ["filters"] },
  { path: at("/men?size=42&colour=brown&sort=discount"), as: "customer", open: ["filters"] },
  { path: at("/women/all?page=1"), as: "customer", open: ["filters"] },
  { path: at("/search"), as: "customer" },
  { path: at("/search?query=khussa"), as: "customer" },
  { path: at("/search?query=qqqqzzzz"), as: "customer" },
  { path: at("/search?query=ladies%20black%20heels%2038%20under%206000"), as: "customer" },
  { path: at("/search?query=zzqq%20heels"), as: "customer" },
  // Nothing under the price: the closest pairs' block below the empty results (decision 025).
  { path: at("/search?query=peshawari%20under%201000"), as: "customer" },
  ...["/contact", "/exchange-policy", "/size-guide", "/sign-up", "/login", "/reset-password"].map(
    (path): Screen => ({ path: at(path), as: "customer" }),
  ),
  { path: at(`/reset-password/confirm?token=${"A".repeat(43)}`), as: "customer" },
  // The sign-up mail's link page (before its press; the press: e2e/accounts.spec.ts).
  { path: at(`/verify-email?token=${"A".repeat(43)}`), as: "customer" },
  { path: at("/my-cart"), as: "customer", open: ["checkout"] },
  { path: (f) => `/checkout-success?order=${f.orderId}`, as: "customer", open: ["cancel order"] },
  { path: at("/TrackOrder"), as: "customer", open: ["cancel order"] },
  // The mailed link's page, with the fixture's pending order, and a forged link.
  { path: (f) => f.confirmLink, as: "customer", open: ["cancel order"] },
  { path: at(`/confirm-order?token=${"A".repeat(43)}`), as: "customer", refused: 400 },
  // A failed delivery's link, forged (the real one: e2e/delivery-attempts.spec.ts).
  {
    path: at(`/delivery-attempt?token=${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}.${"A".repeat(22)}`),
    as: "customer",
    refused: 404,
  },
  // The back-in-stock mail's stop link, forged (the real one: e2e/stock-alerts.spec.ts).
  {
    path: at(`/stop-alerts?token=${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}.${"A".repeat(22)}`),
    as: "customer",
    refused: 400,
  },
  // The 'stop WhatsApp updates' link of a parcel mail or message, forged (the real one:
  // tests/whatsapp-updates-page.test.ts): a token of the right shape that no order signed.
  {
    path: at(`/whatsapp-updates?token=${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}.${"A".repeat(22)}`),
    as: "customer",
    refused: 404,
  },
  // The review request's link, forged (the real one: e2e/reviews.spec.ts).
  {
    path: at(`/review?token=${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}.${"A".repeat(22)}`),
    as: "customer",
    refused: 400,
  },
  { path: at("/no-such-page"), as: "customer", refused: 404 },
  ...[
    "/admin",
    "/admin/products",
    "/admin/products/new",
    "/admin/orders",
    "/admin/orders?view=awaiting",
    "/admin/attempts",
    "/admin/confirmation",
    "/admin/customers",
    "/admin/blocked",
    "/admin/payment-accounts",
    "/admin/sales",
    "/admin/discount-codes",
    "/admin/offers",
    "/admin/promotions",
    "/admin/synonyms",
    "/admin/searches",
    "/admin/areas",
    "/admin/couriers",
    "/admin/short-payments",
    "/admin/short-payments?view=settled",
    "/admin/reports",
    "/admin/exchanges",
    "/admin/reviews",
  ].map((path): Screen => ({ path: at(path), as: "admin" })),
  { path: (f) => `/admin/products/${f.product._id}`, as: "admin" },
  { path: (f) => `/admin/orders/${f.orderId}`, as: "admin" },
  { path: at("/admin/stock?category=men-formal-shoes"), as: "admin" },
  { path: (f) => `/admin/slips?ids=${f.orderId}`, as: "admin" },
  { path: (f) => `/admin/slips?ids=${f.orderId}&format=receipt`, as: "admin" },
];

let fixture: Promise<Fixture> | undefined;

/** Once per worker: a customer with two cart lines and one order, and the shop's admin. */
function setUp(request: APIRequestContext): Promise<Fixture> {
  fixture ??= (async () => {
    const products = await catalogue(request);
    const product = products.find((p) => p.sizes.filter((s) => s.stock >= 5).length >= 2);
    if (!product) throw new Error("no demo product with two sizes of 5 or more");
    const [first, second] = product.sizes.filter((s) => s.stock >= 5);
    const email = `layout-${Date.now()}@example.pk`;
    const password = "Layout-Karachi-2024!";
    const signUp = await request.post("/api/user/signup", {
      data: { email, password, username: `layout${Date.now()}` },
    });
    expect(signUp.ok()).toBe(true);
    const customer = await signIn(request, email, password);
    const headers = { Authorization: `Bearer ${customer.token}` };
    for (const size of [first?.size, second?.size]) {
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
      expect((await request.post("/api/user/cart/add", { headers, data: line })).ok()).toBe(true);
    }
    const order = await request.post("/api/orders/new-order", {
      headers,
      data: {
        userId: customer.user._id,
        items: [{ productId: product._id, size: first?.size, quantity: 1 }],
        shippingAddress: {
          fullName: "Layout Tester",
          addressLine: "House 1, Street 2, near Frere Hall, Saddar",
          phoneNumber: "0300 1234567",
          email,
          city: "Karachi",
          postalCode: "",
        },
        totalAmount: product.discountPrice,
      },
    });
    expect(order.ok(), await order.text()).toBe(true);
    const orderId = ((await order.json()) as { _id: string })._id;
    const confirmLink = await confirmLinkFor(email, orderId);
    const admin = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
    return { product, orderId, confirmLink, customer, admin };
  })();
  return fixture;
}

async function expectLayoutHolds(page: Page, what: string): Promise<void> {
  expect(await sidewaysOverflow(page), `${what}: px scrolled sideways`).toBe(0);
  // Polled: a dialog that has just opened may still be animating in (under load, for a moment its
  // overlay takes the hits); what stays covered fails after the wait.
  await expect
    .poll(() => coveredByFixed(page), { message: `${what}: covered by something fixed`, timeout: 3_000 })
    .toEqual([]);
}

async function openAndCheck(page: Page, what: string, opener: () => Promise<void>): Promise<void> {
  await opener();
  // An open one: a native <dialog> stays in the page closed once it has been opened (ModalDialog.tsx);
  // the phone menu's is open as a popover, without the attribute (decision 055).
  const dialog = page
    .locator("dialog[open], dialog:popover-open, [role=dialog]:not(dialog), [role=alertdialog]:not(dialog)")
    .last();
  await expect(dialog).toBeVisible();
  await expectLayoutHolds(page, what);
  // The dialog's own end: its last control must not sit under anything either. The phone menu's
  // scrolling box is its panel, inside the <dialog> that covers the screen.
  await dialog.evaluate((el) => {
    for (const box of [el, ...el.querySelectorAll("*")])
      if (box.scrollHeight > box.clientHeight && getComputedStyle(box).overflowY !== "visible")
        box.scrollTo({ top: box.scrollHeight, behavior: "instant" });
  });
  await expectLayoutHolds(page, `${what}, scrolled to its end`);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

const OPENERS: Record<Opener, (page: Page) => Promise<void>> = {
  "size chart": (page) => page.getByRole("main").getByRole("button", { name: "Size chart" }).click(),
  checkout: (page) => page.getByRole("button", { name: "Proceed to Checkout" }).click(),
  filters: (page) => page.getByRole("button", { name: /^Filter & sort/ }).click(),
  "cancel order": (page) => page.getByRole("button", { name: CONFIRMATION_MESSAGES.cancelButton }).first().click(),
};

/** Openers that exist only on a phone (on wider screens the filters are a sidebar). */
const PHONE_ONLY: Opener[] = ["filters"];

for (const screen of SCREENS) {
  const name = screen.path({
    product: { _id: "{product}" } as Product,
    orderId: "{order}",
    confirmLink: "/confirm-order?token={token}",
    customer: {} as Account,
    admin: {} as Account,
  });
  test(`${name} holds at every width, with its menus and dialogs open`, async ({ shared }, testInfo) => {
    const f = await setUp(shared.request);
    const path = screen.path(f);
    // One page per account for the worker's run (e2e/shared-pages.ts), signed in from its first load.
    const account = screen.as === "admin" ? f.admin : f.customer;
    const page = await shared.page(screen.as, (context) => startSignedIn(context, account));
    const errors: string[] = [];
    const onPageError = (error: Error) => errors.push(`page error: ${error.message}`);
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() !== "error") return;
      if (screen.refused && message.text().includes(String(screen.refused))) return;
      errors.push(`console: ${message.text()}`);
    };
    // The console says only "Failed to load resource": name what failed, so a failure says where.
    const onResponse = (response: Response) => {
      if (response.status() < 400) return;
      if (screen.refused && response.request().resourceType() === "document") return;
      errors.push(`answered ${response.status()}: ${new URL(response.url()).pathname}`);
    };
    page.on("pageerror", onPageError);
    page.on("console", onConsole);
    page.on("response", onResponse);
    try {
      await measureEveryWidth(page, path, screen, WIDTHS[testInfo.project.name] ?? []);
    } finally {
      page.off("pageerror", onPageError);
      page.off("console", onConsole);
      page.off("response", onResponse);
    }
    expect(errors, `${path}: errors in the browser`).toEqual([]);
  });
}

async function measureEveryWidth(page: Page, path: string, screen: Screen, widths: number[]): Promise<void> {
  for (const [index, width] of (screen.narrowestOnly ? widths.slice(0, 1) : widths).entries()) {
    const phone = width < 768;
    await page.setViewportSize({ width, height: phone ? 740 : 800 });
    if (index === 0) {
      await page.goto(path);
      await waitForHydration(page);
    } else {
      // The next width of the project on the same page, as a phone turned or a window widened: the
      // load itself was measured at the first width, and a reload would only repeat it.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    }
    await settle(page);
    const where = `${path} at ${width} px`;
    // At the top only the width counts: the floating links may pass over content while it scrolls by,
    // as long as the page keeps room for them at its end (checked next) and in dialogs.
    expect(await sidewaysOverflow(page), `${where}: px scrolled sideways`).toBe(0);
    await scrollToEnd(page);
    await expectLayoutHolds(page, `${where}, scrolled to the end`);

    if (phone) {
      await openAndCheck(page, `${where}, menu open`, () => page.getByRole("button", { name: "Open menu" }).click());
    } else {
      await page.getByRole("button", { name: "Women categories" }).click();
      await expect(page.getByRole("link", { name: "Pumps & Khusa" }).first()).toBeVisible();
      await expectLayoutHolds(page, `${where}, Women menu open`);
      await page.keyboard.press("Escape");
    }
    for (const opener of screen.open ?? []) {
      if (!phone && PHONE_ONLY.includes(opener)) continue;
      await openAndCheck(page, `${where}, ${opener} open`, () => OPENERS[opener](page));
    }
  }
}
