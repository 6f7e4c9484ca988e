// Placing an order (GUIDE.md section 3): prices from the database, every line's stock taken in
// one transaction with row locks in a fixed order and conditional decrements, all or nothing.
// An Idempotency-Key makes a retried request answer the first order instead of a second one.
import { createHash, randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { MAX_LINE_QUANTITY, orderSummary } from "#shared/cart.ts";
import { imageVariantUrl } from "#shared/catalog.ts";
import { discountPercentage } from "#shared/money.ts";
import {
  mergedQuantityMessage,
  type NewOrder,
  ORDER_MESSAGES,
  type Order,
  type OrderItem,
  orderStockMessage,
  pricesChangedMessage,
} from "#shared/orders.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { badRequest, conflict, HttpError, notFound } from "../http/errors.ts";

const NO_PRODUCT_FOUND = "No product found.";
const ORDER_IMAGE_WIDTH = 640;
const MAX_ATTEMPTS = 5;

/** 409 whose answer also carries the current total, so the client can show it. */
export class PricesChangedError extends HttpError {
  readonly totalAmount: number;
  constructor(totalAmount: number) {
    super(409, pricesChangedMessage(totalAmount));
    this.totalAmount = totalAmount;
  }
}

export interface PlaceOrderRequest {
  userId: string;
  order: NewOrder;
  idempotencyKey?: string | undefined;
}

export interface PlaceOrderResult {
  order: Order;
  /** False when an Idempotency-Key replay answered an order placed earlier. */
  created: boolean;
}

interface Line {
  productId: string;
  size: number;
  quantity: number;
}

interface LockedRow {
  product_id: string;
  size: number;
  stock: number;
  name: string;
  description: string;
  price: number;
  discount_price: number;
  archived: boolean;
  image_ids: string[];
}

/** Thrown inside the transaction when another request holds the same Idempotency-Key. */
class IdempotencyRace extends Error {}

export async function placeOrder(
  db: Db,
  request: PlaceOrderRequest,
  loadOrder: (orderId: string) => Promise<Order | undefined>,
): Promise<PlaceOrderResult> {
  const lines = mergeLines(request.order.items);
  const requestHash = hashRequest(lines, request.order);
  const key = request.idempotencyKey;

  const replay = async (): Promise<PlaceOrderResult | undefined> => {
    if (key === undefined) return undefined;
    const [found] = await selectRows<{ request_hash: string; order_id: string | null }>(
      db,
      sql`select request_hash, order_id from idempotency_keys where user_id = ${request.userId} and key = ${key}`,
    );
    if (!found) return undefined;
    if (found.request_hash !== requestHash) throw new HttpError(422, ORDER_MESSAGES.idempotencyReused);
    const order = found.order_id ? await loadOrder(found.order_id) : undefined;
    if (!order) throw conflict("This order is still being placed. Please try again in a moment.");
    return { order, created: false };
  };

  // No look-up before the transaction: a used key fails its insert there, and the answer is the
  // first order (see IdempotencyRace), so a first request costs no extra round trip.
  for (let attempt = 1; ; attempt++) {
    try {
      const order = await db.transaction((tx) => insertOrder(tx as unknown as Db, request, lines, requestHash));
      return { order, created: true };
    } catch (error) {
      if (error instanceof IdempotencyRace) {
        const first = await replay();
        if (first) return first;
        if (attempt < MAX_ATTEMPTS) continue;
      }
      const code = sqlState(error);
      if ((code === "40001" || code === "40P01") && attempt < MAX_ATTEMPTS) {
        await sleep(5 * attempt + Math.random() * 20);
        continue;
      }
      if (code === "40001" || code === "40P01" || error instanceof IdempotencyRace) {
        throw new HttpError(503, "The shop is very busy right now. Please place your order again.");
      }
      throw error;
    }
  }
}

/** Duplicate product+size lines become one; the result is sorted, which is the lock order. */
export function mergeLines(items: readonly Line[]): Line[] {
  const merged = new Map<string, Line>();
  for (const item of items) {
    // Lower case, as the database prints uuids, so lines and locked rows match by text.
    const productId = item.productId.toLowerCase();
    const id = `${productId}|${item.size}`;
    const line = merged.get(id);
    if (line) line.quantity += item.quantity;
    else merged.set(id, { productId, size: item.size, quantity: item.quantity });
  }
  const lines = [...merged.values()];
  for (const line of lines) {
    if (line.quantity > MAX_LINE_QUANTITY) throw badRequest(mergedQuantityMessage(line.size));
  }
  return lines.sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : a.size - b.size));
}

