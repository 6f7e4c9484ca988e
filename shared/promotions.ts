// [Ours] Offers and discount codes (issue 51, docs/decisions/041-offers-and-codes.md): what a cart's
// lines get off, worked out once. The server calls it with the moment's prices for the cart's offer
// line, the checkout's check and the order statement (server/promotions/discounts.ts), so the page, the
// order, its mails and the courier's cash all carry the one number it answers.
import { quantitySchema } from "./cart.ts";
import { productIdSchema } from "./catalog-schemas.ts";
import { codeLabel } from "./code-label.ts";
import { formatRs } from "./money.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

export { codeLabel };

export const CODE_PATTERN = /^[A-Z0-9-]{3,20}$/;
const CODE_FORMAT = "A discount code is 3 to 20 letters, digits or hyphens, like EID500.";

/** The customer's typing, trimmed and upper-cased, as codes are kept. */
export const discountCodeSchema = z
  .string({ error: CODE_FORMAT })
  .trim()
  .toUpperCase()
  .regex(CODE_PATTERN, { error: CODE_FORMAT });

/** One line of a cart at the moment's price (a sale's, when one is on). */
export interface PromoLine {
  productId: string;
  categorySlug: string;
  /** The moment's price of one pair. */
  unitPrice: number;
  quantity: number;
}

/** Which lines an offer or a code is for: none named means every line. */
interface Scope {
  productIds: readonly string[];
  categorySlugs: readonly string[];
}

