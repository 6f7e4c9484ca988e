// Ordering without JavaScript (issue 46, docs/decisions/015-forms-before-hydration.md): a sign-in
// posted as a plain form leaves an HttpOnly, SameSite=Lax session cookie; Add to Cart and the
// checkout posted as plain forms use it, through the API's own routes; a post from another site is
// refused; a page that read the cookie is the shopper's alone, and no page kept for everyone reads it.
// Needs the production build.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_LOGIN } from "#shared/accounts.ts";
import { formatRs } from "#shared/money.ts";
import { ORDER_CHARGE_TEXTS } from "#shared/order-charges.ts";
import { moneyLineText, ORDER_MONEY_LABELS } from "#shared/order-money.ts";
import { NEEDS_SCRIPTS_NOTICE, NOT_LOADED_NOTICE } from "#shared/posted-form.ts";
import { CODE_MESSAGES } from "#shared/promotions.ts";
import { codFeeAddedMessage, codFeeNotice, type RiskRule } from "#shared/risk-rules.ts";
import { karachiWallTime } from "../app/lib/dates.ts";
import { newPerson, signUp } from "./support/accounts.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { freshAddresses } from "./support/redis.ts";
import { count, products, type TestProduct } from "./support/shoppers.ts";

let t: TestApp;
let shoe: TestProduct;
const address = freshAddresses();
let n = 0;
beforeAll(async () => {
  t = await createTestApp({ pages: true });
  [shoe] = (await products(t, 1)) as [TestProduct];
});
afterAll(() => t?.close());

const ORIGIN = () => new URL(t.config.publicUrl).origin;
const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');

function post(url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN(), ...headers },
    payload: new URLSearchParams(form).toString(),
    remoteAddress: address(++n),
  });
}

/** A shopper signed in through the plain form: the cookie it was given, `name=value`. */
async function signInWithoutScripts(): Promise<{ cookie: string; setCookie: string }> {
  const person = await signUp(t, newPerson("noscript"));
  const res = await post(`/login?redirectTo=${encodeURIComponent(`/products/${shoe.id}`)}`, {
    email: person.email,
    password: person.password,
  });
  expect(res.statusCode).toBe(303);
  expect(res.headers.location).toBe(`/products/${shoe.id}`);
  const cookies = [res.headers["set-cookie"] ?? []].flat();
  const session = cookies.find((c) => c.startsWith("shop_session="));
  if (!session) throw new Error(`no session cookie: ${cookies.join(" | ")}`);
  return { cookie: session.split(";", 1)[0] as string, setCookie: session };
}

describe("signing in without JavaScript", () => {
  it("sets an HttpOnly, SameSite=Lax session cookie and goes back where it was asked", async () => {
    const { setCookie } = await signInWithoutScripts();
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\//);
    // PUBLIC_URL is http in tests: Secure is added under https only.
    expect(setCookie).not.toMatch(/Secure/);
  });

  it("answers a wrong password with the API's message and no cookie, never 'press once more'", async () => {
    const person = await signUp(t, newPerson("noscript"));
    for (let i = 0; i < 2; i++) {
      const res = await post("/login", { email: person.email, password: "Wrong-password-99" });
      expect(res.statusCode).toBe(200);
      const html = decode(res.body);
      expect(html).toContain(INVALID_LOGIN);
      expect(html).not.toContain(NOT_LOADED_NOTICE);
      expect(String(res.headers["set-cookie"] ?? "")).not.toContain("shop_session=");
    }
  });

  it("refuses a sign-in posted from another site", async () => {
    const person = await signUp(t, newPerson("noscript"));
    const res = await post(
      "/login",
      { email: person.email, password: person.password },
      { origin: "https://evil.example" },
    );
    expect(res.statusCode).toBe(403);
    expect(String(res.headers["set-cookie"] ?? "")).not.toContain("shop_session=");
  });
});

