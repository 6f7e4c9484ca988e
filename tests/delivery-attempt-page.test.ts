// /delivery-attempt?token=…, the page a failed delivery's mail links to (issue 49), as the server
// renders it and answers its plain form posts (server/web/no-script/forms.ts): what happened and the
// three choices at once, in a POST form; reading it changes nothing; "Cancel my order" and "Correct
// my address or phone" come back as the page asking "Are you sure?" or with the form opened; a
// refused correction comes back with the API's message; a choice sent is a 303 to the page, which
// says thanks; a post from another site and a forged link change nothing. Needs the production build.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenSigner } from "#server/signed-tokens.ts";
import {
  type AdminAttemptList,
  ATTEMPT_CHOICE_LABELS,
  ATTEMPT_MESSAGES,
  ATTEMPT_PAGE_TEXTS,
  type AttemptPage,
} from "#shared/delivery-attempts.ts";
import { formatRs } from "#shared/money.ts";
import { type Order, orderNumber } from "#shared/orders.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { type Deliveries, deliveries } from "./support/deliveries.ts";
import { freshAddresses } from "./support/redis.ts";
import { products, type Shopper, setStock, type TestProduct } from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper;
let parcels: Deliveries;
const address = freshAddresses();
let n = 0;
beforeAll(async () => {
  t = await createTestApp({ pages: true });
  admin = await makeAdmin(t);
  const [product] = (await products(t, 1)) as [TestProduct];
  for (const size of product.sizes) await setStock(t, product.id, size, 100);
  parcels = await deliveries(t, admin, product);
});
afterAll(() => t?.close());

const ORIGIN = () => new URL(t.config.publicUrl).origin;
/** The page as drawn: entities decoded, and the loader's data for hydration (its scripts) left out. */
const decode = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&")
    .replaceAll("&quot;", '"')
    .replaceAll("<!-- -->", "");

/** An order out with TCS whose status file said 'Customer not available': its attempt's signed token. */
async function failed(): Promise<{ order: Order; token: string }> {
  const { order, trackingNumber } = await parcels.dispatched("TCS");
  const csv = `Tracking Number,Status\r\n${trackingNumber},Customer not available`;
  const imported = await call(t, admin, "POST", `/api/admin/couriers/${parcels.courier("TCS")}/imports`, {
    kind: "status",
    csv,
    apply: true,
  });
  expect(imported.statusCode, imported.body).toBe(200);
  const queue = (await call(t, admin, "GET", "/api/admin/attempts")).json<AdminAttemptList>();
  const attempt = queue.attempts.find((a) => a.orderId === order._id);
  if (!attempt) throw new Error("no attempt recorded");
  const signer = tokenSigner(t.database.db, "delivery_attempts", t.config.confirmLinkSecret);
  return { order, token: `${attempt._id}.${await signer.sign(attempt._id)}` };
}

const page = async (url: string) => {
  const res = await t.app.inject({ method: "GET", url });
  return { status: res.statusCode, html: decode(res.body), headers: res.headers };
};

function post(token: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url: `/delivery-attempt?token=${token}`,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN(), ...headers },
    payload: new URLSearchParams(form).toString(),
    remoteAddress: address(++n),
  });
}

const stillOpen = async (token: string) =>
  (await t.app.inject({ method: "GET", url: `/api/delivery-attempts?token=${token}` })).json<AttemptPage>().canAnswer;

