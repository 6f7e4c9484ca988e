// Orders as the customer sees them: placing one (place-order.ts), reading them back, and the
// mails an order owes (queued by the order itself, sent by server/mail/outbox.ts): the customer's
// confirmation and the shop's alert. No HTTP here:
// routes pass parsed input.
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { discountPercentage } from "#shared/money.ts";
import { ANSWER_CHANNELS, type NewOrder, type Order, type OrderItem } from "#shared/orders.ts";
import type { Db } from "../db/client.ts";
import { orderStatusColumn } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { orders as ordersTable, users } from "../db/schema.ts";
import type { Mail } from "../mail/mailer.ts";
import type { ShopContact } from "../mail/order-contact.ts";
import type { OutboxEntry } from "../mail/outbox.ts";
import type { Recipient } from "../mail/recipient.ts";
import { type OrderAlertOptions, orderAlertsMail } from "./alert-mail.ts";
import { confirmExpiredMail, confirmReminderMail } from "./confirm-mails.ts";
import { EXCHANGES_COLUMN, exchangesColumn, toOrderExchanges } from "./exchange-columns.ts";
import { type ConfirmRequest, orderConfirmationMail } from "./mail.ts";
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from "./order-limits.ts";
import { PARCEL_COLUMN, parcelColumn, toOrderParcel } from "./parcel-row.ts";
import { type PlaceOrderRequest, type PlaceOrderResult, placeOrder } from "./place-order.ts";

/** The order list answers at most this many, newest first. */
export const TRACK_LIMIT = 100;

export interface OrderService {
  place(
    userId: string,
    order: NewOrder,
    idempotencyKey?: string,
    canStillAnswer?: PlaceOrderRequest["canStillAnswer"],
  ): Promise<PlaceOrderResult>;
  /** The user's own orders, newest first. */
  track(userId: string): Promise<Order[]>;
  /** The order this user placed with this Idempotency-Key, if any: the answer of a checkout that never arrived. */
  placedWithKey(userId: string, idempotencyKey: string): Promise<Order | undefined>;
  /** The mails of queued outbox entries (confirmations and the shop's alerts), by entry id. */
  queuedMails(entries: OutboxEntry[]): Promise<Map<string, Mail>>;
}

/** An order row with its lines as `json_agg` returns them; admin reads add their own columns. */
export const orderRow = z.object({
  id: z.string(),
  status: orderStatusColumn,
  subtotal: z.number(),
  total_amount: z.number(),
  cod_fee: z.number(),
  advance_amount: z.number(),
  advance_paid_ms: z.number().nullable(),
  receipt_waiting: z.boolean(),
  due_on_delivery: z.number(),
  discount_amount: z.number(),
  discount_label: z.string().nullable(),
  full_name: z.string(),
  address_line: z.string(),
  phone_number: z.string(),
  email: z.string(),
  city: z.string(),
  postal_code: z.string().nullable(),
  area: z.string().nullable(),
  landmark: z.string().nullable(),
  created_ms: z.number(),
  cancels_ms: z.number().nullable(),
  answered_via: z.enum(ANSWER_CHANNELS).nullable(),
  answered_ms: z.number().nullable(),
  steps: z.array(z.object({ status: orderStatusColumn, ms: z.number() })),
  parcel: parcelColumn.nullable(),
  exchanges: exchangesColumn,
  items: z.array(
    z.object({
      product_id: z.string(),
      name: z.string(),
      description: z.string(),
      image_url: z.array(z.string()),
      size: z.number(),
      quantity: z.number(),
      price: z.number(),
      discount_price: z.number(),
    }),
  ),
});
export type OrderRow = z.output<typeof orderRow>;

export interface OrderServiceDeps {
  shop: ShopContact;
  /** Where and how the shop is told of a new order. */
  alert: OrderAlertOptions;
  /** What one customer may hold open (MAX_OPEN_ORDERS, MAX_OPEN_PAIRS). */
  limits?: OrderLimits;
  /** The signed link and the wait a confirmation request or reminder names (server/confirmation). */
  confirmRequest(order: Order): Promise<ConfirmRequest>;
  /** The shop sends confirmation requests on WhatsApp too. */
  whatsapp?: boolean;
}

