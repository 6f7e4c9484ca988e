// [Ours] The cash-on-delivery risk of an order (issue 50): what the shop's own history says about the
// customer behind it, as a level and a line per reason the owner can read aloud. A closed set of
// signals, each with its level: high for what has cost the shop before (parcels refused, orders
// nobody confirmed, the owner's own block list), watch for what is only unusual. The facts come
// from one statement (server/admin/order-risk.ts); the words and the level are decided here, so the
// order page, the orders list and the tests read the same sentences.
import { formatRs } from "./money.ts";

export const RISK_LEVELS = ["none", "watch", "high"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** Every reason the risk view can give, in the order the owner reads them (the costliest first). */
export const RISK_SIGNALS = [
  "blocked-phone",
  "blocked-address",
  "refused-by-phone",
  "refused-by-account",
  "refused-at-address",
  "unanswered-by-phone",
  "unanswered-by-account",
  "new-account-many-pairs",
  "high-value",
  "area-mismatch",
  "several-open",
  "shared-phone",
] as const;
export type RiskSignal = (typeof RISK_SIGNALS)[number];

export const SIGNAL_LEVELS: Readonly<Record<RiskSignal, Exclude<RiskLevel, "none">>> = {
  "blocked-phone": "high",
  "blocked-address": "high",
  "refused-by-phone": "high",
  "refused-by-account": "high",
  "refused-at-address": "high",
  "unanswered-by-phone": "high",
  "unanswered-by-account": "high",
  "new-account-many-pairs": "watch",
  "high-value": "watch",
  "area-mismatch": "watch",
  "several-open": "watch",
  "shared-phone": "watch",
};

export const RISK_LEVEL_LABELS: Readonly<Record<RiskLevel, string>> = {
  none: "No warning signs",
  watch: "Watch",
  high: "High risk",
};

/** Every order of this order's account or of its phone number (on any account), this one included. */
export interface CustomerHistory {
  orders: number;
  delivered: number;
  /** Cancelled before they went out (parcels that came back are counted in `returned`). */
  cancelled: number;
  /** Parcels refused at the door or returned. */
  returned: number;
  /** Pending, confirmed or on the road. */
  open: number;
}

export interface RiskReason {
  signal: RiskSignal;
  /** One line for the owner, with its numbers in words around them. */
  text: string;
}

/** GET /api/admin/orders and /api/admin/orders/:id: the risk, and the history it was read from. */
export interface OrderRisk {
  level: RiskLevel;
  reasons: RiskReason[];
  history: CustomerHistory;
}

/** An account this young (days between opening it and the order)... */
export const NEW_ACCOUNT_DAYS = 7;
/** ...ordering this many pairs, with nothing delivered yet, is worth a look. */
export const MANY_PAIRS = 4;
/** A customer with nothing delivered ordering this much (rupees)... */
export const HIGH_FIRST_ORDER = 10_000;
/** ...or one ordering more than this many times their largest delivered order. */
export const HIGH_VALUE_TIMES = 3;
/** This many open orders from one account or phone number. */
export const SEVERAL_OPEN_ORDERS = 2;

/** Parcels that came back, by how. */
export interface CameBack {
  refused: number;
  returned: number;
}

/** What the shop's history says about one order (every count leaves the order itself out). */
export interface RiskFacts {
  history: CustomerHistory;
  totalAmount: number;
  pairs: number;
  /** Whole days between opening the account and placing the order. */
  accountAgeDays: number;
  /** Orders of this account delivered. */
  accountDelivered: number;
  /** Parcels that came back on other orders to this phone: how many, and on which accounts. */
  phoneBack: CameBack & { thisAccount: number; otherAccounts: number };
  /** Parcels that came back on the account's orders to other phones. */
  accountBack: CameBack;
  /** Other orders to this phone cancelled because nobody confirmed them, and on how many other accounts. */
  phoneUnanswered: { orders: number; thisAccount: number; otherAccounts: number };
  /** The account's orders to other phones cancelled unconfirmed. */
  accountUnanswered: number;
  /** Parcels that came back to this address under other accounts and other phones, and how many accounts. */
  addressBack: CameBack & { accounts: number };
  /** Other accounts that ordered with this phone. */
  otherAccounts: number;
  /** Orders of this account or phone delivered, and the largest of them (rupees; null for none). */
  deliveredBefore: number;
  largestDelivered: number | null;
  /** The listed place the address line names when it disagrees with the chosen area (shared/address-areas.ts). */
  otherArea: { named: string; chosen: string } | null;
  /** The owner's reason, when the phone or the address is on the block list. */
  blockedPhone: string | null;
  blockedAddress: string | null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "refused 2 parcels", "returned 1 parcel", "refused 2 parcels and returned 1". */
function cameBack({ refused, returned }: CameBack): string {
  if (returned === 0) return `refused ${plural(refused, "parcel")}`;
  if (refused === 0) return `returned ${plural(returned, "parcel")}`;
  return `refused ${plural(refused, "parcel")} and returned ${returned}`;
}

/** "on this account", "on 2 other accounts", "on this account and 1 other account". */
function onAccounts(thisAccount: number, otherAccounts: number): string {
  const others = plural(otherAccounts, "other account");
  if (otherAccounts === 0) return "on this account";
  return thisAccount > 0 ? `on this account and ${others}` : `on ${others}`;
}

function accountAge(days: number): string {
  return days < 1 ? "the same day as this order" : `${plural(days, "day")} before this order`;
}

/** The reasons that apply, each with its sentence; the order's level is the highest of theirs. */
function reasonsOf(f: RiskFacts): [RiskSignal, string][] {
  const reasons: [RiskSignal, string][] = [];
  const add = (when: boolean, signal: RiskSignal, text: () => string) => {
    if (when) reasons.push([signal, text()]);
  };
  const phoneBack = f.phoneBack.refused + f.phoneBack.returned;
  const accountBack = f.accountBack.refused + f.accountBack.returned;
  const addressBack = f.addressBack.refused + f.addressBack.returned;
  const unanswered = f.phoneUnanswered;
  add(f.blockedPhone !== null, "blocked-phone", () => `This phone number is on your block list: “${f.blockedPhone}”.`);
  add(f.blockedAddress !== null, "blocked-address", () => `This address is on your block list: “${f.blockedAddress}”.`);
  add(
    phoneBack > 0,
    "refused-by-phone",
    () =>
      `This phone ${cameBack(f.phoneBack)} before, ${onAccounts(f.phoneBack.thisAccount, f.phoneBack.otherAccounts)}.`,
  );
  add(
    accountBack > 0,
    "refused-by-account",
    () => `This account ${cameBack(f.accountBack)} before, sent to a different phone number.`,
  );
  add(
    addressBack > 0,
    "refused-at-address",
    () => `This address ${cameBack(f.addressBack)} before, under ${plural(f.addressBack.accounts, "other account")}.`,
  );
  add(
    unanswered.orders > 0,
    "unanswered-by-phone",
    () =>
      `This phone left ${plural(unanswered.orders, "order")} unconfirmed before, cancelled when nobody answered, ${onAccounts(unanswered.thisAccount, unanswered.otherAccounts)}.`,
  );
  add(
    f.accountUnanswered > 0,
    "unanswered-by-account",
    () =>
      `This account left ${plural(f.accountUnanswered, "order")} unconfirmed before, cancelled when nobody answered, with a different phone number.`,
  );
  add(
    f.accountAgeDays < NEW_ACCOUNT_DAYS && f.accountDelivered === 0 && f.pairs >= MANY_PAIRS,
    "new-account-many-pairs",
    () =>
      `A new account, opened ${accountAge(f.accountAgeDays)} and with nothing delivered yet, orders ${f.pairs} pairs.`,
  );
  if (f.deliveredBefore === 0) {
    add(
      f.totalAmount >= HIGH_FIRST_ORDER,
      "high-value",
      () => `${formatRs(f.totalAmount)} from a customer with nothing delivered yet.`,
    );
  } else if (f.largestDelivered !== null) {
    const largest = f.largestDelivered;
    add(
      f.totalAmount > HIGH_VALUE_TIMES * largest,
      "high-value",
      () =>
        `${formatRs(f.totalAmount)} is more than ${HIGH_VALUE_TIMES} times this customer's largest delivered order (${formatRs(largest)}).`,
    );
  }
  add(
    f.otherArea !== null,
    "area-mismatch",
    () => `The address names ${f.otherArea?.named}, but the area chosen is ${f.otherArea?.chosen}.`,
  );
  add(
    f.history.open >= SEVERAL_OPEN_ORDERS,
    "several-open",
    () => `${f.history.open} open orders from this account or phone number.`,
  );
  add(
    f.otherAccounts > 0,
    "shared-phone",
    () => `This phone number was used on ${plural(f.otherAccounts, "other account")}.`,
  );
  return reasons;
}

/** The order's risk: its reasons in the order of RISK_SIGNALS (reasonsOf adds them so). */
export function orderRisk(facts: RiskFacts): OrderRisk {
  const reasons = reasonsOf(facts).map(([signal, text]) => ({ signal, text }));
  const levels = reasons.map((reason) => SIGNAL_LEVELS[reason.signal]);
  const level: RiskLevel = levels.includes("high") ? "high" : levels.length > 0 ? "watch" : "none";
  return { level, reasons, history: facts.history };
}
