// What a cart gets off at this moment (issue 51, docs/decisions/041-offers-and-codes.md): the live
// offers and the customer's code read in one statement with the lines' prices of the moment, then
// shared/promotions.ts's one reckoning. The cart's offer line, the checkout's check and the order
// statement all ask here, so they cannot disagree; the order statement then holds the prices read
// here (and the code's last use) under its locks (server/orders/place-order.ts).
import { sql } from "drizzle-orm";
import {
  CODE_MESSAGES,
  type CodeRule,
  chooseDiscount,
  type DiscountChoice,
  type OfferRule,
  type PromoLine,
} from "#shared/promotions.ts";
import { SHOP_TIME_ZONE } from "#shared/shop.ts";
import type { Db } from "../db/client.ts";
import { selectRowsAsserted } from "../db/rows.ts";

export interface WantedLine {
  productId: string;
  quantity: number;
}

interface CodeRow extends CodeRule {
  enabled: boolean;
  startsMs: number;
  endsMs: number | null;
  maxUses: number | null;
  uses: number;
  perCustomer: number;
  /** This customer's uses so far: the more of the account's and the phone's. */
  mine: number;
}

interface PromotionsRow {
  now_ms: number;
  lines: PromoLine[];
  offers: OfferRule[];
  code: CodeRow | null;
}

/** The moment's lines, the live offers and the code as this customer may use it, then the choice. */
export interface CartDiscount {
  lines: PromoLine[];
  offers: OfferRule[];
  /** The code found usable by its window and uses, or why not; null when none was typed. */
  code: CodeRule | { refusal: string } | null;
  choice: DiscountChoice;
  /** The same reckoning on other prices (the order statement found them changed under its locks). */
  reprice(lines: readonly PromoLine[]): DiscountChoice;
}

/** The last ten digits of a phone, as orders.phone_key and code_uses.phone_key keep it. */
export const phoneKeyOf = (phone: string) => phone.replace(/\D/g, "").slice(-10);

const LIVE = (alias: string) =>
  sql.raw(
    `${alias}.enabled and ${alias}.starts_at <= now() and (${alias}.ends_at is null or now() < ${alias}.ends_at)`,
  );

export async function cartDiscount(
  db: Db,
  input: { userId: string | null; phone: string | null; lines: readonly WantedLine[]; code: string | undefined },
): Promise<CartDiscount> {
  const wanted = JSON.stringify(input.lines.map((l) => ({ product_id: l.productId, n: l.quantity })));
  const phoneKey = input.phone === null ? null : phoneKeyOf(input.phone);
  const [row] = await selectRowsAsserted<PromotionsRow>(
    db,
    sql`with v as (
          select product_id, sum(n)::int as n from jsonb_to_recordset(${wanted}::jsonb) as v(product_id uuid, n integer)
          group by product_id
        )
        select (extract(epoch from now()) * 1000)::float8 as now_ms,
               coalesce((select json_agg(json_build_object('productId', p.id, 'categorySlug', p.category_slug,
                           'unitPrice', price_now(p.id, p.category_slug, p.tags, p.discount_price, now()),
                           'quantity', v.n) order by p.id)
                         from v join products p on p.id = v.product_id and p.archived_at is null), '[]'::json) as lines,
               coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name, 'kind', o.kind,
                           'minPairs', o.min_pairs, 'percent', o.percent, 'productIds', o.product_ids,
                           'categorySlugs', o.category_slugs) order by o.name)
                         from offers o where ${LIVE("o")}), '[]'::json) as offers,
               (select json_build_object('id', c.id, 'code', c.code, 'kind', c.kind, 'percent', c.percent,
                         'amount', c.amount, 'minimumOrder', c.minimum_order, 'productIds', c.product_ids,
                         'categorySlugs', c.category_slugs, 'enabled', c.enabled,
                         'startsMs', (extract(epoch from c.starts_at) * 1000)::float8,
                         'endsMs', (extract(epoch from c.ends_at) * 1000)::float8,
                         'maxUses', c.max_uses, 'uses', c.uses, 'perCustomer', c.per_customer,
                         'mine', greatest(
                            (select count(*) from code_uses u where u.code_id = c.id and u.user_id = ${input.userId}::uuid),
                            (select count(*) from code_uses u where u.code_id = c.id and u.phone_key = ${phoneKey}::text)))
                from discount_codes c where c.code = ${input.code ?? null}::text) as code`,
  );
  if (!row) throw new Error("the promotions read answered no row");
  const code = input.code === undefined ? null : usableCode(input.code, row.code, row.now_ms);
  const reprice = (lines: readonly PromoLine[]) => chooseDiscount(lines, row.offers, code);
  return { lines: row.lines, offers: row.offers, code, choice: reprice(row.lines), reprice };
}

/** The code as typed, if it is on now and this customer has a use of it left; else why not. */
function usableCode(typed: string, row: CodeRow | null, nowMs: number): CodeRule | { refusal: string } {
  if (!row) return { refusal: CODE_MESSAGES.unknown(typed) };
  if (!row.enabled || (row.endsMs !== null && row.endsMs <= nowMs)) return { refusal: CODE_MESSAGES.ended(row.code) };
  if (row.startsMs > nowMs) return { refusal: CODE_MESSAGES.notYet(row.code, karachiTime(row.startsMs)) };
  if (row.maxUses !== null && row.uses >= row.maxUses) return { refusal: CODE_MESSAGES.usedUp(row.code) };
  if (row.mine >= row.perCustomer) return { refusal: CODE_MESSAGES.yoursUsed(row.code) };
  return row;
}

const karachiFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

/** "1 Dec, 12:00 am": when a code starts, in the shop's time. */
const karachiTime = (ms: number) => karachiFormat.format(new Date(ms));

/** The live offers a product is in (by itself or its category), for its page: their names. */
export async function liveOffersFor(db: Db, productId: string): Promise<string[]> {
  const rows = await selectRowsAsserted<{ name: string }>(
    db,
    sql`select o.name from offers o join products p on p.id = ${productId}::uuid and p.archived_at is null
        where ${LIVE("o")}
          and ((cardinality(o.product_ids) = 0 and cardinality(o.category_slugs) = 0)
               or p.id = any(o.product_ids) or p.category_slug = any(o.category_slugs))
        order by o.name`,
  );
  return rows.map((row) => row.name);
}
