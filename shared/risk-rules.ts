// [Ours] The owner's cash-on-delivery rules (issue 50, docs/decisions/037-cod-risk-rules.md): a
// condition an order may match and what the shop then does. The request schemas of
// /api/admin/risk-rules and /api/orders/check, their answers, and every sentence the owner and the
// customer read about a rule.
import { formatRs } from "./money.ts";
import { newOrderSchema } from "./orders.ts";
import type { DiscountLine } from "./promotions.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

export * from "./advance-due.ts";

/** How far back a rule's preview reads: what it would have caught among these days' orders. */
export const PREVIEW_DAYS = 90;
export const RULE_NAME_MAX = 80;
const MAX_AMOUNT = 10_000_000;
const MAX_COUNT = 1000;
const MAX_AREAS = 300;

export const RISK_RULE_MESSAGES = {
  name: `Give the rule a name of 1 to ${RULE_NAME_MAX} characters.`,
  condition: "condition.kind must be firstOrderAbove, phoneRefusals, pairsAbove or areas.",
  amount: "Enter the amount in whole rupees, like 10000.",
  count: `Enter a whole number from 0 to ${MAX_COUNT}.`,
  areas: `Choose 1 to ${MAX_AREAS} areas from the list of Karachi areas.`,
  unknownArea: (typed: string) => `"${typed}" is not on the list of Karachi areas.`,
  action: "action.kind must be confirmFirst, cap, codFee or advance.",
  enabled: "enabled must be true or false.",
  badId: "That is not a valid rule id.",
  notFound: "No rule has that id.",
  duplicateName: "Another rule already has that name.",
} as const;

const amount = z
  .number({ error: RISK_RULE_MESSAGES.amount })
  .int({ error: RISK_RULE_MESSAGES.amount })
  .min(0, { error: RISK_RULE_MESSAGES.amount })
  .max(MAX_AMOUNT, { error: RISK_RULE_MESSAGES.amount });
const count = z
  .number({ error: RISK_RULE_MESSAGES.count })
  .int({ error: RISK_RULE_MESSAGES.count })
  .min(0, { error: RISK_RULE_MESSAGES.count })
  .max(MAX_COUNT, { error: RISK_RULE_MESSAGES.count });

/** What an order must be for the rule to apply to it. */
export const ruleConditionSchema = z.discriminatedUnion(
  "kind",
  [
    strictBody({ kind: z.literal("firstOrderAbove"), amount }),
    strictBody({ kind: z.literal("phoneRefusals"), atLeast: count }),
    strictBody({ kind: z.literal("pairsAbove"), pairs: count }),
    strictBody({
      kind: z.literal("areas"),
      areas: z
        .array(z.string({ error: RISK_RULE_MESSAGES.areas }).trim().min(1).max(80), { error: RISK_RULE_MESSAGES.areas })
        .min(1, { error: RISK_RULE_MESSAGES.areas })
        .max(MAX_AREAS, { error: RISK_RULE_MESSAGES.areas }),
    }),
  ],
  { error: () => RISK_RULE_MESSAGES.condition },
);
export type RuleCondition = z.output<typeof ruleConditionSchema>;

/** What the shop does with a matching order. */
export const ruleActionSchema = z.discriminatedUnion(
  "kind",
  [
    strictBody({ kind: z.literal("confirmFirst") }),
    strictBody({ kind: z.literal("cap"), amount: amount.min(1, { error: RISK_RULE_MESSAGES.amount }) }),
    // A fee added to the order's total, shown at checkout before the customer places it.
    strictBody({ kind: z.literal("codFee"), amount: amount.min(1, { error: RISK_RULE_MESSAGES.amount }) }),
    // Part of the total paid before the order is prepared; the rest is paid on delivery.
    strictBody({ kind: z.literal("advance"), amount: amount.min(1, { error: RISK_RULE_MESSAGES.amount }) }),
  ],
  { error: () => RISK_RULE_MESSAGES.action },
);
export type RuleAction = z.output<typeof ruleActionSchema>;
export const RULE_ACTION_KINDS = [
  "confirmFirst",
  "cap",
  "codFee",
  "advance",
] as const satisfies readonly RuleAction["kind"][];

