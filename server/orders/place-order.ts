// Placing an order (docs/architecture.md section 3): prices from the database, every line's stock taken in
// one statement with row locks in a fixed order, all or nothing, inside a transaction that first
// locks the customer's row, so what the customer holds open is counted exactly (order-limits.ts).
// An Idempotency-Key makes a retried request answer the first order instead of a second one.
import { createHash, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { DELIVERY_CHARGE, MAX_LINE_QUANTITY, orderSummary } from "#shared/cart.ts";
import { imageVariantUrl } from "#shared/catalog.ts";
import { DEFAULT_CONFIRMATION_SETTINGS } from "#shared/confirmation.ts";
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
import type { PromoLine } from "#shared/promotions.ts";
import { codFeeAddedMessage } from "#shared/risk-rules.ts";
import { listedArea } from "../areas/service.ts";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { constraintOf, sqlState } from "../db/errors.ts";
import { idempotencyKeys, products } from "../db/schema.ts";
import { OPEN_STATUS_LIST } from "../db/status-sql.ts";
import { CHECKOUT_LOCK_TIMEOUT_MS, isDatabaseTimeout, STATEMENT_TIMEOUT_MS } from "../db/timeouts.ts";
import { type OpenTransaction, transactionOpenedWith } from "../db/transaction.ts";
import { conflict, DomainError, invalid, notFound } from "../domain-errors.ts";
import type { ShopContact } from "../mail/order-contact.ts";
import { type CartDiscount, cartDiscount } from "../promotions/discounts.ts";
import { insertFirstHistoryLine, insertOrder, insertOrderLines } from "./life/create.ts";
import {
  checkOpenLimits,
  lockCustomer,
  type OrderLimits,
  refuseBlocked,
  refuseBlockedContact,
} from "./order-limits.ts";
import { type CappedRow, refuseCapped } from "./order-rules.ts";
import { ACTION_KIND_SQL, advanceOf, capRefuses, conditionHolds, FACTS_IN_F, feeOf } from "./risk-rules.ts";

const NO_PRODUCT_FOUND = "No product found.";
const ORDER_IMAGE_WIDTH = 640;
const MAX_ATTEMPTS = 5;

/** A conflict whose answer also carries the current total, so the client can show it. */
export class PricesChangedError extends DomainError {
  readonly totalAmount: number;
  constructor(totalAmount: number, message = pricesChangedMessage(totalAmount)) {
    super("conflict", message, { details: { totalAmount } });
    this.totalAmount = totalAmount;
  }
}

export interface PlaceOrderRequest {
  userId: string;
  order: NewOrder;
  idempotencyKey?: string | undefined;
  /**
   * Whether an answer given `msNeeded` from now still reaches the customer (their connection is
   * open and the request's deadline not past). Asked before the order statement: when it says no,
   * the transaction rolls back and nothing is ordered for an answer nobody would read.
   */
  canStillAnswer?: ((msNeeded: number) => boolean) | undefined;
}

/** The shop's rules for one customer's orders, from the configuration. */
export interface OrderRules {
  limits: OrderLimits;
  /** How to reach the shop, named in every refusal a customer cannot fix alone. */
  shop: ShopContact;
  /** The shop sends confirmation requests on WhatsApp too (server/confirmation/whatsapp.ts). */
  whatsapp?: boolean;
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

/**
 * Thrown when another order of the same customer (another account on the same phone) took the same
 * use of a code at the same moment: the unique index refused this one; its retry reads the use.
 */
class CodeUseRace extends Error {}

export async function placeOrder(
  db: Db,
  request: PlaceOrderRequest,
  loadOrder: (orderId: string) => Promise<Order | undefined>,
  rules: OrderRules,
): Promise<PlaceOrderResult> {
  const lines = mergeLines(request.order.items);
  // The area as the shop's list spells it, however typed; a text that is not one listed area (or one
  // hidden by the owner) is refused with the closest names.
  const area = request.order.shippingAddress.area;
  if (area !== undefined) {
    const canonical = await listedArea(db, area, "shippingAddress.area");
    request = {
      ...request,
      order: { ...request.order, shippingAddress: { ...request.order.shippingAddress, area: canonical } },
    };
  }
  const requestHash = hashRequest(lines, request.order);
  const key = request.idempotencyKey;

  const replay = async (): Promise<PlaceOrderResult | undefined> => {
    if (key === undefined) return undefined;
    const [found] = await db
      .select({ requestHash: idempotencyKeys.requestHash, orderId: idempotencyKeys.orderId })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, key)));
    if (!found) return undefined;
    if (found.requestHash !== requestHash) throw new DomainError("key-reused", ORDER_MESSAGES.idempotencyReused);
    const order = found.orderId ? await loadOrder(found.orderId) : undefined;
    if (!order) throw conflict("This order is still being placed. Please try again in a moment.");
    return { order, created: false };
  };

  // No look-up before the statement: a used key fails its insert there, and the answer is the
  // first order (see IdempotencyRace), so a first request costs no extra round trip.
  for (let attempt = 1; ; attempt++) {
    try {
      // What the cart gets off now (an offer or the customer's code), from the moment's prices: the
      // order statement holds those prices under its locks, and takes the code's use there.
      const promo = await cartDiscount(db, {
        userId: request.userId,
        phone: request.order.shippingAddress.phoneNumber,
        lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
        code: request.order.discountCode,
      });
      if (promo.choice.codeRefusal !== null) {
        throw invalid(promo.choice.codeRefusal, { discountCode: promo.choice.codeRefusal });
      }
      // First, and alone in its statement: parallel orders of this customer queue at the lock, and
      // the order statement, taking its snapshot after it, counts every one before it.
      const order = await transactionOpenedWith<{ blocked: boolean }, Order>(
        db,
        lockCustomer(request.userId),
        (open, locked) => {
          refuseBlocked(locked, rules.shop);
          // The order statement may take up to a statement's timeout: sent only if its answer
          // can still be delivered after that long.
          if (request.canStillAnswer && !request.canStillAnswer(STATEMENT_TIMEOUT_MS)) throw busyNotPlaced();
          return placeInOneStatement(open, request, lines, requestHash, rules, promo);
        },
        // A stock row or the customer's row held longer than this by someone else: refused, not
        // waited for (server/db/timeouts.ts).
        { lockTimeoutMs: CHECKOUT_LOCK_TIMEOUT_MS },
      );
      return { order, created: true };
    } catch (error) {
      // Waited its bounded time for a lock, or ran out of time: nothing was written. A retry of
      // the same request may have placed the order meanwhile: then that is the answer.
      if (isDatabaseTimeout(error)) {
        const first = await replay();
        if (first) return first;
        throw busyNotPlaced();
      }
      // Refused (sold out, say) while a retry of the same request was placing it: the answer is
      // the order that retry placed, not the refusal.
      if (error instanceof DomainError && key !== undefined) {
        const first = await replay();
        if (first) return first;
      }
      if (error instanceof CodeUseRace && attempt < MAX_ATTEMPTS) continue;
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
      if (code === "40001" || code === "40P01" || error instanceof IdempotencyRace || error instanceof CodeUseRace) {
        throw new DomainError("busy", "The shop is very busy right now. Please place your order again.");
      }
      throw error;
    }
  }
}