/** A receipt of the advance waits for the owner's decision: the order does not lapse meanwhile (issue 50). */
export const RECEIPT_WAITING = sql.raw(
  "exists (select from advance_receipts ar where ar.order_id = o.id and ar.decision is null)",
);

/** An order row with its lines (an OrderRow, for toOrder), from `orders o`. */
export const ORDER_COLUMNS = sql`
  o.id, o.status, o.subtotal, o.total_amount, o.cod_fee, o.advance_amount, o.due_on_delivery,
  o.discount_amount, o.discount_label,
  (extract(epoch from o.advance_paid_at) * 1000)::float8 as advance_paid_ms,
  ${RECEIPT_WAITING} as receipt_waiting,
  o.full_name, o.address_line, o.phone_number, o.email,
  o.city, o.postal_code, o.area, o.landmark, (extract(epoch from o.created_at) * 1000)::float8 as created_ms,
  case when o.status = 'pending' and o.held_at is null and not ${RECEIPT_WAITING}
       then (extract(epoch from o.cancel_at) * 1000)::float8 end as cancels_ms,
  o.answered_via, (extract(epoch from o.answered_at) * 1000)::float8 as answered_ms,
  coalesce((select json_agg(json_build_object('status', e.to_status, 'ms', (extract(epoch from e.created_at) * 1000)::float8)
            order by e.created_at)
            from order_status_events e where e.order_id = o.id), '[]'::json) as steps,
  coalesce((select json_agg(json_build_object('product_id', l.product_id, 'name', l.name,
              'description', l.description, 'image_url', l.image_url, 'size', l.size,
              'quantity', l.quantity, 'price', l.price, 'discount_price', l.discount_price)
            order by l.line_no)
            from order_lines l where l.order_id = o.id), '[]'::json) as items,
  ${PARCEL_COLUMN} as parcel,
  ${EXCHANGES_COLUMN} as exchanges`;

export function createOrderService(db: Db, deps: OrderServiceDeps): OrderService {
  const rules = { shop: deps.shop, limits: deps.limits ?? DEFAULT_ORDER_LIMITS, whatsapp: deps.whatsapp ?? false };
  async function findOrders(which: SQL, limit = TRACK_LIMIT): Promise<Order[]> {
    const rows = await selectRows(
      db,
      orderRow,
      sql`select ${ORDER_COLUMNS}
          from orders o
          where ${which}
          order by o.created_at desc, o.id desc
          limit ${limit}`,
    );
    return rows.map(toOrder);
  }

  return {
    place: (userId, order, idempotencyKey, canStillAnswer) =>
      placeOrder(
        db,
        { userId, order, idempotencyKey, canStillAnswer },
        async (orderId) => (await findOrders(sql`o.user_id = ${userId} and o.id = ${orderId}`))[0],
        rules,
      ),

    track: (userId) => findOrders(sql`o.user_id = ${userId}`),

    placedWithKey: async (userId, key) =>
      (
        await findOrders(
          sql`o.user_id = ${userId}
              and o.id = (select k.order_id from idempotency_keys k where k.user_id = ${userId} and k.key = ${key})`,
          1,
        )
      )[0],

    async queuedMails(entries) {
      const ids = [...new Set(entries.map((entry) => entry.order_id))];
      // Every order of the batch, whatever its size: one missing here would read as gone, its mail dropped.
      const found = await findOrders(sql`o.id in ${ids}`, ids.length);
      const orders = new Map(found.map((order) => [order._id, order]));
      // The account's own e-mail: the checkout's is kept on the order for the shop, never mailed.
      const accounts = await db
        .select({ id: ordersTable.id, email: users.email, verifiedAt: users.emailVerifiedAt })
        .from(ordersTable)
        .innerJoin(users, eq(users.id, ordersTable.userId))
        .where(inArray(ordersTable.id, ids));
      const recipients = new Map<string, Recipient>(
        accounts.map((row) => [row.id, { to: row.email, proven: row.verifiedAt !== null }]),
      );
      const mails = new Map<string, Mail>();
      const alerts = new Map<string, { order: Order; entryIds: string[] }>();
      for (const entry of entries) {
        const order = orders.get(entry.order_id);
        if (!order) continue;
        // The customer's mails go to the account's own e-mail, never to one typed at checkout; the
        // shop's alert to ORDERS_EMAIL. The WhatsApp kinds have their own drainer.
        const to = recipients.get(entry.order_id);
        if (entry.kind === "order_confirmation" && to) {
          mails.set(entry.id, orderConfirmationMail(order, to, deps.shop, await deps.confirmRequest(order)));
        } else if (entry.kind === "confirm_reminder" && to) {
          // Answered since it was queued: a reminder would only confuse.
          if (order.status === "pending") {
            mails.set(entry.id, confirmReminderMail(order, to, deps.shop, await deps.confirmRequest(order)));
          }
        } else if (entry.kind === "confirm_expired" && to) {
          mails.set(entry.id, confirmExpiredMail(order, to, deps.shop));
        } else if (entry.kind === "order_alert") {
          const alert = alerts.get(order._id) ?? { order, entryIds: [] };
          alert.entryIds.push(entry.id);
          alerts.set(order._id, alert);
        }
      }
      // The batch's new orders in one mail to the shop, owed by each of their entries.
      if (alerts.size > 0) {
        const alertMail = orderAlertsMail(
          [...alerts.values()].map((alert) => alert.order),
          deps.alert,
        );
        for (const alert of alerts.values()) for (const id of alert.entryIds) mails.set(id, alertMail);
      }
      return mails;
    },
  };
}

