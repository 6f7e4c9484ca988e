// Issue 46 item 9 in a real browser, at 375 and 1280 px: words that say what happened. On Track Your
// Order a delivered parcel says it was delivered (not 'On its way with TCS.'), a refused one that it
// was sent and costs nothing, an exchange's own order that it is an exchange with nothing to pay (not
// 'To pay on delivery Rs.0' beside the pair's price); the owner's dashboard names the orders awaiting
// the customer's confirmation, the held ones apart. Nothing scrolls sideways; no axe violations.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { Product } from "../shared/catalog.ts";
import type { Courier } from "../shared/couriers.ts";
import { ORDER_VIEW_TEXTS } from "../shared/order-view.ts";
import type { Order } from "../shared/orders.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { type Account, catalogue, sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { bearer, moveOrder, newCustomer, placeOrder } from "./orders-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

const WIDTHS = [375, 1280];
const DELIVERY = {
  fullName: "Ayesha Siddiqui",
  addressLine: "House 12, Street 4, near Nipa Chowrangi, Gulshan-e-Iqbal Block 13-D",
  phoneNumber: "03001234567",
};

/** A shoe with a size in stock and the next size up with two pairs or more (one to ask for). */
async function exchangeableShoe(request: APIRequestContext): Promise<{ product: Product; size: number }> {
  const stocked = (p: Product, size: number, n: number) => p.sizes.some((s) => s.size === size && s.stock >= n);
  const product = (await catalogue(request)).find((p) =>
    p.sizes.some((s) => s.stock >= 4 && stocked(p, s.size + 1, 2)),
  );
  const size = product?.sizes.find((s) => s.stock >= 4 && stocked(product, s.size + 1, 2))?.size;
  if (!product || size === undefined) throw new Error("no demo product with two neighbouring sizes in stock");
  return { product, size };
}

async function ok(response: Promise<{ ok(): boolean; text(): Promise<string> }>): Promise<void> {
  const answer = await response;
  expect(answer.ok(), await answer.text()).toBe(true);
}

async function tracked(request: APIRequestContext, customer: Account): Promise<Order[]> {
  return (await (await request.get("/api/orders/track", { headers: bearer(customer) })).json()) as Order[];
}

async function atWidths(page: Page, shot: string, check: () => Promise<void>): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 860 });
    await check();
    expect(await sidewaysOverflow(page)).toBe(0);
    await shoot(page, `${shot}-${width}`);
  }
  await expectNoAxeViolations(page);
}

test("a customer's delivered, refused and exchange orders say what happened to them", async ({ page, request }) => {
  const admin = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const owner = bearer(admin);
  const customer = await newCustomer(request, "words");
  const { product, size } = await exchangeableShoe(request);
  const { couriers } = (await (await request.get("/api/admin/couriers", { headers: owner })).json()) as {
    couriers: Courier[];
  };
  const tcs = couriers.find((c) => c.name === "TCS");
  if (!tcs) throw new Error("TCS is not seeded");
  const withTcs = async (suffix: string) => {
    const placed = await placeOrder(request, customer, product, size, DELIVERY);
    await moveOrder(request, admin, placed._id, ["confirm"]);
    await ok(
      request.post(`/api/admin/orders/${placed._id}/dispatch`, {
        headers: owner,
        data: { courierId: tcs._id, trackingNumber: `KHI-${Date.now() % 10_000_000}${suffix}` },
      }),
    );
    return placed;
  };
  const delivered = await withTcs("1");
  await moveOrder(request, admin, delivered._id, ["delivered"]);
  const refused = await withTcs("2");
  await ok(request.post(`/api/admin/orders/${refused._id}/return`, { headers: owner, data: { as: "refused" } }));
  const exchanged = await placeOrder(request, customer, product, size, DELIVERY);
  await moveOrder(request, admin, exchanged._id, ["confirm", "delivered"]);
  await ok(
    request.post(`/api/orders/${exchanged._id}/exchanges`, {
      headers: bearer(customer),
      data: { lineNo: 1, reason: "too_small", wantedSize: size + 1 },
    }),
  );
  const asked = (await tracked(request, customer)).find((o) => o._id === exchanged._id)?.exchanges.requests[0];
  await ok(
    request.post(`/api/admin/exchanges/${asked?._id}/approve`, { headers: owner, data: { priceDifference: 0 } }),
  );
  const replacement = (await tracked(request, customer)).find((o) => o.exchanges.replacesOrderId === exchanged._id);
  if (!replacement) throw new Error("the exchange's order is not on Track Your Order");

  await startSignedIn(page, customer);
  await page.goto("/TrackOrder");
  await waitForHydration(page);
  const card = (order: Order) => page.locator(`#order-${order._id}`);
  await atWidths(page, "track-delivered-refused-exchange", async () => {
    await expect(card(delivered).getByText("Delivered by TCS.")).toBeVisible();
    await expect(card(refused).getByText("Sent with TCS.")).toBeVisible();
    await expect(card(refused).getByText(ORDER_VIEW_TEXTS.nothingToPay)).toBeVisible();
    const exchange = card(replacement);
    await expect(exchange.getByText(ORDER_VIEW_TEXTS.exchangeNothingToPay)).toBeVisible();
    await expect(exchange.getByText(ORDER_VIEW_TEXTS.payOnDelivery)).toHaveCount(0);
    await expect(page.getByText("On its way")).toHaveCount(0);
  });
  for (const [name, order] of [
    ["delivered", delivered],
    ["refused", refused],
    ["exchange", replacement],
  ] as const) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 860 });
      if (process.env.SHOTS) await card(order).screenshot({ path: `.tmp/shots/words-${name}-${width}.png` });
    }
  }
});

test("the dashboard names the orders awaiting the customer's confirmation, the held ones apart", async ({
  page,
  request,
}) => {
  const admin = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const customer = await newCustomer(request, "awaits");
  const { product, size } = await exchangeableShoe(request);
  const held = await placeOrder(request, customer, product, size, DELIVERY);
  await placeOrder(request, customer, product, size, DELIVERY);
  await ok(request.put(`/api/admin/orders/${held._id}/held`, { headers: bearer(admin), data: { held: true } }));
  try {
    await startSignedIn(page, admin);
    await page.goto("/admin");
    await waitForHydration(page);
    await atWidths(page, "dashboard-awaiting", async () => {
      await expect(page.getByRole("heading", { name: "Awaiting the customer's confirmation" })).toBeVisible();
      await expect(page.getByTestId("held-orders")).toHaveText(/^\d+ of them (is|are) held by you: no reminder/);
      await expect(page.getByText("waiting for a call")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "See orders awaiting the customer" })).toHaveAttribute(
        "href",
        "/admin/orders?view=awaiting",
      );
    });
    // The times' page has its place in the admin menu, and says what to type (nothing is saved here).
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Confirmation times" }).click();
    await page.getByLabel("Cancel after").fill("tomorrow");
    await page.getByRole("button", { name: "Save" }).click();
    await atWidths(page, "confirmation-times", async () => {
      await expect(page.getByRole("link", { name: "Confirmation times" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("alert")).toContainText('Cancel after: "tomorrow" is not a time we can read.');
    });
  } finally {
    await ok(request.put(`/api/admin/orders/${held._id}/held`, { headers: bearer(admin), data: { held: false } }));
  }
});
