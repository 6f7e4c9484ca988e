// What a rule of the owner's would have caught (issue 50): among the orders placed in the last
// PREVIEW_DAYS days, those its condition holds for, each read as of its own placement (only the
// orders placed before it count as its history), and how many of them came back (orders.returned_as).
// One statement for any number of rules: the saved ones for the list, or one draft before it is saved.
import { type SQL, sql } from "drizzle-orm";
import { PREVIEW_DAYS, type RulePreview } from "#shared/risk-rules.ts";
import type { Db } from "../db/client.ts";
import { selectRowsAsserted } from "../db/rows.ts";
import { capRefuses, conditionHolds, FACTS_IN_F } from "../orders/risk-rules.ts";

interface PreviewRow {
  id: string | null;
  caught: number;
  came_back: number;
}

/**
 * Each rule of `rules` (a select of id and risk_rules' columns) with its counts. A cap catches only
 * the matching orders above its amount: those are the ones it would have refused.
 */
export async function previewRules(db: Db, rules: SQL): Promise<Map<string | null, RulePreview>> {
  const rows = await selectRowsAsserted<PreviewRow>(
    db,
    sql`with r as (${rules}), f as (
          -- By orders_created_idx; each order's history by orders_user_created_idx and orders_phone_key_idx.
          select o.id, o.returned_as, o.total_amount - o.cod_fee as total, o.area,
                 (select count(*) from orders e where e.user_id = o.user_id and e.created_at < o.created_at)::int as earlier,
                 (select coalesce(sum(l.quantity), 0) from order_lines l where l.order_id = o.id)::int as pairs,
                 (select count(*) from orders e
                  where e.phone_key = o.phone_key and e.created_at < o.created_at and e.returned_as is not null)::int
                   as phone_back
          from orders o
          where o.created_at >= now() - make_interval(days => ${PREVIEW_DAYS}::int)
        )
        select r.id, count(f.id)::int as caught, count(f.returned_as)::int as came_back
        from r left join f
          on ${conditionHolds("r", FACTS_IN_F)} and (r.action <> 'cap' or ${capRefuses("r", FACTS_IN_F)})
        group by r.id`,
  );
  return new Map(rows.map((row) => [row.id, { days: PREVIEW_DAYS, caught: row.caught, cameBack: row.came_back }]));
}
