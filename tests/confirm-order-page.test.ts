// /confirm-order?token=…, the page the order confirmation mail links to, as the server renders it:
// the order at once with the two buttons in a POST form, reading it changes nothing, and once it is
// answered (or the link is bad) the message instead. Needs the production build (`npm test` builds it first).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConfirmationLinks } from "#server/confirmation/links.ts";
import { CONFIRMATION_MESSAGES } from "#shared/confirmation.ts";
import { formatRs } from "#shared/money.ts";
import { cancelsByLine } from "#shared/order-view.ts";
import type { Order } from "#shared/orders.ts";
import { karachiTime } from "../app/lib/dates.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { makeShopper, orderBody, placeOrder, products, type Shopper } from "./support/shoppers.ts";

let t: TestApp;
let shopper: Shopper;
beforeAll(async () => {
  t = await createTestApp({ pages: true });
  shopper = await makeShopper(t);
});
afterAll(async () => {
  await t?.close();
});

const decode = (html: string) =>
  html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("<!-- -->", "");

async function newOrder(): Promise<{ order: Order; token: string }> {
  const [product] = await products(t, 1);
  if (!product) throw new Error("no product");
  const body = orderBody(shopper, [{ product, size: product.sizes[0] ?? 40, quantity: 2 }], {});
  const address = { ...body.shippingAddress, landmark: "Dolmen Mall" };
  const res = await placeOrder(t, shopper, { ...body, shippingAddress: address });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<Order>();
  const links = createConfirmationLinks(t.database.db, { publicUrl: t.config.publicUrl });
  return { order, token: await links.tokenFor(order._id, new Date(order.createdAt)) };
}

const page = async (url: string) => {
  const res = await t.app.inject({ method: "GET", url });
  return { status: res.statusCode, html: decode(res.body), headers: res.headers };
};

describe("/confirm-order", () => {
  it("shows the order and the question at once, in a form that posts, and reading it changes nothing", async () => {
    const { order, token } = await newOrder();
    const { status, html, headers } = await page(`/confirm-order?token=${token}`);
    expect(status).toBe(200);
    // A name, an address and a phone number: kept by no cache (server/plugins/private-answers.ts).
    expect(headers["cache-control"]).toBe("no-store");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    const [item] = order.items;
    for (const text of [
      CONFIRMATION_MESSAGES.askTitle,
      CONFIRMATION_MESSAGES.ask,
      item?.name ?? "missing",
      `Size ${item?.size} · Qty 2`,
      formatRs(order.totalAmount),
      "Near Dolmen Mall",
      cancelsByLine(karachiTime(order.confirmation.cancelsAt ?? "")),
    ]) {
      expect(html).toContain(text);
    }
    // Real submit buttons of a POST form: a press before hydration is held and replayed (decision 015).
    const form = /<form[^>]* method="post"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? "";
    const buttons = form.match(/<button[^>]*>/g) ?? [];
    expect(buttons).toHaveLength(2);
    for (const [index, action] of ["confirm", "cancel"].entries()) {
      for (const attribute of ['type="submit"', 'name="action"', `value="${action}"`])
        expect(buttons[index]).toContain(attribute);
      expect(buttons[index]).not.toContain("disabled");
    }
    expect(form).toContain(CONFIRMATION_MESSAGES.confirmButton);
    expect(form).toContain(CONFIRMATION_MESSAGES.cancelButton);

    const track = await t.app.inject({ url: "/api/orders/track", headers: shopper.headers });
    expect(track.json<Order[]>().find((o) => o._id === order._id)?.status).toBe("pending");
  });

  it("once answered, says so instead of asking", async () => {
    const { token } = await newOrder();
    const answer = await t.app.inject({
      method: "POST",
      url: "/api/orders/confirmation",
      payload: { token, action: "confirm" },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { status, html } = await page(`/confirm-order?token=${token}`);
    expect(status).toBe(200);
    expect(html).toContain(CONFIRMATION_MESSAGES.alreadyConfirmed);
    expect(html).not.toContain(CONFIRMATION_MESSAGES.confirmButton);
    expect(html).toContain(">confirmed</span>");
  });

  it("a forged, incomplete or missing token: the message, links on, and the API's status", async () => {
    const { token } = await newOrder();
    const forged = `${token.slice(0, -4)}AAAA`;
    for (const [url, message] of [
      [`/confirm-order?token=${forged}`, CONFIRMATION_MESSAGES.linkInvalid],
      ["/confirm-order?token=short", CONFIRMATION_MESSAGES.tokenInvalid],
      ["/confirm-order", CONFIRMATION_MESSAGES.tokenInvalid],
    ] as const) {
      const { status, html } = await page(url);
      expect(status, url).toBe(400);
      expect(html, url).toContain(message);
      expect(html, url).toContain('href="/TrackOrder"');
      expect(html, url).toContain('href="/contact"');
      expect(html, url).not.toContain(CONFIRMATION_MESSAGES.confirmButton);
    }
  });
});
