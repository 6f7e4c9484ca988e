// A stand-in for JazzCash's Page Redirection on 127.0.0.1, for tests/jazzcash-checkout.test.ts: it takes
// the form the customer's browser posts and checks it the way JazzCash's document describes, then
// answers any transaction it accepted with a signed answer for an outcome the test picks, for the
// test to post to the shop's return address as the customer's browser would.
// Shapes (docs/decisions/039-jazzcash-hosted-checkout.md has the sources):
// - the request's fields and formats: JazzCash Sandbox Documentation v4.2, API References
//   (https://sandbox.jazzcash.com.pk/SandboxDocumentation/v4.2/ApiReferences.html);
// - the answer's fields (pp_ResponseCode, pp_ResponseMessage, pp_RetreivalReferenceNo, pp_AuthCode, …)
//   as public clients read them (e.g. MUHAMMAD-HAMZA-AZAM/HW-Project HW.Web2/ClientApp/src/app/models/payments/payments.ts);
// - the codes: Sandbox Documentation, Resources (https://payments.jazzcash.com.pk/SandboxDocumentation/Resources.html):
//   000 "Thank you for Using JazzCash, your transaction was successful.", 112 "Transaction Cancelled by
//   User."; 124's words were not in the part of the list we could read (and one public guide calls it a
//   duplicate), so the stand-in's words for it are its own: the shop reads only the code, and every
//   code but 000 is "not paid".
// The secure hash is computed here on its own, from the document's rule, not with the shop's signer:
// a slip in the shop's signer shows as a refusal here.
import { createHmac, randomInt } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export const MERCHANT_FORM_PATH = "/CustomerPortal/transactionmanagement/merchantform/";

/** What JazzCash's sandbox answers for the outcomes a test asks (Resources' response codes). */
export const JAZZCASH_OUTCOMES = {
  paid: { code: "000", message: "Thank you for Using JazzCash, your transaction was successful." },
  notPaid: { code: "124", message: "Transaction not completed (the stand-in's words)." },
  cancelled: { code: "112", message: "Transaction Cancelled by User." },
} as const;
export type JazzCashOutcome = keyof typeof JAZZCASH_OUTCOMES;

export interface JazzCashAccount {
  merchantId: string;
  password: string;
  integritySalt: string;
}

export interface JazzCashStandIn {
  /** What JAZZCASH_URL is set to. */
  url: string;
  /** Every form accepted, by pp_TxnRefNo. */
  accepted: Map<string, Record<string, string>>;
  /** Every form refused, with why. */
  refused: { reference: string; reason: string }[];
  /** The signed answer to an accepted transaction: where it goes (pp_ReturnURL) and its fields. */
  answer(reference: string, outcome: JazzCashOutcome): { returnUrl: string; fields: Record<string, string> };
  close(): Promise<void>;
}

/** The document's rule: non-empty pp… fields but the hash, by name, after the salt; HMAC-SHA256. */
export function documentHash(fields: Record<string, string>, salt: string): string {
  const values = Object.entries(fields)
    .filter(([name, value]) => name.startsWith("pp") && name !== "pp_SecureHash" && value !== "")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, value]) => value);
  return createHmac("sha256", salt)
    .update([salt, ...values].join("&"))
    .digest("hex")
    .toUpperCase();
}

