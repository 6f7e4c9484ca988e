// Couriers and dispatch on the owner's side in a real browser, at 375 and 1280 px (issue 32): the
// owner adds a courier (its errors shown by the field) and names the own rider; dispatches one order
// by hand with a tracking number and is told when a number is already used; dispatches two selected
// orders in one batch; records a parcel refused at the door and one lost in transit; and records
// the cash the own rider handed over. The packing slip shows the courier and number. Nothing
// scrolls sideways on the couriers screen, the order page or the batch dialog.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { formatRs } from "../shared/money.ts";
import type { Order } from "../shared/orders.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { type Account, catalogue, sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { moveOrder, newCustomer, placeOrder } from "./orders-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

const ref = (order: Order) => `#${order._id.slice(0, 8).toUpperCase()}`;

/** A customer's confirmed orders, one pair each, placed and confirmed through the API. */
async function confirmedOrders(request: APIRequestContext, admin: Account, count: number) {
  const customer = await newCustomer(request, "dispatch");
  const product = (await catalogue(request)).find((p) => p.sizes.some((s) => s.stock >= count));
  const size = product?.sizes.find((s) => s.stock >= count)?.size;
  if (!product || size === undefined) throw new Error("no demo product in stock");
  const orders: Order[] = [];
  for (let i = 0; i < count; i++) {
    const order = await placeOrder(request, customer, product, size, {
      fullName: "Ayesha Siddiqui",
      addressLine: "Flat 12, Block 5, near Disco Bakery, Gulshan-e-Iqbal",
      phoneNumber: "03001234567",
    });
    await moveOrder(request, admin, order._id, ["confirm"]);
    orders.push(order);
  }
  return { email: customer.user.email, orders };
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await sidewaysOverflow(page)).toBe(0);
}

async function openOrder(page: Page, order: Order) {
  await page.goto(`/admin/orders/${order._id}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: `Order ${ref(order)}` })).toBeVisible();
}

/** Answers an outcome's dialog with yes, and waits for the page to say it is recorded. */
async function recordOutcome(page: Page, button: string, done: string) {
  await page.getByRole("button", { name: button, exact: true }).click();
  const dialog = page.getByRole("alertdialog", { name: `${button}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: `Yes, ${button.toLowerCase()}` }).click();
  await expect(page.getByText(done)).toBeVisible();
}

