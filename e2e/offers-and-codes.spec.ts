// [Ours] Offers and discount codes in a real browser (issue 51), at the project's width (375 px phone,
// 1280 px desktop). The owner adds "Buy 2 pairs, get 10% off" on two products and a 25% code for them
// through the owner's API. A customer sees the offer named on the product page. The cart shows it as the
// second pair goes in. At checkout, an unknown code says so and the real one beats the offer (the larger
// of the two, never both). The Place order button, the success page and Track Your Order show the code's
// discount. Each width takes its own two products from the end of the catalogue (the scheduled-sales
// spec takes the last two), so nobody else's total moves, and the offer and code go at the end.
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { karachiWallTime } from "../app/lib/dates.ts";
import type { Product } from "../shared/catalog.ts";
import { formatRs } from "../shared/money.ts";
import { moneyLineText, ORDER_MONEY_LABELS } from "../shared/order-money.ts";
import { CODE_MESSAGES, codeLabel, percentOf } from "../shared/promotions.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { type Account, catalogue, sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { bearer, newCustomer } from "./orders-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

// An area no other spec orders to.
const AREA = "Soldier Bazaar";

test("the cart shows its offer, a code that beats it is taken at checkout, and the order keeps the discount", async ({
  page,
  request,
}, testInfo) => {
  const width = testInfo.project.name === "phone" ? 375 : 1280;
  await page.setViewportSize({ width, height: 860 });
  const owner = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const offerName = `Buy 2 pairs, get 10% off (${width})`;
  const code = `E2E${width}SHOES`;
  const all = await catalogue(request);
  const picks = (width === 375 ? [all.at(-3), all.at(-4)] : [all.at(-5), all.at(-6)]).map(inStock);
  const ids = picks.map((p) => p.product._id);
  const items = picks.reduce((sum, p) => sum + p.product.discountPrice, 0);
  const offerOff = percentOf(items, 10);
  const codeOff = percentOf(items, 25);
  let offerId: string | undefined;
  let codeBody: Record<string, unknown> | undefined;
  let codeId: string | undefined;

  try {
    const offer = await request.post("/api/admin/offers", {
      headers: bearer(owner),
      data: {
        name: offerName,
        kind: "pairsPercent",
        minPairs: 2,
        percent: 10,
        productIds: ids,
        startsAt: karachiWallTime(),
        endsAt: null,
        enabled: true,
      },
    });
    expect(offer.status(), await offer.text()).toBe(201);
    offerId = ((await offer.json()) as { _id: string })._id;
    codeBody = {
      code,
      kind: "percent",
      percent: 25,
      minimumOrder: 0,
      productIds: ids,
      startsAt: karachiWallTime(),
      endsAt: null,
      maxUses: 5,
      perCustomer: 1,
      enabled: true,
    };
    const saved = await request.post("/api/admin/discount-codes", { headers: bearer(owner), data: codeBody });
    expect(saved.status(), await saved.text()).toBe(201);
    codeId = ((await saved.json()) as { _id: string })._id;

    const customer = await newCustomer(request, `offers${width}`);
    await startSignedIn(page, customer);

    // The product page names the offer, below its buy button.
    const [first, second] = picks as [Pick, Pick];
    await addOnProductPage(page, first);
    await expect(page.getByRole("list", { name: "Offers" })).toContainText(`Offer: ${offerName}.`);
    expect(await sidewaysOverflow(page)).toBe(0);
    await shoot(page, `offer-product-${width}`);

    // One pair: no offer yet. The second pair brings it, reckoned by the server on the lines' sum.
    await page.goto("/my-cart");
    await waitForHydration(page);
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByText("Total Amount")).toBeVisible();
    await expect(row(summary, offerName)).toHaveCount(0);
    await addOnProductPage(page, second);
    await page.goto("/my-cart");
    await waitForHydration(page);
    await expect(row(summary, offerName)).toContainText(`-${formatRs(offerOff)}`);
    await expect(row(summary, "Total Amount")).toContainText(formatRs(items - offerOff));
    expect(await sidewaysOverflow(page)).toBe(0);
    await shoot(page, `offer-cart-${width}`);

    // The checkout: the offer until a code beats it; an unknown code says so.
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    const dialog = page.getByRole("dialog", { name: "Checkout Details" });
    await dialog.getByLabel("Full Name").fill("Hina Baloch");
    await dialog.getByLabel("Address", { exact: true }).fill("Flat 12, Jamshed Road, near Soldier Bazaar No. 2");
    await dialog.getByLabel("Phone Number").fill(`0345${String(Date.now()).slice(-7)}`);
    const checked = page.waitForResponse((r) => r.url().endsWith("/api/orders/check"));
    await dialog.getByRole("combobox", { name: "Area" }).fill(AREA);
    expect((await checked).ok()).toBe(true);
    await expect(row(dialog, offerName)).toContainText(`-${formatRs(offerOff)}`);
    await expect(dialog.getByRole("button", { name: `Place Order (${formatRs(items - offerOff)})` })).toBeVisible();

    const field = dialog.getByLabel(/Discount code/);
    await field.fill("nosuch1");
    await field.press("Enter");
    await expect(dialog.getByText(CODE_MESSAGES.unknown("NOSUCH1"))).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await dialog.getByRole("button", { name: "Remove" }).click();
    await field.fill(code.toLowerCase());
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(dialog.getByText(`${codeLabel(code)} applied: -${formatRs(codeOff)}`)).toBeVisible();
    await expect(row(dialog, codeLabel(code))).toContainText(`-${formatRs(codeOff)}`);
    await expect(row(dialog, offerName)).toHaveCount(0);
    const place = dialog.getByRole("button", { name: `Place Order (${formatRs(items - codeOff)})` });
    await expect(place).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await sidewaysOverflow(page)).toBe(0);
    // The field, its sentence, the totals and the button in one view.
    await place.scrollIntoViewIfNeeded();
    await shoot(page, `code-checkout-${width}`, { fullPage: false });

    // Placed at that total: the success page and Track Your Order say the discount from the order.
    await place.click();
    await page.waitForURL(/\/checkout-success\?order=/);
    const line = moneyLineText({
      label: `${ORDER_MONEY_LABELS.discount} (${codeLabel(code)})`,
      amount: codeOff,
      deducted: true,
    });
    const details = page.getByRole("region", { name: "Order details" });
    await expect(details.getByText(line, { exact: true })).toBeVisible();
    await expect(details.getByText(formatRs(items - codeOff), { exact: true })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    await shoot(page, `code-success-${width}`);
    await page.goto("/TrackOrder");
    await expect(page.getByRole("main").getByText(line, { exact: true }).first()).toBeVisible();

    // The code is one customer's once: asked again, the check says so.
    const again = await request.post("/api/orders/check", {
      headers: bearer(customer),
      data: {
        items: picks.map((p) => ({ productId: p.product._id, size: p.size, quantity: 1 })),
        shippingAddress: {
          fullName: "Hina Baloch",
          addressLine: "Flat 12, Jamshed Road",
          phoneNumber: "03001112223",
          email: customer.user.email,
          city: "Karachi",
          area: AREA,
        },
        discountCode: code,
      },
    });
    expect(((await again.json()) as { codeRefusal: string }).codeRefusal).toBe(CODE_MESSAGES.yoursUsed(code));
  } finally {
    await tidy(request, owner, offerId, codeId, codeBody);
  }
});

