// The advance paid on JazzCash's page (issue 50, docs/decisions/039-jazzcash-hosted-checkout.md),
// through the HTTP layer on a real database, JazzCash played by a local stand-in that follows its
// document (tests/support/jazzcash-stand-in.ts): the form the shop signs is accepted by the stand-in;
// its signed '000' answer, posted back, pays the advance once (the order confirmed, one history line,
// one status mail), and the same answer again changes nothing; an answer with a changed amount or
// hash is a 400 that changes nothing; a failed answer leaves the order waiting and a new attempt
// possible; only the order's own customer may start; without the credentials nothing is offered.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { CustomerAdvance } from "#shared/advance-receipts.ts";
import { HOSTED_PAYMENT_MESSAGES, HOSTED_PAYMENT_WORDS, type HostedPaymentStart } from "#shared/hosted-payments.ts";
import type { RiskRule } from "#shared/risk-rules.ts";
import { mailsTo } from "./support/accounts.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import {
  documentHash,
  type JazzCashOutcome,
  type JazzCashStandIn,
  startJazzCashStandIn,
} from "./support/jazzcash-stand-in.ts";
import {
  makeShopper,
  orderBody,
  placeOrder,
  products,
  type Shopper,
  setStock,
  type TestProduct,
} from "./support/shoppers.ts";
import { allMailsSent } from "./support/wait.ts";

const ACCOUNT = { merchantId: "MC10001", password: "s4ndb0xpass", integritySalt: "8x2vt0s1uw" };
const ADVANCE = 1000;

let t: TestApp;
let standIn: JazzCashStandIn;
let shoe: TestProduct;
let size: number;

