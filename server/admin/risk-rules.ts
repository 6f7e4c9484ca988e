// The owner's cash-on-delivery rules (issue 50): kept, listed with what each would have caught,
// changed and removed. What a rule does to an order is the checkout's (server/orders/place-order.ts)
// and the order's life's (server/orders/life/moves.ts). No HTTP here.
import { asc, eq, sql } from "drizzle-orm";
import {
  PREVIEW_DAYS,
  RISK_RULE_MESSAGES,
  type RiskRule,
  type RiskRuleList,
  type RuleCondition,
  type RuleDraft,
  type RuleInput,
  type RulePreview,
} from "#shared/risk-rules.ts";
import { areaOfList } from "../areas/service.ts";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { constraintOf, sqlState } from "../db/errors.ts";
import { riskRules, users } from "../db/schema.ts";
import { conflict, invalid, notFound } from "../domain-errors.ts";
import { actionColumns, actionOf, conditionColumns, conditionOf, draftRow } from "../orders/risk-rules.ts";
import { previewRules } from "./risk-rule-preview.ts";

const NAME_INDEX = "risk_rules_name_idx";
const NO_PREVIEW: RulePreview = { days: PREVIEW_DAYS, caught: 0, cameBack: 0 };

const rows = (db: Db) =>
  db
    .select({
      id: riskRules.id,
      name: riskRules.name,
      condition: riskRules.condition,
      threshold: riskRules.threshold,
      areas: riskRules.areas,
      action: riskRules.action,
      actionAmount: riskRules.actionAmount,
      enabled: riskRules.enabled,
      updatedAt: riskRules.updatedAt,
      username: users.username,
    })
    .from(riskRules)
    .leftJoin(users, eq(users.id, riskRules.savedBy));
type Row = Awaited<ReturnType<typeof rows>>[number];

function toRule(row: Row, preview: RulePreview): RiskRule {
  return {
    _id: row.id,
    name: row.name,
    condition: conditionOf(row.condition, row.threshold, row.areas),
    action: actionOf(row.action, row.actionAmount),
    enabled: row.enabled,
    preview,
    savedAt: row.updatedAt.toISOString(),
    by: row.username === null ? null : { username: row.username },
  };
}

const SAVED_RULES = sql`select id, condition, threshold, areas, action, action_amount from risk_rules`;

export async function listRules(db: Db): Promise<RiskRuleList> {
  const [list, previews] = await Promise.all([
    rows(db).orderBy(asc(riskRules.createdAt), asc(riskRules.id)),
    previewRules(db, SAVED_RULES),
  ]);
  return { rules: list.map((row) => toRule(row, previews.get(row.id) ?? NO_PREVIEW)) };
}

export async function previewDraft(db: Db, draft: RuleDraft): Promise<RulePreview> {
  const condition = await withListedAreas(db, draft.condition);
  const previews = await previewRules(db, draftRow(condition, draft.action));
  return previews.get(null) ?? NO_PREVIEW;
}

export async function addRule(db: Db, input: RuleInput, adminId: string): Promise<RiskRule> {
  const values = await columnsOf(db, input, adminId);
  const [added] = await saving(db.insert(riskRules).values(values).returning({ id: riskRules.id }));
  if (!added) throw new BrokenPromise("the rule just added is not there");
  return ruleById(db, added.id);
}

/** Replaces the rule's every field (a PUT without `enabled` turns it off). */
export async function updateRule(db: Db, id: string, input: RuleInput, adminId: string): Promise<RiskRule> {
  const values = await columnsOf(db, input, adminId);
  const [saved] = await saving(
    db
      .update(riskRules)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(riskRules.id, id))
      .returning({ id: riskRules.id }),
  );
  if (!saved) throw notFound(RISK_RULE_MESSAGES.notFound);
  return ruleById(db, id);
}

/** Orders placed under it keep its name and action (orders.risk_rules): removing it changes none. */
export async function removeRule(db: Db, id: string): Promise<void> {
  const [removed] = await db.delete(riskRules).where(eq(riskRules.id, id)).returning({ id: riskRules.id });
  if (!removed) throw notFound(RISK_RULE_MESSAGES.notFound);
}

async function ruleById(db: Db, id: string): Promise<RiskRule> {
  const [[row], previews] = await Promise.all([
    rows(db).where(eq(riskRules.id, id)),
    previewRules(db, sql`${SAVED_RULES} where id = ${id}::uuid`),
  ]);
  if (!row) throw notFound(RISK_RULE_MESSAGES.notFound);
  return toRule(row, previews.get(id) ?? NO_PREVIEW);
}

async function columnsOf(db: Db, input: RuleInput, adminId: string) {
  const condition = conditionColumns(await withListedAreas(db, input.condition));
  const action = actionColumns(input.action);
  return {
    name: input.name,
    condition: condition.kind,
    threshold: condition.threshold,
    areas: condition.areas,
    action: action.action,
    actionAmount: action.amount,
    enabled: input.enabled,
    savedBy: adminId,
  };
}

/** A name another rule has (however capitalised) is a conflict. */
async function saving<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (sqlState(error) === "23505" && constraintOf(error) === NAME_INDEX) {
      throw conflict(RISK_RULE_MESSAGES.duplicateName);
    }
    throw error;
  }
}

/** The areas as the list spells them (orders store that spelling), each once; an unknown one is refused. */
async function withListedAreas(db: Db, condition: RuleCondition): Promise<RuleCondition> {
  if (condition.kind !== "areas") return condition;
  const named = await Promise.all(condition.areas.map(async (typed) => [typed, await areaOfList(db, typed)] as const));
  const unknown = named.find(([, name]) => name === undefined);
  if (unknown) {
    const message = RISK_RULE_MESSAGES.unknownArea(unknown[0]);
    throw invalid(message, { "condition.areas": message });
  }
  return { kind: "areas", areas: [...new Set(named.map(([, name]) => name as string))] };
}
