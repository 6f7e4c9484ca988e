// /whatsapp-updates?token=…, the page of the 'stop WhatsApp updates' link in a parcel mail or message
// (issue 53), as the server renders it and answers its plain form post (server/web/no-script/forms.ts):
// the order, the number's last four digits and exactly what a stop stops, at once, with the Stop
// button in a POST form; reading it changes nothing; the form posted as a browser without scripts
// posts it stops them (one row in whatsapp_opt_outs) and comes back, a 303 later, saying so; a post
// from another site and a forged link change nothing. In a real browser too: with JavaScript the
// press posts the API and the page says so in place; with JavaScript off the browser posts the form.
// The app is the real one, serving its production build (`npm run build` first), on a port of its own.
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { sql } from "drizzle-orm";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { createUpdateLinks } from "#server/whatsapp/opt-outs.ts";
import { type Order, orderNumber } from "#shared/orders.ts";
import { mobileE164 } from "#shared/phone.ts";
import { WHATSAPP_UPDATES_MESSAGES, WHATSAPP_UPDATES_TEXTS } from "#shared/whatsapp-updates.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { freshAddresses } from "./support/redis.ts";
import {
  ADDRESS,
  makeShopper,
  orderBody,
  placeOrder,
  products,
  setStock,
  type TestProduct,
} from "./support/shoppers.ts";
import { freshMobile } from "./support/whatsapp.ts";

let t: TestApp;
let product: TestProduct;
let browser: Browser;
const address = freshAddresses();
let n = 0;

/** A port nobody listens on: the shop's own address must be known before it starts (its forms' origin). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const found = probe.address();
      probe.close(() => resolve(typeof found === "object" && found ? found.port : 0));
    });
  });

beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ pages: true, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
  await t.app.listen({ port, host: "127.0.0.1" });
  [product] = (await products(t, 1)) as [TestProduct];
  await setStock(t, product.id, product.sizes[0] as number, 50);
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const ORIGIN = () => new URL(t.config.publicUrl).origin;
/** The page as drawn: entities decoded, and the loader's data for hydration (its scripts) left out. */
const decode = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&")
    .replaceAll("&quot;", '"')
    .replaceAll("<!-- -->", "");

/** An order to a number of its own, and the stop link's token a parcel mail would carry for it. */
async function linked(): Promise<{ order: Order; phone: string; token: string }> {
  const shopper = await makeShopper(t);
  const mobile = freshMobile();
  const res = await placeOrder(
    t,
    shopper,
    orderBody(shopper, [{ product, size: product.sizes[0] as number, quantity: 1 }], {
      shippingAddress: { ...ADDRESS, email: shopper.email, phoneNumber: mobile.typed },
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<Order>();
  const links = createUpdateLinks(t.database.db, { publicUrl: t.config.publicUrl, secret: t.config.confirmLinkSecret });
  const url = new URL(await links.urlFor(order._id));
  return { order, phone: mobileE164(mobile.typed) ?? "", token: url.searchParams.get("token") ?? "" };
}

const optOuts = (phone: string) =>
  selectRowsAsserted<{ via: string }>(t.database.db, sql`select via from whatsapp_opt_outs where phone = ${phone}`);

const page = async (url: string) => {
  const res = await t.app.inject({ method: "GET", url });
  return { status: res.statusCode, html: decode(res.body), headers: res.headers };
};

/** The Stop form sent as a browser without scripts sends it: urlencoded, to the page's own address. */
function post(token: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url: `/whatsapp-updates?token=${token}`,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN(), ...headers },
    payload: "",
    remoteAddress: address(++n),
  });
}

const stopForm = (html: string) => /<form[^>]* method="post"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1];

