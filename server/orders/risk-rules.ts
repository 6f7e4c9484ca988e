// The owner's rules (issue 50, table risk_rules) read in SQL: one condition for every reader, so the
// checkout that refuses, the read that warns the customer before and the owner's preview of what a
// rule would have caught cannot disagree. Each reader brings an order's facts as SQL expressions:
// its earlier orders on the account, its total, its pairs, the phone's parcels that came back
// before it, and its area.
import { type SQL, sql } from "drizzle-orm";
import type { RuleAction, RuleCondition } from "#shared/risk-rules.ts";
import { BrokenPromise } from "../broken-promise.ts";

export interface OrderFacts {
  /** The account's orders placed before this one (0: its first order). */
  earlier: SQL;
  total: SQL;
  pairs: SQL;
  /** Parcels to the same phone (phone_key) refused or returned, placed before this one. */
  phoneBack: SQL;
  area: SQL;
}

/** The facts as the columns of a CTE named `f` (earlier, total, pairs, phone_back, area). */
export const FACTS_IN_F: OrderFacts = {
  earlier: sql`f.earlier`,
  total: sql`f.total`,
  pairs: sql`f.pairs`,
  phoneBack: sql`f.phone_back`,
  area: sql`f.area`,
};

/** True when the rule `r` (risk_rules' columns) applies to the order of `f`. */
export function conditionHolds(r: string, f: OrderFacts): SQL {
  const c = sql.raw(r);
  return sql`(case ${c}.condition
      when 'first_order_above' then ${f.earlier} = 0 and ${f.total} > ${c}.threshold
      when 'phone_refusals' then ${f.phoneBack} >= ${c}.threshold
      when 'pairs_above' then ${f.pairs} > ${c}.threshold
      when 'areas' then coalesce(${f.area} = any(${c}.areas), false)
      else false end)`;
}

/** True when the rule `r` refuses the order: a cap it is above (its condition holding). */
export function capRefuses(r: string, f: OrderFacts): SQL {
  const c = sql.raw(r);
  return sql`(${c}.action = 'cap' and ${f.total} > ${c}.cap_amount)`;
}

/** A draft rule as one row of risk_rules' columns, for the preview. */
export function draftRow(condition: RuleCondition, action: RuleAction): SQL {
  const { kind, threshold, areas } = conditionColumns(condition);
  const cap = action.kind === "cap" ? action.amount : null;
  return sql`select null::uuid as id, ${kind}::text as condition, ${threshold}::int as threshold,
                    array(select jsonb_array_elements_text(${JSON.stringify(areas)}::jsonb)) as areas,
                    ${action.kind === "cap" ? "cap" : "confirm_first"}::text as action, ${cap}::int as cap_amount`;
}

/** The table's columns of a condition. */
export function conditionColumns(condition: RuleCondition): {
  kind: string;
  threshold: number | null;
  areas: string[];
} {
  switch (condition.kind) {
    case "firstOrderAbove":
      return { kind: "first_order_above", threshold: condition.amount, areas: [] };
    case "phoneRefusals":
      return { kind: "phone_refusals", threshold: condition.atLeast, areas: [] };
    case "pairsAbove":
      return { kind: "pairs_above", threshold: condition.pairs, areas: [] };
    case "areas":
      return { kind: "areas", threshold: null, areas: condition.areas };
  }
}

/** A condition from the table's columns. */
export function conditionOf(kind: string, threshold: number | null, areas: string[]): RuleCondition {
  if (kind === "areas") return { kind: "areas", areas };
  if (threshold === null) throw new BrokenPromise(`risk rule of ${kind} without its number`);
  if (kind === "first_order_above") return { kind: "firstOrderAbove", amount: threshold };
  if (kind === "phone_refusals") return { kind: "phoneRefusals", atLeast: threshold };
  if (kind === "pairs_above") return { kind: "pairsAbove", pairs: threshold };
  throw new BrokenPromise(`risk_rules has condition ${kind}`);
}

export function actionOf(kind: string, cap: number | null): RuleAction {
  if (kind === "confirm_first") return { kind: "confirmFirst" };
  if (kind === "cap" && cap !== null) return { kind: "cap", amount: cap };
  throw new BrokenPromise(`risk_rules has action ${kind}`);
}
