// A courier's terms and what they say a parcel's payout should be (issue 48;
// docs/decisions/033-cash-reconciliation.md). The owner edits the terms (PUT
// /api/admin/couriers/:id/terms); the payment report's every line is compared with `expectedPayout`.
// Rates are basis points (1.5% = 150), money whole rupees; each amount is rounded to the rupee on
// its own (half up), as couriers print them.
import { formatRs } from "./money.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

export const DELIVERY_BY = ["flat", "weight"] as const;
export type DeliveryBy = (typeof DELIVERY_BY)[number];
export const PAYOUT_CYCLES = ["weekly", "hours"] as const;
export type PayoutCycle = (typeof PAYOUT_CYCLES)[number];
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** A weight a booking file did not give: the half kilo a pair of shoes in its box weighs at most. */
export const ASSUMED_WEIGHT_GRAMS = 500;
/** A payment more than this far from the expectation is a short (or over) payment. */
export const PAYMENT_TOLERANCE = 1;

export interface CourierTerms {
  deliveryBy: DeliveryBy;
  /** Flat: every parcel; by weight: the first 500 g. */
  deliveryCharge: number;
  /** By weight: each further 500 g or part of it. */
  perExtraHalfKilo: number;
  codFeeBasisPoints: number;
  codFeeMinimum: number;
  /** Sales tax on the courier's charges (Sindh: 15%). */
  salesTaxBasisPoints: number;
  /** Withholding tax the courier deducts from the cash collected (Finance Act 2025: 2%). */
  withholdingBasisPoints: number;
  /** What the courier charges to bring a refused parcel back. */
  returnCharge: number;
  payoutCycle: PayoutCycle;
  /** Weekly: the day it pays (0 Sunday … 6 Saturday, Karachi time). */
  payoutWeekday: number | null;
  /** Hours: it pays within this many hours of the delivery. */
  payoutHours: number | null;
  /** Seeded from typical rates, not yet checked against the owner's contract. */
  isDefault: boolean;
}

/** Every amount of a parcel's payout, as the terms say it (or as a payment report states it). */
export interface PayoutAmounts {
  collected: number;
  deliveryCharge: number;
  codFee: number;
  salesTax: number;
  withholdingTax: number;
  returnCharge: number;
  /** collected minus every deduction: what reaches the shop's bank (negative: the shop owes the courier). */
  net: number;
}

const roundRupees = (value: number) => Math.floor(value + 0.5);
const share = (amount: number, basisPoints: number) => roundRupees((amount * basisPoints) / 10_000);

/** The delivery charge of a parcel of this weight. */
export function deliveryChargeOf(terms: CourierTerms, weightGrams: number | null): number {
  if (terms.deliveryBy === "flat") return terms.deliveryCharge;
  const extraHalfKilos = Math.max(0, Math.ceil((weightGrams ?? ASSUMED_WEIGHT_GRAMS) / 500) - 1);
  return terms.deliveryCharge + extraHalfKilos * terms.perExtraHalfKilo;
}

/**
 * What the courier should pay for a parcel. Delivered: the amount collected at the door, less the
 * delivery charge, the COD fee (its share, at least its minimum), the sales tax on those two
 * charges, and the withholding tax on the amount collected. Refused: nothing collected; the
 * delivery and return charges and their sales tax are owed to the courier (a negative net).
 */
export function expectedPayout(
  terms: CourierTerms,
  parcel: { codAmount: number; weightGrams: number | null; outcome: "delivered" | "refused" },
): PayoutAmounts {
  const deliveryCharge = deliveryChargeOf(terms, parcel.weightGrams);
  if (parcel.outcome === "refused") {
    const salesTax = share(deliveryCharge + terms.returnCharge, terms.salesTaxBasisPoints);
    const charges = deliveryCharge + terms.returnCharge + salesTax;
    return {
      collected: 0,
      deliveryCharge,
      codFee: 0,
      salesTax,
      withholdingTax: 0,
      returnCharge: terms.returnCharge,
      net: -charges,
    };
  }
  const collected = parcel.codAmount;
  const codFee = Math.max(terms.codFeeMinimum, share(collected, terms.codFeeBasisPoints));
  const salesTax = share(deliveryCharge + codFee, terms.salesTaxBasisPoints);
  const withholdingTax = share(collected, terms.withholdingBasisPoints);
  return {
    collected,
    deliveryCharge,
    codFee,
    salesTax,
    withholdingTax,
    returnCharge: 0,
    net: collected - deliveryCharge - codFee - salesTax - withholdingTax,
  };
}

/** How the terms read to the owner: 'Rs.250 for the first 500 g, Rs.100 each 500 g after'. */
export function deliveryTermsText(terms: CourierTerms): string {
  return terms.deliveryBy === "flat"
    ? `Rs.${terms.deliveryCharge} a parcel`
    : `Rs.${terms.deliveryCharge} for the first 500 g, Rs.${terms.perExtraHalfKilo} each 500 g after`;
}

/** 'weekly on Thursday', 'within 24 h'. */
export function payoutCycleText(terms: Pick<CourierTerms, "payoutCycle" | "payoutWeekday" | "payoutHours">): string {
  if (terms.payoutCycle === "weekly") return `weekly on ${WEEKDAYS[terms.payoutWeekday ?? 0]}`;
  return `within ${terms.payoutHours ?? 24} h`;
}