interface Pick {
  product: Product;
  size: number;
}

function inStock(product: Product | undefined): Pick {
  const size = product?.sizes.find((s) => s.stock >= 1)?.size;
  if (!product || size === undefined) throw new Error("a picked demo product has no size in stock");
  return { product, size };
}

async function addOnProductPage(page: Page, pick: Pick): Promise<void> {
  await page.goto(`/products/${pick.product._id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: `Size ${pick.size}`, exact: true }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("button", { name: "Remove from Cart" })).toBeVisible();
}

/** A totals row (<div><dt>label</dt><dd>amount</dd></div>) by its label. */
const row = (scope: Locator, label: string) =>
  scope.locator("dl > div").filter({ has: scope.page().locator("dt", { hasText: label }) });

/** The offer removed (no order took it), the code turned off (an order did). */
async function tidy(
  request: APIRequestContext,
  owner: Account,
  offerId: string | undefined,
  codeId: string | undefined,
  codeBody: Record<string, unknown> | undefined,
): Promise<void> {
  if (offerId) await request.delete(`/api/admin/offers/${offerId}`, { headers: bearer(owner) });
  if (codeId && codeBody) {
    await request.put(`/api/admin/discount-codes/${codeId}`, {
      headers: bearer(owner),
      data: { ...codeBody, enabled: false },
    });
  }
}
