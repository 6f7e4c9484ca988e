// Every way an order moves, named as the shop says it, and the one function that makes a move
// (docs/architecture.md, "The order's life"). Each named move says who makes it, which statuses it
// starts from (its guard, on top of the statuses' own table in shared/order-life.ts) and what it
// does besides changing the status, in the same transaction:
//   - every move writes its line of the order's history (order_status_events);
//   - arriving at a status runs that status's effects (ARRIVAL_EFFECTS below: stock back on
//     cancelled, which fires the back-in-stock trigger; the own rider's parcel on delivered);
//   - the move's mail is queued in the outbox (docs/decisions/007-mail-outbox.md): the status mail,
//     the expired-confirmation mail, or none (the customer who answered sees the answer on screen);
//   - the customer's answer (answered_at, answered_via) and the confirmation's history when the
//     move is the confirmation's.
// What follows the commit (caches told of returned stock, the admins' count, the outbox woken) is
// in after-commit.ts. No HTTP here.

import { and, eq, sql } from "drizzle-orm";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import { ORDER_DAY_MESSAGES } from "#shared/admin-orders.ts";
import type { ConfirmationEventKind } from "#shared/confirmation.ts";
import {
  canMoveOrder,
  nextStatuses,
  ORDER_STATUSES,
  type OrderStatus,
  OWNER_STATUS_MOVES,
  orderMoveRefusedMessage,
  RETURNABLE_FROM,
  type ReturnKind,
  statusesWhere,
  statusLabel,
} from "#shared/order-life.ts";
import type { AnswerChannel } from "#shared/orders.ts";
import { advanceDueMessage, advanceUnpaidRefusal, confirmFirstRefusal } from "#shared/risk-rules.ts";
import type { Db } from "../../db/client.ts";
import { matchedRulesColumn, orderStatusColumn, returnKindColumn } from "../../db/row-schemas.ts";
import { orderConfirmationEvents, orderStatusEvents, orders } from "../../db/schema.ts";
import { conflict, DomainError, notFound } from "../../domain-errors.ts";
import { dropUnsettledParcel, ownRiderParcelIfNone, returnCodeUse, returnStock } from "./effects.ts";
import type { TellCustomer } from "./status-mail.ts";

/** Which mail a move queues: the status mail (status-mail.ts), the expired-confirmation mail, or none. */
type MoveMail = "status" | "confirm_expired" | "none";

interface NamedMove {
  /** Who makes it, for the reader: the owner, the customer, the confirmation job, a courier's file. */
  by: string;
  /** The statuses it may start from (its guard). */
  from: readonly OrderStatus[];
  /** The statuses it may lead to; the statuses' own table (canMoveOrder) must allow the step too. */
  to: readonly OrderStatus[];
  mail: MoveMail;
  /** Steps the statuses' table allows but this move may not take: another move owns them. */
  except?: readonly (readonly [OrderStatus, OrderStatus])[];
}

export const ORDER_MOVES = {
  /** The customer confirms or cancels a pending order (mail link, WhatsApp button, their orders page). */
  customerAnswers: { by: "customer", from: ["pending"], to: ["confirm", "cancelled"], mail: "none" },
  /** Nobody confirmed in time: the confirmation job cancels it. */
  confirmationExpires: { by: "confirmation job", from: ["pending"], to: ["cancelled"], mail: "confirm_expired" },
  /** The owner moves it on the order's page: confirm, cancel, delivered by the own rider, lost... */
  // Back from the courier to confirmed only by cancelling its booking (bookingCancelled), so the
  // courier is told and the parcel goes with it.
  ownerMoves: {
    by: "owner",
    from: ORDER_STATUSES,
    to: OWNER_STATUS_MOVES,
    mail: "status",
    except: [["dispatched", "confirm"]],
  },
  /** The parcel came back (refused at the door, or returned): cancelled, saying how it came back. */
  parcelComesBack: { by: "owner or a courier's file", from: RETURNABLE_FROM, to: ["cancelled"], mail: "status" },
  /** Handed to a courier (the owner's dispatch, or a dispatch file); its parcel is recorded with it (alsoRecord). */
  dispatch: {
    by: "owner or a courier's file",
    from: statusesWhere("dispatchable"),
    to: statusesWhere("withCourier"),
    mail: "status",
  },
  /** A courier's status file: delivered, lost or damaged (refused is parcelComesBack). */
  courierReports: {
    by: "a courier's file",
    from: statusesWhere("withCourier"),
    to: ["delivered", "lost", "damaged"],
    mail: "status",
  },
  /**
   * The advance an owner's rule asked was paid (issue 50): the owner verified the customer's receipt,
   * or the hosted checkout's signed answer said paid. The order goes on as if its customer confirmed.
   */
  advancePaid: {
    by: "owner, or a payment provider's signed answer",
    from: ["pending"],
    to: ["confirm"],
    mail: "status",
  },
  /** The courier cancelled the booking before pickup (issue 49): confirmed again, its parcel removed. */
  bookingCancelled: { by: "owner, through the courier's API", from: ["dispatched"], to: ["confirm"], mail: "none" },
} as const satisfies Record<string, NamedMove>;
export type MoveName = keyof typeof ORDER_MOVES;