/** Refused for now, nothing written: the same request later will work (503 with Retry-After). */
const busyNotPlaced = () => new DomainError("busy", ORDER_MESSAGES.busyNotPlaced);

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
    if (line.quantity > MAX_LINE_QUANTITY) throw invalid(mergedQuantityMessage(line.size));
  }
  return lines.sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : a.size - b.size));
}

function hashRequest(lines: readonly Line[], order: NewOrder): string {
  const a = order.shippingAddress;
  const canonical = JSON.stringify([
    lines.map((l) => [l.productId, l.size, l.quantity]),
    [
      a.fullName,
      a.addressLine,
      a.phoneNumber,
      a.email,
      a.city,
      a.postalCode ?? null,
      a.area ?? null,
      a.landmark ?? null,
    ],
    order.totalAmount,
    order.discountCode ?? null,
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

/**
 * The whole order in one statement, the last of its transaction, sent with the COMMIT (the
 * customer's lock came first). It locks the lines' stock rows in (product_id, size) order (the same order
 * for every order, so two orders never wait on each other in a circle), decides from the locked
 * rows whether every line can be taken at the price the customer saw, and only then decrements
 * the stock and writes the order, its lines, its first status event, its Idempotency-Key and its
 * queued mails (the customer's confirmation, the shop's alert), and clears the ordered lines
 * from the cart. When it cannot, it writes nothing and answers the locked rows, from which the
 * refusal is explained.
 */
async function placeInOneStatement(
  open: OpenTransaction,
  request: PlaceOrderRequest,
  lines: Line[],
  requestHash: string,
  rules: OrderRules,
  promo: CartDiscount,
): Promise<Order> {
  const { userId, order: input, idempotencyKey: key } = request;
  const orderId = randomUUID();
  const a = input.shippingAddress;
  // Each line with the price the discount was reckoned on: the statement takes the order only at those prices.
  const priceOf = new Map(promo.lines.map((l) => [l.productId, l.unitPrice]));
  const wanted = JSON.stringify(
    lines.map((l) => ({ product_id: l.productId, size: l.size, n: l.quantity, p: priceOf.get(l.productId) ?? null })),
  );
  const discount = promo.choice.discount;
  const discountAmount = discount?.amount ?? 0;
  const codeId = discount?.codeId ?? null;
  // Image addresses are made by the one helper that makes them everywhere; the statement fills in the id.
  const imageUrl = imageVariantUrl(IMAGE_ID_SLOT, ORDER_IMAGE_WIDTH, "webp");
  const wantedPairs = lines.reduce((sum, line) => sum + line.quantity, 0);
  let outcome: StatementOutcome | undefined;
  try {
    // On the transaction's connection, prepared once per connection, and sent with the COMMIT
    // (server/db/transaction.ts): when the statement refuses, it has written nothing.
    [outcome] = await open.selectAndCommit<StatementOutcome>(
      "place_order",
      sql`with v as (
            select * from jsonb_to_recordset(${wanted}::jsonb) as v(product_id uuid, size smallint, n integer, p integer)
          ), locked as materialized (
            -- The price of this moment (migration 0036): a scheduled sale is priced from its start to
            -- its end to the second, whether or not the sale job has written it yet.
            select s.product_id, s.size, s.stock, p.name, p.description, p.price,
                   price_now(p.id, p.category_slug, p.tags, p.discount_price, now()) as discount_price,
                   sale_at(p.id, p.category_slug, p.tags, p.discount_price, now()) as sale_id,
                   p.archived_at is not null as archived,
                   coalesce((select json_agg(i.id order by i.position) from product_images i where i.product_id = p.id),
                            '[]'::json) as image_ids
            from product_sizes s join products p on p.id = s.product_id
            where (s.product_id, s.size) in (select product_id, size from v)
            order by s.product_id, s.size
            for update of s
          ), priced as (
            select l.*, v.n, v.p, row_number() over (order by l.product_id, l.size) as line_no
            from locked l join v on v.product_id = l.product_id and v.size = l.size
          ), held as (
            -- What the customer holds open now: every earlier order of theirs committed before the lock.
            select (select count(*) from orders where user_id = ${userId}::uuid and status in ${OPEN_STATUS_LIST})::int
                     as orders,
                   (select coalesce(sum(ol.quantity), 0) from orders ho join order_lines ol on ol.order_id = ho.id
                    where ho.user_id = ${userId}::uuid and ho.status in ${OPEN_STATUS_LIST})::int as pairs
          ), blocked as (
            -- The owner's block list (migration 0031), keyed as orders are: the phone's last ten
            -- digits (orders.phone_key), the address's address_key. Through block_list_key_idx.
            select coalesce(bool_or(b.kind = 'phone'), false) as phone, coalesce(bool_or(b.kind = 'address'), false) as address
            from block_list b
            where (b.kind = 'phone' and b.key = right(regexp_replace(${a.phoneNumber}::text, '\D', '', 'g'), 10))
               or (b.kind = 'address' and b.key = address_key(${a.addressLine}::text, ${a.area ?? null}::text))
          ), facts as (
            -- What the owner's rules read (server/orders/risk-rules.ts): the account's earlier
            -- orders (its row is locked, so none is being placed beside this one), the total
            -- (orderSummary in SQL, as below), the pairs, and the phone's parcels that came back.
            select (select count(*) from orders where user_id = ${userId}::uuid)::int as earlier,
                   (select (coalesce(sum(discount_price * n), 0) + ${DELIVERY_CHARGE}::int - ${discountAmount}::int)::int
                    from priced) as total,
                   ${wantedPairs}::int as pairs,
                   (select count(*) from orders
                    where phone_key = right(regexp_replace(${a.phoneNumber}::text, '\D', '', 'g'), 10)
                      and returned_as is not null)::int as phone_back,
                   ${a.area ?? null}::text as area
          ), hits as (
            -- The enabled rules this order matches, and whether a cap among them refuses it.
            select r.id, r.name, r.action, r.condition, r.threshold, r.areas, r.action_amount,
                   ${capRefuses("r", FACTS_IN_F)} as refuses
            from risk_rules r, facts f
            where r.enabled and ${conditionHolds("r", FACTS_IN_F)}
          ), charges as (
            -- The fee and the advance of the rules it matched (risk-rules.ts): the fee is part of the
            -- total the customer was shown; the advance is part of it, never more.
            select ${feeOf("hits")} as fee, ${advanceOf("hits")} as advance
          ), ok0 as (
            -- orderSummary (shared/cart.ts) in SQL: total = sum of discountPrice x quantity + delivery,
            -- less the discount reckoned on exactly these prices (server/promotions/discounts.ts),
            -- and the rules' COD fee (orderTotals, shared/order-charges.ts).
            select count(*) = ${lines.length}::int and bool_and(not archived and stock >= n)
                   and bool_and(discount_price = p)
                   and (select not (phone or address) from blocked)
                   and not exists (select from hits where refuses)
                   and (select orders < ${rules.limits.openOrders}::int
                               and pairs + ${wantedPairs}::int <= ${rules.limits.openPairs}::int from held)
                   and coalesce(sum(discount_price * n), 0) + ${DELIVERY_CHARGE}::int - ${discountAmount}::int
                       + (select fee from charges) = ${input.totalAmount}::bigint as ok,
                   coalesce(sum(price * n), 0)::int as subtotal,
                   (coalesce(sum(discount_price * n), 0) + ${DELIVERY_CHARGE}::int - ${discountAmount}::int
                    + (select fee from charges))::int as total,
                   (select fee from charges) as fee,
                   least((select advance from charges),
                         coalesce(sum(discount_price * n), 0) + ${DELIVERY_CHARGE}::int - ${discountAmount}::int
                         + (select fee from charges))::int as advance
            from priced
          ), claim as (
            -- The code's use, taken only for an order that passed every other check: the row's
            -- update re-reads the newest uses after waiting for a crowd's lock, so its last use is
            -- granted once (the table's check, uses <= max_uses, would refuse a second anyway). This
            -- customer's uses are counted by the more of their account's and phone's; the new use
            -- is numbered one above the highest of either (a use given back by a cancelled order,
            -- returnCodeUse, leaves a gap, never a number taken twice), and the unique indexes of
            -- code_uses refuse another order taking the same number at once (CodeUseRace).
            update discount_codes c set uses = c.uses + 1, updated_at = now()
            where c.id = ${codeId}::uuid and (select ok from ok0)
              and c.enabled and c.starts_at <= now() and (c.ends_at is null or now() < c.ends_at)
              and (c.max_uses is null or c.uses < c.max_uses)
              and greatest((select count(*) from code_uses cu where cu.code_id = c.id and cu.user_id = ${userId}::uuid),
                           (select count(*) from code_uses cu where cu.code_id = c.id
                            and cu.phone_key = right(regexp_replace(${a.phoneNumber}::text, '\D', '', 'g'), 10)))
                  < c.per_customer
            returning c.id,
              coalesce(greatest(
                (select max(cu.use_no) from code_uses cu where cu.code_id = c.id and cu.user_id = ${userId}::uuid),
                (select max(cu.use_no) from code_uses cu where cu.code_id = c.id
                 and cu.phone_key = right(regexp_replace(${a.phoneNumber}::text, '\D', '', 'g'), 10))), 0)::int + 1
                as use_no
          ), ok as (
            select ok0.ok and (${codeId}::uuid is null or exists (select from claim)) as ok,
                   ok0.subtotal, ok0.total, ok0.fee, ok0.advance
            from ok0
          ), cu as (
            insert into code_uses (code_id, order_id, user_id, phone_key, use_no)
            select claim.id, ${orderId}::uuid, ${userId}::uuid,
                   right(regexp_replace(${a.phoneNumber}::text, '\D', '', 'g'), 10), claim.use_no
            from claim, ok where ok.ok
          ), u as (
            -- From the stock the lock read, not s.stock: when a cancellation or an owner's save
            -- changed the row while we waited for its lock, s.stock here is the version of this
            -- statement's snapshot (PostgreSQL 15 took 0 - 2 on a row that locked read as 2).
            -- Taking pairs away never fires the back-in-stock trigger (migration 0021: its WHEN is 0 to some).
            update product_sizes s set stock = x.stock - x.n
            from priced x, ok
            where ok.ok and s.product_id = x.product_id and s.size = x.size
          ), times as (
            -- The owner's confirmation times now: the order keeps them, whatever is saved later (issue 46).
            select coalesce((select remind_after_minutes from confirmation_settings), ${DEFAULT_CONFIRMATION_SETTINGS.remindAfterMinutes}::int) as remind,
                   coalesce((select cancel_after_minutes from confirmation_settings), ${DEFAULT_CONFIRMATION_SETTINGS.cancelAfterMinutes}::int) as cancel
          ), o as (
            ${insertOrder(
              "checkout",
              {
                id: sql`${orderId}::uuid`,
                userId: sql`${userId}::uuid`,
                subtotal: sql`ok.subtotal`,
                total: sql`ok.total`,
                fullName: sql`${a.fullName}`,
                addressLine: sql`${a.addressLine}`,
                phoneNumber: sql`${a.phoneNumber}`,
                email: sql`${a.email}`,
                city: sql`${a.city}`,
                postalCode: sql`${a.postalCode ?? null}::text`,
                area: sql`${a.area ?? null}::text`,
                landmark: sql`${a.landmark ?? null}::text`,
                confirmation: {
                  remindAt: sql`now() + make_interval(mins => times.remind)`,
                  cancelAt: sql`now() + make_interval(mins => times.cancel)`,
                },
                riskRules: sql`(select coalesce(jsonb_agg(jsonb_build_object('id', id, 'name', name,
                                   'action', ${ACTION_KIND_SQL("hits")}) order by name), '[]'::jsonb)
                                from hits)`,
                charges: { codFee: sql`ok.fee`, advance: sql`ok.advance` },
                discount: {
                  amount: sql`${discountAmount}::int`,
                  label: sql`${discount && discountAmount > 0 ? discount.label : null}::text`,
                  codeId: sql`${codeId}::uuid`,
                  offerId: sql`${discount?.offerId ?? null}::uuid`,
                },
              },
              sql`from ok, times where ok.ok`,
              sql`created_at, cancel_at`,
            )}
          ), l as (
            ${insertOrderLines(
              sql`${orderId}::uuid`,
              {
                lineNo: sql`x.line_no`,
                productId: sql`x.product_id`,
                name: sql`x.name`,
                description: sql`x.description`,
                imageUrl: sql`(select coalesce(jsonb_agg(replace(${imageUrl}, ${IMAGE_ID_SLOT}, id::text)), '[]'::jsonb)
                               from json_array_elements_text(x.image_ids) as id)`,
                size: sql`x.size`,
                quantity: sql`x.n`,
                price: sql`x.price`,
                discountPrice: sql`x.discount_price`,
                saleId: sql`x.sale_id`,
              },
              sql`from priced x, ok where ok.ok`,
            )}
          ), e as (
            ${insertFirstHistoryLine("checkout", sql`${orderId}::uuid`, sql`${userId}::uuid`, sql`null`, sql`from ok where ok.ok`)}
          ), k as (
            -- No ON CONFLICT: a used key fails the whole statement (see IdempotencyRace), so a
            -- retry can never write a second order.
            insert into idempotency_keys (user_id, key, request_hash, order_id)
            select ${userId}::uuid, ${key ?? null}::text, ${requestHash}, ${orderId}::uuid
            from ok where ok.ok and ${key ?? null}::text is not null
          ), m as (
            -- The customer's confirmation (by mail, and on WhatsApp when the shop has it) and the
            -- shop's alert: owed exactly when the order exists.
            insert into mail_outbox (kind, order_id)
            select kind, ${orderId}::uuid from ok, unnest(${outboxKinds(rules)}::text[]) as mails(kind)
            where ok.ok
          ), c as (
            delete from cart_lines
            where cart_id = (select id from carts where user_id = ${userId}) and (product_id, size) in (select product_id, size from v)
              and (select ok from ok)
          )
          select (select ok from ok) as ok, (select ok from ok0) as ok_but_code,
                 (select fee from charges) as fee, (select advance from ok) as advance,
                 (select phone from blocked) as blocked_phone, (select address from blocked) as blocked_address,
                 (select orders from held) as held_orders, (select pairs from held) as held_pairs,
                 (select coalesce(json_agg(json_build_object('condition', condition, 'threshold', threshold,
                           'areas', areas, 'cap', action_amount) order by action_amount), '[]'::json)
                  from hits where refuses) as capped,
                 (select (extract(epoch from created_at) * 1000)::float8 from o) as created_ms,
                 (select (extract(epoch from cancel_at) * 1000)::float8 from o) as cancel_ms,
                 (select coalesce(json_agg(json_build_object(
                           'product_id', product_id, 'size', size, 'stock', stock, 'name', name,
                           'description', description, 'price', price, 'discount_price', discount_price,
                           'archived', archived, 'image_ids', image_ids)), '[]'::json)
                  from locked) as locked`,
    );
  } catch (error) {
    if (sqlState(error) === "23505" && constraintOf(error) === IDEMPOTENCY_KEY_CONSTRAINT) throw new IdempotencyRace();
    if (sqlState(error) === "23505" && CODE_USE_CONSTRAINTS.has(constraintOf(error) ?? "")) throw new CodeUseRace();
    throw error;
  }
  if (!outcome) throw new BrokenPromise("the order statement answered no row");
  const byLine = new Map(outcome.locked.map((row) => [`${row.product_id}|${row.size}`, row]));
  if (outcome.ok && outcome.created_ms !== null) {
    // Written and committed, every check passed in the statement: the answer is the order, from
    // the rows it locked. Nothing may refuse it now.
    const items = lines.map((line) => {
      const row = byLine.get(`${line.productId}|${line.size}`);
      if (!row) throw new BrokenPromise("the order statement wrote a line it did not lock");
      return toItem(row, line.quantity);
    });
    const summary = orderSummary(items);
    const createdAt = new Date(Number(outcome.created_ms)).toISOString();
    const totalAmount = summary.total - discountAmount + outcome.fee;
    const advance = outcome.advance ?? 0;
    return {
      _id: orderId,
      items,
      status: "pending",
      totalAmount,
      codFee: outcome.fee,
      advance: advance > 0 ? { amount: advance, paidAt: null, receiptWaiting: false } : null,
      dueOnDelivery: totalAmount - advance,
      discount: discount && discountAmount > 0 ? { amount: discountAmount, label: discount.label } : null,
      subtotal: summary.subtotal,
      paymentMethod: "cod",
      shippingAddress: a,
      createdAt,
      statusHistory: [{ status: "pending", at: createdAt }],
      parcel: null,
      exchanges: { until: null, requests: [], replacesOrderId: null },
      confirmation: {
        awaiting: true,
        cancelsAt: new Date(Number(outcome.cancel_ms)).toISOString(),
        answered: null,
      },
    };
  }

  // Refused, nothing written: why, from the rows the statement locked, in the order a customer
  // can act on (the block list, which no change to the cart gets past; limits, a missing or
  // withdrawn product, the prices, then the stock).
  refuseBlockedContact({ phone: outcome.blocked_phone, address: outcome.blocked_address }, rules.shop);
  checkOpenLimits({ orders: outcome.held_orders, pairs: outcome.held_pairs }, wantedPairs, rules.limits, rules.shop);
  refuseCapped(outcome.capped);
  const items: OrderItem[] = [];
  const rows: LockedRow[] = [];
  for (const line of lines) {
    const row = byLine.get(`${line.productId}|${line.size}`);
    if (!row) await refuseMissing(open.tx, line);
    else {
      if (row.archived) throw invalid(`${row.name} is no longer on sale. Please remove it from your cart.`);
      rows.push(row);
      items.push(toItem(row, line.quantity));
    }
  }
  // The discount again on the prices the locks found (an offer's rupees follow its lines' prices).
  const repriced = promo.reprice(rows.map((row, i) => promoLine(row, items[i] as OrderItem, promo.lines)));
  const itemsTotal = orderSummary(items).total - (repriced.discount?.amount ?? 0);
  const total = itemsTotal + outcome.fee;
  if (total !== input.totalAmount || !samePrices(rows, promo.lines)) {
    // The prices are as the customer saw them and only the rules' fee is new to them: say that.
    throw new PricesChangedError(
      total,
      itemsTotal === input.totalAmount ? codFeeAddedMessage(outcome.fee, total) : undefined,
    );
  }
  // Everything else held: the code's last use (or this customer's) went to another order a moment
  // ago. Tried again, the read before the statement says which, in the code's own words.
  if (outcome.ok_but_code && codeId !== null) throw new CodeUseRace();
  items.forEach((item, i) => {
    const row = rows[i] as LockedRow;
    if (row.stock < item.quantity) throw conflict(orderStockMessage(row.stock, item.size, item.name));
  });
  throw conflict("Some sizes sold out while you were ordering. Please check your cart.");
}

interface StatementOutcome {
  ok: boolean | null;
  /** Every check passed but the code's use (another order took its last one). */
  ok_but_code: boolean | null;
  /** The rules' COD fee and advance (also when refused: the total a price change answers holds the fee). */
  fee: number;
  advance: number | null;
  blocked_phone: boolean;
  blocked_address: boolean;
  held_orders: number;
  held_pairs: number;
  capped: CappedRow[];
  created_ms: number | null;
  cancel_ms: number | null;
  locked: LockedRow[];
}

/** What the order statement queues: the customer's confirmation request on each channel, the shop's alert. */
function outboxKinds(rules: OrderRules): string {
  const kinds = ["order_confirmation", ...(rules.whatsapp ? ["whatsapp_confirm"] : []), "order_alert"];
  return `{${kinds.join(",")}}`;
}

/** Stands for the image id in the address template the order statement fills in. */
const IMAGE_ID_SLOT = "{image-id}";
const IDEMPOTENCY_KEY_CONSTRAINT = "idempotency_keys_user_id_key_pk";
const CODE_USE_CONSTRAINTS = new Set(["code_uses_account_idx", "code_uses_phone_idx"]);

/** A locked row as the discount reckons it (its category from the read before, which locks do not change). */
function promoLine(row: LockedRow, item: OrderItem, read: readonly PromoLine[]): PromoLine {
  const categorySlug = read.find((l) => l.productId === row.product_id)?.categorySlug ?? "";
  return { productId: row.product_id, categorySlug, unitPrice: row.discount_price, quantity: item.quantity };
}

/** Whether the locked rows hold the prices the discount was reckoned on. */
function samePrices(rows: readonly LockedRow[], read: readonly PromoLine[]): boolean {
  return rows.every((row) => read.find((l) => l.productId === row.product_id)?.unitPrice === row.discount_price);
}

/** A line with no stock row: either the product does not exist or it lacks that size. */
async function refuseMissing(db: Db, line: Line): Promise<never> {
  const [product] = await db
    .select({ name: products.name, archivedAt: products.archivedAt })
    .from(products)
    .where(eq(products.id, line.productId));
  if (!product) throw notFound(NO_PRODUCT_FOUND);
  if (product.archivedAt !== null)
    throw invalid(`${product.name} is no longer on sale. Please remove it from your cart.`);
  throw invalid(`${product.name} does not come in size ${line.size}.`);
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
