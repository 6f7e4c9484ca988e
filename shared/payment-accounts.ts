// [Ours] Where a customer sends an advance (issue 50, docs/decisions/038-cod-fee-and-advance.md): the
// shop's bank account, Raast ID, JazzCash or Easypaisa wallet, as the owner keeps them
// (/admin/payment-accounts) and Track Your Order shows them beside the amount due. The owner's
// request schemas of /api/admin/payment-accounts, its answers and the public read's.
import { PAYMENT_KIND_WORDS, type PaymentKind } from "./payment-kinds.ts";
import { pakistaniMobile } from "./phone.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

export * from "./payment-kinds.ts";

export interface PaymentAccount {
  _id: string;
  kind: PaymentKind;
  /** The bank's name for a bank account ("Meezan Bank"); "Raast", "JazzCash" or "Easypaisa" otherwise. */
  provider: string;
  /** The name the account is held in: the customer's app shows it before they send. */
  accountTitle: string;
  /** The IBAN, the Raast ID or the wallet's mobile number. */
  accountNumber: string;
}

export const PROVIDER_MAX = 60;
export const ACCOUNT_TITLE_MAX = 80;
/** More than a shop keeps; a bound so the owner's order (a list of every id) stays a small body. */
export const PAYMENT_ACCOUNTS_MAX = 50;

export const PAYMENT_ACCOUNT_MESSAGES = {
  kind: "kind must be bank, raast, jazzcash or easypaisa.",
  provider: `Give the bank's name in 1 to ${PROVIDER_MAX} characters, like Meezan Bank.`,
  accountTitle: `Give the account title in 1 to ${ACCOUNT_TITLE_MAX} characters, as the customer's app will show it.`,
  iban: "Enter the IBAN as PK, 2 digits, the bank's 4 letters and 16 digits, like PK36 SCBL 0000 0011 2345 6702.",
  ibanCheck: "This IBAN's check digits do not match: one of its characters is mistyped. Copy it again from the bank.",
  raast: "Enter the Raast ID as the mobile number it is registered to, like 0300 1234567, or as an IBAN.",
  wallet: (kind: "jazzcash" | "easypaisa") =>
    `Enter the ${PAYMENT_KIND_WORDS[kind].name} number as a Pakistani mobile number, like 0300 1234567.`,
  badId: "That is not a valid payment account id.",
  notFound: "No payment account has that id.",
  duplicate: "This account is already listed.",
  tooMany: `The shop can list at most ${PAYMENT_ACCOUNTS_MAX} payment accounts.`,
  order: "List every payment account once, in the order customers should see them.",
  orderChanged: "The accounts changed since this page was opened. Reload it and put them in order again.",
} as const;

// An IBAN of Pakistan: PK, 2 check digits, the bank's 4 letters, 16 digits (24 characters).
const PK_IBAN = /^PK\d{2}[A-Z]{4}\d{16}$/;

/** The IBAN as typed ("pk36 scbl 0000 …") without its spaces and in capitals: how it is stored and compared. */
export const compactIban = (typed: string) => typed.replace(/\s+/g, "").toUpperCase();