describe("/whatsapp-updates", () => {
  it("shows the order, the number's last digits and exactly what stops at once, in a form that posts; reading changes nothing", async () => {
    const { order, phone, token } = await linked();
    const { status, html, headers } = await page(`/whatsapp-updates?token=${token}`);
    expect(status).toBe(200);
    expect(headers["cache-control"]).toBe("no-store");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    for (const text of [
      WHATSAPP_UPDATES_TEXTS.sending(orderNumber(order._id), phone.slice(-4)),
      // Exactly what stops, and what still comes (the failed-delivery question, docs/decisions/043).
      "on its way, out for delivery, delivered, and the ask to review your pairs",
      "if a courier could not deliver a parcel (so that it is not sent back)",
      "Our e-mails still come.",
    ]) {
      expect(html).toContain(text);
    }
    const form = stopForm(html) ?? "";
    expect(form).toMatch(/<button[^>]*type="submit"[^>]*>/);
    expect(form).toContain("Stop WhatsApp updates");
    // The page no longer sends a browser without scripts to WhatsApp to reply STOP.
    expect(html).not.toContain("reply STOP");
    expect(await optOuts(phone)).toEqual([]);
  });

  it("posted as a plain form, stops the updates for the order's number and comes back saying so", async () => {
    const { phone, token } = await linked();
    const ending = phone.slice(-4);
    const sent = await post(token);
    expect(sent.statusCode, sent.body).toBe(303);
    expect(sent.headers.location).toBe(`/whatsapp-updates?token=${token}&stopped=1`);
    expect(await optOuts(phone)).toEqual([{ via: "link" }]);

    const done = await page(sent.headers.location as string);
    expect(done.status).toBe(200);
    expect(done.html).toContain(WHATSAPP_UPDATES_MESSAGES.stopped(ending));
    expect(done.html).toContain(WHATSAPP_UPDATES_TEXTS.off(ending));
    expect(stopForm(done.html)).toBeUndefined();

    // Sent again (Back, and the button once more): nothing more is written, the page still says so.
    const again = await post(token);
    expect(again.statusCode).toBe(303);
    expect(await optOuts(phone)).toEqual([{ via: "link" }]);
    // The link opened later says they are off, without the 'Done' of a press.
    const later = await page(`/whatsapp-updates?token=${token}`);
    expect(later.html).toContain(WHATSAPP_UPDATES_TEXTS.off(ending));
    expect(later.html).not.toContain(WHATSAPP_UPDATES_MESSAGES.stopped(ending));
  });

  it("refuses a post from another site; a forged or short link is the page's own 4xx, saying so, and stops nothing", async () => {
    const { phone, token } = await linked();
    const evil = await post(token, { origin: "https://evil.example" });
    expect(evil.statusCode).toBe(403);
    expect(await optOuts(phone)).toEqual([]);

    const forgedToken = `${token.slice(0, -3)}${randomBytes(2).toString("hex").slice(0, 3)}`;
    const forged = await page(`/whatsapp-updates?token=${forgedToken}`);
    expect(forged.status).toBe(404);
    expect(forged.html).toContain(WHATSAPP_UPDATES_MESSAGES.deadLink);
    const forgedPost = await post(forgedToken);
    expect(forgedPost.statusCode).toBe(404);
    expect(decode(forgedPost.body)).toContain(WHATSAPP_UPDATES_MESSAGES.deadLink);
    const short = await page("/whatsapp-updates?token=abc");
    expect(short.status).toBe(400);
    expect(short.html).toContain(WHATSAPP_UPDATES_MESSAGES.deadLink);
    expect(await optOuts(phone)).toEqual([]);
  });
});

describe("/whatsapp-updates in a real browser", () => {
  const phone = (javaScriptEnabled: boolean) =>
    browser.newPage({
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 1,
      javaScriptEnabled,
    });
  const linkOf = (token: string) => `${t.config.publicUrl}/whatsapp-updates?token=${token}`;

  it("with JavaScript, the press posts the API and the page says so in place", async () => {
    const { phone: number, token } = await linked();
    const page = await phone(true);
    try {
      await page.goto(linkOf(token));
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await page.getByRole("button", { name: "Stop WhatsApp updates" }).click();
      await page.getByText(WHATSAPP_UPDATES_MESSAGES.stopped(number.slice(-4))).waitFor();
      // No navigation: the page's own script sent it (a plain post would have come back with stopped=1).
      expect(page.url()).toBe(linkOf(token));
      expect(await page.getByRole("button", { name: "Stop WhatsApp updates" }).count()).toBe(0);
      expect(await optOuts(number)).toEqual([{ via: "link" }]);
    } finally {
      await page.close();
    }
  });

  it("with JavaScript off, the browser posts the form and the page comes back saying so", async () => {
    const { phone: number, token } = await linked();
    const page = await phone(false);
    try {
      await page.goto(linkOf(token));
      expect(await optOuts(number)).toEqual([]);
      await page.getByRole("button", { name: "Stop WhatsApp updates" }).click();
      await page.waitForURL(`${linkOf(token)}&stopped=1`);
      expect(await page.getByText(WHATSAPP_UPDATES_MESSAGES.stopped(number.slice(-4))).count()).toBe(1);
      expect(await optOuts(number)).toEqual([{ via: "link" }]);
    } finally {
      await page.close();
    }
  });
});
