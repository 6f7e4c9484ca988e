// Orders as the customer sees them: placing one (place-order.ts), reading them back, and the
// confirmation e-mail (queued by the order itself, sent by server/mail/outbox.ts). No HTTP here:
// routes pass parsed input.
import { type SQL, sql } from "drizzle-orm";
import { discountPercentage } from "#shared/money.ts";
import type { NewOrder, Order, OrderItem, OrderStatus } from "#shared/orders.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import type { Mail } from "../mail/mailer.ts";
import type { OutboxEntry } from "../mail/outbox.ts";
import { orderConfirmationMail, type ShopContact } from "./mail.ts";
import { type PlaceOrderResult, placeOrder } from "./place-order.ts";

/** The order list answers at most this many, newest first. */
export const TRACK_LIMIT = 100;

export interface OrderService {
  place(userId: string, order: NewOrder, idempotencyKey?: string): Promise<PlaceOrderResult>;
  /** The user's own orders, newest first. */
  track(userId: string): Promise<Order[]>;
  /** The confirmation mails of queued outbox entries, by entry id. */
  confirmationMails(entries: OutboxEntry[]): Promise<Map<string, Mail>>;
}

/** An order row with its lines as `json_agg` returns them; admin reads add their own columns. */
export interface OrderRow {
  id: string;
  status: OrderStatus;
  subtotal: number;
  total_amount: number;
  full_name: string;
  address_line: string;
  phone_number: string;
  email: string;
  city: string;
  postal_code: string | null;
  created_ms: number;
  items: {
    product_id: string;
    name: string;
    description: string;
    image_url: string[];
    size: number;
    quantity: number;
    price: number;
    discount_price: number;
  }[];
}

export function createOrderService(db: Db, deps: { shop: ShopContact }): OrderService {
  async function findOrders(which: SQL, limit = TRACK_LIMIT): Promise<Order[]> {
    const rows = await selectRows<OrderRow>(
      db,
      sql`select o.id, o.status, o.subtotal, o.total_amount, o.full_name, o.address_line, o.phone_number, o.email,
                 o.city, o.postal_code, (extract(epoch from o.created_at) * 1000)::float8 as created_ms,
                 coalesce((select json_agg(json_build_object('product_id', l.product_id, 'name', l.name,
                             'description', l.description, 'image_url', l.image_url, 'size', l.size,
                             'quantity', l.quantity, 'price', l.price, 'discount_price', l.discount_price)
                           order by l.line_no)
                           from order_lines l where l.order_id = o.id), '[]'::json) as items
          from orders o
          where ${which}
          order by o.created_at desc, o.id desc
          limit ${limit}`,
    );
    return rows.map(toOrder);
  }

  return {
    place: (userId, order, idempotencyKey) =>
      placeOrder(
        db,
        { userId, order, idempotencyKey },
        async (orderId) => (await findOrders(sql`o.user_id = ${userId} and o.id = ${orderId}`))[0],
      ),

    track: (userId) => findOrders(sql`o.user_id = ${userId}`),

    async confirmationMails(entries) {
      const ids = [...new Set(entries.map((entry) => entry.order_id))];
      // Every order of the batch, whatever its size: one missing here would read as gone, its mail dropped.
      const found = await findOrders(sql`o.id in ${ids}`, ids.length);
      const orders = new Map(found.map((order) => [order._id, order]));
      const mails = new Map<string, Mail>();
      for (const entry of entries) {
        const order = orders.get(entry.order_id);
        if (order) mails.set(entry.id, orderConfirmationMail(order, deps.shop));
      }
      return mails;
    },
  };
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
    subtotal: row.subtotal,
    paymentMethod: "cod",
    shippingAddress: {
      fullName: row.full_name,
      addressLine: row.address_line,
      phoneNumber: row.phone_number,
      email: row.email,
      city: row.city,
      postalCode: row.postal_code ?? undefined,
    },
    createdAt: new Date(Number(row.created_ms)).toISOString(),
  };
}