/** 150 -> '1.5%', 1500 -> '15%': a rate as the owner reads it. */
export function percentText(basisPoints: number): string {
  return `${Number((basisPoints / 100).toFixed(2))}%`;
}

/** 'COD fee 4% (at least Rs.20)', 'COD fee 1%', 'COD fee Rs.20', 'no COD fee'. */
export function codFeeText(terms: Pick<CourierTerms, "codFeeBasisPoints" | "codFeeMinimum">): string {
  const { codFeeBasisPoints: rate, codFeeMinimum: minimum } = terms;
  if (rate === 0) return minimum === 0 ? "no COD fee" : `COD fee ${formatRs(minimum)}`;
  return `COD fee ${percentText(rate)}${minimum > 0 ? ` (at least ${formatRs(minimum)})` : ""}`;
}

/**
 * The terms in the owner's words, a phrase each: 'Delivery Rs.180 a parcel', 'COD fee 4% (at least
 * Rs.20)', 'sales tax 15% on charges', 'withholding 2% of the cash', 'return Rs.100', 'pays within 24 h'.
 */
export function termsPhrases(terms: CourierTerms): string[] {
  return [
    `Delivery ${deliveryTermsText(terms)}`,
    codFeeText(terms),
    `sales tax ${percentText(terms.salesTaxBasisPoints)} on charges`,
    `withholding ${percentText(terms.withholdingBasisPoints)} of the cash`,
    `return ${formatRs(terms.returnCharge)}`,
    `pays ${payoutCycleText(terms)}`,
  ];
}

const wholeRupees = (what: string, max: number) =>
  z
    .number({ error: `The ${what} must be a whole number of rupees.` })
    .int({ error: `The ${what} must be a whole number of rupees.` })
    .min(0, { error: `The ${what} cannot be negative.` })
    .max(max, { error: `The ${what} can be at most Rs.${max}.` });
const percent = (what: string) =>
  z
    .number({ error: `The ${what} must be a percentage from 0 to 100.` })
    .min(0, { error: `The ${what} must be a percentage from 0 to 100.` })
    .max(100, { error: `The ${what} must be a percentage from 0 to 100.` })
    .transform((value) => Math.round(value * 100));

/**
 * PUT /api/admin/couriers/:id/terms: rates as percentages (1.5 for 1.5%), kept as basis points.
 * Weekly needs a weekday; 'hours' needs the hours. Saving marks the terms as the owner's own.
 */
export const courierTermsInputSchema = strictBody({
  deliveryBy: z.enum(DELIVERY_BY, { error: "Choose how the courier charges delivery: flat or weight." }),
  deliveryCharge: wholeRupees("delivery charge", 100_000),
  perExtraHalfKilo: wholeRupees("charge for each further 500 g", 100_000).default(0),
  codFeePercent: percent("COD fee"),
  codFeeMinimum: wholeRupees("COD fee's minimum", 100_000).default(0),
  salesTaxPercent: percent("sales tax"),
  withholdingPercent: percent("withholding tax"),
  returnCharge: wholeRupees("return charge", 100_000),
  payoutCycle: z.enum(PAYOUT_CYCLES, { error: "Choose when the courier pays: weekly or within some hours." }),
  payoutWeekday: z
    .number({ error: "Choose the day the courier pays." })
    .int({ error: "Choose the day the courier pays." })
    .min(0, { error: "Choose the day the courier pays." })
    .max(6, { error: "Choose the day the courier pays." })
    .nullable()
    .default(null),
  payoutHours: z
    .number({ error: "The hours must be a whole number from 1 to 720." })
    .int({ error: "The hours must be a whole number from 1 to 720." })
    .min(1, { error: "The hours must be a whole number from 1 to 720." })
    .max(720, { error: "The hours must be a whole number from 1 to 720." })
    .nullable()
    .default(null),
}).superRefine((input, context) => {
  if (input.payoutCycle === "weekly" && input.payoutWeekday === null) {
    context.addIssue({ code: "custom", path: ["payoutWeekday"], message: "Choose the day the courier pays." });
  }
  if (input.payoutCycle === "hours" && input.payoutHours === null) {
    context.addIssue({ code: "custom", path: ["payoutHours"], message: "Say within how many hours the courier pays." });
  }
});
export type CourierTermsInput = z.output<typeof courierTermsInputSchema>;

/**
 * The terms a parsed input says, as they are kept: only what its choices use (the further half
 * kilos for a charge by weight, the weekday for a weekly payout, the hours otherwise), the owner's
 * own rather than the defaults. The screen's example reads them before they are saved.
 */
export function termsFromInput(input: CourierTermsInput): CourierTerms {
  const weekly = input.payoutCycle === "weekly";
  return {
    deliveryBy: input.deliveryBy,
    deliveryCharge: input.deliveryCharge,
    perExtraHalfKilo: input.deliveryBy === "weight" ? input.perExtraHalfKilo : 0,
    codFeeBasisPoints: input.codFeePercent,
    codFeeMinimum: input.codFeeMinimum,
    salesTaxBasisPoints: input.salesTaxPercent,
    withholdingBasisPoints: input.withholdingPercent,
    returnCharge: input.returnCharge,
    payoutCycle: input.payoutCycle,
    payoutWeekday: weekly ? input.payoutWeekday : null,
    payoutHours: weekly ? null : input.payoutHours,
    isDefault: false,
  };
}
