// The cash-on-delivery risk behind each order (issue 50, docs/decisions/036-cod-risk-view.md): what
// the shop's own history says about its phone, its account and its address, read for a page of
// orders at once, and worded by shared/order-risk.ts. One statement for the history, the address's
// parcels and the block list; one read of the area names when an order has an area. Every look-up
// goes through an index, so the cost follows the customers' own orders, not the shop's:
// orders_user_created_idx and orders_phone_key_idx for the account's and the phone's orders,
// order_confirmation_events_order_idx for whether one was cancelled unconfirmed,
// orders_address_back_idx (migration 0031) for the parcels that came back to the address, and
// block_list_key_idx for the block list.
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { indexPlaces, otherAreaNamed, type PlaceIndex } from "#shared/address-areas.ts";
import { type OrderRisk, orderRisk, type RiskFacts } from "#shared/order-risk.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { karachiAreas } from "../db/schema.ts";
import { OPEN_STATUS_LIST } from "../db/status-sql.ts";

const count = z.number();
const riskRow = z.object({
  order_id: z.string(),
  total_amount: count,
  address_line: z.string(),
  area: z.string().nullable(),
  pairs: count,
  account_days: count,
  orders: count,
  delivered: count,
  cancelled: count,
  returned: count,
  open: count,
  phone_refused: count,
  phone_returned: count,
  phone_back_here: count,
  phone_back_accounts: count,
  account_refused: count,
  account_returned: count,
  phone_unanswered: count,
  phone_unanswered_here: count,
  phone_unanswered_accounts: count,
  account_unanswered: count,
  other_accounts: count,
  account_delivered: count,
  delivered_before: count,
  largest_delivered: count.nullable(),
  address_refused: count,
  address_returned: count,
  address_accounts: count,
  blocked_phone: z.string().nullable(),
  blocked_address: z.string().nullable(),
});
type RiskRow = z.output<typeof riskRow>;

/** The risk of each of the given orders, by order id (orders that do not exist are left out). */
export async function loadOrderRisks(db: Db, orderIds: string[]): Promise<Map<string, OrderRisk>> {
  if (orderIds.length === 0) return new Map();
  const rows = await selectRows(db, riskRow, riskStatement(orderIds));
  const places = rows.some((row) => row.area !== null) ? await placesOf(db) : undefined;
  return new Map(rows.map((row) => [row.order_id, orderRisk(factsOf(row, places))]));
}

/** What an order that could not be read shows: no history, nothing to say. */
export const NO_RISK: OrderRisk = {
  level: "none",
  reasons: [],
  history: { orders: 0, delivered: 0, cancelled: 0, returned: 0, open: 0 },
};

/** The list last indexed: preparing it costs more than reading it (about 7 ms for the seeded 290 areas). */
let lastPlaces: { names: string; index: PlaceIndex } | undefined;

/** Every listed area, hidden ones too: an address may name an area the owner has since hidden. */
async function placesOf(db: Db): Promise<PlaceIndex> {
  const areas = await db.select({ name: karachiAreas.name }).from(karachiAreas).orderBy(karachiAreas.name);
  const names = areas.map((area) => area.name);
  const key = names.join("\n");
  if (lastPlaces?.names !== key) lastPlaces = { names: key, index: indexPlaces(names) };
  return lastPlaces.index;
}

function factsOf(row: RiskRow, places: PlaceIndex | undefined): RiskFacts {
  const named = row.area !== null && places ? otherAreaNamed(row.address_line, row.area, places) : undefined;
  return {
    history: {
      orders: row.orders,
      delivered: row.delivered,
      cancelled: row.cancelled,
      returned: row.returned,
      open: row.open,
    },
    totalAmount: row.total_amount,
    pairs: row.pairs,
    accountAgeDays: row.account_days,
    accountDelivered: row.account_delivered,
    phoneBack: {
      refused: row.phone_refused,
      returned: row.phone_returned,
      thisAccount: row.phone_back_here,
      otherAccounts: row.phone_back_accounts,
    },
    accountBack: { refused: row.account_refused, returned: row.account_returned },
    phoneUnanswered: {
      orders: row.phone_unanswered,
      thisAccount: row.phone_unanswered_here,
      otherAccounts: row.phone_unanswered_accounts,
    },
    accountUnanswered: row.account_unanswered,
    addressBack: { refused: row.address_refused, returned: row.address_returned, accounts: row.address_accounts },
    otherAccounts: row.other_accounts,
    deliveredBefore: row.delivered_before,
    largestDelivered: row.largest_delivered,
    otherArea: named !== undefined && row.area !== null ? { named, chosen: row.area } : null,
    blockedPhone: row.blocked_phone,
    blockedAddress: row.blocked_address,
  };
}