/**
 * The statuses the owner's order page offers from this one: the table's next steps, but not one the
 * owner's move leaves to another (a booked dispatch is undone only by cancelling its booking).
 */
export function ownerOffers(from: OrderStatus): OrderStatus[] {
  const except: readonly (readonly [OrderStatus, OrderStatus])[] = ORDER_MOVES.ownerMoves.except;
  return nextStatuses(from).filter((to) => !except.some(([f, t]) => f === from && t === to));
}

/**
 * What arriving at a status does, whichever move brought the order there. Returns the products
 * whose stock changed (the catalogue's caches are told after the commit).
 */
/** Where the order arrives from, and whether as a parcel that went out and came back (parcelComesBack). */
interface Arrival {
  from: OrderStatus;
  cameBack: boolean;
}
type ArrivalEffect = (tx: Db, orderId: string, arrival: Arrival) => Promise<string[]>;

const ARRIVAL_EFFECTS: Partial<Record<OrderStatus, ArrivalEffect>> = {
  // Every line's pairs back on sale. The stock write fires the back-in-stock trigger on
  // product_sizes (migration 0021): it queues the mails of whoever waits for those sizes.
  // An order that never left the shop gives its code's use back too; a parcel that came back keeps it.
  cancelled: async (tx, orderId, { from, cameBack }) => {
    if (NEVER_LEFT.includes(from) && !cameBack) await returnCodeUse(tx, orderId);
    return returnStock(tx, orderId);
  },
  // Confirmed again after a cancelled booking (bookingCancelled): the parcel that was booked is gone.
  confirm: async (tx, orderId) => {
    await dropUnsettledParcel(tx, orderId);
    return [];
  },
  // Delivered without a recorded dispatch: the shop's own rider took it, and owes its cash.
  delivered: async (tx, orderId) => {
    await ownRiderParcelIfNone(tx, orderId);
    return [];
  },
};

/**
 * The statuses of an order still in the shop: cancelled from one (and not as a parcel refused at the
 * door from confirmed, which the shop's own rider took), its code's use is given back.
 */
const NEVER_LEFT: readonly OrderStatus[] = ["pending", "confirm"];

/** What a move also records when it is a parcel coming back. */
export interface ComingBack {
  as: ReturnKind;
  reason: string | null;
}

export interface MoveOptions {
  /** Who moved it (the owner or the customer); null for the job. */
  actorUserId: string | null;
  /** Why, in the history (a parcel refused at the door, an order nobody confirmed). */
  reason?: string | undefined;
  /** The whole move runs inside this transaction (a batch); otherwise in its own. */
  tx?: Db | undefined;
  /** Queues the status mail in the move's transaction: needed by every move whose mail is "status". */
  tellCustomer?: TellCustomer | undefined;
  /** parcelComesBack: how it came back, recorded on the order (returned_as) and in the history. */
  comingBack?: ComingBack | undefined;
  /** customerAnswers: how the customer answered (answered_at, answered_via). */
  answeredVia?: AnswerChannel | undefined;
  /** The confirmation's own history line (customerAnswers, confirmationExpires). */
  confirmationEvent?: ConfirmationEventKind | undefined;
  /**
   * When it happened, if not now: a courier's status file says when it delivered (the exchange
   * window counts from it). Kept between the order's last move and now, whatever the file says.
   */
  at?: string | undefined;
  /** What the caller's domain records with the move, before its mail (the dispatch's parcel). */
  alsoRecord?: ((tx: Db) => Promise<void>) | undefined;
}

export interface MoveResult {
  from: OrderStatus;
  /** Products whose stock changed (a cancellation returns stock). */
  restockedProductIds: string[];
}

/** A refusal because of the status the order is in: its `details.status` says which. */
function refusedIn(current: OrderStatus, message: string): DomainError {
  return new DomainError("conflict", message, { details: { status: current } });
}

/** The status a move was refused in, when that was the reason (the answer's 'already confirmed'). */
export function refusedStatus(error: unknown): OrderStatus | undefined {
  if (!(error instanceof DomainError) || error.kind !== "conflict") return undefined;
  const status = error.details?.status;
  return ORDER_STATUSES.find((s) => s === status);
}

export async function moveOrder(
  db: Db,
  orderId: string,
  move: MoveName,
  to: OrderStatus,
  options: MoveOptions,
): Promise<MoveResult> {
  const run = (tx: Db) => moveIn(tx, orderId, move, to, options);
  return options.tx ? run(options.tx) : db.transaction(run);
}

