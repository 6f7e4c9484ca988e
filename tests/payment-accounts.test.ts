// The shop's payment accounts (issue 50): the owner lists, adds, edits, orders and removes them
// through /api/admin/payment-accounts, each number checked for its kind (an IBAN's check digits, a
// wallet's mobile number) and stored in one form; bad input is a 400 naming the field, an unknown id
// a 404, a number already listed a 409, each changing nothing. GET /api/payment-accounts gives a
// customer the accounts in the owner's order, with nothing but what they need to send, never kept.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seedDemoPaymentAccounts } from "#server/seed/payment-accounts.ts";
import {
  PAYMENT_ACCOUNT_MESSAGES,
  type PaymentAccount,
  type PaymentAccountList,
  type PublicPaymentAccountList,
} from "#shared/payment-accounts.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { makeShopper, type Shopper } from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper & { username: string };

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  admin = await makeAdmin(t);
});
afterAll(() => t?.close());
// Each test starts from no account, whatever the one before left.
afterEach(() => removeAll());

const URL = "/api/admin/payment-accounts";
const add = (body: unknown) => call(t, admin, "POST", URL, body);
const edit = (id: string, body: unknown) => call(t, admin, "PUT", `${URL}/${id}`, body);
const remove = (id: string) => call(t, admin, "DELETE", `${URL}/${id}`);
const order = (body: unknown) => call(t, admin, "POST", `${URL}/order`, body);
const list = async () => (await call(t, admin, "GET", URL)).json<PaymentAccountList>().accounts;
const publicList = async () => {
  const res = await t.app.inject({ method: "GET", url: "/api/payment-accounts" });
  expect(res.statusCode).toBe(200);
  // An account the owner removed must not be shown from a browser's or a proxy's copy.
  expect(res.headers["cache-control"]).toBe("no-store");
  return res.json<PublicPaymentAccountList>().accounts;
};
async function removeAll() {
  for (const account of await list()) await remove(account._id);
}

// Valid check digits: the ISO 13616 example of Standard Chartered Pakistan, and a made-up Meezan one.
const IBAN = "PK36SCBL0000001123456702";
const OTHER_IBAN = "PK56MEZN0001234567890123";
const BANK = { kind: "bank", provider: "Standard Chartered", accountTitle: "Karachi Shoes", accountNumber: IBAN };

