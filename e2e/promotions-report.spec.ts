// [Ours] Sales and codes in a real browser (issue 51), at 375 px (phone project) and 1280 px
// (desktop): a sale started now on one product, one pair ordered under it through the API, and the
// owner's screen shows the sale's row (one order, one pair, its revenue and the discount it gave);
// its tab is current; the table scrolls inside its own box at 375 px while the page never scrolls
// sideways; the screen passes axe; a period from tomorrow shows the sale with none of its orders.
// Each width takes its own product, seventh and eighth from the end of the catalogue
// (scheduled-sales.spec.ts takes the last two, offers-and-codes.spec.ts the four before), and the
// sale is ended at the end.
import { expect, test } from "@playwright/test";
import { karachiWallTime } from "../app/lib/dates.ts";
import { formatRs } from "../shared/money.ts";
import { type ScheduledSale, salePrice } from "../shared/scheduled-sales.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { catalogue, sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { bearer, newCustomer, placeOrder } from "./orders-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

const DAY = 24 * 60 * 60 * 1000;

test("the owner reads what a sale brought, its table inside its own box on a phone", async ({
  page,
  request,
}, testInfo) => {
  const width = testInfo.project.name === "phone" ? 375 : 1280;
  await page.setViewportSize({ width, height: 860 });
  const owner = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const product = (await catalogue(request)).at(width === 375 ? -7 : -8);
  const size = product?.sizes.find((s) => s.stock > 0)?.size;
  if (!product || size === undefined) throw new Error("no product in stock at the catalogue's end");
  const regular = product.price;
  const onSale = salePrice({ pricing: "percent", percent: 20 }, product.discountPrice);
  const name = `E2E report ${width} ${Date.now()}`;
  const saved = await request.post("/api/admin/sales", {
    headers: bearer(owner),
    data: {
      name,
      what: { scope: "products", productIds: [product._id] },
      how: { pricing: "percent", percent: 20 },
      startsAt: karachiWallTime(),
      endsAt: karachiWallTime(new Date(Date.now() + DAY)),
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const sale = (await saved.json()) as ScheduledSale;
  try {
    expect(sale.state).toBe("on");
    const customer = await newCustomer(request, "promo");
    await placeOrder(request, customer, { ...product, discountPrice: onSale }, size, {
      fullName: "Sana Report",
      addressLine: "House 7, Street 2, Gulshan-e-Iqbal Block 5",
      phoneNumber: `03${String(Date.now()).slice(-9)}`,
    });

    await startSignedIn(page, owner);
    await page.goto("/admin/promotions");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Sales and codes" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sales and codes" })).toHaveAttribute("aria-current", "page");
    const box = page.getByRole("region", { name: "Sales table" });
    const row = box.getByRole("row").filter({ hasText: name });
    // Orders, pairs, revenue, discount given (the regular price less the sale price), refused, returned.
    await expect(row.getByRole("cell")).toHaveText(["1", "1", formatRs(onSale), formatRs(regular - onSale), "0", "0"]);
    expect(await sidewaysOverflow(page)).toBe(0);
    if (width === 375) {
      // The table is wider than the phone: it scrolls inside its box, not the page.
      expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    }
    await expectNoAxeViolations(page);
    await shoot(page, `promotions-${width}`);

    // From tomorrow: the sale is listed with none of its orders; All time brings them back.
    const tomorrow = karachiWallTime(new Date(Date.now() + DAY)).slice(0, 10);
    await page.getByLabel("Orders placed from").fill(tomorrow);
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`from=${tomorrow}`));
    await expect(row.getByRole("cell")).toHaveText(["0", "0", formatRs(0), formatRs(0), "0", "0"]);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.getByRole("link", { name: "All time" }).click();
    await expect(row.getByRole("cell").first()).toHaveText("1");
  } finally {
    await request.post(`/api/admin/sales/${sale._id}/end`, { headers: bearer(owner), data: { endsAt: "now" } });
  }
});
