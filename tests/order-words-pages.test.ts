// Issue 46 item 9, the words a customer and the owner read: a delivered order says it was delivered
// (not 'On its way with TCS.') and a refused one that it was sent, for the order as the API answers
// it; as the server renders the pages, an exchange's own order says what it is (not 'To pay on
// delivery Rs.0' beside the pair's price) and the sign-up mail's link page says an address already
// proven is proven instead of asking again; the dashboard counts held orders apart. Needs the
// production build (`npm test` builds it first).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConfirmationLinks } from "#server/confirmation/links.ts";
import { EMAIL_ALREADY_VERIFIED, VERIFY_LINK_INVALID } from "#shared/accounts.ts";
import type { AdminDashboard } from "#shared/admin.ts";
import type { Courier } from "#shared/couriers.ts";
import { formatRs } from "#shared/money.ts";
import { carrierLine, ORDER_VIEW_TEXTS } from "#shared/order-view.ts";
import type { Order } from "#shared/orders.ts";
import { newPerson, post, signIn, waitForMail } from "./support/accounts.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { placeOnePair } from "./support/orders.ts";
import { makeShopper, products, type Shopper, setStock, type TestProduct } from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper & { username: string };
let shoe: TestProduct;
let tcs: Courier;

beforeAll(async () => {
  t = await createTestApp({ pages: true, env: { RATE_LIMIT_SCALE: "100" } });
  admin = await makeAdmin(t);
  [shoe] = (await products(t, 1)) as [TestProduct];
  for (const size of shoe.sizes) await setStock(t, shoe.id, size, 50);
  const couriers = (await call(t, admin, "GET", "/api/admin/couriers")).json<{ couriers: Courier[] }>().couriers;
  const found = couriers.find((c) => c.name === "TCS");
  if (!found) throw new Error("TCS is not seeded");
  tcs = found;
});
afterAll(() => t?.close());

const decode = (html: string) =>
  html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("<!-- -->", "");

const page = async (url: string) => {
  const res = await t.app.inject({ method: "GET", url });
  return { status: res.statusCode, html: decode(res.body) };
};

const linkIn = (mail: string, path: string) => {
  const found = new RegExp(`(\\S+${path}\\?token=[\\w.-]+)`).exec(mail)?.[1];
  if (!found) throw new Error(`no ${path} link in the mail`);
  return new URL(found).pathname + new URL(found).search;
};

function order(shopper: Shopper): Promise<Order> {
  return placeOnePair(t, shopper, shoe);
}

async function owner(method: "POST" | "PUT", url: string, body: unknown): Promise<void> {
  const res = await call(t, admin, method, url, body);
  expect(res.statusCode, res.body).toBe(200);
}

/** An order with TCS: confirmed and handed over with a tracking number. */
async function withTcs(shopper: Shopper): Promise<Order> {
  const placed = await order(shopper);
  await owner("POST", `/api/admin/orders/${placed._id}/status`, { status: "confirm" });
  await owner("POST", `/api/admin/orders/${placed._id}/dispatch`, {
    courierId: tcs._id,
    trackingNumber: `KHI${Date.now() % 1_000_000_000}`,
  });
  return placed;
}

/** The order's page as its mailed link opens it (any order: the page shows where it stands). */
async function orderPage(placed: Order): Promise<string> {
  const links = createConfirmationLinks(t.database.db, { publicUrl: t.config.publicUrl });
  const { status, html } = await page(
    `/confirm-order?token=${await links.tokenFor(placed._id, new Date(placed.createdAt))}`,
  );
  expect(status).toBe(200);
  return html;
}