/** ISO 13616 check: the first four characters moved to the end, letters as 10..35, the number mod 97 is 1. */
export function ibanCheckDigitsMatch(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    // Digit by digit: the whole number is far beyond a double's exact range.
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** "+92 300 1234567", "92300…", "0300-1234567" -> "03001234567", as Pakistanis type a wallet number. */
function localMobile(typed: string): string | undefined {
  const mobile = pakistaniMobile(typed);
  return mobile === undefined ? undefined : `0${mobile.slice(2)}`;
}

// Bounded before any work: the longest IBAN typed with a space between every character is under 50.
const TYPED_NUMBER_MAX = 60;
const typedNumber = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(TYPED_NUMBER_MAX, { error: message, abort: true });

const ibanNumber = (message: string) =>
  typedNumber(message)
    .transform(compactIban)
    .refine((iban) => PK_IBAN.test(iban), { error: message, abort: true })
    .refine(ibanCheckDigitsMatch, { error: PAYMENT_ACCOUNT_MESSAGES.ibanCheck });

const walletNumber = (kind: "jazzcash" | "easypaisa") =>
  typedNumber(PAYMENT_ACCOUNT_MESSAGES.wallet(kind))
    .refine((typed) => localMobile(typed) !== undefined, { error: PAYMENT_ACCOUNT_MESSAGES.wallet(kind), abort: true })
    .transform((typed) => localMobile(typed) as string);

// A Raast ID is either: what starts with PK is checked as an IBAN, anything else as a mobile number.
const raastNumber = typedNumber(PAYMENT_ACCOUNT_MESSAGES.raast).transform((typed, context) => {
  const iban = compactIban(typed);
  const isIban = iban.startsWith("PK");
  const number = isIban ? iban : localMobile(typed);
  const problem =
    number === undefined || (isIban && !PK_IBAN.test(iban))
      ? PAYMENT_ACCOUNT_MESSAGES.raast
      : isIban && !ibanCheckDigitsMatch(iban)
        ? PAYMENT_ACCOUNT_MESSAGES.ibanCheck
        : undefined;
  if (problem !== undefined || number === undefined) {
    context.addIssue({ code: "custom", message: problem ?? PAYMENT_ACCOUNT_MESSAGES.raast });
    return z.NEVER;
  }
  return number;
});

const accountTitle = z
  .string({ error: PAYMENT_ACCOUNT_MESSAGES.accountTitle })
  .trim()
  .min(1, { error: PAYMENT_ACCOUNT_MESSAGES.accountTitle })
  .max(ACCOUNT_TITLE_MAX, { error: PAYMENT_ACCOUNT_MESSAGES.accountTitle });
const provider = z
  .string({ error: PAYMENT_ACCOUNT_MESSAGES.provider })
  .trim()
  .min(1, { error: PAYMENT_ACCOUNT_MESSAGES.provider })
  .max(PROVIDER_MAX, { error: PAYMENT_ACCOUNT_MESSAGES.provider });
/** A wallet's or Raast's provider is the kind's own name unless the owner says otherwise (empty is not saying). */
const providerOr = (kind: PaymentKind) =>
  z
    .string({ error: PAYMENT_ACCOUNT_MESSAGES.provider })
    .trim()
    .max(PROVIDER_MAX, { error: PAYMENT_ACCOUNT_MESSAGES.provider })
    .optional()
    .transform((typed) => typed || PAYMENT_KIND_WORDS[kind].name);

/** POST /api/admin/payment-accounts and PUT /api/admin/payment-accounts/:id: one account, its number as stored. */
export const paymentAccountInputSchema = z.discriminatedUnion(
  "kind",
  [
    strictBody({
      kind: z.literal("bank"),
      provider,
      accountTitle,
      accountNumber: ibanNumber(PAYMENT_ACCOUNT_MESSAGES.iban),
    }),
    strictBody({ kind: z.literal("raast"), provider: providerOr("raast"), accountTitle, accountNumber: raastNumber }),
    strictBody({
      kind: z.literal("jazzcash"),
      provider: providerOr("jazzcash"),
      accountTitle,
      accountNumber: walletNumber("jazzcash"),
    }),
    strictBody({
      kind: z.literal("easypaisa"),
      provider: providerOr("easypaisa"),
      accountTitle,
      accountNumber: walletNumber("easypaisa"),
    }),
  ],
  {
    error: (issue) =>
      typeof issue.input === "object" && issue.input !== null && !Array.isArray(issue.input)
        ? PAYMENT_ACCOUNT_MESSAGES.kind
        : "Send the details as a JSON object.",
  },
);
export type PaymentAccountInput = z.output<typeof paymentAccountInputSchema>;

export const paymentAccountIdParamsSchema = z.object({ id: z.uuid({ error: PAYMENT_ACCOUNT_MESSAGES.badId }) });

/** POST /api/admin/payment-accounts/order: every account's id once, first shown first. */
export const paymentAccountOrderSchema = strictBody({
  ids: z
    .array(z.uuid({ error: PAYMENT_ACCOUNT_MESSAGES.badId }), { error: PAYMENT_ACCOUNT_MESSAGES.order })
    .max(PAYMENT_ACCOUNTS_MAX, { error: PAYMENT_ACCOUNT_MESSAGES.order })
    .refine((ids) => new Set(ids).size === ids.length, { error: PAYMENT_ACCOUNT_MESSAGES.order }),
});

/** GET /api/admin/payment-accounts: every account, in the owner's order. */
export interface PaymentAccountList {
  accounts: PaymentAccount[];
}

/** GET /api/payment-accounts: what a customer needs to send an advance, nothing of the owner's. */
export type PublicPaymentAccount = Omit<PaymentAccount, "_id">;
export interface PublicPaymentAccountList {
  accounts: PublicPaymentAccount[];
}

/** The number as a person reads it off the screen: an IBAN in groups of four, a mobile as 0300 1234567. */
export function readableAccountNumber(number: string): string {
  if (/^PK/.test(number)) return number.replace(/(.{4})(?=.)/g, "$1 ");
  const mobile = localMobile(number);
  return mobile ? `${mobile.slice(0, 4)} ${mobile.slice(4)}` : number;
}