function hashRequest(lines: readonly Line[], order: NewOrder): string {
  const a = order.shippingAddress;
  const canonical = JSON.stringify([
    lines.map((l) => [l.productId, l.size, l.quantity]),
    [a.fullName, a.addressLine, a.phoneNumber, a.email, a.city, a.postalCode ?? null],
    order.totalAmount,
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

async function insertOrder(tx: Db, request: PlaceOrderRequest, lines: Line[], requestHash: string): Promise<Order> {
  const { userId, order: input, idempotencyKey: key } = request;
  const orderId = randomUUID();

  // Claimed first: a concurrent retry with the same key waits here, then finds the first order.
  if (key !== undefined) {
    try {
      await tx.execute(
        sql`insert into idempotency_keys (user_id, key, request_hash) values (${userId}, ${key}, ${requestHash})`,
      );
    } catch (error) {
      if (sqlState(error) === "23505") throw new IdempotencyRace();
      throw error;
    }
  }

  const pairs = sql.join(
    lines.map((l) => sql`(${l.productId}::uuid, ${l.size}::smallint)`),
    sql`, `,
  );
  // Locks in (product_id, size) order, the same order for every order, so two orders of the
  // same products never wait on each other in a circle.
  const locked = await selectRows<LockedRow>(
    tx,
    sql`select s.product_id, s.size, s.stock, p.name, p.description, p.price, p.discount_price,
               p.archived_at is not null as archived,
               coalesce((select json_agg(i.id order by i.position) from product_images i where i.product_id = p.id),
                        '[]'::json) as image_ids
        from product_sizes s join products p on p.id = s.product_id
        where (s.product_id, s.size) in (${pairs})
        order by s.product_id, s.size
        for update of s`,
  );
  const byLine = new Map(locked.map((row) => [`${row.product_id}|${row.size}`, row]));
  const items: OrderItem[] = [];
  const rows: LockedRow[] = [];
  for (const line of lines) {
    const row = byLine.get(`${line.productId}|${line.size}`);
    if (!row) await refuseMissing(tx, line);
    else {
      if (row.archived) throw badRequest(`${row.name} is no longer on sale. Please remove it from your cart.`);
      rows.push(row);
      items.push(toItem(row, line.quantity));
    }
  }

  const summary = orderSummary(items);
  if (summary.total !== input.totalAmount) throw new PricesChangedError(summary.total);
  items.forEach((item, i) => {
    const row = rows[i] as LockedRow;
    if (row.stock < item.quantity) throw conflict(orderStockMessage(row.stock, item.size, item.name));
  });

  const decrements = sql.join(
    lines.map((l) => sql`(${l.productId}::uuid, ${l.size}::smallint, ${l.quantity}::integer)`),
    sql`, `,
  );
  const a = input.shippingAddress;
  const lineRecords = items.map((item, i) => ({
    line_no: i + 1,
    product_id: item.productId,
    name: item.name,
    description: item.description,
    image_url: item.imageUrl,
    size: item.size,
    quantity: item.quantity,
    price: item.price,
    discount_price: item.discountPrice,
  }));
  const claimKey: SQL =
    key === undefined
      ? sql`select 1`
      : sql`update idempotency_keys set order_id = ${orderId}
            where user_id = ${userId} and key = ${key} and (select ok from ok)`;
  // One round trip: the conditional decrement of every line, then the order, its lines, its first
  // status event, the idempotency key and the cart clean-up, written only if every line was taken.
  const [created] = await selectRows<{ created_ms: number }>(
    tx,
    sql`with u as (
          update product_sizes s set stock = s.stock - v.n
          from (values ${decrements}) as v(product_id, size, n)
          where s.product_id = v.product_id and s.size = v.size and s.stock >= v.n
          returning 1
        ), ok as (
          select count(*) = ${lines.length}::int as ok from u
        ), o as (
          insert into orders (id, user_id, status, subtotal, total_amount, full_name, address_line, phone_number,
                              email, city, postal_code)
          select ${orderId}::uuid, ${userId}::uuid, 'pending', ${summary.subtotal}::int, ${summary.total}::int,
                 ${a.fullName}, ${a.addressLine}, ${a.phoneNumber}, ${a.email}, ${a.city}, ${a.postalCode ?? null}::text
          from ok where ok.ok
          returning created_at
        ), l as (
          insert into order_lines (order_id, line_no, product_id, name, description, image_url, size, quantity,
                                   price, discount_price)
          select ${orderId}::uuid, x.line_no, x.product_id, x.name, x.description, x.image_url, x.size, x.quantity,
                 x.price, x.discount_price
          from jsonb_to_recordset(${JSON.stringify(lineRecords)}::jsonb) as x(line_no smallint, product_id uuid,
               name text, description text, image_url jsonb, size smallint, quantity smallint, price integer,
               discount_price integer), ok
          where ok.ok
        ), e as (
          insert into order_status_events (order_id, from_status, to_status, actor_user_id)
          select ${orderId}::uuid, null, 'pending', ${userId}::uuid from ok where ok.ok
        ), k as (${claimKey}), c as (
          delete from cart_lines
          where cart_id = (select id from carts where user_id = ${userId}) and (product_id, size) in (${pairs})
            and (select ok from ok)
        )
        select (extract(epoch from created_at) * 1000)::float8 as created_ms from o`,
  );

  // Cannot happen while the rows are locked; if it ever does, the rollback undoes everything.
  if (!created) throw conflict("Some sizes sold out while you were ordering. Please check your cart.");
  return {
    _id: orderId,
    items,
    status: "pending",
    totalAmount: summary.total,
    subtotal: summary.subtotal,
    paymentMethod: "cod",
    shippingAddress: a,
    createdAt: new Date(Number(created.created_ms)).toISOString(),
  };
}

/** A line with no stock row: either the product does not exist or it lacks that size. */
async function refuseMissing(tx: Db, line: Line): Promise<never> {
  const [product] = await selectRows<{ name: string; archived: boolean }>(
    tx,
    sql`select name, archived_at is not null as archived from products where id = ${line.productId}`,
  );
  if (!product) throw notFound(NO_PRODUCT_FOUND);
  if (product.archived) throw badRequest(`${product.name} is no longer on sale. Please remove it from your cart.`);
  throw badRequest(`${product.name} does not come in size ${line.size}.`);
}

function toItem(row: LockedRow, quantity: number): OrderItem {
  return {
    productId: row.product_id,
    name: row.name,
    description: row.description,
    imageUrl: row.image_ids.map((id) => imageVariantUrl(id, ORDER_IMAGE_WIDTH, "webp")),
    price: row.price,
    discountPrice: row.discount_price,
    discountPercentage: discountPercentage(row.price, row.discount_price),
    size: row.size,
    quantity,
  };
}

/** The SQLSTATE of a database error, however many wrappers (drizzle, pg) surround it. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
