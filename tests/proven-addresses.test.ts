// Issue 34, item 6 (docs/decisions/024): anyone can sign up with someone else's e-mail, so until its
// owner presses a link the shop mailed there, the shop's mails to it carry none of the text typed
// into an order (name, address, landmark): only the shop's words, the items, the amount and links.
// Through the real HTTP layer: sign-up mails a verification link; the order mails to the unproven
// address; the press that proves it (that link, confirming an order from its mailed link, a
// confirmed password reset) and the presses that do not (a cancel, a WhatsApp button's token, a
// forged, damaged or expired link).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmailVerification } from "#server/accounts/verification.ts";
import { createConfirmationLinks } from "#server/confirmation/links.ts";
import { users } from "#server/db/schema.ts";
import {
  EMAIL_VERIFIED,
  SIGN_UP_SUCCESS,
  VERIFY_LINK_DAYS,
  VERIFY_LINK_EXPIRED,
  VERIFY_LINK_INVALID,
} from "#shared/accounts.ts";
import type { Order } from "#shared/orders.ts";
import {
  mailsTo,
  newPerson,
  post,
  resetMailsTo,
  signIn,
  tokenOf,
  waitForMails,
  waitForResetLink,
} from "./support/accounts.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { orderBody, placeOrder, products, type Shopper, setStock, type TestProduct } from "./support/shoppers.ts";

let t: TestApp;
let shoe: TestProduct;
let size: number;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: "100" } });
  [shoe] = (await products(t, 1)) as [TestProduct];
  size = shoe.sizes[0] as number;
  await setStock(t, shoe.id, size, 500);
});
afterAll(() => t?.close());

/** What someone who signed up with another's e-mail types into the order, to reach that mailbox. */
const HOSTILE = {
  fullName: "Your account is suspended - call 03111234567",
  addressLine: "Send your CNIC and bank PIN to 03111234567 to unlock it",
  landmark: "Do not ignore this - call 03111234567 today",
};
const hostileWords = Object.values(HOSTILE);

const linkIn = (mail: string, path: string) => {
  const found = new RegExp(`(\\S+${path}\\?token=[\\w.-]+)`).exec(mail)?.[1];
  if (!found) throw new Error(`no ${path} link in the mail`);
  return found;
};

const verifiedAt = async (email: string) =>
  (await t.database.db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.email, email)))[0]?.at;

/** A customer made the way a visitor makes one: sign-up through the API, then sign-in. */
async function signUpShopper(): Promise<Shopper & { username: string; verifyLink: string }> {
  // A username the e-mail does not contain, so a mail that carried it would show.
  const made = newPerson("proof");
  const person = { ...made, username: `${made.username}-nick` };
  const res = await post(t, "/api/user/signup", person);
  expect(res.statusCode).toBe(201);
  // SPEC's answer, unchanged by the verification mail.
  expect(res.json()).toEqual({
    message: SIGN_UP_SUCCESS,
    user: { _id: expect.any(String), email: person.email, username: person.username },
  });
  const [mail] = await waitForMails(t, person.email, 1);
  const token = await signIn(t, person.email, person.password);
  return {
    id: res.json<{ user: { _id: string } }>().user._id,
    email: person.email,
    username: person.username,
    token,
    headers: { authorization: `Bearer ${token}` },
    verifyLink: linkIn(mail ?? "", "/verify-email"),
  };
}

/** Places an order with `address` typed at checkout; answers it and the order mail that follows. */
async function orderAndMail(
  shopper: Shopper,
  address: Record<string, string>,
): Promise<{ order: Order; mail: string }> {
  const before = (await mailsTo(t, shopper.email)).length;
  const body = orderBody(shopper, [{ product: shoe, size, quantity: 2 }]);
  const res = await placeOrder(t, shopper, { ...body, shippingAddress: { ...body.shippingAddress, ...address } });
  expect(res.statusCode, res.body).toBe(201);
  const mails = await waitForMails(t, shopper.email, before + 1);
  return { order: res.json<Order>(), mail: mails.at(-1) ?? "" };
}

const pressVerify = (token: string) => post(t, "/api/user/verify-email", { token });

describe("sign-up", () => {
  it("mails a link to confirm the address, with nothing typed at sign-up in it, and leaves it unproven", async () => {
    const shopper = await signUpShopper();
    const [mail] = await mailsTo(t, shopper.email);
    expect(mail).toContain("Subject: Please confirm your e-mail for Shoe Shop");
    expect(mail).toContain(`${t.config.publicUrl}/verify-email?token=`);
    expect(mail).not.toContain(shopper.username);
    expect(await verifiedAt(shopper.email)).toBeNull();
  });
});

describe("the mails to an address nobody has proven", () => {
  it("carry the items, the amount and the links, and none of the name, address or landmark typed", async () => {
    const shopper = await signUpShopper();
    const { order, mail } = await orderAndMail(shopper, HOSTILE);
    for (const words of hostileWords) expect(mail).not.toContain(words);
    expect(mail).toContain("Dear customer,");
    expect(mail).toContain(`2 x ${shoe.name}, size ${size}`);
    expect(mail).toContain(`Total Amount: Rs.${(shoe.discountPrice * 2).toLocaleString("en-US")}`);
    expect(mail).toContain("Delivery to the address given with the order.");
    expect(mail).toContain(`${t.config.publicUrl}/confirm-order?token=`);

    // The shop confirms it by hand: the status mail (which repeats the address once proven) neither.
    const admin = await makeAdmin(t);
    const moved = await call(t, admin, "POST", `/api/admin/orders/${order._id}/status`, { status: "confirm" });
    expect(moved.statusCode, moved.body).toBe(200);
    const confirmed = (await waitForMails(t, shopper.email, 3)).at(-1) ?? "";
    expect(confirmed).toContain("We have confirmed your order.");
    for (const words of hostileWords) expect(confirmed).not.toContain(words);
    expect(confirmed).toContain("Dear customer,");
  });

  it("a password reset mail greets no one by the username typed at sign-up", async () => {
    const shopper = await signUpShopper();
    const reset = await post(t, "/api/user/reset-password", {
      email: shopper.email,
      newPassword: "Another-Horse-Battery-8",
      confirmPassword: "Another-Horse-Battery-8",
    });
    expect(reset.statusCode).toBe(200);
    await waitForResetLink(t, shopper.email, 1);
    const [mail] = await resetMailsTo(t, shopper.email);
    expect(mail).toContain("Hello,");
    expect(mail).not.toContain(shopper.username);
  });
});

