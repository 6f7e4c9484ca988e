// [Ours] The owner's cash-on-delivery rules (issue 50, docs/decisions/037-cod-risk-rules.md): a
// condition an order may match and what the shop then does. The request schemas of
// /api/admin/risk-rules and /api/orders/check, their answers, and every sentence the owner and the
// customer read about a rule.
import { formatRs } from "./money.ts";
import { newOrderSchema } from "./orders.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

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
  action: "action.kind must be confirmFirst or cap.",
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
    strictBody({
      kind: z.literal("cap"),
      amount: amount.min(1, { error: RISK_RULE_MESSAGES.amount }),
    }),
  ],
  { error: () => RISK_RULE_MESSAGES.action },
);
export type RuleAction = z.output<typeof ruleActionSchema>;

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
  action: z.enum(["confirmFirst", "cap"]),
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
  return action.kind === "cap"
    ? `Refuse above ${formatRs(action.amount)} at checkout`
    : "Wait for the customer's own confirmation before you confirm";
}

/** "Would have caught 12 of the last 90 days' orders, 5 of them refused or returned." */
export function previewWords(preview: RulePreview): string {
  return `Would have caught ${preview.caught} of the last ${preview.days} days' orders, ${preview.cameBack} of them refused or returned.`;
}

/** What the checkout answers (409) for an order a cap rule refuses, in the customer's words. */
export function capMessage(condition: RuleCondition, cap: number): string {
  const most = `can be at most ${formatRs(cap)} on cash on delivery.`;
  switch (condition.kind) {
    case "firstOrderAbove":
      return `Your first order ${most}`;
    case "phoneRefusals":
      return `Orders to this phone number ${most}`;
    case "pairsAbove":
      return `Orders of more than ${condition.pairs} pair${condition.pairs === 1 ? "" : "s"} ${most}`;
    case "areas":
      return `Orders to this area ${most}`;
  }
}

/** What the checkout tells a customer whose order will wait for their own confirmation. */
export const CONFIRM_FIRST_NOTICE =
  "We will prepare this order only after you confirm it yourself, from the message we send you.";

/** Why the owner's confirm of a pending confirmFirst order is refused. */
export const confirmFirstRefusal = (ruleName: string) =>
  `This order matched your rule "${ruleName}": it waits for the customer's own confirmation before you can confirm it.`;

/** The order page's line for a rule the order matched. */
export const matchedRuleWords = (rule: MatchedRule) =>
  `${rule.name}: ${rule.action === "confirmFirst" ? "waits for the customer's own confirmation" : "within its cap"}`;

/** POST /api/orders/check's answer: what would apply to this cart and address, in the customer's words. */
export interface OrderCheck {
  /** A cap this order is above: placing it will be refused with this message. */
  refusal: string | null;
  notices: string[];
}

/** POST /api/orders/check: the cart's lines and the address, as the checkout will send them. */
export const orderCheckSchema = newOrderSchema.omit({ userId: true, totalAmount: true });