/** One order as its customer reads it, whoever asks (the confirmation link has no session). */
export async function loadOrder(db: Db, orderId: string): Promise<Order | undefined> {
  const [row] = await selectRows(db, orderRow, sql`select ${ORDER_COLUMNS} from orders o where o.id = ${orderId}`);
  return row ? toOrder(row) : undefined;
}

export function toOrder(row: OrderRow): Order {
  const items: OrderItem[] = row.items.map((l) => ({
    productId: l.product_id,
    name: l.name,
    description: l.description,
    imageUrl: l.image_url,
    price: l.price,
    discountPrice: l.discount_price,
    discountPercentage: discountPercentage(l.price, l.discount_price),
    size: l.size,
    quantity: l.quantity,
  }));
  return {
    _id: row.id,
    items,
    status: row.status,
    totalAmount: row.total_amount,
    codFee: row.cod_fee,
    advance:
      row.advance_amount > 0
        ? {
            amount: row.advance_amount,
            paidAt: row.advance_paid_ms === null ? null : new Date(row.advance_paid_ms).toISOString(),
            receiptWaiting: row.receipt_waiting,
          }
        : null,
    dueOnDelivery: row.due_on_delivery,
    discount: row.discount_amount > 0 ? { amount: row.discount_amount, label: row.discount_label ?? "Discount" } : null,
    subtotal: row.subtotal,
    paymentMethod: "cod",
    shippingAddress: {
      fullName: row.full_name,
      addressLine: row.address_line,
      phoneNumber: row.phone_number,
      email: row.email,
      city: row.city,
      postalCode: row.postal_code ?? undefined,
      area: row.area ?? undefined,
      landmark: row.landmark ?? undefined,
    },
    createdAt: new Date(Number(row.created_ms)).toISOString(),
    statusHistory: row.steps.map((step) => ({ status: step.status, at: new Date(step.ms).toISOString() })),
    parcel: row.parcel ? toOrderParcel(row.parcel) : null,
    exchanges: toOrderExchanges(row.exchanges),
    confirmation: {
      awaiting: row.status === "pending",
      cancelsAt: row.cancels_ms === null ? null : new Date(row.cancels_ms).toISOString(),
      answered:
        row.answered_via && row.answered_ms !== null
          ? { via: row.answered_via, at: new Date(row.answered_ms).toISOString() }
          : null,
    },
  };
}