export const OFFER_KINDS = ["pairsPercent", "secondPairPercent"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

export interface OfferRule extends Scope {
  id: string;
  name: string;
  kind: OfferKind;
  /** pairsPercent: pairs needed (2 for "buy 2 pairs"). */
  minPairs: number;
  percent: number;
}

export const CODE_KINDS = ["percent", "fixed"] as const;
export type CodeKind = (typeof CODE_KINDS)[number];

export interface CodeRule extends Scope {
  id: string;
  code: string;
  kind: CodeKind;
  percent: number | null;
  amount: number | null;
  minimumOrder: number;
}

export interface AppliedDiscount {
  amount: number;
  /** As the order, its mails and its slip say it: the offer's name, or "Code EID500". */
  label: string;
  offerId: string | null;
  codeId: string | null;
}

export interface DiscountChoice {
  /** What the order takes off: the larger of the best offer and the code, never both. */
  discount: AppliedDiscount | null;
  /** Why the code the customer typed takes nothing off (null when it applies or none was typed). */
  codeRefusal: string | null;
}

/** Percent of rupees, to the rupee, half up: the one rounding of every discount (integers only). */
export const percentOf = (rupees: number, percent: number): number => Math.floor((rupees * percent + 50) / 100);

const inScope = (scope: Scope, line: PromoLine) =>
  (scope.productIds.length === 0 && scope.categorySlugs.length === 0) ||
  scope.productIds.includes(line.productId) ||
  scope.categorySlugs.includes(line.categorySlug);

const linesTotal = (lines: readonly PromoLine[]) => lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
const pairsOf = (lines: readonly PromoLine[]) => lines.reduce((sum, l) => sum + l.quantity, 0);

/**
 * What an offer takes off these lines (0 when they do not qualify). Rounded once, on the lines'
 * sum, never line by line: three lines at 10% of Rs.1,005 each are Rs.302 off, not 3 × Rs.101.
 */
export function offerDiscount(offer: OfferRule, lines: readonly PromoLine[]): number {
  const mine = lines.filter((line) => inScope(offer, line));
  if (offer.kind === "pairsPercent") {
    return pairsOf(mine) >= offer.minPairs ? percentOf(linesTotal(mine), offer.percent) : 0;
  }
  // Second pair at percent off: the pairs dearest first, every second one (so the cheaper of each two).
  const pairs = mine.flatMap((line) => Array.from({ length: line.quantity }, () => line.unitPrice));
  pairs.sort((a, b) => b - a);
  const second = pairs.filter((_, i) => i % 2 === 1).reduce((sum, p) => sum + p, 0);
  return percentOf(second, offer.percent);
}

/** The offer that takes the most off (the first by name among equals), or null when none applies. */
export function bestOffer(
  offers: readonly OfferRule[],
  lines: readonly PromoLine[],
): { offer: OfferRule; amount: number } | null {
  let best: { offer: OfferRule; amount: number } | null = null;
  for (const offer of [...offers].sort((a, b) => a.name.localeCompare(b.name))) {
    const amount = offerDiscount(offer, lines);
    if (amount > 0 && (best === null || amount > best.amount)) best = { offer, amount };
  }
  return best;
}

export const CODE_MESSAGES = {
  unknown: (code: string) => `We don't know the code ${code}. Please check its spelling.`,
  notYet: (code: string, when: string) => `The code ${code} starts on ${when}.`,
  ended: (code: string) => `The code ${code} has ended.`,
  usedUp: (code: string) => `The code ${code} has been used as many times as the shop allows.`,
  yoursUsed: (code: string) => `You have already used the code ${code} (with this account or this phone number).`,
  minimum: (code: string, minimum: number, itemsTotal: number) =>
    `The code ${code} is for orders of ${formatRs(minimum)} or more; your shoes come to ${formatRs(itemsTotal)}.`,
  notForThese: (code: string) => `The code ${code} is not for any of the shoes in your cart.`,
  offerBetter: (code: string, offer: string, offerAmount: number, codeAmount: number) =>
    `Your cart's offer "${offer}" already saves ${formatRs(offerAmount)}, more than the code ${code} (${formatRs(codeAmount)}). An offer and a code do not combine, so the offer stays.`,
} as const;

/** What a code takes off these lines, or why it takes nothing (its window and uses checked before). */
export function codeDiscount(code: CodeRule, lines: readonly PromoLine[]): { amount: number } | { refusal: string } {
  const itemsTotal = linesTotal(lines);
  if (itemsTotal < code.minimumOrder)
    return { refusal: CODE_MESSAGES.minimum(code.code, code.minimumOrder, itemsTotal) };
  const mine = linesTotal(lines.filter((line) => inScope(code, line)));
  if (mine === 0) return { refusal: CODE_MESSAGES.notForThese(code.code) };
  const amount = code.kind === "percent" ? percentOf(mine, code.percent ?? 0) : Math.min(code.amount ?? 0, mine);
  return { amount };
}

/**
 * The one combining rule (docs/decisions/041-offers-and-codes.md): the customer gets the larger of the
 * best automatic offer and their code, never both; on a tie the offer, which spends no use of the code.
 * `code` is a code already found live and within its uses, or a refusal already worded.
 */
export function chooseDiscount(
  lines: readonly PromoLine[],
  offers: readonly OfferRule[],
  code: CodeRule | { refusal: string } | null,
): DiscountChoice {
  const offer = bestOffer(offers, lines);
  const offerChoice: AppliedDiscount | null = offer
    ? { amount: offer.amount, label: offer.offer.name, offerId: offer.offer.id, codeId: null }
    : null;
  if (code === null) return { discount: offerChoice, codeRefusal: null };
  if ("refusal" in code) return { discount: offerChoice, codeRefusal: code.refusal };
  const byCode = codeDiscount(code, lines);
  if ("refusal" in byCode) return { discount: offerChoice, codeRefusal: byCode.refusal };
  if (offer && offer.amount >= byCode.amount) {
    return {
      discount: offerChoice,
      codeRefusal: CODE_MESSAGES.offerBetter(code.code, offer.offer.name, offer.amount, byCode.amount),
    };
  }
  return {
    discount: { amount: byCode.amount, label: codeLabel(code.code), offerId: null, codeId: code.id },
    codeRefusal: null,
  };
}

/** What an order, a cart or a check says of its discount: its words and its rupees. */
export interface DiscountLine {
  label: string;
  amount: number;
}

/** POST /api/offers/for-cart: a cart's lines (a visitor's too), to show its offer as soon as it applies. */
export const cartOfferQuestionSchema = strictBody({
  items: z
    .array(strictBody({ productId: productIdSchema, quantity: quantitySchema }), {
      error: "Send the cart's lines as items: [{ productId, quantity }].",
    })
    .max(20, { error: "A cart has at most 20 lines." }),
});

export interface CartOfferAnswer {
  offer: DiscountLine | null;
}

export const productOffersParamsSchema = z.object({ productId: productIdSchema });

/** GET /api/offers/for-product/{id}: the names of the live offers the product is in. */
export interface ProductOffersAnswer {
  offers: string[];
}
