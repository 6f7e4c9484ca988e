// The owner's money and the weekly delivery report in a real browser, at 375 px (phone project) and
// 1280 px (desktop project), issue 32: the dashboard shows takings as cash collected, the cash still
// with each courier and on the road, what waits to go out, and leads to the report; the report's
// rates, charts and their tables (by risk rule too, with the orders under no rule), and the customers
// who refused most, for 30 and then 90 days (the switch is a link); a refuser's link opens their orders with their refusals counted. Nothing
// scrolls sideways; the screens pass axe.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { AdminDashboard } from "../shared/admin.ts";
import type { Courier } from "../shared/couriers.ts";
import type { DeliveryReport } from "../shared/delivery-report.ts";
import { formatRs } from "../shared/money.ts";
import type { Order } from "../shared/orders.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { type Account, catalogue, sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

interface Fixture {
  admin: Account;
  refuser: { email: string; username: string };
}

/** A customer who had two parcels refused (TCS, Leopards), one delivered by TCS (cash not paid yet),
 *  one with Leopards on the road, and one the shop's rider delivered and paid for. */
async function setUp(request: APIRequestContext): Promise<Fixture> {
  const admin = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const headers = { Authorization: `Bearer ${admin.token}` };
  const { couriers } = (await (await request.get("/api/admin/couriers", { headers })).json()) as {
    couriers: Courier[];
  };
  const idOf = (name: string) => couriers.find((c) => c.name === name)?._id;
  const product = (await catalogue(request)).find((p) => p.sizes.some((s) => s.stock >= 5));
  const size = product?.sizes.find((s) => s.stock >= 5)?.size;
  if (!product || size === undefined) throw new Error("no demo product in stock");

  const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const email = `refuser-${stamp}@example.pk`;
  const username = `refuser${stamp}`;
  const password = "Refuser-Karachi-2024!";
  expect((await request.post("/api/user/signup", { data: { email, password, username } })).ok()).toBe(true);
  const customer = await signIn(request, email, password);

  const post = async (path: string, data: unknown) => {
    const res = await request.post(path, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  };
  const order = async (...steps: ((id: string) => Promise<void>)[]) => {
    const res = await request.post("/api/orders/new-order", {
      headers: { Authorization: `Bearer ${customer.token}` },
      data: {
        userId: customer.user._id,
        items: [{ productId: product._id, size, quantity: 1 }],
        shippingAddress: {
          fullName: "Bilal Ahmed",
          addressLine: "House 7, Street 2, near Empress Market",
          phoneNumber: `0321${String(Date.now()).slice(-7)}`,
          email,
          city: "Karachi",
          area: "Saddar",
        },
        totalAmount: product.discountPrice,
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const { _id } = (await res.json()) as Order;
    await post(`/api/admin/orders/${_id}/status`, { status: "confirm" });
    for (const step of steps) await step(_id);
  };
  const number = () => `KHI${Math.floor(Math.random() * 1e9)}`;
  const dispatch = (courier: string) => (id: string) =>
    post(`/api/admin/orders/${id}/dispatch`, {
      courierId: idOf(courier),
      ...(courier === "Own rider" ? {} : { trackingNumber: number() }),
    });
  const to = (status: string) => (id: string) => post(`/api/admin/orders/${id}/status`, { status });
  const back = (as: string) => (id: string) => post(`/api/admin/orders/${id}/return`, { as });
  const paid = (id: string) => post(`/api/admin/orders/${id}/cash`, { amount: product.discountPrice });

  await order(dispatch("TCS"), back("refused"));
  await order(dispatch("Leopards"), back("returned"));
  await order(dispatch("TCS"), to("delivered"));
  await order(dispatch("Leopards"));
  await order(dispatch("Own rider"), to("delivered"), paid);
  return { admin, refuser: { email, username } };
}

async function open(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 860 });
  await page.goto(path);
  await waitForHydration(page);
}

async function api<T>(request: APIRequestContext, admin: Account, path: string): Promise<T> {
  const res = await request.get(path, { headers: { Authorization: `Bearer ${admin.token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as T;
}

test("the owner reads the money on the dashboard and the delivery report for 30 and 90 days", async ({
  page,
  request,
}, info) => {
  const phone = info.project.name === "phone";
  const width = phone ? 375 : 1280;
  const { admin, refuser } = await setUp(request);
  await startSignedIn(page, admin);

  // The dashboard: takings are cash that came in, the cash to come, what waits to go out.
  await open(page, "/admin", width);
  const figures = await api<AdminDashboard>(request, admin, "/api/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Cash still to come" })).toBeVisible();
  const takings = page.getByRole("term").filter({ hasText: "Takings today" }).locator("xpath=following-sibling::dd[1]");
  await expect(takings).toHaveText(formatRs(figures.today.revenue));
  expect(figures.today.revenue).toBeGreaterThan(0);
  const withCouriers = page.getByRole("list", { name: "Cash with each courier" });
  const tcs = figures.cash.withCouriers.find((c) => c.courier === "TCS");
  await expect(withCouriers.getByRole("listitem").filter({ hasText: "TCS" })).toContainText(
    formatRs(tcs?.amount ?? -1),
  );
  await expect(page.getByRole("region", { name: "On the road" })).toContainText(
    `${formatRs(figures.cash.onTheRoad.amount)}Expected from ${figures.cash.onTheRoad.parcels} parcel`,
  );
  const waiting = page.getByRole("list", { name: "Waiting" });
  await expect(waiting.getByRole("link", { name: /Parcels on the road/ })).toContainText(
    String(figures.byStatus.dispatched),
  );
  await expect(waiting.getByRole("link", { name: /Confirmed, to dispatch/ })).toHaveAttribute(
    "href",
    "/admin/orders?status=confirm",
  );
  expect(await sidewaysOverflow(page)).toBe(0);
  await shoot(page, `delivery-dashboard-${width}`);
  await expectNoAxeViolations(page);

  // To the report: 30 days first.
  await waiting.getByRole("link", { name: /Delivery report/ }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole("heading", { name: "Delivery report" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Reports" })).toHaveAttribute("aria-current", "page");
  const month = await api<DeliveryReport>(request, admin, "/api/admin/reports/delivery?days=30");
  await expectReport(page, month);
  const refusers = page.getByRole("region", { name: "Customers who refused most" });
  const row = refusers.getByRole("listitem").filter({ hasText: refuser.email });
  await expect(row).toContainText("2 refused of 5 orders");
  await expect(row.getByRole("link", { name: `Their orders (${refuser.username})` })).toHaveAttribute(
    "href",
    `/admin/orders?query=${encodeURIComponent(refuser.email)}`,
  );
  expect(await sidewaysOverflow(page)).toBe(0);
  await shoot(page, `delivery-report-30-${width}`);
  await expectNoAxeViolations(page);

  // The numbers under a chart, opened: the table scrolls in its own box on a phone, not the page.
  const byCourier = page.getByRole("region", { name: "By courier", exact: true });
  await byCourier.getByText("The numbers", { exact: true }).click();
  const table = byCourier.getByRole("table");
  await expect(table.getByRole("row", { name: /^TCS/ })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await shoot(page, `delivery-report-numbers-${width}`);

  // By rule: whatever rules other specs' orders matched, this customer's orders matched none.
  const byRule = page.getByRole("region", { name: "By rule", exact: true });
  await byRule.getByText("The numbers", { exact: true }).click();
  await expect(byRule.getByRole("table").getByRole("columnheader", { name: "Refusal rate" })).toBeVisible();
  await expect(byRule.getByRole("table").getByRole("row", { name: /^No rule/ })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await byRule.scrollIntoViewIfNeeded();
  await shoot(page, `delivery-report-rules-${width}`, { fullPage: false });

  // 90 days, by the link (a plain link: it works before the page's JavaScript runs).
  const ninety = page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "Last 90 days" });
  await expect(ninety).toHaveAttribute("href", "/admin/reports?days=90");
  await ninety.click();
  await expect(page).toHaveURL(/\/admin\/reports\?days=90$/);
  await expect(ninety).toHaveAttribute("aria-current", "page");
  await expectReport(page, await api<DeliveryReport>(request, admin, "/api/admin/reports/delivery?days=90"));
  expect(await sidewaysOverflow(page)).toBe(0);
  await shoot(page, `delivery-report-90-${width}`);

  // The refuser's orders, each with the refusals counted in their history.
  await page
    .getByRole("region", { name: "Customers who refused most" })
    .getByRole("link", {
      name: `Their orders (${refuser.username})`,
    })
    .click();
  await expect(page).toHaveURL(/\/admin\/orders\?query=/);
  await expect(page.getByText("2 refused/returned").first()).toBeVisible();
});

async function expectReport(page: Page, report: DeliveryReport) {
  const headline = page.getByRole("region", { name: "In all", exact: true });
  await expect(headline.getByRole("definition").first()).toHaveText(String(report.totals.orders));
  await expect(headline).toContainText(`${report.totals.rates.refused}%`);
  await expect(headline).toContainText(formatRs(report.totals.refusalCost));
  const weeks = page.getByRole("region", { name: "By week", exact: true });
  await expect(weeks.getByRole("img")).toHaveCount(report.weeks.length);
  const tcs = report.couriers.find((c) => c.courier === "TCS");
  await expect(
    page.getByRole("region", { name: "By courier", exact: true }).getByRole("img", { name: /^TCS:/ }),
  ).toHaveAccessibleName(new RegExp(`^TCS: ${tcs?.orders} orders?\\. .*${tcs?.rates.refused}% refused or returned`));
  await expect(page.getByRole("region", { name: "Refusals cost, by courier" })).toContainText("TCS");
  await expect(
    page.getByRole("region", { name: "By area", exact: true }).getByRole("img", { name: /^Saddar:/ }),
  ).toBeVisible();
  // The last row is the orders under no rule, as many as the report counts.
  const noRule = report.rules.at(-1);
  expect(noRule?.ruleId).toBeNull();
  await expect(
    page.getByRole("region", { name: "By rule", exact: true }).getByRole("img", { name: /^No rule:/ }),
  ).toHaveAccessibleName(new RegExp(`^No rule: ${noRule?.orders} orders?\\.`));
}
