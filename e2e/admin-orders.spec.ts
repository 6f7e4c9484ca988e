// The owner's day with orders in a real browser, at 375 and 1280 px (issue 18): the list shows the
// phone to tap and call and the customer's warnings; a pending order opens WhatsApp with a ready
// message (English or Urdu, remembered); notes, corrected details and a refused parcel are
// recorded, and the customer's own list reads it as cancelled. Nothing scrolls sideways.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { Order } from "../shared/orders.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { type Account, catalogue, sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

interface Customer {
  account: Account;
  email: string;
  phone: string;
}

async function newCustomer(request: APIRequestContext, phone: string): Promise<Customer> {
  const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const email = `owner-day-${stamp}@example.pk`;
  const password = "Owner-Day-Karachi-2024!";
  const res = await request.post("/api/user/signup", { data: { email, password, username: `day${stamp}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return { account: await signIn(request, email, password), email, phone };
}

async function placeOrder(request: APIRequestContext, customer: Customer): Promise<Order> {
  const product = (await catalogue(request)).find((p) => p.sizes.some((s) => s.stock >= 3));
  const size = product?.sizes.find((s) => s.stock >= 3)?.size;
  if (!product || size === undefined) throw new Error("no demo product in stock");
  const res = await request.post("/api/orders/new-order", {
    headers: { Authorization: `Bearer ${customer.account.token}` },
    data: {
      userId: customer.account.user._id,
      items: [{ productId: product._id, size, quantity: 2 }],
      shippingAddress: {
        fullName: "Sana Mirza",
        addressLine: "Flat 9, Block 13-D, near Millennium Mall, Gulshan-e-Iqbal",
        phoneNumber: customer.phone,
        email: customer.email,
        city: "Karachi",
        postalCode: "75300",
      },
      totalAmount: product.discountPrice * 2,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Order;
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await sidewaysOverflow(page)).toBe(0);
}

test("the owner confirms on WhatsApp, spots a refuser, notes, corrects and records a refused parcel", async ({
  page,
  request,
}, testInfo) => {
  const width = testInfo.project.name === "phone" ? 375 : 1280;
  await page.setViewportSize({ width, height: 860 });
  const admin = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const adminHeaders = { Authorization: `Bearer ${admin.token}` };

  // A customer who refused a parcel before, and a new pending order from them.
  const phone = `0333${String(Date.now()).slice(-7)}`;
  const customer = await newCustomer(request, phone);
  const earlier = await placeOrder(request, customer);
  await request.post(`/api/admin/orders/${earlier._id}/status`, { headers: adminHeaders, data: { status: "confirm" } });
  const refused = await request.post(`/api/admin/orders/${earlier._id}/return`, {
    headers: adminHeaders,
    data: { as: "refused" },
  });
  expect(refused.ok()).toBe(true);
  const placed = await placeOrder(request, customer);
  const ref = `#${placed._id.slice(0, 8).toUpperCase()}`;

  await startSignedIn(page, admin);
  await page.goto(`/admin/orders?query=${encodeURIComponent(customer.email)}`);
  await waitForHydration(page);
  const row = page.getByRole("listitem").filter({ hasText: ref });
  await expect(row.getByRole("link", { name: `Call Sana Mirza on ${phone}` })).toHaveAttribute(
    "href",
    `tel:+92${phone.slice(1)}`,
  );
  await expect(row.getByText("High risk")).toBeVisible();
  await expect(row.getByRole("list", { name: "Risk reasons" })).toContainText(
    "This phone refused 1 parcel before, on this account.",
  );
  await expect(page.getByText("refused at the door")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, `admin-orders-list-${width}`);

  // The pending order: WhatsApp with the message ready, in English, then in Urdu (remembered).
  await row.getByRole("link", { name: ref }).click();
  await expect(page.getByRole("heading", { name: `Order ${ref}` })).toBeVisible();
  const risk = page.getByRole("region", { name: "Cash-on-delivery risk" });
  await expect(risk.getByRole("list", { name: "Risk reasons" })).toContainText("refused 1 parcel before");
  const whatsapp = page.getByRole("link", { name: "Confirm on WhatsApp" });
  const messageOf = async () => {
    const href = (await whatsapp.getAttribute("href")) ?? "";
    expect(href.startsWith(`https://wa.me/92${phone.slice(1)}?text=`)).toBe(true);
    return new URL(href).searchParams.get("text") ?? "";
  };
  const english = await messageOf();
  expect(english).toContain(ref);
  expect(english).toMatch(/size \d\d × 2/);
  expect(english).toMatch(/Amount to pay on delivery: Rs\.[\d,]+/);
  expect(english).toContain("near Millennium Mall, Gulshan-e-Iqbal, Karachi 75300");
  await expect(whatsapp).toHaveAttribute("target", "_blank");
  await page.getByLabel("Message language").selectOption("ur");
  expect(await messageOf()).toContain("ڈیلیوری پر ادا کرنے کی رقم");
  await page.getByText("See the message").click();
  await expect(page.getByText(/ڈیلیوری پر ادا کرنے کی رقم/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shoot(page, `admin-order-pending-${width}`);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel("Message language")).toHaveValue("ur");
  await page.getByLabel("Message language").selectOption("en");

  // An internal note, with its author.
  await page.getByLabel("New note").fill("Customer asked for delivery after 6pm.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Note added.")).toBeVisible();
  await expect(page.getByText("Customer asked for delivery after 6pm.")).toBeVisible();

  // The phone corrected: a wrong number is refused on the spot, a good one saved and recorded.
  await page.getByRole("button", { name: "Edit address and phone" }).click();
  await page.getByLabel("Phone").fill("12345");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText(/Please enter your phone number as a Pakistani mobile number/)).toBeVisible();
  await page.getByLabel("Phone").fill("0345 1234567");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Delivery details saved.")).toBeVisible();
  await expect(page.getByText(`phone: ${phone} → 03451234567`)).toBeVisible();

  // Confirmed, then the parcel comes back refused: recorded with the reason.
  await page.getByRole("button", { name: "Confirm order" }).click();
  await expect(page.getByText("Order confirmed. The customer has been e-mailed.")).toBeVisible();
  await page.getByRole("button", { name: "Parcel came back…" }).click();
  await page.getByLabel("Refused at the door").check();
  await page.getByLabel("Reason (optional)").fill("Said he never ordered");
  await expectNoSidewaysScroll(page);
  await shoot(page, `admin-order-return-${width}`);
  await page.getByRole("button", { name: "Record the return" }).click();
  await expect(page.getByText("Recorded as refused at the door. Its pairs are back in stock.")).toBeVisible();
  await expect(page.getByText("Reason: Said he never ordered")).toBeVisible();
  await expect(page.getByText(/confirmed → refused at the door by/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shoot(page, `admin-order-refused-${width}`);

  // The customer reads it as cancelled.
  const track = await request.get("/api/orders/track", {
    headers: { Authorization: `Bearer ${customer.account.token}` },
  });
  const mine = ((await track.json()) as Order[]).find((o) => o._id === placed._id);
  expect(mine?.status).toBe("cancelled");
});