describe("/delivery-attempt", () => {
  it("shows what happened and the three choices at once, in a form that posts, and reading it changes nothing", async () => {
    const { order, token } = await failed();
    const { status, html, headers } = await page(`/delivery-attempt?token=${token}`);
    expect(status).toBe(200);
    expect(headers["cache-control"]).toBe("no-store");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    for (const text of [
      orderNumber(order._id),
      ATTEMPT_PAGE_TEXTS.couldNotDeliver("TCS", "Customer not available"),
      formatRs(order.totalAmount),
      ATTEMPT_PAGE_TEXTS.question,
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(
      /Please tell us before \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m, or it goes back to us\./,
    );
    const form = /<form[^>]* method="post"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? "";
    const buttons = form.match(/<button[^>]*>/g) ?? [];
    expect(buttons).toHaveLength(3);
    for (const [index, choice] of (["reattempt", "correct", "cancel"] as const).entries()) {
      for (const attribute of ['type="submit"', 'name="choice"', `value="${choice}"`])
        expect(buttons[index]).toContain(attribute);
      expect(form).toContain(ATTEMPT_CHOICE_LABELS[choice]);
    }
    expect(await stillOpen(token)).toBe(true);
  });

  it("asks before cancelling and opens the correction form without JavaScript, sending nothing meanwhile", async () => {
    const { token } = await failed();
    const cancel = await post(token, { choice: "cancel" });
    expect(cancel.statusCode).toBe(200);
    const asked = decode(cancel.body);
    expect(asked).toContain(ATTEMPT_PAGE_TEXTS.cancelWarning);
    expect(asked).toContain(ATTEMPT_PAGE_TEXTS.cancelYes);
    expect(asked).toMatch(/<input type="hidden" name="sure" value="yes"\/>/);

    const correct = await post(token, { choice: "correct" });
    expect(correct.statusCode).toBe(200);
    expect(decode(correct.body)).toContain('name="addressLine"');
    expect(await stillOpen(token)).toBe(true);

    // An area not in the list: the API's message over the form, with what was typed.
    const badArea = await post(token, {
      choice: "correct",
      addressLine: "House 5, Street 2",
      area: "Gulshan block 99 Z",
      landmark: "",
      phoneNumber: "0300 7654321",
    });
    expect(badArea.statusCode).toBe(200);
    const refused = decode(badArea.body);
    expect(refused).toContain('value="House 5, Street 2"');
    expect(refused).toMatch(/role="alert"><p[^>]*>[\s\S]*?area/i);
    expect(await stillOpen(token)).toBe(true);

    // Sure: cancelled, and the page says thanks.
    const sure = await post(token, { choice: "cancel", sure: "yes" });
    expect(sure.statusCode).toBe(303);
    expect(sure.headers.location).toBe(`/delivery-attempt?token=${token}&answered=1`);
    const thanks = await page(sure.headers.location as string);
    expect(thanks.html).toContain(ATTEMPT_MESSAGES.thanks.cancel);
    expect(thanks.html).not.toContain(ATTEMPT_MESSAGES.alreadyAnswered);
    expect(await stillOpen(token)).toBe(false);
  });

  it("sends a correction posted as a plain form, then says thanks; the link opened again says it was answered", async () => {
    const { token } = await failed();
    const sent = await post(token, {
      choice: "correct",
      addressLine: "House 14, Street 7",
      area: "Clifton Block 5",
      landmark: "Dolmen Mall",
      phoneNumber: "0333 2221100",
    });
    expect(sent.statusCode, sent.body).toBe(303);
    const thanks = await page(sent.headers.location as string);
    expect(thanks.html).toContain(ATTEMPT_MESSAGES.thanks.correct);
    const again = await page(`/delivery-attempt?token=${token}`);
    expect(again.html).toContain(ATTEMPT_MESSAGES.alreadyAnswered);
    expect(again.html).not.toContain(`value="reattempt"`);
    const queue = (await call(t, admin, "GET", "/api/admin/attempts")).json<AdminAttemptList>();
    const task = queue.attempts.find((a) => a.correction?.addressLine === "House 14, Street 7");
    expect(task).toMatchObject({ choice: "correct", state: "to_call", answeredVia: "link" });
  });

  it("refuses a post from another site, and a forged link is a 404 page that says so", async () => {
    const { token } = await failed();
    const evil = await post(token, { choice: "reattempt" }, { origin: "https://evil.example" });
    expect(evil.statusCode).toBe(403);
    expect(await stillOpen(token)).toBe(true);
    const forged = await page(`/delivery-attempt?token=${token.slice(0, -2)}xx`);
    expect(forged.status).toBe(404);
    expect(forged.html).toContain(ATTEMPT_MESSAGES.deadLink);
    const short = await page("/delivery-attempt?token=abc");
    expect(short.status).toBe(400);
    expect(short.html).toContain(ATTEMPT_MESSAGES.deadLink);
  });
});
