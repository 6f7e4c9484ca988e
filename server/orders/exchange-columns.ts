// An order's exchanges as the order reads select them (ORDER_COLUMNS in server/orders/service.ts):
// the requests made on its pairs, until when it can still be exchanged, and, for an exchange's own
// order, the order whose pair it replaces.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { EXCHANGE_REASONS, EXCHANGE_STATUSES, type Exchange, type OrderExchanges } from "#shared/exchanges.ts";

const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/** One request as a json object, from `exchange_requests e`. */
export const EXCHANGE_JSON = sql`json_build_object(
    'id', e.id, 'order_id', e.order_id, 'line_no', e.line_no, 'product_id', e.product_id,
    'name', (select l.name from order_lines l where l.order_id = e.order_id and l.line_no = e.line_no),
    'image_url', (select l.image_url ->> 0 from order_lines l where l.order_id = e.order_id and l.line_no = e.line_no),
    'size', e.size, 'wanted_size', e.wanted_size, 'reason', e.reason, 'note', e.note, 'status', e.status,
    'price_difference', e.price_difference, 'owner_message', e.owner_message,
    'created_ms', ${ms("e.created_at")}, 'decided_ms', ${ms("e.decided_at")}, 'received_ms', ${ms("e.received_at")},
    'answer_by_ms', case when e.status = 'requested' then (extract(epoch from e.created_at
      + make_interval(days => (select answer_within_days from exchange_settings))) * 1000)::float8 end,
    'exchange_order_id', e.exchange_order_id,
    'photo_count', (select count(*)::int from exchange_photos ph
                    where ph.exchange_id = e.id and ph.status <> 'unreadable'))`;

export const EXCHANGES_COLUMN = sql`json_build_object(
    'requests', coalesce((select json_agg(${EXCHANGE_JSON} order by e.created_at) from exchange_requests e
                          where e.order_id = o.id), '[]'::json),
    'until_ms', case when o.status = 'delivered' then (
      select (extract(epoch from max(d.created_at) + make_interval(days => (select window_days from exchange_settings))) * 1000)::float8
      from order_status_events d where d.order_id = o.id and d.to_status = 'delivered') end,
    'replaces', (select e.order_id from exchange_requests e where e.exchange_order_id = o.id))`;

export const exchangeJson = z.object({
  id: z.string(),
  order_id: z.string(),
  line_no: z.number(),
  product_id: z.string(),
  name: z.string(),
  image_url: z.string().nullable(),
  size: z.number(),
  wanted_size: z.number(),
  reason: z.enum(EXCHANGE_REASONS),
  note: z.string().nullable(),
  status: z.enum(EXCHANGE_STATUSES),
  price_difference: z.number(),
  owner_message: z.string().nullable(),
  created_ms: z.number(),
  decided_ms: z.number().nullable(),
  received_ms: z.number().nullable(),
  answer_by_ms: z.number().nullable(),
  exchange_order_id: z.string().nullable(),
  photo_count: z.number(),
});
export type ExchangeJson = z.output<typeof exchangeJson>;

export const exchangesColumn = z.object({
  requests: z.array(exchangeJson),
  until_ms: z.number().nullable(),
  replaces: z.string().nullable(),
});

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toExchange(e: ExchangeJson): Exchange {
  return {
    _id: e.id,
    orderId: e.order_id,
    lineNo: e.line_no,
    product: { productId: e.product_id, name: e.name, imageUrl: e.image_url },
    size: e.size,
    wantedSize: e.wanted_size,
    reason: e.reason,
    note: e.note,
    status: e.status,
    priceDifference: e.price_difference,
    ownerMessage: e.owner_message,
    createdAt: new Date(e.created_ms).toISOString(),
    decidedAt: iso(e.decided_ms),
    answerBy: iso(e.answer_by_ms),
    receivedAt: iso(e.received_ms),
    exchangeOrderId: e.exchange_order_id,
    photoCount: e.photo_count,
  };
}

/** `until` only while it is still ahead: the customer sees the offer only while it stands. */
export function toOrderExchanges(column: z.output<typeof exchangesColumn>, now = Date.now()): OrderExchanges {
  return {
    until: column.until_ms !== null && column.until_ms > now ? new Date(column.until_ms).toISOString() : null,
    requests: column.requests.map(toExchange),
    replacesOrderId: column.replaces,
  };
}