describe("ordering without JavaScript", () => {
  it("adds a size to the cart, shows the cart, places one order for two posts of the form", async () => {
    const { cookie } = await signInWithoutScripts();
    const size = String(shoe.sizes[0]);
    const added = await post(`/products/${shoe.id}`, { size }, { cookie });
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe("/my-cart");

    const cart = await t.app.inject({ method: "GET", url: "/my-cart", headers: { cookie } });
    expect(cart.statusCode).toBe(200);
    expect(cart.headers["cache-control"]).toBe("private, no-store");
    expect(cart.body).toContain(shoe.name);
    const key = /name="key" value="([^"]+)"/.exec(cart.body)?.[1];
    const total = /name="total" value="(\d+)"/.exec(cart.body)?.[1];
    expect(key).toBeTruthy();
    expect(Number(total)).toBe(shoe.discountPrice);
    // The Area field offers the page's list of Karachi areas: one of them, as a shopper picks it.
    const area = /<datalist id="karachi-areas">.*?<option value="([^"]+)"/s.exec(cart.body)?.[1];
    expect(area).toBeTruthy();

    const form = {
      key: key as string,
      total: total as string,
      fullName: "Ayesha Khan",
      addressLine: "House 12, Street 4, Block 13-D",
      area: area as string,
      landmark: "Near Nipa Chowrangi",
      phoneNumber: "0300 1234567",
      email: "ayesha@example.pk",
      postalCode: "",
    };
    const before = await count(t, "orders");
    const placed = await post("/my-cart", form, { cookie });
    expect(placed.statusCode, /role="alert"[^>]*>([^<]*)/.exec(placed.body)?.[1]).toBe(303);
    const location = String(placed.headers.location);
    expect(location).toMatch(/^\/checkout-success\?order=[0-9a-f-]{36}$/);
    // The same form posted again (a double press, Back and resend): the same order, not a second.
    const again = await post("/my-cart", form, { cookie });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(location);
    expect(await count(t, "orders")).toBe(before + 1);

    const success = await t.app.inject({ method: "GET", url: location, headers: { cookie } });
    expect(success.headers["cache-control"]).toBe("private, no-store");
    expect(success.body).toContain(shoe.name);
    const track = await t.app.inject({ method: "GET", url: "/TrackOrder", headers: { cookie } });
    expect(track.body).toContain(shoe.name);
    expect(track.body).toContain("Near Nipa Chowrangi");
  });

  it("places an order a COD fee rule catches: the post refused for the fee shows it, and the next is taken", async () => {
    const admin = await makeAdmin(t);
    const { cookie } = await signInWithoutScripts();
    const added = await post(`/products/${shoe.id}`, { size: String(shoe.sizes[0]) }, { cookie });
    expect(added.statusCode).toBe(303);
    const cart = await t.app.inject({ method: "GET", url: "/my-cart", headers: { cookie } });
    const key = /name="key" value="([^"]+)"/.exec(cart.body)?.[1] as string;
    const total = Number(/name="total" value="(\d+)"/.exec(cart.body)?.[1]);
    // The page's last Karachi area: the test above orders to its first.
    const areas = [...cart.body.matchAll(/<datalist id="karachi-areas">(.*?)<\/datalist>/gs)][0]?.[1] ?? "";
    const area = [...areas.matchAll(/<option value="([^"]+)"/g)].at(-1)?.[1] as string;
    const fee = 150;
    const saved = await call(t, admin, "POST", "/api/admin/risk-rules", {
      name: "No-script COD fee",
      condition: { kind: "areas", areas: [decode(area)] },
      action: { kind: "codFee", amount: fee },
      enabled: true,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const rule = saved.json<RiskRule>();
    try {
      const form = {
        key,
        total: String(total),
        fullName: "Ayesha Khan",
        addressLine: "House 12, Street 4, Block 13-D",
        area: decode(area),
        landmark: "",
        phoneNumber: "0300 1234567",
        email: "ayesha@example.pk",
        postalCode: "",
      };
      // The page was read before the address was typed: its total lacks the fee.
      const refused = await post("/my-cart", form, { cookie });
      expect(refused.statusCode).toBe(200);
      const html = decode(refused.body);
      expect(html).toContain(codFeeAddedMessage(fee, total + fee));
      expect(html).toContain(codFeeNotice(rule.condition, fee));
      expect(html).toContain(ORDER_CHARGE_TEXTS.codFee);
      const again = Number(/name="total" value="(\d+)"/.exec(refused.body)?.[1]);
      expect(again).toBe(total + fee);

      const placed = await post("/my-cart", { ...form, total: String(again) }, { cookie });
      expect(placed.statusCode, /role="alert"[^>]*>([^<]*)/.exec(placed.body)?.[1]).toBe(303);
      const success = await t.app.inject({ method: "GET", url: String(placed.headers.location), headers: { cookie } });
      expect(decode(success.body)).toContain(moneyLineText({ label: ORDER_MONEY_LABELS.codFee, amount: fee }));
    } finally {
      await call(t, admin, "DELETE", `/api/admin/risk-rules/${rule._id}`);
    }
  });

  it("takes a discount code typed in the form: the post without its discount comes back with the total that holds it", async () => {
    const admin = await makeAdmin(t);
    const saved = await call(t, admin, "POST", "/api/admin/discount-codes", {
      code: "NOSCRIPT200",
      kind: "fixed",
      amount: 200,
      startsAt: karachiWallTime(new Date(Date.now() - 3_600_000)),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const { cookie } = await signInWithoutScripts();
    expect((await post(`/products/${shoe.id}`, { size: String(shoe.sizes[0]) }, { cookie })).statusCode).toBe(303);
    const cart = await t.app.inject({ method: "GET", url: "/my-cart", headers: { cookie } });
    expect(cart.body).toContain('name="discountCode"');
    const key = /name="key" value="([^"]+)"/.exec(cart.body)?.[1] as string;
    const total = Number(/name="total" value="(\d+)"/.exec(cart.body)?.[1]);
    const form = {
      key,
      total: String(total),
      fullName: "Sana Qureshi",
      addressLine: "Flat 4, Block 2, near Saddar Post Office",
      area: "Saddar",
      landmark: "",
      phoneNumber: "0300 7654321",
      email: "sana@example.pk",
      postalCode: "",
    };
    // A code the shop does not have: the page says so and keeps what was typed.
    const unknown = await post("/my-cart", { ...form, discountCode: "nope1" }, { cookie });
    expect(decode(unknown.body)).toContain(CODE_MESSAGES.unknown("NOPE1"));
    // The real one, posted with the total shown before it: the page comes back with the total less it.
    const refused = await post("/my-cart", { ...form, discountCode: "noscript200" }, { cookie });
    expect(refused.statusCode).toBe(200);
    // React writes "-" and the amount as two texts: "-<!-- -->Rs.200".
    expect(decode(refused.body).replaceAll("<!-- -->", "")).toContain(`-${formatRs(200)}`);
    const again = Number(/name="total" value="(\d+)"/.exec(refused.body)?.[1]);
    expect(again).toBe(total - 200);
    const placed = await post("/my-cart", { ...form, discountCode: "noscript200", total: String(again) }, { cookie });
    expect(placed.statusCode, /role="alert"[^>]*>([^<]*)/.exec(placed.body)?.[1]).toBe(303);
    const success = await t.app.inject({ method: "GET", url: String(placed.headers.location), headers: { cookie } });
    expect(decode(success.body)).toContain(
      moneyLineText({ label: `${ORDER_MONEY_LABELS.discount} (Code NOSCRIPT200)`, amount: 200, deducted: true }),
    );
  });

  it("asks a visitor without a session to sign in first, coming back to the size chosen", async () => {
    const res = await post(`/products/${shoe.id}`, { size: String(shoe.sizes[0]) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `/login?redirectTo=${encodeURIComponent(`/products/${shoe.id}?size=${shoe.sizes[0]}`)}`,
    );
  });

  it("refuses an Add to Cart or a checkout posted from another site, changing nothing", async () => {
    const { cookie } = await signInWithoutScripts();
    const evil = { cookie, origin: "https://evil.example" };
    const add = await post(`/products/${shoe.id}`, { size: String(shoe.sizes[0]) }, evil);
    expect(add.statusCode).toBe(403);
    const noOrigin = await t.app.inject({
      method: "POST",
      url: `/products/${shoe.id}`,
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      payload: `size=${shoe.sizes[0]}`,
    });
    expect(noOrigin.statusCode).toBe(403);
    const cart = await t.app.inject({ method: "GET", url: "/my-cart", headers: { cookie } });
    expect(cart.body).toContain("Your cart is empty.");
    const before = await count(t, "orders");
    const checkout = await post("/my-cart", { fullName: "X" }, evil);
    expect(checkout.statusCode).toBe(403);
    expect(await count(t, "orders")).toBe(before);
  });
});