describe("proving the address", () => {
  it("a press on the sign-up mail's link proves it; the next order mail then carries the name and address", async () => {
    const shopper = await signUpShopper();
    const press = await pressVerify(tokenOf(shopper.verifyLink));
    expect(press.statusCode).toBe(200);
    expect(press.json()).toEqual({ message: EMAIL_VERIFIED });
    const first = await verifiedAt(shopper.email);
    expect(first).toBeInstanceOf(Date);
    // A second press (the link opened again) still says so, and keeps the first proof's time.
    expect((await pressVerify(tokenOf(shopper.verifyLink))).json()).toEqual({ message: EMAIL_VERIFIED });
    expect(await verifiedAt(shopper.email)).toEqual(first);

    const { mail } = await orderAndMail(shopper, { fullName: "Sana Mir", landmark: "Opposite Dolmen Mall" });
    expect(mail).toContain("Dear Sana Mir,");
    expect(mail).toContain("Delivery to:");
    expect(mail).toContain("Opposite Dolmen Mall");
  });

  it("confirming an order from its mailed link proves it; a cancel or a WhatsApp button's token does not", async () => {
    const shopper = await signUpShopper();
    const first = await orderAndMail(shopper, HOSTILE);
    const cancel = await post(t, "/api/orders/confirmation", {
      token: tokenOf(linkIn(first.mail, "/confirm-order")),
      action: "cancel",
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await verifiedAt(shopper.email)).toBeNull();

    // The token a WhatsApp button carries reaches whoever typed the number, not the mailbox.
    const second = await orderAndMail(shopper, HOSTILE);
    const links = createConfirmationLinks(t.database.db, { publicUrl: t.config.publicUrl });
    const whatsappToken = await links.tokenFor(second.order._id, new Date(second.order.createdAt), "whatsapp");
    const pressed = await post(t, "/api/orders/confirmation", { token: whatsappToken, action: "confirm" });
    expect(pressed.statusCode, pressed.body).toBe(200);
    expect(await verifiedAt(shopper.email)).toBeNull();

    const third = await orderAndMail(shopper, HOSTILE);
    for (const words of hostileWords) expect(third.mail).not.toContain(words);
    const confirm = await post(t, "/api/orders/confirmation", {
      token: tokenOf(linkIn(third.mail, "/confirm-order")),
      action: "confirm",
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(await verifiedAt(shopper.email)).toBeInstanceOf(Date);

    const { mail } = await orderAndMail(shopper, { fullName: "Bilal Ahmed" });
    expect(mail).toContain("Dear Bilal Ahmed,");
  });

  it("confirming a password reset from its mailed link proves it", async () => {
    const shopper = await signUpShopper();
    const newPassword = "Another-Horse-Battery-9";
    await post(t, "/api/user/reset-password", { email: shopper.email, newPassword, confirmPassword: newPassword });
    const link = await waitForResetLink(t, shopper.email, 1);
    expect(await verifiedAt(shopper.email)).toBeNull();
    const confirmed = await post(t, "/api/user/reset-password/confirm", { token: tokenOf(link), newPassword });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await verifiedAt(shopper.email)).toBeInstanceOf(Date);
  });

  it("a damaged, forged, another account's or expired link is refused with a clear message and proves nothing", async () => {
    const shopper = await signUpShopper();
    const other = await signUpShopper();
    const token = tokenOf(shopper.verifyLink);
    const [userId, expires, mac] = token.split(".") as [string, string, string];
    const otherMac = tokenOf(other.verifyLink).split(".")[2];
    const refused = [
      "nonsense",
      `${userId}.${expires}`,
      // Its last two characters changed (to others than they were: a MAC may end in AA).
      `${userId}.${expires}.${mac.slice(0, -2)}${mac.endsWith("AA") ? "QA" : "AA"}`,
      `${userId}.${(Number.parseInt(expires, 36) + 86_400).toString(36)}.${mac}`,
      `${other.id}.${expires}.${mac}`,
      `${userId}.${expires}.${otherMac}`,
      `${crypto.randomUUID()}.${expires}.${mac}`,
    ];
    for (const bad of refused) {
      const res = await pressVerify(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ message: VERIFY_LINK_INVALID });
    }
    const missing = await post(t, "/api/user/verify-email", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/no token/);

    // The same link, pressed after its days: a clock the test controls, over the app's database.
    const later = new Date(Date.now() + (VERIFY_LINK_DAYS + 1) * 86_400_000);
    const verification = createEmailVerification({ db: t.database.db, publicUrl: t.config.publicUrl });
    expect(await verification.verify(token, later)).toEqual({ ok: false, message: VERIFY_LINK_EXPIRED });
    expect(await verifiedAt(shopper.email)).toBeNull();
    expect(await verifiedAt(other.email)).toBeNull();
  });
});