beforeAll(async () => {
  standIn = await startJazzCashStandIn(ACCOUNT);
  t = await createTestApp({
    env: {
      JAZZCASH_MERCHANT_ID: ACCOUNT.merchantId,
      JAZZCASH_PASSWORD: ACCOUNT.password,
      JAZZCASH_INTEGRITY_SALT: ACCOUNT.integritySalt,
      JAZZCASH_URL: standIn.url,
    },
  });
  const admin = await makeAdmin(t);
  [shoe] = (await products(t, 1)) as [TestProduct];
  size = shoe.sizes[0] as number;
  await setStock(t, shoe.id, size, 100);
  // Every order in this file's shop asks an advance of Rs.1,000.
  const rule = await call(t, admin, "POST", "/api/admin/risk-rules", {
    name: "Advance for all",
    condition: { kind: "pairsAbove", pairs: 0 },
    action: { kind: "advance", amount: ADVANCE },
    enabled: true,
  });
  expect(rule.statusCode, rule.body).toBe(201);
  expect(rule.json<RiskRule>().enabled).toBe(true);
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

async function newOrder(shopper: Shopper): Promise<string> {
  const res = await placeOrder(t, shopper, orderBody(shopper, [{ product: shoe, size, quantity: 1 }]));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string }>()._id;
}

const start = (shopper: Shopper, orderId: string) =>
  call(t, shopper, "POST", `/api/orders/${orderId}/advance/jazzcash`);

/** The browser's post of the signed form to JazzCash (here, its stand-in). */
async function postToJazzCash(form: HostedPaymentStart): Promise<void> {
  const res = await fetch(form.action, { method: "POST", body: new URLSearchParams(form.fields) });
  expect(res.status).toBe(200);
}

/** JazzCash's page posting its answer back through the customer's browser: a cross-site form. */
function postReturn(returnUrl: string, fields: Record<string, string>) {
  return t.app.inject({
    method: "POST",
    url: new URL(returnUrl).pathname,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://sandbox.jazzcash.com.pk" },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function pay(shopper: Shopper, orderId: string, outcome: JazzCashOutcome) {
  const res = await start(shopper, orderId);
  expect(res.statusCode, res.body).toBe(200);
  const form = res.json<HostedPaymentStart>();
  await postToJazzCash(form);
  return { form, answer: standIn.answer(form.fields.pp_TxnRefNo ?? "", outcome) };
}

interface OrderState {
  status: string;
  advance_paid_at: string | null;
  history: number;
}
async function stateOf(orderId: string): Promise<OrderState> {
  const [row] = await selectRowsAsserted<OrderState>(
    t.database.db,
    sql`select status, advance_paid_at::text,
               (select count(*)::int from order_status_events e
                 where e.order_id = o.id and e.reason like 'Advance of %JazzCash%') as history
        from orders o where id = ${orderId}`,
  );
  if (!row) throw new Error("no order");
  return row;
}

async function paymentsOf(orderId: string) {
  return selectRowsAsserted<{ reference: string; response_code: string | null; answered: boolean; paid: boolean }>(
    t.database.db,
    sql`select reference, response_code, answered_at is not null as answered, paid_at is not null as paid
        from hosted_payments where order_id = ${orderId} order by created_at, reference`,
  );
}

async function settledMails(email: string): Promise<string[]> {
  await allMailsSent(t.database.db);
  return mailsTo(t, email);
}

describe("POST /api/orders/:id/advance/jazzcash", () => {
  it("answers a form signed as JazzCash's document asks, for the order's advance in paisa", async () => {
    const shopper = await makeShopper(t);
    const orderId = await newOrder(shopper);
    // What Track Your Order's button says is what JazzCash is asked for.
    expect(HOSTED_PAYMENT_WORDS.payButton(ADVANCE)).toBe("Pay Rs.1,000 with JazzCash");
    const { form } = await pay(shopper, orderId, "paid");
    expect(form.action).toBe(standIn.url);
    expect(form.fields).toMatchObject({
      pp_Version: "1.1",
      pp_MerchantID: ACCOUNT.merchantId,
      pp_Amount: String(ADVANCE * 100),
      pp_TxnCurrency: "PKR",
      pp_ReturnURL: `${t.config.publicUrl}/payments/jazzcash/return`,
    });
    expect(form.fields.pp_TxnRefNo).toMatch(/^T\d{19}$/);
    expect(form.fields.pp_SecureHash).toMatch(/^[0-9A-F]{64}$/);
    // The stand-in checked the credentials, the hash and every format, and accepted it.
    expect(standIn.refused).toEqual([]);
    expect(standIn.accepted.has(form.fields.pp_TxnRefNo ?? "")).toBe(true);
    // The integrity salt never leaves the server.
    expect(JSON.stringify(form)).not.toContain(ACCOUNT.integritySalt);
    expect(await paymentsOf(orderId)).toEqual([
      { reference: form.fields.pp_TxnRefNo, response_code: null, answered: false, paid: false },
    ]);
  });

  it("is offered on Track Your Order's advance view, and pages may post the signed form to JazzCash alone", async () => {
    const shopper = await makeShopper(t);
    const orderId = await newOrder(shopper);
    const view = await call(t, shopper, "GET", `/api/orders/${orderId}/advance`);
    expect(view.json<CustomerAdvance>().payOnline).toBe("jazzcash");
    // The browser's post to JazzCash's page is a form's: the policy names its origin, and no other.
    const page = await t.app.inject({ method: "GET", url: "/api/areas" });
    expect(formAction(page.headers["content-security-policy"])).toEqual(["'self'", new URL(standIn.url).origin]);
  });

  it("is only for the order's own customer, signed in", async () => {
    const owner = await makeShopper(t);
    const orderId = await newOrder(owner);
    const other = await start(await makeShopper(t), orderId);
    expect([other.statusCode, other.json().message]).toEqual([404, HOSTED_PAYMENT_MESSAGES.orderNotFound]);
    const anonymous = await t.app.inject({ method: "POST", url: `/api/orders/${orderId}/advance/jazzcash` });
    expect(anonymous.statusCode).toBe(401);
    expect(await paymentsOf(orderId)).toEqual([]);
  });
});

describe("POST /payments/jazzcash/return", () => {
  it("pays the advance once on JazzCash's signed '000', and a replay of it changes nothing", async () => {
    const shopper = await makeShopper(t);
    const orderId = await newOrder(shopper);
    const mailsBefore = (await settledMails(shopper.email)).length;
    expect(await stateOf(orderId)).toEqual({ status: "pending", advance_paid_at: null, history: 0 });

    const { form, answer } = await pay(shopper, orderId, "paid");
    const first = await postReturn(answer.returnUrl, answer.fields);
    expect(first.statusCode, first.body).toBe(303);
    const location = `/TrackOrder?advance=paid#order-${orderId}`;
    expect(first.headers.location).toBe(location);
    const paid = await stateOf(orderId);
    expect(paid).toMatchObject({ status: "confirm", history: 1 });
    expect(paid.advance_paid_at).not.toBeNull();
    const [reason] = await selectRowsAsserted<{ reason: string }>(
      t.database.db,
      sql`select reason from order_status_events where order_id = ${orderId} and to_status = 'confirm'`,
    );
    expect(reason?.reason).toBe(`Advance of Rs.1,000 paid on JazzCash (${form.fields.pp_TxnRefNo})`);
    expect(await paymentsOf(orderId)).toEqual([
      { reference: form.fields.pp_TxnRefNo, response_code: "000", answered: true, paid: true },
    ]);
    expect((await settledMails(shopper.email)).length).toBe(mailsBefore + 1);

    // The customer's browser posts it again (a refresh, the back button), or anyone does.
    const again = await postReturn(answer.returnUrl, answer.fields);
    expect([again.statusCode, again.headers.location]).toEqual([303, location]);
    expect(await stateOf(orderId)).toEqual(paid);
    expect((await settledMails(shopper.email)).length).toBe(mailsBefore + 1);
    // Paid now: no second attempt may start.
    const more = await start(shopper, orderId);
    expect([more.statusCode, more.json().message]).toEqual([409, HOSTED_PAYMENT_MESSAGES.alreadyPaid]);
  });

  it("pays once when two copies of the answer arrive at the same moment", async () => {
    const shopper = await makeShopper(t);
    const orderId = await newOrder(shopper);
    const mailsBefore = (await settledMails(shopper.email)).length;
    const { answer } = await pay(shopper, orderId, "paid");
    const both = await Promise.all([0, 1].map(() => postReturn(answer.returnUrl, answer.fields)));
    expect(both.map((res) => [res.statusCode, res.headers.location])).toEqual([
      [303, `/TrackOrder?advance=paid#order-${orderId}`],
      [303, `/TrackOrder?advance=paid#order-${orderId}`],
    ]);
    expect(await stateOf(orderId)).toMatchObject({ status: "confirm", history: 1 });
    expect((await settledMails(shopper.email)).length).toBe(mailsBefore + 1);
  });

  it("refuses an answer whose amount or hash was changed, or that carries none, and changes nothing", async () => {
    const shopper = await makeShopper(t);
    const orderId = await newOrder(shopper);
    const { answer } = await pay(shopper, orderId, "paid");
    const tampered: Record<string, string>[] = [
      { ...answer.fields, pp_Amount: "100" },
      { ...answer.fields, pp_ResponseCode: "000", pp_SecureHash: "0".repeat(64) },
      { ...answer.fields, pp_SecureHash: (answer.fields.pp_SecureHash ?? "").slice(0, 63) },
      Object.fromEntries(Object.entries(answer.fields).filter(([name]) => name !== "pp_SecureHash")),
    ];
    for (const fields of tampered) {
      const res = await postReturn(answer.returnUrl, fields);
      expect([res.statusCode, res.json().message]).toEqual([400, HOSTED_PAYMENT_MESSAGES.badSignature]);
    }
    expect(await stateOf(orderId)).toEqual({ status: "pending", advance_paid_at: null, history: 0 });
    expect((await paymentsOf(orderId)).map((p) => p.answered)).toEqual([false]);

    // A well-signed answer for a reference the shop never made: 404.
    const unknown: Record<string, string> = { ...answer.fields, pp_TxnRefNo: "T2026010100000000000" };
    unknown.pp_SecureHash = documentHash(unknown, ACCOUNT.integritySalt);
    const res = await postReturn(answer.returnUrl, unknown);
    expect([res.statusCode, res.json().message]).toEqual([404, HOSTED_PAYMENT_MESSAGES.unknownPayment]);
  });

  it("leaves the order waiting on a failed answer ('124', or cancelled), and the customer may try again", async () => {
    const shopper = await makeShopper(t);
    const orderId = await newOrder(shopper);
    const failed = await pay(shopper, orderId, "notPaid");
    const res = await postReturn(failed.answer.returnUrl, failed.answer.fields);
    expect([res.statusCode, res.headers.location]).toEqual([303, `/TrackOrder?advance=failed#order-${orderId}`]);
    expect(await stateOf(orderId)).toEqual({ status: "pending", advance_paid_at: null, history: 0 });
    // A replay of the failed answer: the same, nothing new.
    const again = await postReturn(failed.answer.returnUrl, failed.answer.fields);
    expect(again.headers.location).toBe(`/TrackOrder?advance=failed#order-${orderId}`);

    const cancelled = await pay(shopper, orderId, "cancelled");
    const back = await postReturn(cancelled.answer.returnUrl, cancelled.answer.fields);
    expect(back.headers.location).toBe(`/TrackOrder?advance=failed#order-${orderId}`);
    expect(await stateOf(orderId)).toEqual({ status: "pending", advance_paid_at: null, history: 0 });

    const retry = await pay(shopper, orderId, "paid");
    const paid = await postReturn(retry.answer.returnUrl, retry.answer.fields);
    expect(paid.headers.location).toBe(`/TrackOrder?advance=paid#order-${orderId}`);
    expect(await stateOf(orderId)).toMatchObject({ status: "confirm", history: 1 });
    expect(await paymentsOf(orderId)).toEqual(
      expect.arrayContaining([
        { reference: failed.form.fields.pp_TxnRefNo, response_code: "124", answered: true, paid: false },
        { reference: cancelled.form.fields.pp_TxnRefNo, response_code: "112", answered: true, paid: false },
        { reference: retry.form.fields.pp_TxnRefNo, response_code: "000", answered: true, paid: true },
      ]),
    );
  });
});

describe("without JazzCash's credentials", () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ demo: false });
  });
  afterAll(() => bare?.close());

  it("offers no online payment, and no answer can be applied", async () => {
    const shopper = await makeShopper(bare);
    const orderId = "00000000-0000-4000-8000-000000000000";
    const res = await call(bare, shopper, "POST", `/api/orders/${orderId}/advance/jazzcash`);
    expect([res.statusCode, res.json().message]).toEqual([409, HOSTED_PAYMENT_MESSAGES.notSetUp]);
    const answer = await bare.app.inject({
      method: "POST",
      url: "/payments/jazzcash/return",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `pp_TxnRefNo=T1&pp_ResponseCode=000&pp_SecureHash=${"A".repeat(64)}`,
    });
    expect([answer.statusCode, answer.json().message]).toEqual([400, HOSTED_PAYMENT_MESSAGES.badSignature]);
    // Pages' forms post to the shop alone.
    const page = await bare.app.inject({ method: "GET", url: "/api/areas" });
    expect(formAction(page.headers["content-security-policy"])).toEqual(["'self'"]);
  });
});

/** The Content-Security-Policy's form-action sources. */
function formAction(csp: unknown): string[] {
  const directive = String(csp)
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === "form-action");
  return directive?.slice(1) ?? [];
}