describe("a customer's order, in words that say what happened", () => {
  it("a delivered parcel was delivered by TCS; a refused one was sent with TCS and costs nothing", async () => {
    // Track Your Order draws these in the browser (e2e/order-words.spec.ts looks at them); here, the
    // words for the order exactly as the API answers it.
    const shopper = await makeShopper(t);
    const delivered = await withTcs(shopper);
    await owner("POST", `/api/admin/orders/${delivered._id}/status`, { status: "delivered" });
    const refused = await withTcs(shopper);
    await owner("POST", `/api/admin/orders/${refused._id}/return`, { as: "refused" });
    const tracked = (await call(t, shopper, "GET", "/api/orders/track")).json<Order[]>();
    const words = (id: string) => {
      const seen = tracked.find((o) => o._id === id);
      if (!seen?.parcel) throw new Error("the order has no parcel");
      return carrierLine(seen.parcel, seen.status);
    };
    expect(words(delivered._id)).toBe("Delivered by TCS.");
    expect(words(refused._id)).toBe("Sent with TCS.");
  });

  it("an exchange's own order says it is an exchange with nothing to pay, or the difference", async () => {
    const shopper = await makeShopper(t);
    for (const difference of [0, 250]) {
      const bought = await order(shopper);
      for (const status of ["confirm", "delivered"])
        await owner("POST", `/api/admin/orders/${bought._id}/status`, { status });
      const asked = await call(t, shopper, "POST", `/api/orders/${bought._id}/exchanges`, {
        lineNo: 1,
        reason: "too_small",
        wantedSize: shoe.sizes[1] as number,
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const tracked = (await call(t, shopper, "GET", "/api/orders/track")).json<Order[]>();
      const request = tracked
        .find((o) => o._id === bought._id)
        ?.exchanges.requests.find((r) => r.status === "requested");
      const approved = await call(t, admin, "POST", `/api/admin/exchanges/${request?._id}/approve`, {
        priceDifference: difference,
      });
      expect(approved.statusCode, approved.body).toBe(200);
      const newOrderId = approved.json<{ exchangeOrderId: string }>().exchangeOrderId;
      const replacement = (await call(t, shopper, "GET", "/api/orders/track"))
        .json<Order[]>()
        .find((o) => o._id === newOrderId);
      if (!replacement) throw new Error("the exchange's order is not on Track Your Order");
      const html = await orderPage(replacement);
      expect(html).toContain(formatRs(replacement.items[0]?.discountPrice ?? -1));
      expect(html).not.toContain(ORDER_VIEW_TEXTS.payOnDelivery);
      if (difference === 0) {
        expect(html).toContain(ORDER_VIEW_TEXTS.exchangeNothingToPay);
        expect(html).not.toContain("Rs.0");
      } else {
        expect(html).toContain(ORDER_VIEW_TEXTS.exchangeToPay);
        expect(html).toContain(formatRs(difference));
      }
    }
  });
});

describe("the dashboard's orders awaiting the customer", () => {
  it("counts the held ones apart", async () => {
    const before = (await call(t, admin, "GET", "/api/admin/dashboard")).json<AdminDashboard>().waiting;
    const shopper = await makeShopper(t);
    const [held] = [await order(shopper), await order(shopper)];
    await owner("PUT", `/api/admin/orders/${held?._id}/held`, { held: true });
    const after = (await call(t, admin, "GET", "/api/admin/dashboard")).json<AdminDashboard>().waiting;
    expect(after.pending - before.pending).toBe(2);
    expect(after.held - before.held).toBe(1);
  });
});

describe("/verify-email", () => {
  it("asks for the press while the address is unproven, says it is proven once an order's link proved it, and says a bad link is bad", async () => {
    const person = newPerson("words");
    const signedUp = await post(t, "/api/user/signup", person);
    expect(signedUp.statusCode).toBe(201);
    const verifyLink = linkIn(await waitForMail(t, person.email, /verify-email\?token=/), "/verify-email");
    const ask = await page(verifyLink);
    expect(ask.status).toBe(200);
    expect(ask.html).toContain("Confirm my e-mail address");

    // Confirming an order from its mail proves the address (decision 024): the page no longer asks.
    const token = await signIn(t, person.email, person.password);
    const id = signedUp.json<{ user: { _id: string } }>().user._id;
    const shopper = { id, email: person.email, token, headers: { authorization: `Bearer ${token}` } };
    const placed = await order(shopper);
    const confirmLink = linkIn(await waitForMail(t, person.email, /confirm-order\?token=/), "/confirm-order");
    const pressed = await post(t, "/api/orders/confirmation", {
      token: new URLSearchParams(confirmLink.split("?")[1]).get("token"),
      action: "confirm",
    });
    expect(pressed.statusCode, pressed.body).toBe(200);
    expect(pressed.json<{ order: Order }>().order._id).toBe(placed._id);
    const proven = await page(verifyLink);
    expect(proven.status).toBe(200);
    expect(proven.html).toContain(EMAIL_ALREADY_VERIFIED);
    expect(proven.html).not.toContain("Confirm my e-mail address");
    expect(proven.html).not.toMatch(/<form[^>]*method="post"/);

    const damaged = await page(`${verifyLink.slice(0, -3)}AAA`);
    expect(damaged.status).toBe(200);
    expect(damaged.html).toContain(VERIFY_LINK_INVALID);
    expect(damaged.html).not.toContain("Confirm my e-mail address");
  });
});
