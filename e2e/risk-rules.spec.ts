// [Ours] The owner's rules in a real browser (issue 50), at the project's width (phone and desktop):
// the owner adds a cap on one area, reads what it would have caught before turning it on, turns it
// on, and a customer checking out to that area reads the cap above the Place order button, before
// placing anything. The rule is removed at the end: the shop is shared by the specs that follow.
import { expect, test } from "@playwright/test";
import type { RiskRule, RiskRuleList } from "../shared/risk-rules.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { catalogue, sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { bearer, newCustomer } from "./orders-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

// An area no other spec orders to, so the rule stops nobody else's order while it is on.
const AREA = "Kharadar";
const CAP = 1000;

test("the owner adds a cap with its preview, turns it on, and the checkout tells the customer before placing", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const width = testInfo.project.name === "phone" ? 390 : 1280;
  await page.setViewportSize({ width, height: 860 });
  const owner = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const name = `Kharadar cap ${width}`;
  try {
    await startSignedIn(page, owner);
    await page.goto("/admin/risk-rules");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Risk rules" })).toBeVisible();
    const form = page.getByRole("form", { name: "Add a rule" });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("When").selectOption("areas");
    await form.getByLabel("Areas, separated by commas").fill(AREA);
    await form.getByLabel("Then").selectOption("cap");
    await form.getByLabel("At most (Rs.)").fill(String(CAP));
    // The draft's counts, before it is saved or turned on.
    await expect(
      form.getByText(/^Would have caught \d+ of the last 90 days' orders, \d+ of them refused or returned\.$/),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await sidewaysOverflow(page)).toBe(0);
    await shoot(page, `risk-rules-draft-${width}`);
    await form.getByRole("button", { name: "Add the rule" }).click();
    await expect(page.getByText(`Saved "${name}".`)).toBeVisible();

    const row = page.getByRole("list", { name: "Rules" }).getByRole("listitem").filter({ hasText: name });
    await expect(row.getByText("Off", { exact: true })).toBeVisible();
    await expect(row.getByText(`Delivery to ${AREA}: Refuse above Rs.1,000 at checkout.`)).toBeVisible();
    await row.getByRole("button", { name: "Turn on" }).click();
    await expect(row.getByText("On", { exact: true })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    await shoot(page, `risk-rules-list-${width}`);

    // The customer, to that area: told at checkout, before pressing Place order.
    const customer = await newCustomer(request, "rules-customer");
    const product = (await catalogue(request)).find((p) => p.discountPrice > CAP && p.sizes.some((s) => s.stock >= 2));
    const size = product?.sizes.find((s) => s.stock >= 2)?.size;
    const added = await request.post("/api/user/cart/add", {
      headers: bearer(customer),
      data: { productId: product?._id, size, quantity: 1 },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const shopper = await (await browser.newContext({ ...testInfo.project.use })).newPage();
    await shopper.setViewportSize({ width, height: 860 });
    await startSignedIn(shopper, customer);
    await shopper.goto("/my-cart");
    await waitForHydration(shopper);
    await shopper.getByRole("button", { name: "Proceed to Checkout" }).click();
    const dialog = shopper.getByRole("dialog", { name: "Checkout Details" });
    await dialog.getByLabel("Full Name").fill("Bilal Ahmed");
    await dialog.getByLabel("Address", { exact: true }).fill("House 3, Street 9, near Kharadar Police Station");
    await dialog.getByLabel("Phone Number").fill("03351234567");
    await dialog.getByRole("combobox", { name: "Area" }).fill(AREA);
    const notice = dialog.getByText("Orders to this area can be at most Rs.1,000 on cash on delivery.");
    await expect(notice).toBeVisible();
    // Above the button that would place it.
    const button = dialog.getByRole("button", { name: /Place Order/ });
    const [noticeBox, buttonBox] = [await notice.boundingBox(), await button.boundingBox()];
    expect(noticeBox && buttonBox && noticeBox.y < buttonBox.y).toBe(true);
    await button.scrollIntoViewIfNeeded();
    expect(await sidewaysOverflow(shopper)).toBe(0);
    await shoot(shopper, `risk-rules-checkout-${width}`, { fullPage: false });
    await shopper.context().close();
  } finally {
    const listed = await request.get("/api/admin/risk-rules", { headers: bearer(owner) });
    const rules = ((await listed.json()) as RiskRuleList).rules.filter((rule: RiskRule) => rule.name === name);
    for (const rule of rules) await request.delete(`/api/admin/risk-rules/${rule._id}`, { headers: bearer(owner) });
  }
});