describe("/api/admin/payment-accounts", () => {
  it("adds each kind, stores its number in one form, lists them in order, edits, orders and removes them", async () => {
    const bank = await add({
      ...BANK,
      accountNumber: " pk36 scbl 0000 0011 2345 6702 ",
      accountTitle: "  Karachi Shoes ",
    });
    expect(bank.statusCode, bank.body).toBe(201);
    expect(bank.json<PaymentAccount>()).toMatchObject({ ...BANK, accountNumber: IBAN });
    const jazz = await add({ kind: "jazzcash", accountTitle: "Bilal Ahmed", accountNumber: "+92 300 123-4567" });
    expect(jazz.statusCode, jazz.body).toBe(201);
    // A wallet's provider is its own name unless the owner gives one.
    expect(jazz.json<PaymentAccount>()).toMatchObject({ provider: "JazzCash", accountNumber: "03001234567" });
    const easy = await add({
      kind: "easypaisa",
      provider: "",
      accountTitle: "Bilal Ahmed",
      accountNumber: "923451112233",
    });
    expect(easy.json<PaymentAccount>()).toMatchObject({ provider: "Easypaisa", accountNumber: "03451112233" });
    const raastPhone = await add({ kind: "raast", accountTitle: "Bilal Ahmed", accountNumber: "0333 4445566" });
    expect(raastPhone.json<PaymentAccount>()).toMatchObject({ provider: "Raast", accountNumber: "03334445566" });
    const raastIban = await add({
      kind: "raast",
      accountTitle: "Karachi Shoes",
      accountNumber: OTHER_IBAN.toLowerCase(),
    });
    expect(raastIban.json<PaymentAccount>()).toMatchObject({ accountNumber: OTHER_IBAN });

    const ids = [bank, jazz, easy, raastPhone, raastIban].map((res) => res.json<PaymentAccount>()._id);
    expect((await list()).map((a) => a._id)).toEqual(ids);

    const edited = await edit(ids[1] as string, {
      kind: "jazzcash",
      accountTitle: "Karachi Shoes",
      accountNumber: "03009998877",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<PaymentAccount>()).toMatchObject({
      _id: ids[1],
      accountTitle: "Karachi Shoes",
      accountNumber: "03009998877",
    });
    // Its place in the order stays.
    expect((await list()).map((a) => a._id)).toEqual(ids);

    const reversed = [...ids].reverse();
    const ordered = await order({ ids: reversed });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json<PaymentAccountList>().accounts.map((a) => a._id)).toEqual(reversed);
    expect((await list()).map((a) => a._id)).toEqual(reversed);

    // The customer's read: the same order, and only what they need to send.
    const shown = await publicList();
    expect(shown.map((a) => a.accountNumber)).toEqual([OTHER_IBAN, "03334445566", "03451112233", "03009998877", IBAN]);
    expect(Object.keys(shown[0] ?? {}).sort()).toEqual(["accountNumber", "accountTitle", "kind", "provider"]);

    expect((await remove(ids[0] as string)).statusCode).toBe(204);
    expect((await list()).map((a) => a._id)).toEqual(reversed.slice(0, 4));
    const again = await remove(ids[0] as string);
    expect([again.statusCode, again.json().message]).toEqual([404, PAYMENT_ACCOUNT_MESSAGES.notFound]);
    // A new account goes after the others.
    const last = await add(BANK);
    expect((await list()).at(-1)?._id).toBe(last.json<PaymentAccount>()._id);
    await removeAll();
    expect(await publicList()).toEqual([]);
  });

  it("answers 409 for a number its kind already lists, however typed, on add and on edit, changing nothing", async () => {
    const first = await add(BANK);
    expect(first.statusCode).toBe(201);
    const before = await list();
    const dup = await add({ ...BANK, provider: "SCB", accountNumber: "pk36 SCBL 0000 0011 2345 6702" });
    expect([dup.statusCode, dup.json().message]).toEqual([409, "This account is already listed."]);

    const wallet = await add({ kind: "jazzcash", accountTitle: "Bilal", accountNumber: "03001234567" });
    expect((await add({ kind: "jazzcash", accountTitle: "B", accountNumber: "+923001234567" })).statusCode).toBe(409);
    // Another kind with the same number is another account (the same phone may hold both wallets).
    const easy = await add({ kind: "easypaisa", accountTitle: "Bilal", accountNumber: "03001234567" });
    expect(easy.statusCode).toBe(201);

    const walletId = wallet.json<PaymentAccount>()._id;
    const edited = await edit(walletId, { kind: "bank", provider: "SCB", accountTitle: "Bilal", accountNumber: IBAN });
    expect([edited.statusCode, edited.json().message]).toEqual([409, PAYMENT_ACCOUNT_MESSAGES.duplicate]);
    expect((await list()).find((a) => a._id === walletId)).toMatchObject({
      kind: "jazzcash",
      accountNumber: "03001234567",
    });
    expect((await list()).length).toBe(before.length + 2);
    await removeAll();
  });

  it("refuses bad input with 400 and its field's message, writing nothing", async () => {
    const kept = (await add(BANK)).json<PaymentAccount>();
    const before = await list();
    const cases: [body: unknown, field: string | null, message: string][] = [
      [{}, "kind", PAYMENT_ACCOUNT_MESSAGES.kind],
      [{ ...BANK, kind: "paypal" }, "kind", PAYMENT_ACCOUNT_MESSAGES.kind],
      [[BANK], null, "Send the details as a JSON object."],
      // One character mistyped: the shape is right, the check digits are not.
      [{ ...BANK, accountNumber: "PK36SCBL0000001123456703" }, "accountNumber", PAYMENT_ACCOUNT_MESSAGES.ibanCheck],
      [{ ...BANK, accountNumber: "PK37SCBL0000001123456702" }, "accountNumber", PAYMENT_ACCOUNT_MESSAGES.ibanCheck],
      [{ ...BANK, accountNumber: "PK36SCBL000000112345670" }, "accountNumber", PAYMENT_ACCOUNT_MESSAGES.iban],
      [{ ...BANK, accountNumber: "GB82WEST12345698765432" }, "accountNumber", PAYMENT_ACCOUNT_MESSAGES.iban],
      [{ ...BANK, accountNumber: "03001234567" }, "accountNumber", PAYMENT_ACCOUNT_MESSAGES.iban],
      [{ ...BANK, accountNumber: "" }, "accountNumber", PAYMENT_ACCOUNT_MESSAGES.iban],
      [{ ...BANK, accountNumber: "P".repeat(61) }, "accountNumber", PAYMENT_ACCOUNT_MESSAGES.iban],
      [{ ...BANK, provider: undefined }, "provider", PAYMENT_ACCOUNT_MESSAGES.provider],
      [{ ...BANK, provider: "  " }, "provider", PAYMENT_ACCOUNT_MESSAGES.provider],
      [{ ...BANK, provider: "M".repeat(61) }, "provider", PAYMENT_ACCOUNT_MESSAGES.provider],
      [{ ...BANK, accountTitle: "" }, "accountTitle", PAYMENT_ACCOUNT_MESSAGES.accountTitle],
      [{ ...BANK, accountTitle: "K".repeat(81) }, "accountTitle", PAYMENT_ACCOUNT_MESSAGES.accountTitle],
      [{ ...BANK, position: 0 }, "position", "Unexpected field: position."],
      [{ ...BANK, _id: kept._id }, "_id", "Unexpected field: _id."],
      [
        { kind: "jazzcash", accountTitle: "B", accountNumber: "0300123456" },
        "accountNumber",
        PAYMENT_ACCOUNT_MESSAGES.wallet("jazzcash"),
      ],
      [
        { kind: "jazzcash", accountTitle: "B", accountNumber: "+1 345 123 4567" },
        "accountNumber",
        PAYMENT_ACCOUNT_MESSAGES.wallet("jazzcash"),
      ],
      [
        { kind: "easypaisa", accountTitle: "B", accountNumber: "021 35123456" },
        "accountNumber",
        PAYMENT_ACCOUNT_MESSAGES.wallet("easypaisa"),
      ],
      [
        { kind: "easypaisa", accountTitle: "B", accountNumber: IBAN },
        "accountNumber",
        PAYMENT_ACCOUNT_MESSAGES.wallet("easypaisa"),
      ],
      [
        { kind: "jazzcash", provider: "J".repeat(61), accountTitle: "B", accountNumber: "03001234567" },
        "provider",
        PAYMENT_ACCOUNT_MESSAGES.provider,
      ],
      [{ kind: "raast", accountTitle: "B", accountNumber: "12345" }, "accountNumber", PAYMENT_ACCOUNT_MESSAGES.raast],
      [
        { kind: "raast", accountTitle: "B", accountNumber: "PK36SCBL0000001123456703" },
        "accountNumber",
        PAYMENT_ACCOUNT_MESSAGES.ibanCheck,
      ],
      [
        { kind: "raast", accountTitle: "B", accountNumber: "PK36SCBL00" },
        "accountNumber",
        PAYMENT_ACCOUNT_MESSAGES.raast,
      ],
    ];
    for (const [body, field, message] of cases) {
      for (const res of [await add(body), await edit(kept._id, body)]) {
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        const answer = res.json<{ message: string; fields?: Record<string, string> }>();
        expect(answer.message, JSON.stringify(body)).toBe(message);
        if (field) expect(answer.fields?.[field], JSON.stringify(body)).toBe(message);
      }
    }
    const badId = await remove("not-an-id");
    expect([badId.statusCode, badId.json().message]).toEqual([400, PAYMENT_ACCOUNT_MESSAGES.badId]);
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const res of [await remove(unknown), await edit(unknown, BANK)]) {
      expect([res.statusCode, res.json().message]).toEqual([404, PAYMENT_ACCOUNT_MESSAGES.notFound]);
    }
    expect(await list()).toEqual(before);
    await removeAll();
  });

  it("orders only the whole list, each id once, changing nothing otherwise", async () => {
    const a = (await add(BANK)).json<PaymentAccount>()._id;
    const b = (await add({ kind: "jazzcash", accountTitle: "B", accountNumber: "03001234567" })).json<PaymentAccount>()
      ._id;
    const before = await list();
    const refused: [body: unknown, status: number, message: string][] = [
      [{ ids: [a] }, 409, PAYMENT_ACCOUNT_MESSAGES.orderChanged],
      [{ ids: [b, a, "00000000-0000-4000-8000-000000000000"] }, 404, PAYMENT_ACCOUNT_MESSAGES.notFound],
      [{ ids: [b, b] }, 400, PAYMENT_ACCOUNT_MESSAGES.order],
      [{ ids: [b, "x"] }, 400, PAYMENT_ACCOUNT_MESSAGES.badId],
      [{ ids: "a,b" }, 400, PAYMENT_ACCOUNT_MESSAGES.order],
      [{ ids: [b, a], position: 1 }, 400, "Unexpected field: position."],
    ];
    for (const [body, status, message] of refused) {
      const res = await order(body);
      expect([res.statusCode, res.json().message], JSON.stringify(body)).toEqual([status, message]);
    }
    expect(await list()).toEqual(before);
    expect((await order({ ids: [b, a] })).statusCode).toBe(200);
    expect((await publicList()).map((x) => x.kind)).toEqual(["jazzcash", "bank"]);
    await removeAll();
  });

  it("is the owner's alone: 401 without a token, 403 to a customer; the customer's read needs no session", async () => {
    const customer = await makeShopper(t);
    const id = "00000000-0000-4000-8000-000000000000";
    for (const [method, url] of [
      ["GET", URL],
      ["POST", URL],
      ["PUT", `${URL}/${id}`],
      ["DELETE", `${URL}/${id}`],
      ["POST", `${URL}/order`],
    ] as const) {
      expect((await call(t, { headers: {} }, method, url, BANK)).statusCode).toBe(401);
      expect((await call(t, customer, method, url, BANK)).statusCode).toBe(403);
    }
    expect(await list()).toEqual([]);
    await publicList();
  });

  it("seeds the demo shop's two accounts, marked as demo, once", async () => {
    expect(await seedDemoPaymentAccounts(t.database.db)).toBe(2);
    expect(await seedDemoPaymentAccounts(t.database.db)).toBe(0);
    const shown = await publicList();
    expect(shown.map((a) => [a.kind, a.provider, a.accountTitle])).toEqual([
      ["bank", "Meezan Bank", "Karachi Shoes (demo)"],
      ["jazzcash", "JazzCash", "Karachi Shoes (demo)"],
    ]);
    await removeAll();
  });
});
