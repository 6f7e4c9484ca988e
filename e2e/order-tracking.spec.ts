// What the customer sees once the shop hands the parcel to a courier (issue 32), in a real browser
// at 375 and 1280 px: Track Your Order says 'on its way' with the date of every step, the courier
// and the tracking number as a link to the courier's own page; a parcel the courier loses is said
// in words, with nothing owed. Nothing scrolls sideways; no accessibility violations.
import { type APIRequestContext, expect, test } from "@playwright/test";
import type { Courier } from "../shared/couriers.ts";
import { ORDER_VIEW_TEXTS } from "../shared/order-view.ts";
import { type Order, orderNumber } from "../shared/orders.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { type Account, catalogue, sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { bearer, moveOrder, newCustomer, placeOrder } from "./orders-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

async function customerWithOrder(request: APIRequestContext): Promise<{ customer: Account; order: Order }> {
  const customer = await newCustomer(request, "tracking");
  const product = (await catalogue(request)).find((p) => p.sizes.some((s) => s.stock >= 2));
  const size = product?.sizes.find((s) => s.stock >= 2)?.size;
  if (!product || size === undefined) throw new Error("no demo product in stock");
  const order = await placeOrder(request, customer, product, size, {
    fullName: "Sana Mirza",
    addressLine: "Flat 3, Block 13-D, near Millennium Mall, Gulshan-e-Iqbal",
    phoneNumber: "03001234567",
  });
  return { customer, order };
}

test("the customer follows a dispatched parcel on Track Your Order, and reads a lost one in words", async ({
  page,
  request,
}, testInfo) => {
  const width = testInfo.project.name === "phone" ? 375 : 1280;
  await page.setViewportSize({ width, height: 860 });
  const admin = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const owner = bearer(admin);
  const { customer, order } = await customerWithOrder(request);
  const couriers = (await (await request.get("/api/admin/couriers", { headers: owner })).json()) as {
    couriers: Courier[];
  };
  const tcs = couriers.couriers.find((c) => c.name === "TCS");
  if (!tcs) throw new Error("TCS is not seeded");
  const number = `KHI-${Date.now() % 10_000_000}${width}`;
  await moveOrder(request, admin, order._id, ["confirm"]);
  const dispatched = await request.post(`/api/admin/orders/${order._id}/dispatch`, {
    headers: owner,
    data: { courierId: tcs._id, trackingNumber: number },
  });
  expect(dispatched.ok(), await dispatched.text()).toBe(true);

  await startSignedIn(page, customer);
  await page.goto("/TrackOrder");
  await waitForHydration(page);
  const card = page.getByRole("listitem").filter({ hasText: orderNumber(order._id) });
  await expect(card.getByText("on its way", { exact: true })).toBeVisible();
  const steps = card.getByRole("list", { name: ORDER_VIEW_TEXTS.statusHistory });
  await expect(steps.getByRole("listitem")).toHaveText([/^Placed /, /^Confirmed /, /^Handed to the courier /]);
  await expect(card.getByText("On its way with TCS.")).toBeVisible();
  const link = card.getByRole("link", { name: new RegExp(`^${number}: ${ORDER_VIEW_TEXTS.trackOnSite}`) });
  await expect(link).toHaveAttribute("href", `https://www.tcsexpress.com/track/${number}`);
  await expect(link).toHaveAttribute("target", "_blank");
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoAxeViolations(page);
  await shoot(page, `track-dispatched-${width}`);

  await moveOrder(request, admin, order._id, ["lost"]);
  await page.reload();
  await waitForHydration(page);
  await expect(card.getByText("lost in transit", { exact: true })).toBeVisible();
  await expect(card.getByText(ORDER_VIEW_TEXTS.lost)).toBeVisible();
  await expect(card.getByText(ORDER_VIEW_TEXTS.nothingOwed)).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await shoot(page, `track-lost-${width}`);
});
