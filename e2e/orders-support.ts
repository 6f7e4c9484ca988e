// Customers and orders made through the API for the owner's and the customer's browser tests: a new
// account signed in, an order of one pair placed with its own session, and the owner's moves.
import {
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import type { Product } from "../shared/catalog.ts";
import type { Order } from "../shared/orders.ts";
import { type Account, signIn, startSignedIn } from "./layout-support.ts";
import { waitForHydration } from "./support.ts";

export const bearer = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

/** A new customer, signed in; `prefix` names the spec in the e-mail, so a failure says whose it is. */
export async function newCustomer(request: APIRequestContext, prefix: string): Promise<Account> {
  const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${prefix}-${stamp}@example.pk`;
  const password = "Customer-Karachi-2024!";
  const signup = await request.post("/api/user/signup", {
    data: { email, password, username: `${prefix.slice(0, 4)}${stamp}` },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  return signIn(request, email, password);
}

export interface Delivery {
  fullName: string;
  addressLine: string;
  phoneNumber: string;
}

/** One pair of `product` in `size`, ordered by `customer` to a Karachi address. */
export async function placeOrder(
  request: APIRequestContext,
  customer: Account,
  product: Product,
  size: number,
  delivery: Delivery,
): Promise<Order> {
  const placed = await request.post("/api/orders/new-order", {
    headers: bearer(customer),
    data: {
      userId: customer.user._id,
      items: [{ productId: product._id, size, quantity: 1 }],
      shippingAddress: { ...delivery, email: customer.user.email, city: "Karachi" },
      totalAmount: product.discountPrice,
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  return (await placed.json()) as Order;
}

/** The owner moves the order through each status in turn. */
export async function moveOrder(
  request: APIRequestContext,
  owner: Account,
  orderId: string,
  statuses: string[],
): Promise<void> {
  for (const status of statuses) {
    const moved = await request.post(`/api/admin/orders/${orderId}/status`, {
      headers: bearer(owner),
      data: { status },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
}

/**
 * A customer's own browser at the checkout: a new page at `width` signed in as `customer` (whose cart
 * the spec filled through the API), the cart opened, Proceed to Checkout pressed, and the name, the
 * address and the phone typed. Answers the page and the dialog, for the spec to choose the area.
 */
export async function checkoutAs(
  browser: Browser,
  use: BrowserContextOptions,
  width: number,
  customer: Account,
  delivery: Delivery,
): Promise<{ shopper: Page; dialog: Locator }> {
  const shopper = await (await browser.newContext(use)).newPage();
  await shopper.setViewportSize({ width, height: 860 });
  await startSignedIn(shopper, customer);
  await shopper.goto("/my-cart");
  await waitForHydration(shopper);
  await shopper.getByRole("button", { name: "Proceed to Checkout" }).click();
  const dialog = shopper.getByRole("dialog", { name: "Checkout Details" });
  await dialog.getByLabel("Full Name").fill(delivery.fullName);
  await dialog.getByLabel("Address", { exact: true }).fill(delivery.addressLine);
  await dialog.getByLabel("Phone Number").fill(delivery.phoneNumber);
  return { shopper, dialog };
}