describe("pages kept for everyone", () => {
  it("never read the cookie: a product page is the same with or without it", async () => {
    const { cookie } = await signInWithoutScripts();
    const url = `/products/${shoe.id}`;
    const withCookie = await t.app.inject({ method: "GET", url, headers: { cookie } });
    expect(withCookie.headers["cache-control"]).not.toContain("private");
    expect(withCookie.headers["set-cookie"]).toBeUndefined();
    // The real form is in the page for a browser without scripts, posting to the page itself.
    expect(withCookie.body).toMatch(/<noscript><form[^>]*method="post"/);
  });

  it("a cart page without a cookie is nobody's: it asks to sign in", async () => {
    const res = await t.app.inject({ method: "GET", url: "/my-cart" });
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toContain("to see your cart and order.");
  });
});

describe("a form the server does not answer itself", () => {
  it("says 'press once more' once, then that it needs scripts, with WhatsApp", async () => {
    const first = await post("/sign-up", { username: "no_js", email: "no.js@example.pk" });
    expect(decode(first.body)).toContain(NOT_LOADED_NOTICE);
    const marker = [first.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("shop_posted_once="));
    expect(marker).toBeTruthy();
    const second = await post("/sign-up", { username: "no_js" }, { cookie: String(marker).split(";", 1)[0] as string });
    const html = decode(second.body);
    expect(html).toContain(NEEDS_SCRIPTS_NOTICE);
    expect(html).not.toContain(NOT_LOADED_NOTICE);
    expect(html).toContain("https://wa.me/");
  });
});