async function moveIn(
  tx: Db,
  orderId: string,
  move: MoveName,
  to: OrderStatus,
  options: MoveOptions,
): Promise<MoveResult> {
  const named: NamedMove = ORDER_MOVES[move];
  if (move === "parcelComesBack" && !options.comingBack) throw new TypeError("parcelComesBack needs comingBack");
  // The order row's lock makes concurrent moves of one order queue; the second sees the new status.
  const [locked] = await tx
    .select({
      status: orders.status,
      returnedAs: orders.returnedAs,
      riskRules: orders.riskRules,
      advanceAmount: orders.advanceAmount,
      advancePaidAt: orders.advancePaidAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!locked) throw notFound(ADMIN_MESSAGES.orderNotFound);
  const current = orderStatusColumn.parse(locked.status);
  if (!named.from.includes(current)) {
    const message =
      move === "parcelComesBack"
        ? ORDER_DAY_MESSAGES.notReturnable(current, returnKindColumn.parse(locked.returnedAs))
        : `This order is ${statusLabel(current)}: it cannot be moved that way any more.`;
    throw refusedIn(current, message);
  }
  if (named.except?.some(([from, step]) => from === current && step === to)) {
    throw refusedIn(
      current,
      `A ${statusLabel(current)} order goes back to ${statusLabel(to)} only by cancelling its courier booking.`,
    );
  }
  if (!canMoveOrder(current, to) || !named.to.includes(to)) {
    throw refusedIn(current, orderMoveRefusedMessage(current, to));
  }
  // An order that matched a confirmFirst rule of the owner's waits for its customer's own answer:
  // the owner's confirm is refused until then (the customer's confirm is customerAnswers).
  if (move === "ownerMoves" && current === "pending" && to === "confirm") {
    const waits = matchedRulesColumn.parse(locked.riskRules).find((rule) => rule.action === "confirmFirst");
    if (waits) throw refusedIn(current, confirmFirstRefusal(waits.name));
  }
  // An order whose rules asked an advance goes on only once it is paid (docs/product.md, "Advances"):
  // neither the owner's nor the customer's confirm may skip it; the advancePaid move is the way.
  if (
    current === "pending" &&
    to === "confirm" &&
    move !== "advancePaid" &&
    locked.advanceAmount > 0 &&
    locked.advancePaidAt === null
  ) {
    throw refusedIn(
      current,
      move === "customerAnswers" ? advanceDueMessage(locked.advanceAmount) : advanceUnpaidRefusal(locked.advanceAmount),
    );
  }

  // Conditional on the status just read, so even without the lock only one move could win; and
  // it comes before the stock, so a move that lost never returns any.
  const answered = options.answeredVia ? { answeredAt: sql`now()`, answeredVia: options.answeredVia } : {};
  // Its callers check there is an advance to pay (server/payments); an order without one is just confirmed.
  const paid =
    move === "advancePaid" ? { advancePaidAt: sql`case when ${orders.advanceAmount} > 0 then now() end` } : {};
  const moved = await tx
    .update(orders)
    .set({ status: to, returnedAs: options.comingBack?.as ?? null, updatedAt: sql`now()`, ...answered, ...paid })
    .where(and(eq(orders.id, orderId), eq(orders.status, current)))
    .returning({ id: orders.id });
  if (moved.length === 0) throw conflict("Someone else just changed this order. Please reload it.");
  const arrival = { from: current, cameBack: options.comingBack !== undefined };
  const restockedProductIds = (await ARRIVAL_EFFECTS[to]?.(tx, orderId, arrival)) ?? [];
  await tx.insert(orderStatusEvents).values({
    orderId,
    fromStatus: current,
    toStatus: to,
    actorUserId: options.actorUserId,
    reason: options.comingBack?.reason ?? options.reason ?? null,
    ...(options.at && {
      createdAt: sql`greatest(least(${options.at}::timestamptz, now()),
                              (select max(e.created_at) from order_status_events e where e.order_id = ${orderId}))`,
    }),
  });
  if (options.confirmationEvent) {
    await tx.insert(orderConfirmationEvents).values({
      orderId,
      kind: options.confirmationEvent,
      channel: options.answeredVia ?? null,
      actorUserId: options.actorUserId,
    });
  }
  await options.alsoRecord?.(tx);
  await queueMoveMail(tx, named.mail, orderId, options.tellCustomer);
  return { from: current, restockedProductIds };
}

/** The move's mail, queued last, so it reads the order as the move left it. */
async function queueMoveMail(tx: Db, mail: MoveMail, orderId: string, tellCustomer: TellCustomer | undefined) {
  if (mail === "status") {
    if (!tellCustomer) throw new TypeError("a move that mails the customer needs tellCustomer");
    await tellCustomer(tx, orderId);
  }
  // Sent at once (the database's now, not the sweep's clock).
  if (mail === "confirm_expired") {
    await tx.execute(sql`insert into mail_outbox (kind, order_id) values ('confirm_expired', ${orderId})`);
  }
}
