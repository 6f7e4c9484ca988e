// What the owner's rules (issue 50) mean for one customer's order: the checkout's refusal when a cap
// is passed, and the read the checkout page calls before the Place order button, so the customer
// is told in plain words before placing it. The conditions themselves are risk-rules.ts's SQL.
import { sql } from "drizzle-orm";
import { DELIVERY_CHARGE } from "#shared/cart.ts";
import { orderCharges } from "#shared/order-charges.ts";
import type { ShippingAddress } from "#shared/orders.ts";
import {
  ADVANCE_HOW,
  advanceNotice,
  CONFIRM_FIRST_NOTICE,
  capMessage,
  codFeeNotice,
  type OrderCheck,
} from "#shared/risk-rules.ts";
import { listedArea } from "../areas/service.ts";
import type { Db } from "../db/client.ts";
import { selectRowsAsserted } from "../db/rows.ts";
import { limitReached } from "../domain-errors.ts";
import { cartDiscount } from "../promotions/discounts.ts";
import { capRefuses, conditionHolds, conditionOf, FACTS_IN_F } from "./risk-rules.ts";

/** A cap rule that refused the order statement, as the statement answers it. */
export interface CappedRow {
  condition: string;
  threshold: number | null;
  areas: string[];
  cap: number;
}

/** Refuses (limit-reached, 409) an order above a cap rule's amount, naming the lowest cap it passed. */
export function refuseCapped(capped: readonly CappedRow[]): void {
  const [lowest] = capped;
  if (!lowest) return;
  throw limitReached(capMessage(conditionOf(lowest.condition, lowest.threshold, lowest.areas), lowest.cap));
}

interface CheckRow {
  condition: string;
  threshold: number | null;
  areas: string[];
  action: string;
  action_amount: number | null;
  refuses: boolean;
  /** The cart's total at today's prices, before any fee (the same on every row). */
  total: number;
}

/**
 * What the enabled rules would do with this cart and address now, in one statement: the total at
 * today's prices (lines not on sale count nothing: the checkout refuses those itself).
 */
export async function checkOrder(
  db: Db,
  userId: string,
  items: readonly { productId: string; size: number; quantity: number }[],
  address: ShippingAddress,
  discountCode?: string,
): Promise<OrderCheck> {
  const area = address.area === undefined ? null : await listedArea(db, address.area, "shippingAddress.area");
  // The offer or the code first: the rules read the total the customer would pay, after it.
  const promo = await cartDiscount(db, {
    userId,
    phone: address.phoneNumber,
    lines: items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
    code: discountCode,
  });
  const discount = promo.choice.discount;
  const wanted = JSON.stringify(items.map((i) => ({ product_id: i.productId, n: i.quantity })));
  const rows = await selectRowsAsserted<CheckRow>(
    db,
    sql`with v as (
          select * from jsonb_to_recordset(${wanted}::jsonb) as v(product_id uuid, n integer)
        ), f as (
          select (select count(*) from orders where user_id = ${userId}::uuid)::int as earlier,
                 (select (coalesce(sum(price_now(p.id, p.category_slug, p.tags, p.discount_price, now()) * v.n), 0)
                          + ${DELIVERY_CHARGE}::int - ${discount?.amount ?? 0}::int)::int
                  from v join products p on p.id = v.product_id and p.archived_at is null) as total,
                 (select coalesce(sum(n), 0) from v)::int as pairs,
                 (select count(*) from orders
                  where phone_key = right(regexp_replace(${address.phoneNumber}::text, '\\D', '', 'g'), 10)
                    and returned_as is not null)::int as phone_back,
                 ${area}::text as area
        )
        select r.condition, r.threshold, r.areas, r.action, r.action_amount, ${capRefuses("r", FACTS_IN_F)} as refuses,
               f.total
        from risk_rules r, f
        where r.enabled and ${conditionHolds("r", FACTS_IN_F)}
        order by r.action_amount nulls last, r.name`,
  );
  const capped = rows.find((r) => r.refuses && r.action_amount !== null);
  // The highest fee and the highest advance, as the order statement takes them (risk-rules.ts feeOf).
  const fee = highest(rows, "cod_fee");
  const advance = highest(rows, "advance");
  const itemsTotal = promo.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0) + DELIVERY_CHARGE;
  const charges = orderCharges(itemsTotal, {
    codFee: fee?.action_amount ?? 0,
    advance: advance?.action_amount ?? 0,
    discount,
  });
  const { codFee, advance: advanceAmount } = charges;
  const notices = [
    ...(fee ? [codFeeNotice(conditionOfRow(fee), codFee)] : []),
    ...(advance && advanceAmount > 0 ? [advanceNotice(conditionOfRow(advance), advanceAmount), ADVANCE_HOW] : []),
    ...(rows.some((r) => r.action === "confirm_first") ? [CONFIRM_FIRST_NOTICE] : []),
  ];
  return {
    refusal: capped ? capMessage(conditionOfRow(capped), capped.action_amount ?? 0) : null,
    notices,
    codFee,
    advance: advanceAmount,
    discount: discount ? { amount: discount.amount, label: discount.label } : null,
    codeRefusal: promo.choice.codeRefusal,
  };
}

const conditionOfRow = (row: CheckRow) => conditionOf(row.condition, row.threshold, row.areas);

/** The matched rule of `action` with the most rupees (the first by name among equals). */
function highest(rows: readonly CheckRow[], action: string): CheckRow | undefined {
  let found: CheckRow | undefined;
  for (const row of rows) {
    if (row.action === action && (found === undefined || (row.action_amount ?? 0) > (found.action_amount ?? 0)))
      found = row;
  }
  return found;
}