/** POST /api/admin/risk-rules/preview: the draft's condition and action, before it is saved. */
export const ruleDraftSchema = strictBody({ condition: ruleConditionSchema, action: ruleActionSchema });
export type RuleDraft = z.output<typeof ruleDraftSchema>;

/** POST /api/admin/risk-rules and PUT /api/admin/risk-rules/:id. A new rule is off unless it says so. */
export const ruleInputSchema = strictBody({
  name: z
    .string({ error: RISK_RULE_MESSAGES.name })
    .trim()
    .min(1, { error: RISK_RULE_MESSAGES.name })
    .max(RULE_NAME_MAX, { error: RISK_RULE_MESSAGES.name }),
  condition: ruleConditionSchema,
  action: ruleActionSchema,
  enabled: z.boolean({ error: RISK_RULE_MESSAGES.enabled }).default(false),
});
export type RuleInput = z.output<typeof ruleInputSchema>;

export const ruleIdParamsSchema = z.object({ id: z.uuid({ error: RISK_RULE_MESSAGES.badId }) });

/** What a rule would have caught among the last PREVIEW_DAYS days' orders, each read as of its placement. */
export interface RulePreview {
  days: number;
  /** Orders placed in those days that the rule would have caught (for a cap: matched and above it). */
  caught: number;
  /** Of those, how many were refused at the door or returned. */
  cameBack: number;
}

export interface RiskRule extends RuleDraft {
  _id: string;
  name: string;
  enabled: boolean;
  preview: RulePreview;
  savedAt: string;
  /** The admin who last saved it; null when that account is gone. */
  by: { username: string } | null;
}

/** GET /api/admin/risk-rules: every rule, oldest first, each with its preview. */
export interface RiskRuleList {
  rules: RiskRule[];
}

/** The rules an order matched when it was placed, as they were then (orders.risk_rules). */
export const matchedRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  action: z.enum(RULE_ACTION_KINDS),
});
export type MatchedRule = z.output<typeof matchedRuleSchema>;

/** The condition in the owner's words: "First order of an account above Rs.10,000". */
export function conditionWords(condition: RuleCondition): string {
  switch (condition.kind) {
    case "firstOrderAbove":
      return `First order of an account above ${formatRs(condition.amount)}`;
    case "phoneRefusals":
      return `A phone with at least ${condition.atLeast} refused or returned parcel${condition.atLeast === 1 ? "" : "s"}`;
    case "pairsAbove":
      return `More than ${condition.pairs} pair${condition.pairs === 1 ? "" : "s"}`;
    case "areas":
      return `Delivery to ${condition.areas.join(", ")}`;
  }
}

/** The action in the owner's words. */
export function actionWords(action: RuleAction): string {
  switch (action.kind) {
    case "confirmFirst":
      return "Wait for the customer's own confirmation before you confirm";
    case "cap":
      return `Refuse above ${formatRs(action.amount)} at checkout`;
    case "codFee":
      return `Add a cash-on-delivery fee of ${formatRs(action.amount)}`;
    case "advance":
      return `Ask an advance of ${formatRs(action.amount)} before you prepare it`;
  }
}

/**
 * The owner's form: each action as its "Then" choice reads, and the label of its amount field
 * (null for an action without one).
 */
export const ACTION_CHOICES: Record<RuleAction["kind"], { choice: string; amountLabel: string | null }> = {
  confirmFirst: { choice: "Wait for the customer's own confirmation", amountLabel: null },
  cap: { choice: "Refuse at checkout above an amount", amountLabel: "At most (Rs.)" },
  codFee: { choice: "Add a cash-on-delivery fee", amountLabel: "Fee (Rs.)" },
  advance: { choice: "Ask an advance before you prepare it", amountLabel: "Advance (Rs.)" },
};

/** "Would have caught 12 of the last 90 days' orders, 5 of them refused or returned." */
export function previewWords(preview: RulePreview): string {
  return `Would have caught ${preview.caught} of the last ${preview.days} days' orders, ${preview.cameBack} of them refused or returned.`;
}