test("the owner adds a courier, dispatches by hand and in a batch, records outcomes and the rider's cash", async ({
  page,
  request,
}, testInfo) => {
  const width = testInfo.project.name === "phone" ? 375 : 1280;
  await page.setViewportSize({ width, height: 860 });
  const admin = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const { email, orders } = await confirmedOrders(request, admin, 4);
  const [refused, batchFirst, lost, byRider] = orders as [Order, Order, Order, Order];
  const stamp = Date.now().toString(36).toUpperCase();
  const courier = `Swift ${testInfo.project.name} ${stamp}`;
  const numbers = { first: `SW${stamp}1`, second: `SW${stamp}2`, third: `SW${stamp}3` };
  await startSignedIn(page, admin);

  // The couriers screen: the seeded ones, each company with its import files.
  await page.goto("/admin");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Couriers" }).click();
  await expect(page.getByRole("heading", { name: "Couriers" })).toBeVisible();
  const tcs = page.getByRole("listitem", { name: "TCS" });
  await expect(tcs.getByText("https://www.tcsexpress.com/track/{number}")).toBeVisible();
  await expect(tcs.getByRole("link", { name: "Import files of TCS" })).toHaveAttribute(
    "href",
    /^\/admin\/couriers\/[0-9a-f-]{36}\/imports$/,
  );
  await expect(
    page.getByRole("listitem", { name: "Own rider" }).getByRole("link", { name: /Import files/ }),
  ).toHaveCount(0);

  // A new courier: a tracking page without {number}, then a name TCS already has, then right.
  await page.getByRole("button", { name: "Add a courier" }).click();
  const form = page.getByRole("form", { name: "Add a courier" });
  await form.getByLabel("Name", { exact: true }).fill("tcs");
  await form.getByLabel("Tracking page").fill("https://swift.example.pk/track");
  await form.getByRole("button", { name: "Add courier" }).click();
  await expect(form.getByLabel("Tracking page")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Tracking page")).toHaveAccessibleDescription(/holds \{number\} where the number goes/);
  await form.getByLabel("Tracking page").fill("https://swift.example.pk/track/{number}");
  await form.getByRole("button", { name: "Add courier" }).click();
  await expect(form.getByLabel("Name", { exact: true })).toHaveAccessibleDescription(
    "Another courier already has that name.",
  );
  await expectNoSidewaysScroll(page);
  await shoot(page, `admin-couriers-errors-${width}`);
  await form.getByLabel("Name", { exact: true }).fill(courier);
  await form.getByRole("button", { name: "Add courier" }).click();
  await expect(page.getByText(`Added ${courier}.`)).toBeVisible();
  const added = page.getByRole("listitem", { name: courier });
  await expect(added.getByText("https://swift.example.pk/track/{number}")).toBeVisible();
  await expect(added.getByText("0 parcels")).toBeVisible();

  // The own rider's name and phone: a wrong phone is refused by its field.
  await page.getByRole("button", { name: "Edit Own rider" }).click();
  const riderForm = page.getByRole("form", { name: "Change Own rider" });
  await riderForm.getByLabel("Rider's name").fill("Imran");
  await riderForm.getByLabel("Rider's phone").fill("12345");
  await riderForm.getByRole("button", { name: "Save changes" }).click();
  await expect(riderForm.getByLabel("Rider's phone")).toHaveAccessibleDescription(/Pakistani mobile number/);
  await riderForm.getByLabel("Rider's phone").fill("0321 7654321");
  await riderForm.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("listitem", { name: "Own rider" })).toContainText("Rider: Imran, 0321 7654321");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shoot(page, `admin-couriers-${width}`);

  // One order by hand: the courier and its number; the number links to the courier's page.
  await openOrder(page, refused);
  await expect(page.getByRole("button", { name: "Mark dispatched" })).toHaveCount(0);
  const parcel = page.getByRole("region", { name: "Parcel" });
  await parcel.getByLabel("Courier").selectOption({ label: courier });
  await parcel.getByRole("button", { name: "Dispatch" }).click();
  await expect(parcel.getByLabel("Tracking number")).toHaveAccessibleDescription(
    "Please enter the courier's tracking number.",
  );
  await parcel.getByLabel("Tracking number").fill(numbers.first);
  await expectNoSidewaysScroll(page);
  await shoot(page, `admin-order-dispatch-${width}`);
  await parcel.getByRole("button", { name: "Dispatch" }).click();
  await expect(
    page.getByText(`Dispatched with ${courier}, tracking number ${numbers.first}. The customer has been e-mailed.`),
  ).toBeVisible();
  const link = parcel.getByRole("link", { name: new RegExp(numbers.first) });
  await expect(link).toHaveAttribute("href", `https://swift.example.pk/track/${numbers.first}`);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
  await expect(page.getByText("on its way", { exact: true }).first()).toBeVisible();
  // On the road: its outcomes are in the parcel panel, not plain status buttons.
  await expect(page.getByRole("button", { name: "Mark delivered" })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shoot(page, `admin-order-dispatched-${width}`);

  // It comes back refused at the door.
  await recordOutcome(page, "Refused at the door", "Recorded as refused at the door. Its pairs are back in stock.");
  await expect(page.getByText("refused at the door", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Lost in transit" })).toHaveCount(0);

  // The same number for another order of this courier, typed in another case: refused, by the field.
  await openOrder(page, batchFirst);
  await parcel.getByLabel("Courier").selectOption({ label: courier });
  await parcel.getByLabel("Tracking number").fill(numbers.first.toLowerCase());
  await parcel.getByRole("button", { name: "Dispatch" }).click();
  await expect(parcel.getByLabel("Tracking number")).toHaveAccessibleDescription(
    "This tracking number is already on another order of this courier.",
  );
  await expect(page.getByText("confirmed", { exact: true }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Two orders in one batch from the list of confirmed orders: all or none, the refusal names the order.
  await page.goto(`/admin/orders?query=${encodeURIComponent(email)}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "confirmed: to dispatch" }).click();
  await expect(page).toHaveURL(/status=confirm/);
  await expect(page.getByRole("link", { name: ref(refused) })).toHaveCount(0);
  await page.getByRole("checkbox", { name: `Select order ${ref(batchFirst)}` }).check();
  await page.getByRole("checkbox", { name: `Select order ${ref(lost)}` }).check();
  await expectNoSidewaysScroll(page);
  await shoot(page, `admin-orders-to-dispatch-${width}`);
  await page.getByRole("button", { name: "Dispatch selected (2)" }).click();
  const batch = page.getByRole("dialog", { name: "Dispatch 2 orders" });
  await batch.getByLabel("Courier").selectOption({ label: courier });
  const firstField = batch.getByLabel(`${ref(batchFirst)} Ayesha Siddiqui`);
  const secondField = batch.getByLabel(`${ref(lost)} Ayesha Siddiqui`);
  await firstField.fill(numbers.first);
  await secondField.fill(numbers.second);
  await batch.getByRole("button", { name: "Dispatch all 2" }).click();
  await expect(batch.getByRole("alert")).toHaveText(
    `${ref(batchFirst)}: This tracking number is already on another order of this courier.`,
  );
  await expect(firstField).toHaveAttribute("aria-invalid", "true");
  await expect(secondField).not.toHaveAttribute("aria-invalid", "true");
  await expectNoSidewaysScroll(page);
  await shoot(page, `admin-orders-batch-${width}`, { fullPage: false });
  await firstField.fill(numbers.third);
  await batch.getByRole("button", { name: "Dispatch all 2" }).click();
  await expect(page.getByText(`Dispatched 2 orders with ${courier}.`)).toBeVisible();
  await expect(batch).toHaveCount(0);
  // Off the list of orders to dispatch; the one for the rider is still on it.
  await expect(page.getByRole("link", { name: ref(batchFirst) })).toHaveCount(0);
  await expect(page.getByRole("link", { name: ref(byRider) })).toBeVisible();
  await expect(page.getByText("No orders selected")).toBeVisible();
  await page.getByRole("button", { name: "on its way" }).click();
  await expect(page.getByRole("link", { name: ref(batchFirst) })).toBeVisible();
  await expect(page.getByRole("link", { name: ref(lost) })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The packing slip names the courier and the number.
  await page.goto(`/admin/slips?ids=${batchFirst._id}`);
  await waitForHydration(page);
  const slip = page.getByRole("article", { name: `Packing slip ${ref(batchFirst)}` });
  await expect(slip).toContainText(courier);
  await expect(slip).toContainText(`Tracking number: ${numbers.third}`);
  await shoot(page, `admin-slip-dispatched-${width}`);

  // The second parcel of the batch is lost on the way.
  await openOrder(page, lost);
  await expect(parcel.getByRole("link", { name: new RegExp(numbers.second) })).toBeVisible();
  await recordOutcome(page, "Lost in transit", "Recorded as lost in transit. The customer has been e-mailed.");
  await expect(page.getByText("lost in transit", { exact: true }).first()).toBeVisible();

  // The own rider: no tracking number, delivered, and the cash handed over (less than due: flagged).
  await openOrder(page, byRider);
  await parcel.getByLabel("Courier").selectOption({ label: "Own rider (Imran)" });
  await expect(parcel.getByLabel("Tracking number")).toHaveCount(0);
  await expect(parcel.getByLabel("Courier")).toHaveAccessibleDescription(
    /The shop's rider takes it: Imran, 0321 7654321/,
  );
  await parcel.getByRole("button", { name: "Dispatch" }).click();
  await expect(page.getByText("Dispatched with Own rider. The customer has been e-mailed.")).toBeVisible();
  await recordOutcome(page, "Delivered", "Order delivered. The customer has been e-mailed.");
  const amount = parcel.getByLabel("Amount handed over (Rs.)");
  await expect(amount).toHaveValue(String(byRider.totalAmount));
  await expectNoSidewaysScroll(page);
  await shoot(page, `admin-order-cash-${width}`);
  await amount.fill(String(byRider.totalAmount - 100));
  await parcel.getByRole("button", { name: "Cash handed over" }).click();
  const handed = formatRs(byRider.totalAmount - 100);
  await expect(page.getByText(`Recorded: ${handed} handed over.`)).toBeVisible();
  await expect(parcel.getByText(`${handed} collected, recorded`)).toContainText("(handed over by hand)");
  await expect(parcel.getByRole("note")).toContainText("Not the amount to collect");
  await expect(parcel).toContainText("Own rider (Imran, 0321 7654321)");
  await expect(parcel.getByRole("button", { name: "Cash handed over" })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shoot(page, `admin-order-settled-${width}`);
});