const STAMP = /^\d{14}$/;
/** Why JazzCash would refuse this form, or undefined. */
function refusalOf(form: Record<string, string>, account: JazzCashAccount): string | undefined {
  if (form.pp_MerchantID !== account.merchantId || form.pp_Password !== account.password)
    return "101 Invalid merchant credentials.";
  if ((form.pp_SecureHash ?? "").toUpperCase() !== documentHash(form, account.integritySalt))
    return "115 Invalid hash received.";
  if (form.pp_Version !== "1.1") return "110 Invalid value for pp_Version";
  if (!/^[A-Za-z0-9]{1,20}$/.test(form.pp_TxnRefNo ?? "")) return "110 Invalid value for pp_TxnRefNo";
  if (!/^[1-9]\d*$/.test(form.pp_Amount ?? "")) return "110 Invalid value for pp_Amount";
  if (form.pp_TxnCurrency !== "PKR") return "110 Invalid value for pp_TxnCurrency";
  if (!STAMP.test(form.pp_TxnDateTime ?? "") || !STAMP.test(form.pp_TxnExpiryDateTime ?? ""))
    return "110 Invalid value for pp_TxnDateTime";
  if (/[<>\\*=%/:'|"{}]/.test(`${form.pp_Description ?? ""}${form.pp_BillReference ?? ""}`))
    return "110 Invalid value for pp_Description";
  if (!URL.canParse(form.pp_ReturnURL ?? "")) return "110 Invalid value for pp_ReturnURL";
  return undefined;
}

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
}

export async function startJazzCashStandIn(account: JazzCashAccount): Promise<JazzCashStandIn> {
  const accepted = new Map<string, Record<string, string>>();
  const refused: { reference: string; reason: string }[] = [];
  const server = createServer(async (request, response) => {
    const form = await readForm(request);
    const contentType = request.headers["content-type"] ?? "";
    if (
      request.method !== "POST" ||
      request.url !== MERCHANT_FORM_PATH ||
      !contentType.startsWith("application/x-www-form-urlencoded")
    ) {
      response.writeHead(404).end();
      return;
    }
    const reason = refusalOf(form, account);
    if (reason) {
      refused.push({ reference: form.pp_TxnRefNo ?? "", reason });
      response.writeHead(200, { "content-type": "text/html" }).end(`<p>${reason}</p>`);
      return;
    }
    const reference = form.pp_TxnRefNo ?? "";
    accepted.set(reference, form);
    // JazzCash's own page, where the customer chooses a wallet or a card and pays or cancels: here two
    // buttons, each posting the signed answer back to pp_ReturnURL as JazzCash's page does (a browser
    // test presses one; the shop never sees what the customer typed here).
    const button = (outcome: JazzCashOutcome, label: string) => {
      const { returnUrl, fields } = signedAnswer(reference, outcome);
      const inputs = Object.entries(fields)
        .map(
          ([name, value]) => `<input type="hidden" name="${escapeAttribute(name)}" value="${escapeAttribute(value)}">`,
        )
        .join("");
      return `<form method="post" action="${escapeAttribute(returnUrl)}">${inputs}<button>${label}</button></form>`;
    };
    response
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(
        `<!doctype html><title>JazzCash (stand-in)</title><h1>Pay with JazzCash (stand-in)</h1>` +
          `<p>Rs.${Number(form.pp_Amount) / 100}</p>${button("paid", "Pay")}${button("cancelled", "Cancel")}`,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${MERCHANT_FORM_PATH}`,
    accepted,
    refused,
    answer: (reference, outcome) => signedAnswer(reference, outcome),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  function signedAnswer(reference: string, outcome: JazzCashOutcome) {
    const request = accepted.get(reference);
    if (!request) throw new Error(`the stand-in accepted no transaction ${reference}`);
    const { code, message } = JAZZCASH_OUTCOMES[outcome];
    const fields: Record<string, string> = {
      pp_Amount: request.pp_Amount ?? "",
      pp_AuthCode: code === "000" ? String(randomInt(100_000, 1_000_000)) : "",
      pp_BankID: "",
      pp_BillReference: request.pp_BillReference ?? "",
      pp_Language: request.pp_Language ?? "EN",
      pp_MerchantID: account.merchantId,
      pp_ResponseCode: code,
      pp_ResponseMessage: message,
      pp_RetreivalReferenceNo: String(randomInt(100_000_000, 1_000_000_000)),
      pp_SubMerchantId: "",
      pp_TxnCurrency: "PKR",
      pp_TxnDateTime: request.pp_TxnDateTime ?? "",
      pp_TxnRefNo: reference,
      pp_TxnType: "MWALLET",
      pp_Version: "1.1",
      ppmpf_1: "",
      ppmpf_2: "",
      ppmpf_3: "",
      ppmpf_4: "",
      ppmpf_5: "",
    };
    return {
      returnUrl: request.pp_ReturnURL ?? "",
      fields: { ...fields, pp_SecureHash: documentHash(fields, account.integritySalt) },
    };
  }
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
