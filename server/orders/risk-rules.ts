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
  return sql`(${c}.action = 'cap' and ${f.total} > ${c}.action_amount)`;
}

/** A draft rule as one row of risk_rules' columns, for the preview. */
export function draftRow(condition: RuleCondition, action: RuleAction): SQL {
  const { kind, threshold, areas } = conditionColumns(condition);
  const columns = actionColumns(action);
  return sql`select null::uuid as id, ${kind}::text as condition, ${threshold}::int as threshold,
                    array(select jsonb_array_elements_text(${JSON.stringify(areas)}::jsonb)) as areas,
                    ${columns.action}::text as action, ${columns.amount}::int as action_amount`;
}

/** The table's action and its rupees (risk_rules.action, action_amount). */
export function actionColumns(action: RuleAction): { action: string; amount: number | null } {
  return action.kind === "confirmFirst"
    ? { action: "confirm_first", amount: null }
    : { action: ACTION_COLUMN[action.kind], amount: action.amount };
}

const ACTION_COLUMN = { cap: "cap", codFee: "cod_fee", advance: "advance" } as const;

/** risk_rules.action as the API and orders.risk_rules name it (jsonb 'action'). */
export const ACTION_KIND_SQL = (r: string) =>
  sql.raw(
    `case ${r}.action when 'cap' then 'cap' when 'cod_fee' then 'codFee' when 'advance' then 'advance' else 'confirmFirst' end`,
  );

/**
 * The fee and the advance of the matched rules `hits` (risk_rules' columns): the highest of each,
 * never a sum, so an order two fee rules catch pays one fee. The advance is kept within `total`
 * (the total with the fee) by the caller.
 */
export const feeOf = (hits: string) =>
  sql.raw(`(select coalesce(max(action_amount) filter (where action = 'cod_fee'), 0) from ${hits})::int`);
export const advanceOf = (hits: string) =>
  sql.raw(`(select coalesce(max(action_amount) filter (where action = 'advance'), 0) from ${hits})::int`);

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

export function actionOf(kind: string, amount: number | null): RuleAction {
  if (kind === "confirm_first") return { kind: "confirmFirst" };
  if (amount !== null) {
    if (kind === "cap") return { kind: "cap", amount };
    if (kind === "cod_fee") return { kind: "codFee", amount };
    if (kind === "advance") return { kind: "advance", amount };
  }
  throw new BrokenPromise(`risk_rules has action ${kind}`);
}
