// The owner's side of the customer's confirmation in a real browser, at 375 and 1280 px (issue 31):
// the 'Awaiting the customer' view with the time left, holding an order on its page (the history
// says who and when), releasing it, and the reminder and cancellation times. Nothing scrolls sideways.
import { type APIRequestContext, expect, test } from "@playwright/test";
import type { Order } from "../shared/orders.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { catalogue, sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { newCustomer, placeOrder } from "./orders-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

async function pendingOrder(request: APIRequestContext): Promise<Order> {
  const customer = await newCustomer(request, "awaiting");
  const product = (await catalogue(request)).find((p) => p.sizes.some((s) => s.stock >= 2));
  const size = product?.sizes.find((s) => s.stock >= 2)?.size;
  if (!product || size === undefined) throw new Error("no demo product in stock");
  return placeOrder(request, customer, product, size, {
    fullName: "Hina Baig",
    addressLine: "House 5, Street 2, near Nagan Chowrangi",
    phoneNumber: "03451234567",
  });
}

test("the owner sees who has not confirmed, holds an order, releases it and sets the times", async ({
  page,
  request,
}, testInfo) => {
  const width = testInfo.project.name === "phone" ? 375 : 1280;
  await page.setViewportSize({ width, height: 860 });
  const admin = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const placed = await pendingOrder(request);
  const ref = `#${placed._id.slice(0, 8).toUpperCase()}`;

  await startSignedIn(page, admin);
  await page.goto("/admin/orders");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Awaiting the customer" }).click();
  await expect(page).toHaveURL(/view=awaiting/);
  // Other specs leave many orders pending, the oldest first: the owner searches for this one.
  await page.getByLabel("Customer name, e-mail, phone or order number").fill(ref);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/view=awaiting.*query=|query=.*view=awaiting/);
  await expect(
    page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.getByRole("checkbox") }),
  ).toHaveCount(1);
  const row = page.getByRole("listitem").filter({ hasText: ref });
  await expect(row.getByText(/Not confirmed yet: cancelled in (1 day 23 h|2 days)/)).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await shoot(page, `admin-awaiting-${width}`);

  await row.getByRole("link", { name: ref }).click();
  const panel = page.getByRole("region", { name: "Customer's confirmation" });
  await expect(panel.getByText(/unless the customer answers/)).toBeVisible();
  await panel.getByRole("button", { name: "Hold: keep it waiting" }).click();
  await expect(panel.getByText(/Held by the shop since/)).toBeVisible();
  await expect(panel.getByRole("list", { name: "Confirmation history" })).toContainText(
    `Held by the shop: no reminder, no automatic cancellation (${admin.user.username})`,
  );
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoAxeViolations(page);
  await shoot(page, `admin-order-held-${width}`);
  await panel.getByRole("button", { name: "Release: apply the times again" }).click();
  await expect(panel.getByText(/unless the customer answers/)).toBeVisible();
  await expect(panel.getByRole("list", { name: "Confirmation history" })).toContainText("Released by the shop");

  // The times, from the admin menu (issue 46: the page had no place in it), typed as the owner says
  // them: an unreadable one is refused with what to type, an impossible pair with the reason, a good
  // one saved (the order placed above keeps its own times, and the owner is told), then put back.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Confirmation times" }).click();
  await expect(page).toHaveURL(/\/admin\/confirmation$/);
  await expect(page.getByLabel("Remind after")).toHaveValue("12 hours");
  await expect(page.getByLabel("Cancel after")).toHaveValue("2 days");
  await page.getByLabel("Remind after").fill("soon");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    'Remind after: "soon" is not a time we can read. Type a number with minutes, hours, days or weeks, such as 6 hours, 1 day or 30 minutes.',
  );
  await page.getByLabel("Cancel after").fill("6 hours");
  await page.getByLabel("Remind after").fill("8");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "The reminder must come at least 5 minutes before the cancellation",
  );
  await page.getByLabel("Remind after").fill("6 hours");
  await page.getByLabel("Cancel after").fill("1 day");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved: a reminder after 6 hours, cancelled after 24 hours.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Saved:" })).toContainText(
    /\d+ orders? waiting for the customer keeps? the times (they were|it was) told\./,
  );
  await shoot(page, `admin-confirmation-times-${width}`);
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoAxeViolations(page);
  const reset = await request.put("/api/admin/confirmation-settings", {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { remindAfterMinutes: 720, cancelAfterMinutes: 2880 },
  });
  expect(reset.ok()).toBe(true);
});