/** Whom a rule speaks of, in the customer's words, and whether that is one order (for the verb). */
function customerSubject(condition: RuleCondition, withAmount: boolean): { words: string; one: boolean } {
  switch (condition.kind) {
    case "firstOrderAbove":
      return {
        words: withAmount ? `Your first order above ${formatRs(condition.amount)}` : "Your first order",
        one: true,
      };
    case "phoneRefusals":
      return { words: "Orders to this phone number", one: false };
    case "pairsAbove":
      return { words: `Orders of more than ${condition.pairs} pair${condition.pairs === 1 ? "" : "s"}`, one: false };
    case "areas":
      return { words: "Orders to this area", one: false };
  }
}

/** What the checkout answers (409) for an order a cap rule refuses, in the customer's words. */
export function capMessage(condition: RuleCondition, cap: number): string {
  return `${customerSubject(condition, false).words} can be at most ${formatRs(cap)} on cash on delivery.`;
}

/** "Orders to this area have a cash-on-delivery fee of Rs.150." */
export function codFeeNotice(condition: RuleCondition, fee: number): string {
  const subject = customerSubject(condition, true);
  return `${subject.words} ${subject.one ? "has" : "have"} a cash-on-delivery fee of ${formatRs(fee)}.`;
}

/** "Your first order above Rs.10,000 needs an advance of Rs.1,000." (issue 50's own words). */
export function advanceNotice(condition: RuleCondition, advance: number): string {
  const subject = customerSubject(condition, true);
  return `${subject.words} ${subject.one ? "needs" : "need"} an advance of ${formatRs(advance)}.`;
}

/** The checkout's 409 when the customer's total lacks a COD fee a rule now adds (turned on since the page read it). */
export const codFeeAddedMessage = (fee: number, total: number) =>
  `This order has a cash-on-delivery fee of ${formatRs(fee)}. The total is now ${formatRs(total)}.`;

/** How the advance is paid, said after advanceNotice at checkout. */
export const ADVANCE_HOW =
  "Send it by bank transfer, Raast, JazzCash or Easypaisa once you have placed the order: we prepare it when the advance arrives, and you pay the rest on delivery.";

/** What the checkout tells a customer whose order will wait for their own confirmation. */
export const CONFIRM_FIRST_NOTICE =
  "We will prepare this order only after you confirm it yourself, from the message we send you.";

/** Why the owner's confirm of a pending confirmFirst order is refused. */
export const confirmFirstRefusal = (ruleName: string) =>
  `This order matched your rule "${ruleName}": it waits for the customer's own confirmation before you can confirm it.`;

/** Why the owner's confirm of an order with its advance unpaid is refused. */
export const advanceUnpaidRefusal = (advance: number) =>
  `This order waits for its advance of ${formatRs(advance)}: verify the customer's payment first.`;

/** The order page's line for a rule the order matched. */
export const matchedRuleWords = (rule: MatchedRule) => `${rule.name}: ${MATCHED_ACTION_WORDS[rule.action]}`;
const MATCHED_ACTION_WORDS: Record<MatchedRule["action"], string> = {
  confirmFirst: "waits for the customer's own confirmation",
  cap: "within its cap",
  codFee: "a cash-on-delivery fee added",
  advance: "an advance asked before it is prepared",
};

/** POST /api/orders/check's answer: what would apply to this cart and address, in the customer's words. */
export interface OrderCheck {
  /** A cap this order is above: placing it will be refused with this message. */
  refusal: string | null;
  notices: string[];
  /** The cash-on-delivery fee the order will carry (the highest of the fee rules it matches), or 0. */
  codFee: number;
  /** The advance it will ask (the highest of its advance rules, at most the total), or 0. */
  advance: number;
  /** What an offer or the typed code takes off (issue 51), already reckoned: null for nothing. */
  discount: DiscountLine | null;
  /** Why the typed code takes nothing off, in the customer's words; null when it applies or none was typed. */
  codeRefusal: string | null;
}

/** POST /api/orders/check: the cart's lines and the address, as the checkout will send them. */
export const orderCheckSchema = newOrderSchema.omit({ userId: true, totalAmount: true });
