// [Ours] The cash-on-delivery risk view and the block list in a real browser (issue 50), at the
// project's width (phone and desktop): a customer whose phone refused a parcel on another account
// orders again; the owner reads 'High risk' with its reasons, written out, in the orders list and
// on the order page, blocks the phone there with a reason, finds it on /admin/blocked, and the
// customer's next checkout to that phone is refused with the shop's message, not the reason.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { Order } from "../shared/orders.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { type Account, catalogue, sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { bearer, newCustomer } from "./orders-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

const REASON = "Refused a parcel at the door, phone off since";
const ADDRESS_LINE = "Flat 7, Block 13-D, near Millennium Mall, Gulshan-e-Iqbal";
const AREA = "Gulshan-e-Iqbal Block 13-D";

async function order(request: APIRequestContext, customer: Account, phoneNumber: string): Promise<Order> {
  const product = (await catalogue(request)).find((p) => p.sizes.some((s) => s.stock >= 5));
  const size = product?.sizes.find((s) => s.stock >= 5)?.size;
  if (!product || size === undefined) throw new Error("no demo product with 5 pairs in one size");
  const res = await request.post("/api/orders/new-order", {
    headers: bearer(customer),
    data: {
      userId: customer.user._id,
      items: [{ productId: product._id, size, quantity: 1 }],
      shippingAddress: {
        fullName: "Bilal Ahmed",
        addressLine: ADDRESS_LINE,
        area: AREA,
        phoneNumber,
        email: customer.user.email,
        city: "Karachi",
      },
      totalAmount: product.discountPrice,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Order;
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await sidewaysOverflow(page)).toBe(0);
}

test("the owner reads a high-risk order's reasons, blocks its phone, and the checkout refuses that phone", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const width = testInfo.project.name === "phone" ? 390 : 1280;
  await page.setViewportSize({ width, height: 860 });
  const owner = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);

  // One account's parcel to this phone was refused; another account now orders to the same phone.
  const phone = `0334${String(Date.now()).slice(-7)}`;
  const earlier = await newCustomer(request, "risk-earlier");
  const refused = await order(request, earlier, phone);
  for (const [path, data] of [
    ["status", { status: "confirm" }],
    ["return", { as: "refused" }],
  ] as const) {
    const res = await request.post(`/api/admin/orders/${refused._id}/${path}`, { headers: bearer(owner), data });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const customer = await newCustomer(request, "risk-customer");
  const placed = await order(request, customer, phone);
  const ref = `#${placed._id.slice(0, 8).toUpperCase()}`;
  const reason = "This phone refused 1 parcel before, on 1 other account.";

  // The orders list: the badge and every reason, as text on the row (readable on a phone, no hovering).
  await startSignedIn(page, owner);
  await page.goto(`/admin/orders?query=${encodeURIComponent(customer.user.email)}`);
  await waitForHydration(page);
  const row = page.getByRole("listitem").filter({ hasText: ref });
  await expect(row.getByText("High risk")).toBeVisible();
  const reasons = row.getByRole("list", { name: "Risk reasons" });
  await expect(reasons.getByText(reason)).toBeVisible();
  await expect(reasons.getByText("This phone number was used on 1 other account.")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, `cod-risk-list-${width}`);

  // 'Awaiting the customer' shows the same.
  await page.goto(`/admin/orders?view=awaiting&query=${encodeURIComponent(customer.user.email)}`);
  await waitForHydration(page);
  await expect(page.getByRole("listitem").filter({ hasText: ref }).getByText(reason)).toBeVisible();

  // The order page: the panel first, with its reasons; the phone blocked from there with a reason.
  await page.getByRole("link", { name: ref }).click();
  await expect(page.getByRole("heading", { name: `Order ${ref}` })).toBeVisible();
  const panel = page.getByRole("region", { name: "Cash-on-delivery risk" });
  await expect(panel.getByText("High risk")).toBeVisible();
  await expect(panel.getByRole("list", { name: "Risk reasons" }).getByText(reason)).toBeVisible();
  await panel.getByRole("button", { name: "Block this phone" }).click();
  const form = panel.getByRole("form", { name: `Block ${phone}` });
  await form.getByRole("button", { name: "Add to the block list" }).click();
  await expect(form.getByRole("alert")).toContainText("Say why");
  await form.getByLabel("Reason").fill(REASON);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await shoot(page, `cod-risk-block-form-${width}`);
  await form.getByRole("button", { name: "Add to the block list" }).click();
  await expect(page.getByText("This phone is on the block list: the checkout refuses it from now on.")).toBeVisible();
  await expect(panel.getByText(`This phone number is on your block list: “${REASON}”.`)).toBeVisible();
  await expect(panel.getByRole("link", { name: "This phone is blocked: see the block list" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, `cod-risk-order-${width}`);

  // The block list: the phone, the reason, who blocked it.
  await panel.getByRole("link", { name: "This phone is blocked: see the block list" }).click();
  await expect(page.getByRole("heading", { name: "Block list" })).toBeVisible();
  const readable = `${phone.slice(0, 4)} ${phone.slice(4)}`;
  const entry = page.getByRole("list", { name: "Blocked" }).getByRole("listitem").filter({ hasText: readable });
  await expect(entry).toContainText(`“${REASON}”`);
  await expect(entry).toContainText(`by ${owner.user.username}`);
  await expect(entry.getByRole("button", { name: /^Remove / })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await shoot(page, `cod-risk-blocked-${width}`);

  // The customer checks out to that phone: refused under the phone field, never the owner's reason.
  const shopper = await (await browser.newContext({ ...testInfo.project.use })).newPage();
  await shopper.setViewportSize({ width, height: 860 });
  await startSignedIn(shopper, customer);
  const product = (await catalogue(request)).find((p) => p.sizes.some((s) => s.stock >= 5));
  const size = product?.sizes.find((s) => s.stock >= 5)?.size;
  const added = await request.post("/api/user/cart/add", {
    headers: bearer(customer),
    data: { productId: product?._id, size, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await shopper.goto("/my-cart");
  await waitForHydration(shopper);
  await shopper.getByRole("button", { name: "Proceed to Checkout" }).click();
  const dialog = shopper.getByRole("dialog", { name: "Checkout Details" });
  await dialog.getByLabel("Full Name").fill("Bilal Ahmed");
  await dialog.getByLabel("Address", { exact: true }).fill(ADDRESS_LINE);
  await dialog.getByLabel("Phone Number").fill(phone);
  await dialog.getByRole("combobox", { name: "Area" }).fill(AREA);
  await dialog.getByRole("button", { name: /Place Order/ }).click();
  const refusal = dialog.getByText(
    /^We cannot take cash-on-delivery orders for this phone number\. Please contact us:/,
  );
  await expect(refusal).toBeVisible();
  await expect(dialog.getByLabel("Phone Number")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog).not.toContainText(REASON);
  await expect(shopper).toHaveURL(/\/my-cart$/);
  await expectNoSidewaysScroll(shopper);
  await shoot(shopper, `cod-risk-checkout-${width}`, { fullPage: false });
  await shopper.context().close();
});
