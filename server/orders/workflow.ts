// Moving an order through its workflow (shared/admin.ts ORDER_TRANSITIONS), whoever moves it: the
// owner, the customer answering the confirmation request, or the job that cancels what nobody
// confirmed. A cancellation returns every line's stock in the same transaction. No HTTP here.
import { and, asc, eq, sql } from "drizzle-orm";
import { canMoveOrder, orderMoveRefusedMessage } from "#shared/admin.ts";
import { ORDER_DAY_MESSAGES, RETURNABLE_FROM, type ReturnKind } from "#shared/admin-orders.ts";
import type { ConfirmationEventChannel, ConfirmationEventKind } from "#shared/confirmation.ts";
import type { AnswerChannel, OrderStatus } from "#shared/orders.ts";
import type { Db } from "../db/client.ts";
import { orderStatusColumn, returnKindColumn } from "../db/row-schemas.ts";
import { orderConfirmationEvents, orderLines, orderStatusEvents, orders } from "../db/schema.ts";
import { conflict, notFound } from "../domain-errors.ts";

const ORDER_NOT_FOUND = "No order has that id.";

/**
 * Queues the customer's mail of a move in the move's own transaction, so the mail is owed exactly
 * when the move happened (server/admin/order-announcer.ts; docs/decisions/007-mail-outbox.md).
 */
export type TellCustomer = (tx: Db, orderId: string) => Promise<void>;

/** What a move also records when it is a parcel coming back. */
export interface ComingBack {
  as: ReturnKind;
  reason: string | null;
}

export interface MoveOptions {
  /** Who moved it (the owner or the customer); null for the job. */
  actorUserId: string | null;
  comingBack?: ComingBack | undefined;
  /** Why, in the history (a parcel refused at the door, an order nobody confirmed). */
  reason?: string | undefined;
  /** Only from this status: the customer's answer and the job act on a pending order only. */
  onlyFrom?: OrderStatus | undefined;
  /** The customer answered: recorded on the order (answered_at, answered_via). */
  answeredVia?: AnswerChannel | undefined;
  /** A line of the confirmation history, written in the same transaction. */
  confirmationEvent?: { kind: ConfirmationEventKind; channel: ConfirmationEventChannel | null } | undefined;
  /** The whole move runs inside this transaction (the job's batch); otherwise in its own. */
  tx?: Db | undefined;
  /** The owner's and the courier files' moves: the customer's mail, queued last, in the same transaction. */
  tellCustomer?: TellCustomer | undefined;
}

export interface MoveResult {
  from: OrderStatus;
  /** Products whose stock changed (a cancellation returns stock). */
  restockedProductIds: string[];
}

/** A move the workflow refuses, with the status the order is in (the caller words it). */
export class RefusedMove extends Error {
  readonly current: OrderStatus;
  constructor(current: OrderStatus) {
    super(`the order is ${current}`);
    this.current = current;
  }
}

export async function moveOrder(db: Db, orderId: string, to: OrderStatus, options: MoveOptions): Promise<MoveResult> {
  const run = (tx: Db) => moveIn(tx, orderId, to, options);
  return options.tx ? run(options.tx) : db.transaction(run);
}

async function moveIn(tx: Db, orderId: string, to: OrderStatus, options: MoveOptions): Promise<MoveResult> {
  const back = options.comingBack;
  // The order row's lock makes concurrent moves of one order queue; the second sees the new status.
  const [locked] = await tx
    .select({ status: orders.status, returnedAs: orders.returnedAs })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!locked) throw notFound(ORDER_NOT_FOUND);
  const current = {
    status: orderStatusColumn.parse(locked.status),
    returnedAs: returnKindColumn.parse(locked.returnedAs),
  };
  if (options.onlyFrom && current.status !== options.onlyFrom) throw new RefusedMove(current.status);
  if (back && !RETURNABLE_FROM.includes(current.status)) {
    throw conflict(ORDER_DAY_MESSAGES.notReturnable(current.status, current.returnedAs));
  }
  if (!canMoveOrder(current.status, to)) throw conflict(orderMoveRefusedMessage(current.status, to));

  // Conditional on the status just read, so even without the lock only one move could win; and
  // it comes before the stock, so a move that lost never returns any.
  const answered = options.answeredVia ? { answeredAt: sql`now()`, answeredVia: options.answeredVia } : {};
  const moved = await tx
    .update(orders)
    .set({ status: to, returnedAs: back?.as ?? null, updatedAt: sql`now()`, ...answered })
    .where(and(eq(orders.id, orderId), eq(orders.status, current.status)))
    .returning({ id: orders.id });
  if (moved.length === 0) throw conflict("Someone else just changed this order. Please reload it.");
  const restockedProductIds = to === "cancelled" ? await returnStock(tx, orderId) : [];
  if (to === "delivered") await ownRiderParcelIfNone(tx, orderId);
  await tx.insert(orderStatusEvents).values({
    orderId,
    fromStatus: current.status,
    toStatus: to,
    actorUserId: options.actorUserId,
    reason: back?.reason ?? options.reason ?? null,
  });
  if (options.confirmationEvent) {
    await tx.insert(orderConfirmationEvents).values({
      orderId,
      kind: options.confirmationEvent.kind,
      channel: options.confirmationEvent.channel,
      actorUserId: options.actorUserId,
    });
  }
  await options.tellCustomer?.(tx, orderId);
  return { from: current.status, restockedProductIds };
}

/**
 * An order delivered without a recorded dispatch went with the shop's own rider: its parcel is
 * recorded so the rider's cash is expected (docs/decisions/018-couriers.md).
 */
async function ownRiderParcelIfNone(tx: Db, orderId: string): Promise<void> {
  await tx.execute(
    sql`insert into parcels (order_id, courier_id, cod_amount)
        select o.id, r.id, o.total_amount from orders o
        cross join lateral (select id from couriers where own_rider order by active desc, created_at limit 1) r
        where o.id = ${orderId}
        on conflict (order_id) do nothing`,
  );
}

/**
 * Puts every line's pairs back. Rows are locked in (product_id, size) order, as placing an order
 * locks them, so a cancellation and a checkout never wait on each other in a circle. A size the
 * owner stopped offering meanwhile is offered again with the returned pairs.
 */
async function returnStock(tx: Db, orderId: string): Promise<string[]> {
  const lines = await tx
    .select({
      product_id: orderLines.productId,
      size: orderLines.size,
      quantity: sql<number>`sum(${orderLines.quantity})::int`,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .groupBy(orderLines.productId, orderLines.size)
    .orderBy(asc(orderLines.productId), asc(orderLines.size));
  if (lines.length === 0) return [];
  const pairs = sql.join(
    lines.map((l) => sql`(${l.product_id}::uuid, ${l.size}::smallint)`),
    sql`, `,
  );
  // Raw: row-value `in` with `for update` in the checkout's locking order, then an additive upsert.
  await tx.execute(
    sql`select 1 from product_sizes where (product_id, size) in (${pairs}) order by product_id, size for update`,
  );
  const values = sql.join(
    lines.map((l) => sql`(${l.product_id}::uuid, ${l.size}::smallint, ${l.quantity}::integer)`),
    sql`, `,
  );
  await tx.execute(
    sql`insert into product_sizes (product_id, size, stock)
        select v.product_id, v.size, v.n from (values ${values}) as v(product_id, size, n)
        on conflict (product_id, size) do update set stock = product_sizes.stock + excluded.stock`,
  );
  return [...new Set(lines.map((l) => l.product_id))];
}