/**
 * `s` is every order of the account or of the phone (a union, so an order of both counts once),
 * this one included; the history counts it, the signals never do. A parcel is told once: by the
 * phone when it went to this phone, by the account only when it went to another; the address counts
 * only parcels of other accounts to other phones, the ones neither of those already told.
 */
function riskStatement(orderIds: string[]) {
  const other = sql`s.id <> t.id`;
  const samePhone = sql`s.phone_key = t.phone_key`;
  const accountElsewhere = sql`s.user_id = t.user_id and s.phone_key <> t.phone_key`;
  const history = (where: SQL) =>
    sql`select o.id, o.user_id, o.phone_key, o.status, o.returned_as, o.total_amount,
               o.status = 'cancelled' and exists (select from order_confirmation_events c
                                                  where c.order_id = o.id and c.kind = 'expired') as unanswered
        from orders o where ${where}`;
  return sql`
    select t.id as order_id, t.total_amount, t.address_line, t.area,
           (select coalesce(sum(l.quantity), 0)::int from order_lines l where l.order_id = t.id) as pairs,
           floor(extract(epoch from t.created_at - u.created_at) / 86400)::int as account_days,
           h.*,
           a.refused as address_refused, a.returned as address_returned, a.accounts as address_accounts,
           (select b.reason from block_list b where b.kind = 'phone' and b.key = t.phone_key) as blocked_phone,
           (select b.reason from block_list b
            where b.kind = 'address' and b.key = address_key(t.address_line, t.area)) as blocked_address
    from orders t
    join users u on u.id = t.user_id
    cross join lateral (
      select count(*)::int as orders,
             count(*) filter (where s.status = 'delivered')::int as delivered,
             count(*) filter (where s.status = 'cancelled' and s.returned_as is null)::int as cancelled,
             count(*) filter (where s.returned_as is not null)::int as returned,
             count(*) filter (where s.status in ${OPEN_STATUS_LIST})::int as open,
             count(*) filter (where ${other} and ${samePhone} and s.returned_as = 'refused')::int as phone_refused,
             count(*) filter (where ${other} and ${samePhone} and s.returned_as = 'returned')::int as phone_returned,
             count(*) filter (where ${other} and ${samePhone} and s.returned_as is not null
                                and s.user_id = t.user_id)::int as phone_back_here,
             count(distinct s.user_id) filter (where ${samePhone} and s.returned_as is not null
                                                 and s.user_id <> t.user_id)::int as phone_back_accounts,
             count(*) filter (where ${accountElsewhere} and s.returned_as = 'refused')::int as account_refused,
             count(*) filter (where ${accountElsewhere} and s.returned_as = 'returned')::int as account_returned,
             count(*) filter (where ${other} and ${samePhone} and s.unanswered)::int as phone_unanswered,
             count(*) filter (where ${other} and ${samePhone} and s.unanswered
                                and s.user_id = t.user_id)::int as phone_unanswered_here,
             count(distinct s.user_id) filter (where ${samePhone} and s.unanswered
                                                 and s.user_id <> t.user_id)::int as phone_unanswered_accounts,
             count(*) filter (where ${accountElsewhere} and s.unanswered)::int as account_unanswered,
             count(distinct s.user_id) filter (where s.user_id <> t.user_id)::int as other_accounts,
             count(*) filter (where ${other} and s.user_id = t.user_id and s.status = 'delivered')::int
               as account_delivered,
             count(*) filter (where ${other} and s.status = 'delivered')::int as delivered_before,
             (max(s.total_amount) filter (where ${other} and s.status = 'delivered'))::int as largest_delivered
      from (${history(sql`o.user_id = t.user_id`)} union ${history(sql`o.phone_key = t.phone_key`)}) s
    ) h
    cross join lateral (
      -- Through orders_address_back_idx: the same expression, and its predicate.
      select count(*) filter (where r.returned_as = 'refused')::int as refused,
             count(*) filter (where r.returned_as = 'returned')::int as returned,
             count(distinct r.user_id)::int as accounts
      from orders r
      where address_key(r.address_line, r.area) = address_key(t.address_line, t.area) and r.returned_as is not null
        and r.user_id <> t.user_id and r.phone_key <> t.phone_key
    ) a
    where t.id in ${orderIds}`;
}
