// [Ours] Discount codes, the owner's side (issue 51, docs/decisions/041-offers-and-codes.md): what
// /api/admin/discount-codes takes and answers, and its sentences. The arithmetic of a code at the
// checkout is shared/promotions.ts's; the columns and their checks are server/db/schema.ts's
// `discountCodes`, which this schema matches so a bad input is a message, never a database error.
import { formatRs } from "./money.ts";
import { PROMOTION_MESSAGES, scopeFields, windowFields, windowInOrder } from "./promotion-inputs.ts";
import { CODE_KINDS, type CodeKind, discountCodeSchema } from "./promotions.ts";
import { SALE_PERCENT_MAX } from "./scheduled-sales.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

export const CODE_PER_CUSTOMER_MAX = 100;

export const DISCOUNT_CODE_MESSAGES = {
  ...PROMOTION_MESSAGES,
  kind: `kind must be ${CODE_KINDS.join(" or ")}.`,
  percent: `Enter a percent off from 1 to ${SALE_PERCENT_MAX}.`,
  amount: "Enter the amount off in whole rupees, like 500.",
  minimumOrder: "Enter the minimum order in whole rupees (0 for any order).",
  maxUses: "Enter the most orders that may use it as a whole number, or leave it empty for no limit.",
  perCustomer: `Enter how many times one customer may use it, from 1 to ${CODE_PER_CUSTOMER_MAX}.`,
  badId: "That is not a valid discount code id.",
  notFound: "No discount code has that id.",
  duplicate: (code: string) => `Another code is already ${code}.`,
  usedLocked: (code: string, uses: number) =>
    `${code} has been used ${timesWords(uses)}: only its end, its most uses and whether it is on can change now.`,
  belowUses: (code: string, uses: number) =>
    `${code} has been used ${timesWords(uses)}: its most uses cannot be fewer.`,
  usedDelete: (code: string) => `${code} has been used; turn it off instead.`,
} as const;

const timesWords = (n: number) => (n === 1 ? "once" : `${n} times`);

const wholeRupees = (message: string, min: number) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(10_000_000, { error: message });

const common = {
  code: discountCodeSchema,
  minimumOrder: wholeRupees(DISCOUNT_CODE_MESSAGES.minimumOrder, 0).default(0),
  ...scopeFields,
  ...windowFields,
  maxUses: wholeRupees(DISCOUNT_CODE_MESSAGES.maxUses, 1)
    .nullish()
    .transform((n) => n ?? null),
  perCustomer: z
    .number({ error: DISCOUNT_CODE_MESSAGES.perCustomer })
    .int({ error: DISCOUNT_CODE_MESSAGES.perCustomer })
    .min(1, { error: DISCOUNT_CODE_MESSAGES.perCustomer })
    .max(CODE_PER_CUSTOMER_MAX, { error: DISCOUNT_CODE_MESSAGES.perCustomer })
    .default(1),
};

/** POST /api/admin/discount-codes and PUT /api/admin/discount-codes/:id: every field, each time. */
export const discountCodeInputSchema = z
  .discriminatedUnion(
    "kind",
    [
      strictBody({
        ...common,
        kind: z.literal("percent"),
        percent: z
          .number({ error: DISCOUNT_CODE_MESSAGES.percent })
          .int({ error: DISCOUNT_CODE_MESSAGES.percent })
          .min(1, { error: DISCOUNT_CODE_MESSAGES.percent })
          .max(SALE_PERCENT_MAX, { error: DISCOUNT_CODE_MESSAGES.percent }),
      }),
      strictBody({ ...common, kind: z.literal("fixed"), amount: wholeRupees(DISCOUNT_CODE_MESSAGES.amount, 1) }),
    ],
    { error: () => DISCOUNT_CODE_MESSAGES.kind },
  )
  .refine(windowInOrder, { error: PROMOTION_MESSAGES.window, path: ["endsAt"] });
export type DiscountCodeInput = z.output<typeof discountCodeInputSchema>;

export const discountCodeIdParamsSchema = z.object({ id: z.uuid({ error: DISCOUNT_CODE_MESSAGES.badId }) });

export interface DiscountCode {
  _id: string;
  code: string;
  kind: CodeKind;
  /** percent: 1..90; null for a fixed amount. */
  percent: number | null;
  /** fixed: whole rupees; null for a percent. */
  amount: number | null;
  minimumOrder: number;
  productIds: string[];
  categorySlugs: string[];
  /** Karachi wall time, as entered. */
  startsAt: string;
  endsAt: string | null;
  maxUses: number | null;
  perCustomer: number;
  /** Orders that took it. */
  uses: number;
  enabled: boolean;
  savedAt: string;
}

/** "10% off" / "Rs.500 off". */
export const codeValueWords = (code: Pick<DiscountCode, "kind" | "percent" | "amount">): string =>
  code.kind === "percent" ? `${code.percent ?? 0}% off` : `${formatRs(code.amount ?? 0)} off`;

/** "12 of 50" / "12 (no limit)". */
export const usesWords = (code: Pick<DiscountCode, "uses" | "maxUses">): string =>
  code.maxUses === null ? `${code.uses} (no limit)` : `${code.uses} of ${code.maxUses}`;
